"""Training crops drawn square by square (:mod:`boardsight.datasets.synth.tile_crops`), as a cell set.

Drawing one square takes a few milliseconds, where a rendered 3D board takes seconds, so
these crops bring far more fonts, tile looks, board prints, resolutions and camera
faults than the boards can. Classes come in fixed shares: letters (A-Z, Å Ä Ö alike, so
the rare ones are learnt as well as E), blanks, empty squares (plain, premium with
their printed labels, the centre star) and letter tiles turned a quarter or half turn
(``turned``); blanks and empty squares are turned too, keeping their class. Each crop is
taken to the reader's crop size as :func:`~boardsight.vision.scrabble.squares.cut_squares`
would (a crop ``1 + 2 * margin`` squares wide at 32 px a square), then to the model's input.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.datasets.synth.tile_crops import LETTERS, PREMIUMS, SquareSpec, render_tile_crop
from boardsight.models.preprocess import to_input_pixels
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.rendered_cells import render_in_processes
from boardsight.models.training.scrabble.tile_data import (
    CELL_MARGIN,
    CLASS_NAMES,
    INPUT_SIZE,
    empty_square_set,
)
from boardsight.scrabble.tokens import BLANK, EMPTY, TURNED

SHARES = {"letter": 0.56, "blank": 0.06, "empty": 0.26, "turned": 0.12}
"""Share of each kind of crop (blanks are rare on boards: an empty square is the likelier reading)."""
CHUNK = 500
"""Crops drawn per task of a worker process."""
GROUP = "tile-crops"


@dataclass(frozen=True)
class CropSpec:
    """How many drawn crops, from which seed."""

    count: int
    seed: int = 7


def _square(rng: np.random.Generator) -> tuple[SquareSpec, str]:
    """What to draw, and the class the crop gets."""
    kind = str(rng.choice(list(SHARES), p=list(SHARES.values())))
    if kind == "empty":
        centre = rng.random() < 0.04
        premium = None if centre or rng.random() < 0.5 else str(rng.choice(PREMIUMS))
        return SquareSpec(tile=False, premium=premium, centre=centre), EMPTY
    if kind == "blank":
        return SquareSpec(letter="", tile=True, premium=None), BLANK
    letter = LETTERS[int(rng.integers(len(LETTERS)))]
    return SquareSpec(letter=letter, tile=True), (letter if kind == "letter" else TURNED)


def as_reader_crop(crop: np.ndarray) -> np.ndarray:
    """A drawn crop at the reader's cut size (32 px a square), then at the model's input size."""
    side = round((1 + 2 * CELL_MARGIN) * INPUT_SIZE[0])
    shrinking = crop.shape[0] >= side
    cut = cv2.resize(crop, (side, side), interpolation=cv2.INTER_AREA if shrinking else cv2.INTER_LINEAR)
    return to_input_pixels(cut, INPUT_SIZE, "bgr")


def crop_chunk(seed: int, start: int, count: int) -> tuple[np.ndarray, np.ndarray, str]:
    """Crops ``start`` .. ``start + count`` of seed ``seed``: pixels (n, 32, 32, 3), labels, group."""
    pixels, labels = [], []
    for index in range(start, start + count):
        rng = np.random.default_rng([seed, index, 23])
        spec, name = _square(rng)
        crop = render_tile_crop(rng, spec)
        if name == TURNED:
            crop = np.rot90(crop, int(rng.integers(1, 4)))
        elif name in (EMPTY, BLANK):
            crop = np.rot90(crop, int(rng.integers(0, 4)))
        pixels.append(as_reader_crop(np.ascontiguousarray(crop)))
        labels.append(CLASS_NAMES.index(name))
    return np.stack(pixels), np.array(labels), GROUP


def _one(task: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray, str]:
    return crop_chunk(*task)


def crop_cell_set(spec: CropSpec, *, jobs: int = 1) -> CellSet:
    """``spec.count`` drawn crops (in ``jobs`` processes), the same for the same seed whatever ``jobs``."""
    tasks = [(spec.seed, start, min(CHUNK, spec.count - start)) for start in range(0, spec.count, CHUNK)]
    if not tasks:
        return empty_square_set()
    return render_in_processes(_one, tasks, CLASS_NAMES, jobs=jobs, chunksize=1)
