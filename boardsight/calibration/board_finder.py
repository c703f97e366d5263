"""Finding the board's grid in a picture, once, when a fixed camera is set up.

The preferred finder is the Scrabble reader (``scrabble``/``onnx`` in the reader
registry): it finds the 15x15 grid at any rotation and orients it by its tiles, and its
reading's corners are exactly what a board profile needs. Next comes the Scrabble
reader's board finder on its own (grid lines and premium squares), and when neither is
available, :func:`largest_quad_finder` takes the largest convex quadrilateral in the
picture's edges, which suits a board filling much of a tidy picture. Corners can always
be given by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import cv2
import numpy as np

from boardsight.errors import BadInputError
from boardsight.vision.geometry import order_corners
from boardsight.vision.reading import BoardNotFoundError, available_readers, get_reader
from boardsight.vision.scrabble import board_finder as scrabble_board_finder

BoardFinder = Callable[[np.ndarray], np.ndarray]
MIN_AREA_SHARE = 0.04


def largest_quad_finder(image: np.ndarray) -> np.ndarray:
    """The corners (4, 2) of the largest convex quadrilateral outline, top-left first as seen.

    Raises :class:`BoardNotFoundError` when no outline covers :data:`MIN_AREA_SHARE` of the picture.
    """
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    blurred = cv2.GaussianBlur(gray, (5, 5), 0)
    median = float(np.median(blurred))
    edges = cv2.Canny(blurred, max(10.0, 0.5 * median), min(255.0, 1.2 * median + 30))
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    min_area = MIN_AREA_SHARE * gray.shape[0] * gray.shape[1]
    best, best_area = None, 0.0
    for contour in contours:
        hull = cv2.convexHull(contour)
        area = cv2.contourArea(hull)
        if area < max(min_area, best_area):
            continue
        quad = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
        if len(quad) == 4 and cv2.isContourConvex(quad):
            best, best_area = quad.reshape(4, 2), area
    if best is None:
        raise BoardNotFoundError("no board found in the picture (no large four-sided outline)")
    return order_corners(best.astype(np.float32))


def reader_finder(name: str = "onnx") -> BoardFinder:
    """A finder that runs the installed Scrabble reader ``name`` and keeps its corners."""
    read = get_reader("scrabble", name)

    def find(image: np.ndarray) -> np.ndarray:
        return np.asarray(read(image, source="calibration picture").corners, dtype=np.float32)

    return find


def parse_corners(text: str) -> np.ndarray:
    """Corners typed by hand: ``"x,y x,y x,y x,y"`` (top-left, top-right, bottom-right, bottom-left)."""
    try:
        points = [[float(value) for value in pair.split(",")] for pair in text.replace(";", " ").split()]
        corners = np.array(points, dtype=np.float32)
    except ValueError:
        corners = np.zeros((0,))
    if corners.shape != (4, 2):
        raise BadInputError(
            f"corners {text!r} are not four x,y pairs (top-left, top-right, bottom-right, bottom-left)"
        )
    return corners


def scrabble_finder(module: ModuleType | None = scrabble_board_finder) -> BoardFinder | None:
    """The Scrabble reader's own board finder (``boardsight.vision.scrabble.board_finder.find_board``):
    it finds the grid by its lines and premium squares. None when ``module`` offers none."""
    find_board = getattr(module, "find_board", None)
    if find_board is None:
        return None

    def find(image: np.ndarray) -> np.ndarray:
        return np.asarray(find_board(image).corners, dtype=np.float32)

    return find


def default_finder() -> tuple[str, BoardFinder]:
    """The best finder installed, and its name for the profile's record.

    In order: the full Scrabble reader (it also turns the grid so its words read upright),
    the Scrabble reader's board finder (first corner: the one nearest the picture's
    top-left), the largest four-sided outline.
    """
    if ("scrabble", "onnx") in available_readers("scrabble"):
        return "scrabble reader (onnx)", reader_finder("onnx")
    finder = scrabble_finder(scrabble_board_finder)
    if finder is not None:
        return "scrabble board finder", finder
    return "largest outline", largest_quad_finder
