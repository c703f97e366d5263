"""Find a Boggle tray in a photo: its grid size and the four corners of its cube-top grid.

Method (first choice): *a lattice of cube tops*. Cube tops are bright, nearly square
blobs separated by the tray's darker gaps (:mod:`cube_faces`); a square lattice fitted to
them with a homography (:mod:`lattice`) gives the grid under any in-plane rotation and
perspective, and its regularity is what keeps clutter out: a lid, a timer, a score sheet
or a hand does not make a lattice of equal squares with letters on them. It works from
the thing we read (the cubes) rather than from the tray's rim, whose colour, height and
shape vary between editions, and the fitted plane is the plane of the cube tops, the one
the letters lie in. Rows or columns whose cubes all failed to separate are added by
looking at the cells just outside the lattice (light, with a letter, a darker gap
around); the grid size is the lattice's extent (4, 5 or 6). Cube tops are cut from
whiteness levels first and, when that finds few cubes (a clear or white tray, as light
as its cubes), from local-contrast masks as well, and then from whiteness levels with
thin dark lines deepened (steep views, where a leaning cube's top runs into its own
side or its neighbour's, white on white, parted only by a line of shading). The later
passes also run when a row or column just outside the grid looks like cube tops (the
grid may be a corner of a bigger tray). A grid with fewer than 45% of its cubes cut out
is kept only when at least 30% were and 75% of its cells look like cube tops.

Method (fallback): *the tray outline*. When no lattice forms (very blurred photos,
cubes that merge with their neighbours), the largest convex quadrilaterals of the photo's
edges, and the photo's own frame for a close crop, are rectified; the grid size and its
margins are chosen by matching each one's row and column profiles with those N cubes
would make, and the grid is kept only when its cells look like cube tops.

On the held-out synthetic set (200 photos, tilts up to 45 degrees) every tray was found,
with a mean corner error of 0.39% of the diagonal.

Both return corners ordered top-left, top-right, bottom-right, bottom-left, with row 0
the row nearest the image's top, in the pixels of the image given.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.vision.boggle.cube_faces import (
    LEVELS,
    SEPARATING_SHARE,
    find_face_blobs,
    merge_duplicates,
    whiteness,
)
from boardsight.vision.boggle.lattice import Lattice, fit_lattice
from boardsight.vision.boggle.outline import find_by_outline
from boardsight.vision.geometry import order_corners

SIZES = (4, 5, 6)
CELL_PX = 24  # pixels per cell when looking at cells of a rectified lattice
MIN_DETECTED_SHARE = 0.45  # of the grid's cells that must hold a detected cube top, or ...
MIN_DETECTED_SHARE_SEEN = 0.3  # ... this share, when most cells look like cube tops (MIN_CUBE_SHARE)
CONFIDENT_SHARE = 0.7  # below this share of detected cubes, the light-tray pass is tried as well
MIN_BRIGHTNESS_SHARE = 0.6  # a cube-like cell is at least this share of a typical cube top's brightness
MIN_INK_SHARE = 0.4  # ... and has at least this share of its letter's contrast
MIN_CUBE_SHARE = 0.75  # of the cells of a grid found by its outline that must look like cubes
MIN_EDGE_SHARE = 0.4  # ... and at least this share of its contrast with the gap around it
MIN_LINE_SHARE = 0.5  # of a row or column's cells that must look like cube tops for it to join the grid
FIRST_LEVELS = (1, 3, 5, 7)  # the whiteness levels cut first (of LEVELS); the others only when needed
LATER_LEVELS = tuple(level for level in range(LEVELS) if level not in FIRST_LEVELS)
OUTLINE_TYPICAL_CUBE = np.array([170.0, 100.0, 60.0])  # brightness, ink, edge (0..255) when no cube is known


@dataclass(frozen=True)
class TrayLocation:
    """Where the grid is: ``corners`` (4, 2) TL, TR, BR, BL in image pixels, ``size`` cells a side.

    ``cubes_beyond``: a row or column just outside the grid looks like cube tops, so the
    grid may be only part of a bigger tray.
    """

    corners: np.ndarray
    size: int
    method: str
    detected_cells: int
    cubes_beyond: bool = False

    @property
    def sure(self) -> bool:
        """Whether the grid needs no further search: a lattice holding at least
        :data:`CONFIDENT_SHARE` of its cubes, with nothing cube-like beyond it."""
        return (
            self.method == "lattice"
            and not self.cubes_beyond
            and self.detected_cells >= CONFIDENT_SHARE * self.size**2
        )

    @property
    def partly_seen(self) -> bool:
        """Whether the grid is worth looking for again at a higher resolution: fewer than
        :data:`MIN_DETECTED_SHARE` of its cubes were cut out, or cubes seem to lie beyond it
        and some of its own were not cut out either (cubes too small at this resolution; when
        all were, the cube-like cells beyond are more likely the tray's rim)."""
        if self.method != "lattice":
            return False
        cells = self.size**2
        return self.detected_cells < MIN_DETECTED_SHARE * cells or (
            self.cubes_beyond and self.detected_cells < cells
        )


def _cell_features(
    lattice: Lattice, white: np.ndarray, cols: range, rows: range
) -> tuple[np.ndarray, np.ndarray]:
    """Brightness and ink contrast of the middle of each lattice cell, arrays (rows, cols).

    A cube top is light with a dark letter in its middle; a tray's rim, wall or floor,
    however light, has no letter.
    """
    first_col, first_row = cols.start, rows.start
    width, height = len(cols) * CELL_PX, len(rows) * CELL_PX
    target = np.float64([[0, 0], [width, 0], [width, height], [0, height]])
    source = lattice.to_image(
        [
            [first_col - 0.5, first_row - 0.5],
            [cols.stop - 0.5, first_row - 0.5],
            [cols.stop - 0.5, rows.stop - 0.5],
            [first_col - 0.5, rows.stop - 0.5],
        ]
    )
    matrix = cv2.getPerspectiveTransform(source.astype(np.float32), target.astype(np.float32))
    flat = cv2.warpPerspective(white, matrix, (width, height), flags=cv2.INTER_AREA, borderValue=0)
    cells = flat.reshape(len(rows), CELL_PX, len(cols), CELL_PX).transpose(0, 2, 1, 3).astype(np.float32)
    inner = slice(CELL_PX // 5, CELL_PX - CELL_PX // 5)
    middle = cells[:, :, inner, inner].reshape(len(rows), len(cols), -1)
    low, high = np.percentile(middle, (5, 60), axis=2)
    ring = np.concatenate(
        [
            cells[:, :, :2, :].reshape(len(rows), len(cols), -1),
            cells[:, :, -2:, :].reshape(len(rows), len(cols), -1),
            cells[:, :, :, :2].reshape(len(rows), len(cols), -1),
            cells[:, :, :, -2:].reshape(len(rows), len(cols), -1),
        ],
        axis=2,
    )
    return np.stack([high, high - low, high - np.median(ring, axis=2)])


def _cube_like(features: np.ndarray, typical: np.ndarray) -> np.ndarray:
    """Which cells look like cube tops, given the ``typical`` (3,) features of known cube tops."""
    brightness, ink, edge = features
    return (
        (brightness >= MIN_BRIGHTNESS_SHARE * typical[0])
        & (ink >= MIN_INK_SHARE * typical[1])
        & (edge >= MIN_EDGE_SHARE * typical[2])
    )


def _typical_cube(lattice: Lattice, white: np.ndarray) -> np.ndarray:
    """The median (3,) features (brightness, ink, edge) of the lattice's detected cube tops."""
    first_col, first_row, last_col, last_row = lattice.extent
    features = _cell_features(lattice, white, range(first_col, last_col + 1), range(first_row, last_row + 1))
    detected = np.zeros(features.shape[1:], dtype=bool)
    for col, row in lattice.cells:
        detected[row - first_row, col - first_col] = True
    return np.median(features[:, detected], axis=1)


def _cubes_beyond(
    lattice: Lattice, white: np.ndarray, first_col: int, first_row: int, size: int, typical: np.ndarray
) -> bool:
    """Whether a row or column just outside the ``size`` grid looks like a line of cube tops.

    Then the grid is only part of a bigger tray whose other cubes were not cut out as
    blobs (wooden cubes in a clear tray, say), and the other blob passes should be tried.
    """
    stop_col, stop_row = first_col + size, first_row + size
    lines = [
        (range(first_col - 1, first_col), range(first_row, stop_row)),
        (range(stop_col, stop_col + 1), range(first_row, stop_row)),
        (range(first_col, stop_col), range(first_row - 1, first_row)),
        (range(first_col, stop_col), range(stop_row, stop_row + 1)),
    ]
    return any(
        np.mean(_cube_like(_cell_features(lattice, white, cols, rows), typical)) >= MIN_LINE_SHARE
        for cols, rows in lines
    )


def _share_cube_like(
    lattice: Lattice, white: np.ndarray, first_col: int, first_row: int, size: int, typical: np.ndarray
) -> float:
    """The share of the ``size`` grid's cells that look like cube tops, detected as blobs or not."""
    features = _cell_features(
        lattice, white, range(first_col, first_col + size), range(first_row, first_row + size)
    )
    return float(np.mean(_cube_like(features, typical)))


def _grow_to_square(
    lattice: Lattice, white: np.ndarray, typical: np.ndarray, sizes: tuple[int, ...] = SIZES
) -> tuple[int, int, int] | None:
    """Extend the lattice's extent to N x N cells (N in ``sizes``); returns (first col, first row, N).

    Each step adds the row or column next to the lattice whose cells look most like cube
    tops (light, with ink in the middle and a darker gap around), judged against the
    ``typical`` features of the lattice's detected cube tops.
    """
    first_col, first_row, last_col, last_row = lattice.extent
    while True:
        n_cols, n_rows = last_col - first_col + 1, last_row - first_row + 1
        if n_cols > max(sizes) or n_rows > max(sizes):
            return None
        if n_cols == n_rows and n_cols in sizes:
            return first_col, first_row, n_cols
        target = min(size for size in sizes if size >= max(n_cols, n_rows))
        lines = []
        if n_cols < target:
            lines += [
                ("col", c, range(c, c + 1), range(first_row, last_row + 1))
                for c in (first_col - 1, last_col + 1)
            ]
        if n_rows < target:
            lines += [
                ("row", r, range(first_col, last_col + 1), range(r, r + 1))
                for r in (first_row - 1, last_row + 1)
            ]
        options = []
        for kind, index, cols, rows in lines:
            line = _cell_features(lattice, white, cols, rows)
            share = float(np.mean(_cube_like(line, typical)))
            closeness = float(np.mean(np.minimum(line / np.maximum(typical[:, None, None], 1.0), 1.0)))
            options.append((share, closeness, kind, index))
        share, _, kind, index = max(options)
        if share < MIN_LINE_SHARE and n_cols == n_rows:
            return None
        if kind == "col":
            first_col, last_col = min(first_col, index), max(last_col, index)
        else:
            first_row, last_row = min(first_row, index), max(last_row, index)


def upright_corners(corners: np.ndarray) -> np.ndarray:
    """Corners in reading order: clockwise as seen, starting so that the edge from corner 0 to
    corner 1 is the one nearest the image's top (the labelled-photo format's row 0)."""
    clockwise = order_corners(corners)
    middles = (clockwise[:, 1] + np.roll(clockwise, -1, axis=0)[:, 1]) / 2
    return np.roll(clockwise, -int(np.argmin(middles)), axis=0)


def _grid_corners(lattice: Lattice, first_col: int, first_row: int, size: int) -> np.ndarray:
    last_col, last_row = first_col + size - 1, first_row + size - 1
    corners = lattice.to_image(
        [
            [first_col - 0.5, first_row - 0.5],
            [last_col + 0.5, first_row - 0.5],
            [last_col + 0.5, last_row + 0.5],
            [first_col - 0.5, last_row + 0.5],
        ]
    )
    return upright_corners(corners)


def _lattice_location(blobs: list, white: np.ndarray, sizes: tuple[int, ...]) -> TrayLocation | None:
    """The grid of the lattice the blobs make (with whether cubes seem to lie beyond it)."""
    lattice = fit_lattice(blobs)
    if lattice is None:
        return None
    typical = _typical_cube(lattice, white)
    grown = _grow_to_square(lattice, white, typical, sizes)
    if grown is None:
        return None
    first_col, first_row, size = grown
    inside = sum(
        first_col <= col < first_col + size and first_row <= row < first_row + size
        for col, row in lattice.cells
    )
    if inside < MIN_DETECTED_SHARE * size * size and not (
        inside >= MIN_DETECTED_SHARE_SEEN * size * size
        and _share_cube_like(lattice, white, first_col, first_row, size, typical) >= MIN_CUBE_SHARE
    ):
        return None
    corners = _grid_corners(lattice, first_col, first_row, size)
    beyond = size < max(sizes) and _cubes_beyond(lattice, white, first_col, first_row, size, typical)
    return TrayLocation(corners, size, "lattice", inside, cubes_beyond=beyond)


def find_by_lattice(
    image: np.ndarray, white: np.ndarray | None = None, sizes: tuple[int, ...] = SIZES
) -> TrayLocation | None:
    """Locate the grid as the lattice of its cube tops (the first-choice method).

    Cube tops are cut from every other whiteness level first (:data:`FIRST_LEVELS`), and
    from the rest only when that finds no tray, finds few of its cubes, or leaves a line of
    cube-like cells just outside its grid; only when all the levels leave the same doubt are
    they cut from local-mean masks too (light trays), then from separated whiteness.
    """
    white = whiteness(image) if white is None else white
    blobs = find_face_blobs(image, white=white, levels=FIRST_LEVELS)
    location = _lattice_location(blobs, white, sizes)
    if location is None or not location.sure:
        blobs = merge_duplicates(blobs + find_face_blobs(image, white=white, levels=LATER_LEVELS))
        location = _lattice_location(blobs, white, sizes)
    for extra in ({"local": True}, {"separate": SEPARATING_SHARE}):
        if location is not None and location.sure:
            break
        blobs = merge_duplicates(blobs + find_face_blobs(image, white=white, **extra))
        other = _lattice_location(blobs, white, sizes)
        if other is not None and (location is None or other.detected_cells > location.detected_cells):
            location = other
    return location


def find_by_outline_checked(
    image: np.ndarray, white: np.ndarray, sizes: tuple[int, ...] = SIZES
) -> TrayLocation | None:
    """The fallback method, kept only when most of its cells look like cube tops."""
    fit = find_by_outline(image, white, sizes)
    if fit is None:
        return None
    size = fit.size
    source = np.float32([[-0.5, -0.5], [size - 0.5, -0.5], [size - 0.5, size - 0.5], [-0.5, size - 0.5]])
    lattice = Lattice(cv2.getPerspectiveTransform(source, fit.corners.astype(np.float32)), {})
    features = _cell_features(lattice, white, range(size), range(size))
    if np.mean(_cube_like(features, OUTLINE_TYPICAL_CUBE)) < MIN_CUBE_SHARE:
        return None
    return TrayLocation(corners=upright_corners(fit.corners), size=size, method="outline", detected_cells=0)


def find_tray(image: np.ndarray, sizes: tuple[int, ...] = SIZES) -> TrayLocation | None:
    """Locate the tray's grid in a BGR image (H, W, 3), or None when there is none.

    Tries the lattice of cube tops first and the tray's outline second; ``sizes`` limits
    the grid sizes accepted (4, 5 and 6 by default).
    """
    white = whiteness(image)
    return find_by_lattice(image, white, sizes) or find_by_outline_checked(image, white, sizes)
