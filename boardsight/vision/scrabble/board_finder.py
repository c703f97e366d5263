"""Find a Scrabble board's 15x15 playing grid in a photo.

Method (``lattice``): grid-line lattice fitting, then the premium squares.
Line segments (:mod:`.segments`) give the two families of grid lines; a projective
lattice is fitted to them (:mod:`.lattice`), and the block of 15x15 lattice cells whose
colours best follow the standard premium layout is the board (:mod:`.premium`).
Chosen because it uses what every board has in the playing area itself, not the
board's outline: tiles covering the grid's corners, a grid that fills the photo,
frames, racks, boxes and stray tiles beside the board (which lie on the same lattice
but outside the premium pattern) all leave it unharmed, and perspective up to steep
tilts is modelled exactly by the homography.

Fallback (``outline``): board-outline quadrilateral. When the lattice fit fails or
its block does not look like a board, the large four-sided contours of the edge map
(the board's edge, the grid's border) give the two vanishing points instead of the
segments; the lattice spacing is then fitted and the premium block found alike.

Work is done on a copy scaled to ``WORK_SIDE`` pixels on its long side; the corners
come back in the caller's pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.vision.geometry import order_corners
from boardsight.vision.reading import BoardNotFoundError
from boardsight.vision.scrabble.lattice import Lattice, LatticeNotFoundError, apply_homography, fit_lattice
from boardsight.vision.scrabble.premium import BOARD_CELLS, locate_block, premium_kinds
from boardsight.vision.scrabble.segments import Segments, detect_segments

WORK_SIDE = 1000
MIN_SCORE = 0.03  # premium-pattern score below which a block is not taken for a board
MIN_CELL_PX = 6  # in the working copy: smaller boards cannot be read anyway

STANDARD_LAYOUT = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...*...d..T",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....D.....D....",
    "d..D...d...D..d",
    "..D...d.d...D..",
    ".D...t...t...D.",
    "T..d...T...d..T",
)


@dataclass(frozen=True)
class BoardLocation:
    """Where the playing grid is in a photo.

    ``corners`` (4, 2): the grid's outer corners in pixels, clockwise from the one
    nearest the photo's top-left; ``to_board`` maps pixels to board coordinates in
    which those corners are (0, 0), (15, 0), (15, 15), (0, 15); ``score`` is the
    premium-pattern score; ``method`` says which method found it.
    """

    corners: np.ndarray
    to_board: np.ndarray
    score: float
    method: str


def board_homography(corners: np.ndarray, cells: int = BOARD_CELLS) -> np.ndarray:
    """Homography from pixels to board coordinates for grid corners in the order of :class:`BoardLocation`."""
    target = np.array([[0, 0], [cells, 0], [cells, cells], [0, cells]], dtype=np.float64)
    return cv2.getPerspectiveTransform(np.asarray(corners, dtype=np.float32), target.astype(np.float32))


def _location(
    to_lattice: np.ndarray, u: int, v: int, score: float, method: str, scale: float
) -> BoardLocation:
    square = np.array(
        [[u, v], [u + BOARD_CELLS, v], [u + BOARD_CELLS, v + BOARD_CELLS], [u, v + BOARD_CELLS]]
    )
    corners = apply_homography(np.linalg.inv(to_lattice), square.astype(np.float64))
    corners = (corners + 0.5) / scale - 0.5
    ordered = order_corners(corners).astype(np.float64)
    return BoardLocation(ordered, board_homography(ordered), float(score), method)


def _plausible(lattice: Lattice, image: np.ndarray, u: int, v: int) -> bool:
    """The block is big enough to read and lies in front of the camera (no corner at infinity)."""
    square = np.array(
        [[u, v], [u + BOARD_CELLS, v], [u + BOARD_CELLS, v + BOARD_CELLS], [u, v + BOARD_CELLS]]
    )
    inverse = np.linalg.inv(lattice.to_lattice)
    depth = np.c_[square, np.ones(4)] @ inverse.T
    if not (np.all(depth[:, 2] > 0) or np.all(depth[:, 2] < 0)):
        return False
    corners = depth[:, :2] / depth[:, 2:3]
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    return bool(sides.min() / BOARD_CELLS >= MIN_CELL_PX and np.all(np.isfinite(corners)))


def find_by_lattice(
    work: np.ndarray, segments: Segments, kinds: np.ndarray
) -> tuple[Lattice, int, int, float]:
    """Lattice method on the working copy: the lattice, the block's top-left ``(u, v)`` and its score."""
    lattice = fit_lattice(segments, work.shape)
    u, v, score = locate_block(work, lattice, kinds)
    if score < 0 or not _plausible(lattice, work, u, v):
        return lattice, u, v, -1.0
    return lattice, u, v, score


