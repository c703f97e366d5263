"""Training crops for the square classifier, cut from synthetic board photos.

Each board photo comes from the project's renderer (``boardsight dataset synth --game
scrabble``) with exact labels; its 225 squares are cut with the same function the
reader uses (from the labelled corners, which are in reading orientation, so every tile
stands upright). Kept per board: every tile, a quarter of the empty squares (they are
most of the board and alike), and for half the tiles a copy turned by a random quarter
turn, labelled ``turned``: the reader tries the board's four turns and keeps the one
whose tiles look least turned. Blanks stay ``?`` however they are turned (they show no
letter) and so do empty squares (printed premium labels face any side). Crops are
grouped by font, so fonts can be held out for validation. Crops are kept in colour
(so one rendered set serves models of either colour) and put in the model's colour by
:func:`in_recipe_colour` before training.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from boardsight.datasets.store import Example
from boardsight.models.preprocess import to_input_pixels
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.photo_crops import photos_with_grid_and_corners
from boardsight.models.training.rendered_cells import render_in_processes
from boardsight.scrabble.tokens import BLANK, EMPTY, TURNED
from boardsight.vision.scrabble.squares import cut_squares

LETTERS = [chr(code) for code in range(ord("A"), ord("Z") + 1)] + ["Å", "Ä", "Ö"]
CLASS_NAMES: list[str] = [EMPTY, BLANK, *LETTERS, TURNED]
"""The classes of a newly trained model; at run time the names are read from the model file."""
INPUT_SIZE = (32, 32)
CELL_MARGIN = 0.08
RECIPE = {"colour": "bgr", "normalise": "per_image", "cell_margin": CELL_MARGIN}
EMPTY_SHARE = 0.25
TURNED_SHARE = 0.5


@dataclass(frozen=True)
class BoardSpec:
    """Which synthetic boards to render: how many, from which seed, fonts, widths and tile sets."""

    count: int
    seed: int
    fonts: str = "train"
    width: tuple[int, int] = (1000, 2400)
    swedish_share: float = 0.5


def label_class(token: str) -> str:
    """The class of a labelled square: a lowercase (designated blank) is a blank, ``?``."""
    return "?" if token == "?" or token.islower() else token


def _kept_cells(
    crops: Iterable[np.ndarray], tokens: Iterable[str], rng: np.random.Generator, empty_share: float
) -> tuple[list[np.ndarray], list[int]]:
    """Model-ready crops and labels of one board: every tile (and a turned copy of some), some empties."""
    pixels, labels = [], []
    for crop, token in zip(crops, tokens, strict=True):
        if token == "." and rng.random() >= empty_share:
            continue
        cell = to_input_pixels(crop, INPUT_SIZE, "bgr")
        pixels.append(cell)
        labels.append(CLASS_NAMES.index(token))
        if token not in (EMPTY, BLANK) and rng.random() < TURNED_SHARE:
            pixels.append(np.ascontiguousarray(np.rot90(cell, int(rng.integers(1, 4)))))
            labels.append(CLASS_NAMES.index(TURNED))
    return pixels, labels


def board_cells(spec: BoardSpec, index: int) -> tuple[np.ndarray, np.ndarray, str]:
    """Crops (n, H, W, 3) uint8, labels (n,) and font name of board ``index`` of ``spec``."""
    from boardsight.datasets.synth import SynthSpec, render_example

    rng = np.random.default_rng([spec.seed, index, 5])
    tiles = "swedish" if rng.random() < spec.swedish_share else "english"
    synth = SynthSpec("scrabble", tiles=tiles, width=spec.width, fonts=spec.fonts)
    jpeg, payload = render_example(synth, spec.seed, index)
    image = cv2.imdecode(np.frombuffer(jpeg, dtype=np.uint8), cv2.IMREAD_COLOR)
    crops = cut_squares(image, np.array(payload["corners"]), margin=CELL_MARGIN, cell_px=INPUT_SIZE[0])
    tokens = [label_class(token) for row in payload["grid"] for token in row]
    pixels, labels = _kept_cells(crops, tokens, rng, EMPTY_SHARE)
    font = str(payload.get("synth", {}).get("font", "unknown"))
    return np.stack(pixels), np.array(labels), font


def in_recipe_colour(cells: CellSet, colour: str = RECIPE["colour"]) -> CellSet:
    """The crops in the colour the model reads (gray or BGR), as it will see them at run time."""
    if colour != "gray" or cells.images.ndim == 3:
        return cells
    gray = np.stack([cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) for image in cells.images])
    return CellSet(gray, cells.labels, cells.class_names, cells.groups)


def with_colour_jitter(cells: CellSet, seed: int, spread: float = 0.15) -> CellSet:
    """Colour crops with each channel scaled by its own random gain (1 +- ``spread``), once per crop.

    Real boards, tiles and lights come in more tints than the renderer's palettes; the
    training loop's own changes of light scale all channels alike.
    """
    if cells.images.ndim != 4:
        return cells
    rng = np.random.default_rng(seed)
    gains = rng.uniform(1 - spread, 1 + spread, (len(cells), 1, 1, 3))
    tinted = np.clip(cells.images.astype(np.float32) * gains, 0, 255).astype(np.uint8)
    return CellSet(tinted, cells.labels, cells.class_names, cells.groups)


def _one(args: tuple[BoardSpec, int]) -> tuple[np.ndarray, np.ndarray, str]:
    return board_cells(*args)


def render_cell_set(spec: BoardSpec, *, jobs: int = 1, progress=None) -> CellSet:
    """Render ``spec.count`` boards (in ``jobs`` processes) and gather their squares."""
    tasks = [(spec, index) for index in range(spec.count)]
    return render_in_processes(_one, tasks, CLASS_NAMES, jobs=jobs, chunksize=2, progress=progress)


def position_key(grid: list[list[str]]) -> str:
    """A short name for a position: photos of one position (a photo and its warped copy) share it."""
    text = "/".join("".join(row) for row in grid)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def labelled_scrabble_photos(root: str | Path) -> list[Example]:
    """The Scrabble photos of a labelled-photo set that have both a grid and corners."""
    return photos_with_grid_and_corners(root, "scrabble")


def photo_source(example: Example) -> str:
    """Where a labelled photo comes from: its sidecar's ``source_repo``, else ``unknown``."""
    return str(example.label.extras.get("source_repo") or "unknown")


