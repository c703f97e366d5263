"""Cut a tray's cells out of a photo, one square crop per cube, row by row.

The same function cuts the training crops (from labelled corners) and the crops read at
run time (from found corners), so the classifier sees cells framed the same way.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.vision.geometry import as_corners, quad_diagonal, rectify

DEFAULT_CELL_PX = 48
OVERSAMPLE = 1.5  # shrink the photo first when its cells are more than this many times cell_px


def _shrunk_region(image: np.ndarray, quad: np.ndarray, factor: float) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``image`` around ``quad``, shrunk by ``factor``, and the quad in its pixels."""
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    x1 = min(int(np.ceil(quad[:, 0].max())) + 1, image.shape[1])
    y1 = min(int(np.ceil(quad[:, 1].max())) + 1, image.shape[0])
    if x1 - x0 < 4 or y1 - y0 < 4:
        return image, quad
    size = (max(1, round((x1 - x0) / factor)), max(1, round((y1 - y0) / factor)))
    small = cv2.resize(image[y0:y1, x0:x1], size, interpolation=cv2.INTER_AREA)
    scale = np.array([size[0] / (x1 - x0), size[1] / (y1 - y0)])
    return small, (quad - [x0, y0] + 0.5) * scale - 0.5


def cut_cells(
    image: np.ndarray, corners: np.ndarray, size: int, *, margin: float = 0.0, cell_px: int = DEFAULT_CELL_PX
) -> list[np.ndarray]:
    """``size * size`` crops, row-major, of a grid whose corners (TL, TR, BR, BL) are ``corners``.

    Each crop is one cell widened by ``margin`` of a cell on every side, so it is
    ``round((1 + 2 * margin) * cell_px)`` pixels square; crops at the grid's border reach
    past it. Cells much larger than ``cell_px`` in the photo are shrunk with area
    averaging before the perspective warp, so the warp does not alias.
    """
    corners = as_corners(corners).astype(np.float64)
    lattice = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    to_image = cv2.getPerspectiveTransform(lattice, corners.astype(np.float32))
    low, high = -margin, size + margin
    outer = np.float64([[low, low], [high, low], [high, high], [low, high]]).reshape(-1, 1, 2)
    quad = cv2.perspectiveTransform(outer, to_image).reshape(4, 2)
    factor = quad_diagonal(corners) / (size * np.sqrt(2)) / (OVERSAMPLE * cell_px)
    if factor > 1.0:
        image, quad = _shrunk_region(image, quad, factor)
    side = round((size + 2 * margin) * cell_px)
    flat = rectify(image, quad.astype(np.float32), side, side)
    width = round((1 + 2 * margin) * cell_px)
    return [
        flat[row * cell_px : row * cell_px + width, col * cell_px : col * cell_px + width]
        for row in range(size)
        for col in range(size)
    ]
