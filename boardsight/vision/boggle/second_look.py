"""A second look at doubtful cells: the cube in its other three turns, then a little off-centre.

A cube's token is the same whatever its turn, so a cell read with less than
:data:`TURN_BELOW` is classified in all four quarter turns and the four readings
averaged. A cell still below :data:`SHIFT_BELOW` is read again in windows moved by
:data:`SHIFT` of a cell left, right, up and down (each in four turns) and those
readings averaged in as well: a grid fitted a pixel or two off, or a cube leaning in a
steep view, puts its letter off-centre, and a serif T whose bar touches the crop's edge
looks like a J. The moved windows are cut from the photo's own pixels: the reader cuts
each cell :data:`CONTEXT` of a cell wider than the model's margin, and reads the middle.

Most cells of a tray are read at 90-99% upright, and their turns changed no reading
(a threshold of 0.99 turned some 30 of a 6x6 tray's cells, about 90 more crops): at
0.9, and at 0.8 too, every reading of the real and synthetic evaluation trays stays
as it was; at 0.6 one cell of 1,073 held-out-font ones is lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

TURN_BELOW = 0.9  # cells read with less confidence are read again in their other three turns
SHIFT_BELOW = 0.6  # ... and, when still below this, in windows moved off-centre
CONTEXT = 0.15  # share of a cell cut around the model's own crop, for the moved windows
SHIFT = 0.075  # how far each moved window lies off-centre, as a share of a cell
MOVES = ((1, 0), (-1, 0), (0, 1), (0, -1))  # (right, down) in steps of SHIFT

Classify = Callable[[Sequence[np.ndarray]], np.ndarray]


def window(crop: np.ndarray, context_px: int, right_px: int = 0, down_px: int = 0) -> np.ndarray:
    """The model's crop inside a context crop (``context_px`` wider on each side), moved by pixels."""
    height, width = crop.shape[:2]
    top, left = context_px + down_px, context_px + right_px
    return crop[top : height - 2 * context_px + top, left : width - 2 * context_px + left]


def in_four_turns(
    crops: Sequence[np.ndarray], classify: Classify, upright: np.ndarray | None = None
) -> np.ndarray:
    """(crops, classes) probabilities, each the mean of the crop's readings in its four quarter turns
    (``upright``: the readings as the crops lie, when already known)."""
    first = 0 if upright is None else 1
    turned = [np.ascontiguousarray(np.rot90(crop, turns)) for crop in crops for turns in range(first, 4)]
    readings = classify(turned).reshape(len(crops), 4 - first, -1)
    total = readings.sum(axis=1) if upright is None else readings.sum(axis=1) + upright
    return total / 4


def read_cells(
    crops: Sequence[np.ndarray], classify: Classify, *, context_px: int, shift_px: int
) -> np.ndarray:
    """(cells, classes) probabilities for context crops (``context_px`` wider than the model's crop).

    Each cell is read once upright; doubtful ones (below :data:`TURN_BELOW`) are averaged
    over their four turns, and those still below :data:`SHIFT_BELOW` over the windows
    moved by ``shift_px`` (in four turns each) as well.
    """
    middles = [window(crop, context_px) for crop in crops]
    probabilities = classify(middles)
    doubtful = np.flatnonzero(probabilities.max(axis=1) < TURN_BELOW)
    if len(doubtful):
        probabilities[doubtful] = in_four_turns(
            [middles[i] for i in doubtful], classify, upright=probabilities[doubtful]
        )
    doubtful = np.flatnonzero(probabilities.max(axis=1) < SHIFT_BELOW)
    if len(doubtful) and shift_px > 0:
        moved = [
            window(crops[i], context_px, right * shift_px, down * shift_px)
            for i in doubtful
            for right, down in MOVES
        ]
        extra = in_four_turns(moved, classify).reshape(len(doubtful), len(MOVES), -1)
        probabilities[doubtful] = (probabilities[doubtful] + extra.sum(axis=1)) / (1 + len(MOVES))
    return probabilities
