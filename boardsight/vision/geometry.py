"""Plane geometry of boards in photos: corner order, homographies, grid sampling.

Points are ``(x, y)`` pixel coordinates as float arrays of shape (4, 2); grids are
indexed ``[row, col]``.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.errors import BadInputError


def as_corners(points: np.ndarray | list) -> np.ndarray:
    """Check and convert four corner points to a float32 array of shape (4, 2)."""
    corners = np.asarray(points, dtype=np.float32)
    if corners.shape != (4, 2) or not np.all(np.isfinite(corners)):
        raise BadInputError(f"expected four (x, y) corners, got an array of shape {corners.shape}")
    return corners


def order_corners(points: np.ndarray | list) -> np.ndarray:
    """Order four points top-left, top-right, bottom-right, bottom-left as seen in the image.

    Sorting by angle around the centroid works for any convex quadrilateral, however
    it is rotated; the corner nearest the image's top-left (smallest x + y) comes first.
    """
    corners = as_corners(points)
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    clockwise = corners[np.argsort(angles)]  # image y points down, so increasing angle is clockwise
    start = int(np.argmin(clockwise.sum(axis=1)))
    return np.roll(clockwise, -start, axis=0)


def rotate_corners(corners: np.ndarray, quarter_turns: int) -> np.ndarray:
    """Relabel corners after turning the grid by ``quarter_turns`` x 90 degrees clockwise."""
    return np.roll(as_corners(corners), -quarter_turns % 4, axis=0)


def grid_homography(corners: np.ndarray, width: float, height: float) -> np.ndarray:
    """The 3x3 homography mapping the grid's image corners to a ``width`` x ``height`` rectangle."""
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    return cv2.getPerspectiveTransform(as_corners(corners), target)


def rectify(image: np.ndarray, corners: np.ndarray, width: int, height: int) -> np.ndarray:
    """Warp the quadrilateral ``corners`` of ``image`` to an upright ``width`` x ``height`` image."""
    matrix = grid_homography(corners, width, height)
    return cv2.warpPerspective(
        image, matrix, (width, height), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def grid_points(corners: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Image positions of the (rows+1) x (cols+1) grid line crossings, shape (rows+1, cols+1, 2)."""
    matrix = np.linalg.inv(grid_homography(corners, cols, rows))
    xs, ys = np.meshgrid(np.arange(cols + 1, dtype=np.float64), np.arange(rows + 1, dtype=np.float64))
    plane = np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)], axis=0)
    mapped = matrix @ plane
    return (mapped[:2] / mapped[2]).T.reshape(rows + 1, cols + 1, 2)


def cell_crops(rectified: np.ndarray, rows: int, cols: int, *, margin: float = 0.0) -> list[list[np.ndarray]]:
    """Cut a rectified grid image into ``rows`` x ``cols`` cells.

    ``margin`` widens (positive) or narrows (negative) each crop by that share of a cell.
    """
    height, width = rectified.shape[:2]
    cell_h, cell_w = height / rows, width / cols
    crops = []
    for row in range(rows):
        line = []
        for col in range(cols):
            top = round((row - margin) * cell_h)
            bottom = round((row + 1 + margin) * cell_h)
            left = round((col - margin) * cell_w)
            right = round((col + 1 + margin) * cell_w)
            line.append(rectified[max(top, 0) : min(bottom, height), max(left, 0) : min(right, width)])
        crops.append(line)
    return crops


def quad_diagonal(corners: np.ndarray) -> float:
    """Mean length of the two diagonals of a quadrilateral, in pixels."""
    c = as_corners(corners)
    return float((np.linalg.norm(c[0] - c[2]) + np.linalg.norm(c[1] - c[3])) / 2)
