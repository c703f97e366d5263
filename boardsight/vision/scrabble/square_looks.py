"""What each square of a board looks like, away from the ink: the colour a tile or the board shows there.

The look check (:mod:`.look_decisions`) tells a tile from an empty square by this, the
board's own evidence: its confidently read tiles show what a tile's face looks like on
this board, its confidently empty squares what each kind of empty square looks like.
A blank tile shows no letter, but its face is the colour of every other tile.

The colour of a square is the mean colour (in Lab) of the brightest pixels
(:data:`BRIGHT` of them) of its middle (:data:`INNER` of the square on each side left
out, where grid lines, tile edges and the neighbours' shadows lie): they leave out a letter's ink,
and the premium label printed on an empty square, and keeps the face or the board.
The squares are the crops the classifier read, so no more cutting is needed.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from boardsight.vision.scrabble.squares import BOARD_CELLS

INNER = 0.2  # share of the square left out on each side
BRIGHT = 0.3  # share of the middle's pixels, the brightest, whose colour is the square's look
LAB_SCALE = np.array([255 / 100, 1.0, 1.0])
LAB_OFFSET = np.array([0.0, 128.0, 128.0])
FEATURES = ("L", "a", "b")  # what :func:`square_looks` returns for each square, in order


def square_looks(crops: Sequence[np.ndarray], *, margin: float, cell_px: int) -> np.ndarray:
    """The look of each of a board's 225 square crops (BGR, row-major), shape (15, 15, 3).

    Each crop is a square of ``cell_px`` pixels widened by ``margin`` of a square on
    every side, as :func:`~.squares.cut_squares` cuts them.
    """
    skip = round((margin + INNER) * cell_px)
    side = crops[0].shape[0] - 2 * skip
    middles = np.stack([crop[skip : skip + side, skip : skip + side] for crop in crops])
    colours = bright_colours(middles.reshape(len(crops), -1, 3)) / 255.0
    lab = cv2.cvtColor(colours.reshape(1, -1, 3).astype(np.float32), cv2.COLOR_BGR2LAB)
    # in the units of 8-bit Lab, as the rest of the vision code measures colour
    return (lab.reshape(BOARD_CELLS, BOARD_CELLS, 3) * LAB_SCALE + LAB_OFFSET).astype(np.float64)


def bright_colours(pixels: np.ndarray) -> np.ndarray:
    """Mean BGR colour of the :data:`BRIGHT` brightest pixels of each row of ``pixels`` (n, k, 3)."""
    values = pixels.astype(np.float32)
    lightness = values @ np.float32([0.114, 0.587, 0.299])
    rank = min(round((1.0 - BRIGHT) * lightness.shape[1]), lightness.shape[1] - 1)
    threshold = np.partition(lightness, rank, axis=1)[:, rank]
    bright = (lightness >= threshold[:, None]).astype(np.float32)
    return (bright[:, None, :] @ values)[:, 0, :] / bright.sum(axis=1)[:, None]