def outline_quads(work: np.ndarray, *, limit: int = 4) -> list[np.ndarray]:
    """The largest convex four-sided outlines in the edge map, biggest first."""
    grey = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY) if work.ndim == 3 else work
    grey = cv2.GaussianBlur(grey, (5, 5), 0)
    median = float(np.median(grey))
    edges = cv2.Canny(grey, int(max(0, 0.66 * median)), int(min(255, 1.33 * median) + 1))
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    min_area = 0.08 * work.shape[0] * work.shape[1]
    quads = []
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:20]:
        hull = cv2.convexHull(contour)
        if cv2.contourArea(hull) < min_area:
            break
        for tolerance in (0.02, 0.035, 0.05):
            polygon = cv2.approxPolyDP(hull, tolerance * cv2.arcLength(hull, True), True)
            if len(polygon) == 4:
                quads.append(order_corners(polygon.reshape(4, 2)).astype(np.float64))
                break
        if len(quads) == limit:
            break
    return quads


def find_by_outline(
    work: np.ndarray, segments: Segments, kinds: np.ndarray
) -> tuple[Lattice, int, int, float]:
    """Outline method on the working copy (same return as :func:`find_by_lattice`)."""
    best: tuple[Lattice, int, int, float] | None = None
    for quad in outline_quads(work):
        square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float32)
        initial = cv2.getPerspectiveTransform(quad.astype(np.float32), square)
        try:
            lattice = fit_lattice(segments, work.shape, initial=initial)
        except (LatticeNotFoundError, np.linalg.LinAlgError):
            continue
        u, v, score = locate_block(work, lattice, kinds)
        if score >= 0 and _plausible(lattice, work, u, v) and (best is None or score > best[3]):
            best = (lattice, u, v, score)
    if best is None:
        raise LatticeNotFoundError("no board outline")
    return best


def find_board(image: np.ndarray, *, layout: Sequence[str] = STANDARD_LAYOUT) -> BoardLocation:
    """Locate the playing grid of a board in ``image`` (BGR uint8, any size).

    Raises :class:`BoardNotFoundError` when neither method finds a block of squares
    coloured like a Scrabble board.
    """
    if image.ndim != 3 or image.shape[2] != 3:
        raise BoardNotFoundError("expected a colour photo")
    scale = min(1.0, WORK_SIDE / max(image.shape[:2]))
    work = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    kinds = premium_kinds(layout)
    segments = detect_segments(work)
    results = []
    for method, finder in (("lattice", find_by_lattice), ("outline", find_by_outline)):
        try:
            lattice, u, v, score = finder(work, segments, kinds)
        except (LatticeNotFoundError, np.linalg.LinAlgError):
            continue
        results.append((score, method, lattice, u, v))
        if score >= MIN_SCORE:
            break
    if not results or max(results, key=lambda item: item[0])[0] < MIN_SCORE:
        raise BoardNotFoundError("no Scrabble board found in the photo")
    score, method, lattice, u, v = max(results, key=lambda item: item[0])
    return _location(lattice.to_lattice, u, v, score, method, scale)
