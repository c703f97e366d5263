"""What each square of a board looks like, away from the ink: the colour a tile or the board shows there.

The look check (:mod:`.look_decisions`) tells a tile from an empty square by this, the
board's own evidence: its confidently read tiles show what a tile's face looks like on
this board, its confidently empty squares what each kind of empty square looks like.
A blank tile shows no letter, but its face is the colour of every other tile.

The colour of a square is the median Lab colour of the brighter half of the pixels of
its middle (:data:`INNER` of the square on each side left out, where grid lines, tile
edges and the neighbours' shadows lie): the brighter half leaves out a letter's ink,
and the premium label printed on an empty square, and keeps the face or the board.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.vision.scrabble.squares import BOARD_CELLS, cut_squares

LOOK_PX = 24  # pixels a square side when sampling looks
INNER = 0.2  # share of the square left out on each side
FEATURES = ("L", "a", "b")  # what :func:`square_looks` returns for each square, in order


def square_looks(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The look of each square of the grid at ``corners`` (reading order), shape (15, 15, 3).

    ``image`` is BGR; ``corners`` TL, TR, BR, BL of the grid in reading orientation.
    """
    crops = cut_squares(image, corners, margin=0.0, cell_px=LOOK_PX)
    skip = round(INNER * LOOK_PX)
    middles = np.stack([crop[skip : LOOK_PX - skip, skip : LOOK_PX - skip] for crop in crops])
    lab = cv2.cvtColor(middles.reshape(-1, LOOK_PX - 2 * skip, 3), cv2.COLOR_BGR2LAB)
    return bright_half_colours(lab.reshape(len(crops), -1, 3)).reshape(BOARD_CELLS, BOARD_CELLS, 3)


def bright_half_colours(pixels: np.ndarray) -> np.ndarray:
    """Median colour of the brighter half (by the first channel) of each row of ``pixels`` (n, k, 3)."""
    values = pixels.astype(np.float32)
    lightness = values[..., 0]
    bright = lightness >= np.median(lightness, axis=1, keepdims=True)
    masked = np.where(bright[..., None], values, np.nan)
    return np.nanmedian(masked, axis=1)
