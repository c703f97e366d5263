"""Make a whole synthetic dataset: many photos and sidecars, in parallel, reproducibly.

Example ``i`` of a set is drawn from its own generator seeded by ``(seed, game, i)``, so a
set is the same file for file whatever ``jobs`` is, and any one example can be remade alone.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from boardsight.datasets.synth.fonts import check_split
from boardsight.errors import BadInputError

if TYPE_CHECKING:
    from boardsight.datasets.evaluation import TaskRunner

TILE_SETS = ("english", "swedish")
GAME_CODES = {"boggle": 1, "scrabble": 2}
BOGGLE_SIZES = (4, 5, 6)
MIN_WIDTH, MAX_WIDTH = 320, 4000


@dataclass(frozen=True)
class SynthSpec:
    """What to render: the game, tray sizes or tile set, image widths and font split."""

    game: str
    sizes: tuple[int, ...] = (5,)
    tiles: str = "english"
    width: tuple[int, int] = (1600, 1600)
    fonts: str = "train"
    clutter: bool = True
    balanced_dice: float = 0.0
    """Share of Boggle trays rolled from made-up dice with every face equally likely."""

    def __post_init__(self) -> None:
        if self.game not in GAME_CODES:
            raise BadInputError(f"unknown game {self.game!r}; choose boggle or scrabble")
        if self.game == "boggle" and (not self.sizes or any(s not in BOGGLE_SIZES for s in self.sizes)):
            raise BadInputError("Boggle tray sizes must be 4, 5 or 6")
        check_split(self.fonts)
        if self.tiles not in TILE_SETS:
            raise BadInputError(f"unknown tile set {self.tiles!r}; choose one of {', '.join(TILE_SETS)}")
        if not 0.0 <= self.balanced_dice <= 1.0:
            raise BadInputError("the share of balanced dice must lie between 0 and 1")
        low, high = self.width
        if not MIN_WIDTH <= low <= high <= MAX_WIDTH:
            raise BadInputError(f"image width must lie in {MIN_WIDTH}..{MAX_WIDTH} pixels")


def parse_width(text: str) -> tuple[int, int]:
    """``"1600"`` or a range ``"640-4000"`` (each image picks a width in it)."""
    try:
        parts = [int(p) for p in text.split("-")]
    except ValueError:
        raise BadInputError(f"bad width {text!r}; give pixels like 1600 or a range like 640-4000") from None
    if len(parts) == 1:
        return parts[0], parts[0]
    if len(parts) == 2 and parts[0] <= parts[1]:
        return parts[0], parts[1]
    raise BadInputError(f"bad width {text!r}; give pixels like 1600 or a range like 640-4000")


def parse_sizes(text: str) -> tuple[int, ...]:
    """``"5"`` or ``"4,5,6"``: tray sizes to mix."""
    try:
        sizes = tuple(int(p) for p in text.split(",") if p.strip())
    except ValueError:
        raise BadInputError(f"bad tray size {text!r}; give 4, 5, 6 or a list like 4,5,6") from None
    if not sizes or any(s not in BOGGLE_SIZES for s in sizes):
        raise BadInputError(f"bad tray size {text!r}; Boggle trays are 4, 5 or 6 cubes a side")
    return sizes


def example_rng(spec: SynthSpec, seed: int, index: int) -> np.random.Generator:
    """The generator that decides everything about example ``index``."""
    return np.random.default_rng([seed, GAME_CODES[spec.game], index])


def render_example(spec: SynthSpec, seed: int, index: int) -> tuple[bytes, dict[str, Any]]:
    """JPEG bytes and sidecar payload of example ``index`` of the set ``(spec, seed)``."""
    from boardsight.datasets.synth.fonts import fonts_for

    rng = example_rng(spec, seed, index)
    low, high = spec.width
    width = int(rng.integers(low, high + 1)) if high > low else low
    fonts = fonts_for(spec.fonts, spec.game)
    if spec.game == "boggle":
        from boardsight.datasets.synth.boggle import render_boggle

        size = int(spec.sizes[int(rng.integers(len(spec.sizes)))])
        balanced = spec.balanced_dice > 0 and rng.random() < spec.balanced_dice
        photo, payload = render_boggle(rng, size, width, fonts, clutter=spec.clutter, balanced=balanced)
    else:
        from boardsight.datasets.synth.scrabble import render_scrabble

        photo, payload = render_scrabble(rng, spec.tiles, width, fonts, clutter=spec.clutter)
    payload["synth"] = {"seed": seed, "index": index, "fonts": spec.fonts, **payload.get("synth", {})}
    return photo.jpeg, payload


def example_stem(spec: SynthSpec, index: int) -> str:
    return f"{spec.game}_{index:06d}"


def write_example(out: Path, stem: str, jpeg: bytes, payload: dict[str, Any]) -> None:
    """Write ``stem.jpg`` and ``stem.json`` in ``out`` (the label is checked against the image)."""
    from boardsight.datasets import Label
    from boardsight.datasets import write_example as write_labelled

    write_labelled(out, stem, jpeg, Label.from_dict(payload), suffix=".jpg", overwrite=True)


def _init_worker() -> None:
    import cv2

    cv2.setNumThreads(1)


def generate(
    spec: SynthSpec,
    out: str | Path,
    *,
    count: int,
    seed: int,
    start: int = 0,
    jobs: int = 1,
    overwrite: bool = False,
    on_done: Callable[[int], None] | None = None,
    run: TaskRunner | None = None,
) -> list[Path]:
    """Render examples ``start .. start+count-1`` into ``out``; returns the image paths.

    Refuses to replace existing files unless ``overwrite``. ``on_done`` is called once per
    finished example (for a progress bar). Examples are rendered on ``jobs`` processes,
    or by ``run(function, argument_tuples)``, which yields ``(index, result)`` as each
    finishes (a cluster's workers, say); the files are written here either way.
    """
    if count < 0:
        raise BadInputError("count must not be negative")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise BadInputError(f"{out} is not a folder")
    indices = list(range(start, start + count))
    if not overwrite:
        for index in indices:
            for suffix in (".jpg", ".json"):
                path = out / f"{example_stem(spec, index)}{suffix}"
                if path.exists():
                    raise BadInputError(f"{path} exists; pass --force to replace it")
    out.mkdir(parents=True, exist_ok=True)
    tasks = [(spec, seed, index) for index in indices]
    for position, (jpeg, payload) in run(render_example, tasks) if run is not None else _run(tasks, jobs):
        write_example(out, example_stem(spec, indices[position]), jpeg, payload)
        if on_done is not None:
            on_done(1)
    return [out / f"{example_stem(spec, index)}.jpg" for index in indices]


def _run(tasks: list[tuple[SynthSpec, int, int]], jobs: int) -> Iterator[tuple[int, tuple[bytes, dict]]]:
    jobs = max(1, min(jobs or (os.cpu_count() or 1), len(tasks) or 1))
    if jobs == 1:
        yield from enumerate(render_example(*task) for task in tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker) as pool:
        yield from enumerate(pool.map(render_example, *zip(*tasks, strict=True), chunksize=1))
