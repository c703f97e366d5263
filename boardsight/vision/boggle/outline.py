"""Fallback tray finder: the tray's outline, and the grid size from projection profiles.

Used when the cube tops do not separate into a lattice (heavy blur, cubes touching).
Large convex quadrilaterals are taken from the edges of the photo; each is rectified
and its rows and columns of "whiteness" are compared with the profile N cubes would
make (bright in the middle of each cell, dark on the gaps between them), for N in 4, 5
and 6 and for a range of rim widths. The best-scoring quadrilateral, size and rim give
the grid.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.vision.boggle.cube_faces import whiteness
from boardsight.vision.geometry import order_corners

SIZES = (4, 5, 6)
PROFILE_PX = 240
MIN_QUAD_SHARE = 0.04  # of the image area
MIN_PROFILE_SCORE = 0.5


@dataclass(frozen=True)
class OutlineFit:
    corners: np.ndarray  # (4, 2) grid corners, TL, TR, BR, BL
    size: int
    score: float


def candidate_quads(image: np.ndarray, *, limit: int = 8) -> list[np.ndarray]:
    """Large convex quadrilaterals bounded by strong edges, biggest first, then the image frame."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    gray = cv2.GaussianBlur(gray, (5, 5), 0)
    edges = cv2.dilate(cv2.Canny(gray, 40, 120), np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    min_area = MIN_QUAD_SHARE * gray.shape[0] * gray.shape[1]
    quads = []
    for contour in contours:
        hull = cv2.convexHull(contour)
        area = cv2.contourArea(hull)
        if area < min_area:
            continue
        approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
        if len(approx) == 4 and cv2.contourArea(approx) > 0.85 * area:
            quads.append((area, order_corners(approx.reshape(4, 2))))
    quads.sort(key=lambda item: -item[0])
    height, width = gray.shape[:2]
    frame = np.float32([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]])
    return [quad for _, quad in quads[: limit - 1]] + [frame]  # the frame: for photos cropped to the tray


SPAN_STARTS = np.linspace(0, 0.2, 21)
SPAN_STOPS = np.linspace(0.8, 1.0, 21)


@functools.cache
def _comb_templates(size: int, length: int) -> tuple[np.ndarray, np.ndarray]:
    """Zero-mean unit templates (spans, length): ``size`` cosine periods on a span, dark rims outside.

    Returns the templates and the (start, stop) of each span.
    """
    spans = np.array([(a, b) for a in SPAN_STARTS for b in SPAN_STOPS])
    position = (np.arange(length) + 0.5) / length
    start, stop = spans[:, :1], spans[:, 1:]
    inside = (position >= start) & (position <= stop)
    templates = np.where(inside, -np.cos(2 * np.pi * size * (position - start) / (stop - start)), -1.0)
    templates -= templates.mean(axis=1, keepdims=True)
    templates /= np.linalg.norm(templates, axis=1, keepdims=True)
    return templates, spans


def _best_span(profile: np.ndarray, size: int) -> tuple[float, float, float]:
    """(correlation, start, stop) of the comb of ``size`` cells that fits a 1-D profile best."""
    templates, spans = _comb_templates(size, len(profile))
    values = profile - profile.mean()
    norm = float(np.linalg.norm(values))
    if norm < 1e-6:
        return 0.0, 0.0, 1.0
    scores = templates @ (values / norm)
    best = int(np.argmax(scores))
    return float(scores[best]), float(spans[best, 0]), float(spans[best, 1])


def fit_profile(
    rectified_white: np.ndarray, sizes: tuple[int, ...] = SIZES
) -> tuple[int, float, float, float, float, float]:
    """Best (size, score, left, right, top, bottom) grid inside a rectified tray's whiteness."""
    # A high percentile rather than the mean: the letters darken the middle of every cube
    # and would otherwise make the profile of N cubes look like one of 2N.
    columns = np.percentile(rectified_white, 70, axis=0)
    rows = np.percentile(rectified_white, 70, axis=1)
    best = None
    for size in sizes:
        across = _best_span(columns, size)
        down = _best_span(rows, size)
        score = min(across[0], down[0])
        if best is None or score > best[1]:
            best = (size, score, across[1], across[2], down[1], down[2])
    assert best is not None
    return best


def find_by_outline(
    image: np.ndarray, white: np.ndarray | None = None, sizes: tuple[int, ...] = SIZES
) -> OutlineFit | None:
    """Locate the grid from the tray's outline (the fallback method), or None."""
    white = whiteness(image) if white is None else white
    target = np.float32([[0, 0], [PROFILE_PX, 0], [PROFILE_PX, PROFILE_PX], [0, PROFILE_PX]])
    best: OutlineFit | None = None
    for quad in candidate_quads(image):
        matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
        flat = cv2.warpPerspective(white, matrix, (PROFILE_PX, PROFILE_PX), flags=cv2.INTER_AREA).astype(
            np.float32
        )
        fit = fit_profile(flat, sizes)
        if fit[1] < MIN_PROFILE_SCORE:
            continue
        size, score, left, right, top, bottom = fit
        inner = np.float64([[left, top], [right, top], [right, bottom], [left, bottom]]) * PROFILE_PX
        corners = cv2.perspectiveTransform(inner.reshape(-1, 1, 2), np.linalg.inv(matrix)).reshape(4, 2)
        if best is None or score > best.score:
            best = OutlineFit(order_corners(corners), size, score)
    return best
