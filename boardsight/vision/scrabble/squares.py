"""Cut a board's 225 squares out of a photo, in reading order.

The same function cuts training crops (from labelled corners) and the crops read at run
time (from found corners, turned into reading orientation), so the classifier sees
squares framed the same way.
"""

from __future__ import annotations

import numpy as np

from boardsight.scrabble.tokens import BOARD_SIZE
from boardsight.vision.boggle.cells import cut_cells
from boardsight.vision.geometry import rotate_corners

BOARD_CELLS = BOARD_SIZE
"""Class of a tile seen turned by a quarter or half turn (never a reading, only a vote on orientation)."""


def cut_squares(image: np.ndarray, corners: np.ndarray, *, margin: float, cell_px: int) -> list[np.ndarray]:
    """225 crops, row-major, of the grid whose corners (TL, TR, BR, BL in reading order) are ``corners``.

    Each crop is a square widened by ``margin`` of a square on every side.
    """
    return cut_cells(image, corners, BOARD_CELLS, margin=margin, cell_px=cell_px)


def reading_corners(corners: np.ndarray, quarter_turns: int) -> np.ndarray:
    """Corners relabelled so the grid is read after turning it ``quarter_turns`` x 90 degrees clockwise.

    With ``corners`` clockwise from the photo's top-left, ``quarter_turns = 1`` means the
    board's reading top is the photo's right side, and so on.
    """
    return rotate_corners(corners, -quarter_turns).astype(np.float64)


def turn_order(quarter_turns: int) -> np.ndarray:
    """The index (as cut) of each square, row-major, of the board turned clockwise ``quarter_turns`` times."""
    indices = np.arange(BOARD_CELLS * BOARD_CELLS).reshape(BOARD_CELLS, BOARD_CELLS)
    return np.rot90(indices, -(quarter_turns % 4)).ravel()


def turn_crops(crops: list[np.ndarray], quarter_turns: int) -> list[np.ndarray]:
    """The board's squares, and each crop's content, after turning the board ``quarter_turns`` x 90 degrees.

    ``crops`` are row-major for the board as cut; the result is row-major for the board
    turned clockwise ``quarter_turns`` times, each crop turned alike.
    """
    return [
        np.ascontiguousarray(np.rot90(crops[index], -quarter_turns)) for index in turn_order(quarter_turns)
    ]
