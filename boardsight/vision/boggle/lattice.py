"""Fit a square lattice (a plane homography) to candidate cube tops.

Each candidate's own quadrilateral gives local grid axes; a neighbour is a candidate
of similar size lying about one cube pitch along one of those axes. A breadth-first
walk over neighbours gives every reachable candidate integer (col, row) coordinates,
carrying each candidate's axes over to its neighbours so that a tray turned any way
and seen under perspective still gets a consistent labelling. A RANSAC homography
from lattice coordinates to image positions then rejects the wrong links and takes in
candidates the walk missed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.vision.boggle.cube_faces import FaceBlob

MIN_PITCH_RATIO = 0.95  # centre distance of neighbours over the cube side, at least ...
MAX_PITCH_RATIO = 1.9  # ... and at most
MAX_OFF_AXIS = 0.3  # sideways slip of a neighbour, as a share of the pitch
MAX_AREA_RATIO = 1.8
INLIER_TOLERANCE = 0.22  # lattice units
MIN_BRIGHTNESS_SHARE = 0.5  # of the typical cube top's brightness
MIN_INK_SHARE = 0.25  # of the typical letter's contrast


@dataclass
class Lattice:
    """Cube tops on a lattice: ``homography`` maps (col, row) cell centres to image pixels."""

    homography: np.ndarray
    cells: dict[tuple[int, int], FaceBlob]

    @property
    def extent(self) -> tuple[int, int, int, int]:
        """(first col, first row, last col, last row) holding a cube top."""
        cols = [c for c, _ in self.cells]
        rows = [r for _, r in self.cells]
        return min(cols), min(rows), max(cols), max(rows)

    def to_image(self, points: np.ndarray) -> np.ndarray:
        """Map lattice coordinates (N, 2) to image pixels (N, 2)."""
        points = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(points, self.homography).reshape(-1, 2)

    def to_lattice(self, points: np.ndarray) -> np.ndarray:
        """Map image pixels (N, 2) to lattice coordinates (N, 2)."""
        points = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(points, np.linalg.inv(self.homography)).reshape(-1, 2)


def _axes(blob: FaceBlob) -> np.ndarray:
    """The blob's two side directions (2, 2): mean of opposite edges, as rows."""
    q = blob.quad
    first = ((q[1] - q[0]) + (q[2] - q[3])) / 2
    second = ((q[3] - q[0]) + (q[2] - q[1])) / 2
    return np.array([first, second], dtype=np.float64)


def _step(axes: np.ndarray, offset: np.ndarray) -> tuple[int, int] | None:
    """The unit lattice step that ``offset`` makes in the frame ``axes``, or None."""
    try:
        along = np.linalg.solve(axes.T, offset)
    except np.linalg.LinAlgError:
        return None
    major = int(np.argmax(np.abs(along)))
    size = abs(along[major])
    if not MIN_PITCH_RATIO <= size <= MAX_PITCH_RATIO or abs(along[1 - major]) > MAX_OFF_AXIS * size:
        return None
    sign = 1 if along[major] > 0 else -1
    return (sign, 0) if major == 0 else (0, sign)


