"""Draw small Scrabble boards and photos of them for tests: flat colours, plain fonts.

Far simpler than the dataset renderer, on purpose: each test's picture is made by a
few lines of code and tells exactly where the board and every tile are.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.vision.scrabble.board_finder import STANDARD_LAYOUT

# BGR colours of a classic board
PLAIN = (170, 205, 215)
PREMIUM = {
    "T": (60, 60, 200),
    "D": (150, 160, 235),
    "*": (150, 160, 235),
    "t": (170, 110, 40),
    "d": (220, 200, 150),
}
LINE = (235, 240, 240)
TILE = (150, 200, 230)
INK = (30, 30, 30)


def draw_board(
    grid: list[str] | None = None, *, cell: int = 40, margin: int = 30, tile: tuple[int, int, int] = TILE
) -> np.ndarray:
    """A flat board image: 15x15 squares of ``cell`` pixels inside a dark ``margin``.

    ``grid`` holds 15 strings, ``.`` for an empty square, a letter for a tile, ``?`` for a blank;
    ``tile`` is the tiles' colour (BGR).
    """
    size = 15 * cell + 2 * margin
    image = np.full((size, size, 3), (40, 60, 110), dtype=np.uint8)
    for row in range(15):
        for col in range(15):
            top, left = margin + row * cell, margin + col * cell
            colour = PREMIUM.get(STANDARD_LAYOUT[row][col], PLAIN)
            cv2.rectangle(image, (left, top), (left + cell - 1, top + cell - 1), LINE, -1)
            cv2.rectangle(image, (left + 2, top + 2), (left + cell - 3, top + cell - 3), colour, -1)
            token = grid[row][col] if grid else "."
            if token != ".":
                cv2.rectangle(image, (left + 2, top + 2), (left + cell - 3, top + cell - 3), tile, -1)
                if token != "?":
                    cv2.putText(
                        image,
                        token,
                        (left + cell // 5, top + cell * 3 // 4),
                        cv2.FONT_HERSHEY_SIMPLEX,
                        cell / 35,
                        INK,
                        max(1, cell // 16),
                        cv2.LINE_AA,
                    )
    return image


def board_corners(cell: int = 40, margin: int = 30) -> np.ndarray:
    """Corners of the playing grid in a :func:`draw_board` image."""
    low, high = margin, margin + 15 * cell
    return np.array([[low, low], [high, low], [high, high], [low, high]], dtype=np.float64)


def photograph(
    flat: np.ndarray, corners: np.ndarray, target: np.ndarray, size: tuple[int, int], *, seed: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Warp the flat board so its grid corners land on ``target`` in a (width, height) photo.

    Returns the photo (on a noisy brown table) and the grid corners in it.
    """
    height, width = flat.shape[:2]
    to_photo = cv2.getPerspectiveTransform(corners.astype(np.float32), target.astype(np.float32))
    rng = np.random.default_rng(seed)
    table = np.clip(rng.normal((60, 90, 120), 12, (size[1], size[0], 3)), 0, 255).astype(np.uint8)
    warped = cv2.warpPerspective(flat, to_photo, size)
    mask = cv2.warpPerspective(np.full((height, width), 255, np.uint8), to_photo, size)
    photo = np.where(mask[..., None] > 127, warped, table)
    return photo, target.astype(np.float64)
