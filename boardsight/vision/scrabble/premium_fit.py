"""Premium squares as landmarks: 61 coloured blobs at known places on every board.

Once the board's block is known roughly (to within a third of a cell or so), each
premium square's colour blob is looked for near where it should be; the centroids
that agree with one homography (RANSAC, so that tiles on premium squares and glare do
not matter) are matched to the squares' centres. The lattice fit uses these matches
beside the grid lines (:func:`boardsight.vision.scrabble.lattice.refine_lattice`),
which corrects a lattice fitted to faint or sparse lines, perspective included.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.vision.scrabble.premium import BOARD_CELLS, cell_middles

CELL_PX = 16  # rectified pixels a cell
MARGIN_CELLS = 1
WINDOW = 0.8  # half-size of the search window around a square's expected centre, in cells
MIN_BLOBS = 10
MIN_FILL, MAX_FILL = 0.12, 0.9  # share of the window a blob may cover
CORE = 0.3  # half-size, in cells, of the blob's core around its centroid
MIN_CORE_FILL, MAX_RING_FILL = 0.6, 0.4  # a blob fills its core and leaves the rest of its window emptier
RANSAC_CELLS = 0.15


def _to_rectified() -> np.ndarray:
    """Board coordinates (cells) to rectified pixels, with a margin of ``MARGIN_CELLS``."""
    offset = MARGIN_CELLS * CELL_PX
    return np.array([[CELL_PX, 0, offset], [0, CELL_PX, offset], [0, 0, 1.0]])


def _kind_colours(lab: np.ndarray, kinds: np.ndarray) -> dict[int, np.ndarray]:
    """Median Lab colour of the middle of the squares of each kind."""
    offset = MARGIN_CELLS * CELL_PX
    board = lab[offset : offset + BOARD_CELLS * CELL_PX, offset : offset + BOARD_CELLS * CELL_PX]
    colours = cell_middles(board, BOARD_CELLS, BOARD_CELLS, CELL_PX)
    return {int(kind): np.median(colours[kinds == kind], axis=0) for kind in np.unique(kinds)}


def _nearest_kind(lab: np.ndarray, colours: dict[int, np.ndarray]) -> np.ndarray:
    """The kind whose colour is nearest each pixel (L1 in Lab; the lowest kind on a tie)."""
    channels = [np.ascontiguousarray(lab[:, :, k]) for k in range(3)]

    def distance(kind: int) -> np.ndarray:
        colour = colours[kind].astype(lab.dtype)
        summed = np.abs(channels[0] - colour[0]) + np.abs(channels[1] - colour[1])
        return summed + np.abs(channels[2] - colour[2])

    first, *others = sorted(colours)
    best, nearest = distance(first), np.full(lab.shape[:2], first)
    for kind in others:
        now = distance(kind)
        closer = now < best
        best = np.where(closer, now, best)
        nearest[closer] = kind
    return nearest


def premium_centroids(
    image: np.ndarray, to_board: np.ndarray, kinds: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Measured blob centroids and the matching ideal square centres, both in board coordinates.

    A pixel belongs to a square's blob when its colour is nearer that square's kind
    colour than the plain squares' colour and every other kind's; a blob counts when
    it fills a plausible share of its search window and is compact (it fills the core
    around its centroid and little of the rest), which scattered pixels of noise or
    texture do not.
    """
    to_rectified = _to_rectified()
    size = (BOARD_CELLS + 2 * MARGIN_CELLS) * CELL_PX
    flat = cv2.warpPerspective(image, to_rectified @ to_board, (size, size), flags=cv2.INTER_AREA)
    lab = cv2.cvtColor(flat, cv2.COLOR_BGR2LAB).astype(np.float32)
    colours = _kind_colours(lab, kinds)
    nearest = _nearest_kind(lab, colours)
    rows, cols = np.nonzero(kinds > 0)
    half = round(WINDOW * CELL_PX)
    offsets = np.arange(-half, half + 1)
    tops = np.round((rows + 0.5 + MARGIN_CELLS) * CELL_PX).astype(int)
    lefts = np.round((cols + 0.5 + MARGIN_CELLS) * CELL_PX).astype(int)
    # every premium square's search window at once: (squares, 2 half + 1, 2 half + 1)
    windows = (
        nearest[tops[:, None, None] + offsets[None, :, None], lefts[:, None, None] + offsets[None, None, :]]
        == kinds[rows, cols][:, None, None]
    )
    ys, xs = offsets[None, :, None], offsets[None, None, :]
    count = windows.sum(axis=(1, 2))
    fill = count / windows[0].size
    dx = (windows * xs).sum(axis=(1, 2)) / np.maximum(count, 1)
    dy = (windows * ys).sum(axis=(1, 2)) / np.maximum(count, 1)
    near = (np.abs(xs - dx[:, None, None]) <= CORE * CELL_PX) & (
        np.abs(ys - dy[:, None, None]) <= CORE * CELL_PX
    )
    core_fill = (windows & near).sum(axis=(1, 2)) / np.maximum(near.sum(axis=(1, 2)), 1)
    ring_fill = (windows & ~near).sum(axis=(1, 2)) / np.maximum((~near).sum(axis=(1, 2)), 1)
    # a compact patch: scattered pixels of that colour (noise, texture) fill neither way
    kept = (
        (fill >= MIN_FILL) & (fill <= MAX_FILL) & (core_fill >= MIN_CORE_FILL) & (ring_fill <= MAX_RING_FILL)
    )
    x = lefts[kept] + dx[kept]
    y = tops[kept] + dy[kept]
    measured = np.c_[x / CELL_PX - MARGIN_CELLS, y / CELL_PX - MARGIN_CELLS]
    ideal = np.c_[cols[kept] + 0.5, rows[kept] + 0.5]
    return measured.reshape(-1, 2).astype(np.float64), ideal.reshape(-1, 2).astype(np.float64)


def premium_matches(
    image: np.ndarray, to_board: np.ndarray, kinds: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Premium-square blobs that agree with one homography: image pixels and board coordinates.

    Empty arrays when fewer than ``MIN_BLOBS`` blobs are found or agree.
    """
    measured, ideal = premium_centroids(image, to_board, kinds)
    empty = (np.zeros((0, 2)), np.zeros((0, 2)))
    if len(measured) < MIN_BLOBS:
        return empty
    _, mask = cv2.findHomography(
        measured.astype(np.float32), ideal.astype(np.float32), cv2.RANSAC, RANSAC_CELLS
    )
    if mask is None or mask.sum() < MIN_BLOBS:
        return empty
    keep = mask.ravel().astype(bool)
    to_pixels = np.linalg.inv(to_board)
    points = np.c_[measured[keep], np.ones(int(keep.sum()))] @ to_pixels.T
    return points[:, :2] / points[:, 2:3], ideal[keep]