def _aligned(axes: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """``axes`` swapped and signed to point the way ``reference`` does."""
    unit = axes / np.linalg.norm(axes, axis=1, keepdims=True)
    ref = reference / np.linalg.norm(reference, axis=1, keepdims=True)
    dots = unit @ ref.T
    if abs(dots[0, 0]) + abs(dots[1, 1]) < abs(dots[0, 1]) + abs(dots[1, 0]):
        axes = axes[::-1]
        dots = dots[::-1]
    signs = np.sign(np.diag(dots))
    signs[signs == 0] = 1
    return axes * signs[:, None]


def _walk(blobs: list[FaceBlob], start: int, neighbours: list[list[int]]) -> dict[int, tuple[int, int]]:
    coords = {start: (0, 0)}
    frames = {start: _axes(blobs[start])}
    queue = deque([start])
    while queue:
        index = queue.popleft()
        col, row = coords[index]
        for other in neighbours[index]:
            if other in coords:
                continue
            step = _step(frames[index], blobs[other].centre - blobs[index].centre)
            if step is None:
                continue
            coords[other] = (col + step[0], row + step[1])
            frames[other] = _aligned(_axes(blobs[other]), frames[index])
            queue.append(other)
    return coords


def _neighbour_lists(blobs: list[FaceBlob]) -> list[list[int]]:
    centres = np.array([b.centre for b in blobs])
    areas = np.array([b.area for b in blobs])
    sides = np.sqrt(areas)
    distances = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    ratio = areas[:, None] / areas[None]
    near = (distances < MAX_PITCH_RATIO * 1.1 * np.maximum(sides[:, None], sides[None])) & (distances > 0)
    similar = (ratio < MAX_AREA_RATIO) & (ratio > 1 / MAX_AREA_RATIO)
    return [list(np.flatnonzero(row)) for row in near & similar]


def _fit(coords: dict[int, tuple[int, int]], blobs: list[FaceBlob]) -> np.ndarray | None:
    if len(coords) < 4:
        return None
    source = np.array([coords[i] for i in coords], dtype=np.float64)
    target = np.array([blobs[i].centre for i in coords], dtype=np.float64)
    if np.linalg.matrix_rank(source - source.mean(axis=0)) < 2:
        return None
    pitch = float(np.median([blobs[i].side for i in coords]))
    matrix, _ = cv2.findHomography(source, target, cv2.RANSAC, max(1.0, 0.3 * pitch), maxIters=500)
    return matrix


def _collect(matrix: np.ndarray, blobs: list[FaceBlob]) -> dict[tuple[int, int], FaceBlob]:
    """Every blob that sits on a lattice node, one (the most square) per node."""
    inverse = np.linalg.inv(matrix)
    centres = np.array([b.centre for b in blobs], dtype=np.float64).reshape(-1, 1, 2)
    lattice = cv2.perspectiveTransform(centres, inverse).reshape(-1, 2)
    nodes = np.round(lattice)
    near = np.abs(lattice - nodes).max(axis=1) <= INLIER_TOLERANCE
    # The blob's size must match a cell's size there: area of the blob in lattice units.
    corners = np.array([b.quad for b in blobs], dtype=np.float64).reshape(-1, 1, 2)
    quads = cv2.perspectiveTransform(corners, inverse).reshape(-1, 4, 2).astype(np.float32)
    cells: dict[tuple[int, int], FaceBlob] = {}
    for index in np.flatnonzero(near):
        blob, node = blobs[index], nodes[index]
        area = abs(cv2.contourArea(quads[index]))
        if not 0.3 < area < 1.2:
            continue
        key = (int(node[0]), int(node[1]))
        if key not in cells or blob.quality > cells[key].quality:
            cells[key] = blob
    return _largest_cluster(_alike(cells))


def _alike(cells: dict[tuple[int, int], FaceBlob]) -> dict[tuple[int, int], FaceBlob]:
    """Drop blobs that do not look like the typical cube top: much darker, or with no letter."""
    if len(cells) < 4:
        return cells
    brightness = float(np.median([blob.brightness for blob in cells.values()]))
    ink = float(np.median([blob.ink for blob in cells.values()]))
    return {
        key: blob
        for key, blob in cells.items()
        if blob.brightness > MIN_BRIGHTNESS_SHARE * brightness and blob.ink > MIN_INK_SHARE * ink
    }


def _linked(first: tuple[int, int], second: tuple[int, int]) -> bool:
    return max(abs(first[0] - second[0]), abs(first[1] - second[1])) <= 2


def _largest_cluster(cells: dict[tuple[int, int], FaceBlob]) -> dict[tuple[int, int], FaceBlob]:
    """The nodes linked by steps of at most two cells (over one missing cube); a blob that happens
    to fall on a far node of the lattice is noise."""
    remaining = set(cells)
    best: set[tuple[int, int]] = set()
    while remaining:
        seed = remaining.pop()
        cluster, frontier = {seed}, [seed]
        while frontier:
            col, row = frontier.pop()
            near = {key for key in remaining if _linked(key, (col, row))}
            remaining -= near
            cluster |= near
            frontier.extend(near)
        if len(cluster) > len(best):
            best = cluster
    return {key: cells[key] for key in best}


def refit(cells: dict[tuple[int, int], FaceBlob]) -> np.ndarray | None:
    """Least-squares homography through the centres of lattice cells."""
    if len(cells) < 4:
        return None
    source = np.array(list(cells), dtype=np.float64)
    target = np.array([b.centre for b in cells.values()], dtype=np.float64)
    matrix, _ = cv2.findHomography(source, target, 0)
    return matrix


def fit_lattice(blobs: list[FaceBlob], *, max_starts: int = 6) -> Lattice | None:
    """The lattice holding the most candidate cube tops, or None when none holds four."""
    if len(blobs) < 4:
        return None
    neighbours = _neighbour_lists(blobs)
    order = sorted(range(len(blobs)), key=lambda i: (-len(neighbours[i]), -blobs[i].quality))
    best: Lattice | None = None
    tried: set[int] = set()
    for start in order:
        if len(tried) >= max_starts or len(neighbours[start]) < 2:
            break
        if start in tried:
            continue
        coords = _walk(blobs, start, neighbours)
        tried.update(coords)
        matrix = _fit(coords, blobs)
        if matrix is None:
            continue
        cells = _collect(matrix, blobs)
        for _ in range(2):
            refined = refit(cells)
            if refined is None:
                break
            matrix = refined
            cells = _collect(matrix, blobs)
        if len(cells) >= 4 and (best is None or len(cells) > len(best.cells)):
            best = Lattice(matrix, cells)
    return best