def split_photos(
    examples: list[Example],
    held_out_share: float,
    fold: int = 0,
    held_out_sources: Iterable[str] = (),
) -> tuple[list[Example], list[Example]]:
    """(train, held out): whole positions go to one side, and so do whole sources.

    Every photo from ``held_out_sources`` is held out. Of the other positions, sorted by
    key and cut into parts of ``held_out_share`` of them, part ``fold`` is held out too,
    so share 0.5 with folds 0 and 1 holds out every position once (two-fold
    cross-validation). The split depends on the labels alone, so training and evaluation
    agree on it without sharing state; a position photographed twice is never on both
    sides.
    """
    sources = set(held_out_sources)
    held_out_keys = {
        position_key(example.label.grid) for example in examples if photo_source(example) in sources
    }
    keys = sorted({position_key(example.label.grid) for example in examples} - held_out_keys)
    size = round(len(keys) * held_out_share)
    held_out_keys |= set(keys[fold * size : (fold + 1) * size])
    train = [example for example in examples if position_key(example.label.grid) not in held_out_keys]
    held_out = [example for example in examples if position_key(example.label.grid) in held_out_keys]
    return train, held_out


def photo_cell_set(examples: list[Example], *, seed: int, empty_share: float = 0.5) -> CellSet:
    """Crops of labelled photos, cut from their labelled corners; grouped by position."""
    from boardsight.vision.image_io import load_image

    images, labels, groups = [], [], []
    for index, example in enumerate(examples):
        rng = np.random.default_rng([seed, index, 11])
        image = load_image(example.image_path)
        crops = cut_squares(image, example.label.corners_array(), margin=CELL_MARGIN, cell_px=INPUT_SIZE[0])
        tokens = [label_class(token) for row in example.label.grid for token in row]
        pixels, kept = _kept_cells(crops, tokens, rng, empty_share)
        images.extend(pixels)
        labels.extend(kept)
        groups.extend([f"photo:{position_key(example.label.grid)}"] * len(kept))
    if not images:
        return empty_square_set()
    return CellSet(np.stack(images), np.array(labels), list(CLASS_NAMES), np.array(groups))


def empty_square_set() -> CellSet:
    """A set of no squares, shaped as the square classifier's sets are (colour crops at its input size)."""
    empty = np.zeros((0, *INPUT_SIZE, 3), dtype=np.uint8)
    return CellSet(empty, np.zeros(0, dtype=np.int64), list(CLASS_NAMES), np.array([], dtype=str))
