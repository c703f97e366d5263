"""Rendering cell sets in worker processes and caching them between training runs."""

from pathlib import Path

import numpy as np

from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.rendered_cells import cached_cell_set, render_in_processes

NAMES = ["a", "b", "c"]


def fake_photo(index: int) -> tuple[np.ndarray, np.ndarray, str]:
    """Two 4x4 crops filled with ``index``, labelled by it, grouped as font ``f<index % 2>``."""
    return np.full((2, 4, 4), index, dtype=np.uint8), np.array([index % 3, (index + 1) % 3]), f"f{index % 2}"


def test_processes_give_what_one_process_gives() -> None:
    alone = render_in_processes(fake_photo, range(5), NAMES, jobs=1)
    pooled = render_in_processes(fake_photo, range(5), NAMES, jobs=2)
    assert len(alone) == 10
    np.testing.assert_array_equal(alone.images, pooled.images)
    np.testing.assert_array_equal(alone.labels, pooled.labels)
    assert list(alone.groups) == list(pooled.groups) == ["f0", "f0", "f1", "f1"] * 2 + ["f0", "f0"]


def test_progress_counts_every_photo() -> None:
    seen: list[int] = []
    render_in_processes(fake_photo, range(3), NAMES, jobs=1, progress=seen.append)
    assert sum(seen) == 3


def test_cache_is_written_once_and_read_back(tmp_path: Path) -> None:
    calls: list[int] = []
    lines: list[str] = []

    def render() -> CellSet:
        calls.append(1)
        return render_in_processes(fake_photo, range(2), NAMES)

    first = cached_cell_set("set.npz", tmp_path / "cache", render, what="2 photos", log=lines.append)
    second = cached_cell_set("set.npz", tmp_path / "cache", render, what="2 photos", log=lines.append)
    assert len(calls) == 1
    np.testing.assert_array_equal(first.images, second.images)
    assert lines[0] == "rendering 2 photos" and lines[1].startswith("using cached crops")


def test_without_a_cache_it_always_renders(tmp_path: Path) -> None:
    calls: list[int] = []

    def render() -> CellSet:
        calls.append(1)
        return render_in_processes(fake_photo, range(1), NAMES)

    cached_cell_set("set.npz", None, render, what="1 photo", log=lambda line: None)
    cached_cell_set("set.npz", None, render, what="1 photo", log=lambda line: None)
    assert len(calls) == 2
