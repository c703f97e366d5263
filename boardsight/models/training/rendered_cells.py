"""Cell sets rendered photo by photo in worker processes, and kept on disk between runs.

Both readers train on crops cut from photos the synthetic renderer draws; rendering is
the slow part, so it runs in several processes and its result can be cached in a
folder, named by what was rendered, for the next training run.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TypeVar

import cv2
import numpy as np

from boardsight.models.training.cell_set import CellSet

Task = TypeVar("Task")
PhotoCells = tuple[np.ndarray, np.ndarray, str]
"""One rendered photo's crops (n, H, W[, 3]), labels (n,) and group (its font)."""


def _worker_init() -> None:
    cv2.setNumThreads(1)


def render_in_processes(
    one: Callable[[Task], PhotoCells],
    tasks: Sequence[Task],
    class_names: list[str],
    *,
    jobs: int = 1,
    chunksize: int = 2,
    progress: Callable[[int], None] | None = None,
) -> CellSet:
    """Run ``one`` (a module-level function) on every task in ``jobs`` processes; gather the crops.

    Workers are spawned, not forked: a fork of a process whose other threads (ONNX
    Runtime's, PyTorch's, OpenCV's) hold locks can hang.
    """
    jobs = max(1, min(jobs or (os.cpu_count() or 1), len(tasks) or 1))
    results: list[PhotoCells] = []
    if jobs == 1:
        for task in tasks:
            results.append(one(task))
            if progress:
                progress(1)
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_init) as pool:
            for result in pool.map(one, tasks, chunksize=chunksize):
                results.append(result)
                if progress:
                    progress(1)
    images = np.concatenate([pixels for pixels, _, _ in results])
    labels = np.concatenate([labels for _, labels, _ in results])
    groups = np.concatenate([[group] * len(labels) for _, labels, group in results])
    return CellSet(images, labels, list(class_names), groups)


def cached_cell_set(
    name: str,
    cache: Path | None,
    render: Callable[[], CellSet],
    *,
    what: str,
    log: Callable[[str], None],
) -> CellSet:
    """The set saved as ``cache/name`` if there is one, else ``render()`` (saved there when ``cache`` is set).

    ``what`` says what is rendered, for the log line (``"1400 trays (seed 2024, ...)"``).
    """
    path = cache / name if cache is not None else None
    if path is not None and path.is_file():
        log(f"using cached crops {path}")
        return CellSet.load(path)
    log(f"rendering {what}")
    cells = render()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        cells.save(path)
    return cells
