"""Fit a square lattice (a board's grid lines, seen in perspective) to line segments.

The result is a homography from image pixels to lattice coordinates ``(u, v)`` in
which the grid lines are the lines ``u = k`` and ``v = k`` for whole numbers ``k``;
which whole numbers bound the board is decided elsewhere (:mod:`.premium`).

Steps:

1. For each direction family, find the vanishing point its segments meet at
   (RANSAC over pairs of segments, then least squares over the inliers).
2. Map both vanishing points to infinity: in that frame the grid lines of each
   family are parallel and evenly spaced, so their period and phase come from a
   Fourier sum over the segment positions (the longest period with near-top power).
3. Refine all eight homography parameters by least squares on the segments, each
   assigned to its nearest lattice line, in windows that grow outwards from the
   middle of the photo, so that a slightly wrong spacing cannot lock onto the wrong
   lines far from the middle.
4. Repeat steps 2-3 once with the vanishing points of the refined homography, and
   keep whichever fit explains more segment length.

Coordinates are normalised (centre 0, half the long side 1) for conditioning.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from boardsight.vision.scrabble.segments import Segments

VP_TOLERANCE = 0.012  # radians between a segment and the direction to its vanishing point
VP_TRIALS = 200
GROWTH = ((3, 0.25), (5, 0.2), (8, 0.2), (12, 0.15), (100, 0.12), (100, 0.12))  # (radius, tolerance) in cells
MIN_SEGMENTS = 12
FOURIER_BINS = 1024  # positions are binned this finely for the Fourier sums (a multiple of 32)
SINE_ROWS = 16  # points a block when the sines to many points are worked out


class LatticeNotFoundError(ValueError):
    """The segments show no grid."""


@dataclass(frozen=True)
class Lattice:
    """A fitted grid: ``to_lattice`` maps image pixels to lattice coordinates (u, v).

    ``support`` is the length (pixels) of segments lying on lattice lines;
    ``line_support`` maps ``(axis, k)`` (axis 0: the line ``u = k``, axis 1: ``v = k``)
    to the length on that line; ``inliers`` marks those segments among the ones fitted.
    """

    to_lattice: np.ndarray
    support: float
    line_support: dict[tuple[int, int], float]
    inliers: np.ndarray


def homogeneous(points: np.ndarray) -> np.ndarray:
    """Points (N, 2) as homogeneous (N, 3) rows ``x, y, 1``."""
    return np.concatenate([points, np.ones((len(points), 1), dtype=points.dtype)], axis=1)


def apply_homography(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Map points (N, 2) through a 3x3 homography."""
    return _through(matrix, homogeneous(np.asarray(points, dtype=np.float64).reshape(-1, 2)))


def _through(matrix: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Map homogeneous points (N, 3) through a 3x3 homography to (N, 2)."""
    mapped = rows @ matrix.T
    return mapped[:, :2] / mapped[:, 2:3]


def _end_rows(ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The segments' starts and stops as homogeneous rows, made once for many mappings."""
    return homogeneous(ends[:, :2]), homogeneous(ends[:, 2:])


def _segment_lines(ends: np.ndarray) -> np.ndarray:
    lines = np.cross(*_end_rows(ends))
    return lines / (np.linalg.norm(lines[:, :2], axis=1, keepdims=True) + 1e-300)


def angle_to_point(ends: np.ndarray, point: np.ndarray) -> np.ndarray:
    """Sine of the angle between each segment and the direction from its middle to ``point``.

    ``point`` is homogeneous, so a vanishing point at infinity works as well.
    """
    middle = (ends[:, :2] + ends[:, 2:]) / 2
    direction = ends[:, 2:] - ends[:, :2]
    towards = point[None, :2] - middle * point[2]
    cross = np.abs(direction[:, 0] * towards[:, 1] - direction[:, 1] * towards[:, 0])
    return cross / (np.linalg.norm(direction, axis=1) * np.linalg.norm(towards, axis=1) + 1e-12)


def sines_to_points(ends: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Sines (points, segments) of the angle between each unit segment direction ``d`` and
    the direction ``t`` from its middle ``m`` to each homogeneous point ``p``.

    ``d x t`` and ``|t|^2`` are written out in the point's coordinates, so no
    (points, segments, 2) array is made: ``d x t = p . (-d_y, d_x, d_y m_x - d_x m_y)`` and
    ``|t|^2 = |p_xy|^2 - 2 p_z (p_xy . m) + p_z^2 |m|^2``. Worked out a few points at a
    time in two reused buffers, each operation as in
    ``|px * -dy + py * dx + pz * (dy * mx - dx * my)|`` and
    ``px * px + py * py - 2 * pz * (px * mx + py * my) + pz * pz * (mx * mx + my * my)``,
    so the numbers are those of the plain expressions, made sooner (less memory traffic).
    """
    middle = (ends[:, :2] + ends[:, 2:]) / 2
    direction = ends[:, 2:] - ends[:, :2]
    direction /= np.linalg.norm(direction, axis=1, keepdims=True) + 1e-12
    dx, dy, mx, my = (np.ascontiguousarray(column) for column in (*direction.T, *middle.T))
    minus_dy, moment, middle_squared = -dy, dy * mx - dx * my, mx * mx + my * my
    px, py, pz = (points[:, k, None] for k in range(3))
    sines = np.empty((len(points), len(ends)))
    for first in range(0, len(points), SINE_ROWS):
        rows = slice(first, first + SINE_ROWS)
        x, y, z = px[rows], py[rows], pz[rows]
        cross = x * minus_dy
        other = np.multiply(y, dx)
        cross += other
        np.multiply(z, moment, out=other)
        cross += other
        np.abs(cross, out=cross)
        squared = np.multiply(x, mx)
        np.multiply(y, my, out=other)
        squared += other
        np.multiply(2 * z, squared, out=squared)
        np.subtract(x * x + y * y, squared, out=squared)
        np.multiply(z * z, middle_squared, out=other)
        squared += other
        np.maximum(squared, 0.0, out=squared)
        np.sqrt(squared, out=squared)
        squared += 1e-12
        np.divide(cross, squared, out=sines[rows])
    return sines


def vanishing_point(ends: np.ndarray, weights: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The homogeneous point (unit 3-vector) where most of the segments' length meets."""
    lines = _segment_lines(ends)
    pairs = rng.choice(len(ends), (VP_TRIALS, 2), p=weights / weights.sum())
    candidates = np.cross(lines[pairs[:, 0]], lines[pairs[:, 1]])
    norms = np.linalg.norm(candidates, axis=1)
    candidates = candidates[norms > 1e-9] / norms[norms > 1e-9, None]
    if len(candidates) == 0:
        raise LatticeNotFoundError("segments of one direction are all parallel copies")
    sines = sines_to_points(ends, candidates)
    scores = ((sines < VP_TOLERANCE) * weights[None, :]).sum(axis=1)
    point = candidates[int(np.argmax(scores))]
    for _ in range(3):
        inliers = angle_to_point(ends, point) < VP_TOLERANCE
        if inliers.sum() < 2:
            break
        _, _, vt = np.linalg.svd(lines[inliers] * np.sqrt(weights[inliers])[:, None], full_matrices=False)
        point = vt[-1]
    return point


def fourier_sums(counts: np.ndarray, start: float, width: float, periods: np.ndarray) -> np.ndarray:
    """``sum_k counts[k] exp(2 pi i x_k / p)`` for each period ``p``; ``x_k = start + (k + 1/2) width``.

    The bins are evenly spaced, so ``exp(2 pi i x_k / p)`` factors into a power of one
    step for the block of 32 bins that ``k`` falls in and one for its place inside the
    block: two small tables of exponentials and a matrix product instead of one
    exponential per bin and period. ``len(counts)`` must be a multiple of 32.
    """
    block = 32
    table = counts.reshape(-1, block)
    phase = 2j * np.pi / np.asarray(periods, dtype=np.float64)[:, None]
    inner = np.exp(phase * (np.arange(block) * width))
    outer = np.exp(phase * (start + (np.arange(len(table)) * block + 0.5) * width))
    # real products: small enough that BLAS runs them on one thread (a complex product of
    # this size is spread over threads, which costs more than it saves on busy cores)
    blocks = inner.real @ table.T + 1j * (inner.imag @ table.T)
    return (outer * blocks).sum(axis=1)


def period_and_phase(positions: np.ndarray, weights: np.ndarray) -> tuple[float, float]:
    """Spacing and offset of evenly spaced lines at ``positions`` (some missing, some extra).

    The Fourier power peaks at the lines' frequency and at its multiples (spacings of
    a half, a third ... as lines at whole spacings are also lines at half spacings);
    so the peak's spacing is multiplied by the largest factor up to 4 whose spacing
    still has near-peak power. Positions are binned finely first, which keeps the sums
    cheap (:func:`fourier_sums`).
    """
    low, high = np.percentile(positions, [3, 97])
    span = max(high - low, 1e-6)
    start, stop = positions.min(), positions.max()
    counts, edges = np.histogram(positions, bins=FOURIER_BINS, range=(start, stop + 1e-9), weights=weights)
    width = (edges[-1] - edges[0]) / FOURIER_BINS

    def sums(periods: np.ndarray) -> np.ndarray:
        return fourier_sums(counts, float(edges[0]), float(width), periods)

    def refine(period: float, width: float) -> tuple[float, complex]:
        fine = np.linspace(period * (1 - width), period * (1 + width), 41)
        values = sums(fine)
        best = int(np.argmax(np.abs(values)))
        return float(fine[best]), complex(values[best])

    periods = np.geomspace(span / 40, span / 7, 160)
    peak, value = refine(float(periods[int(np.argmax(np.abs(sums(periods))))]), 0.02)
    for factor in (4, 3, 2):
        multiple, multiple_value = refine(peak * factor, 0.01)
        if multiple <= span / 6 and abs(multiple_value) >= 0.8 * abs(value):
            peak, value = multiple, multiple_value
            break
    return peak, float(np.angle(value) / (2 * np.pi) * peak)


def _line_normal(ends: np.ndarray, weights: np.ndarray, index: np.ndarray, axis: np.ndarray) -> np.ndarray:
    """Normal matrix (9x9) of "both ends of each segment lie on lattice line ``axis`` = ``index``".

    A point p lies on ``u = k`` when ``G[0]·p - k G[2]·p = 0`` (``v`` alike): linear in
    the entries of G.
    """
    normal = np.zeros((9, 9))
    families = []  # per axis: its segments, minus their line numbers and their weights (both ends alike)
    for which in (0, 1):
        chosen = axis == which
        families.append((chosen, -index[chosen, None], weights[chosen, None]))
    for end in (ends[:, :2], ends[:, 2:]):
        point = homogeneous(end)
        for which, (chosen, minus_index, weight) in enumerate(families):
            on_axis = point[chosen]
            rows = np.zeros((len(on_axis), 9))
            rows[:, 3 * which : 3 * which + 3] = on_axis
            rows[:, 6:] = minus_index * on_axis
            normal += (rows * weight).T @ rows
    return normal


def _point_normal(points: np.ndarray, targets: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Normal matrix (9x9) of "G maps each image point to its lattice target"."""
    points = homogeneous(points)
    normal = np.zeros((9, 9))
    for which in (0, 1):
        rows = np.zeros((len(points), 9))
        rows[:, 3 * which : 3 * which + 3] = points
        rows[:, 6:] = -targets[:, which, None] * points
        normal += (rows * weights[:, None]).T @ rows
    return normal


def _solve(normal: np.ndarray) -> np.ndarray:
    _, vectors = np.linalg.eigh(normal)
    return vectors[:, 0].reshape(3, 3)


def _fit_homography(ends: np.ndarray, weights: np.ndarray, index: np.ndarray, axis: np.ndarray) -> np.ndarray:
    """Least-squares homography G with both ends of each segment on lattice line ``axis``=``index``."""
    return _solve(_line_normal(ends, weights, index, axis))


def _assign(
    matrix: np.ndarray,
    ends: np.ndarray,
    axis: np.ndarray,
    rows: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Nearest lattice line of each segment, the worse end's distance to it, and its middle.

    ``rows``: :func:`_end_rows` of ``ends``, when already made.
    """
    starts, stops = rows if rows is not None else _end_rows(ends)
    start, stop = _through(matrix, starts), _through(matrix, stops)
    each = np.arange(len(ends))
    a, b = start[each, axis], stop[each, axis]
    index = np.round((a + b) / 2)
    return index, np.maximum(np.abs(a - index), np.abs(b - index)), (start + stop) / 2


def _grow(ends: np.ndarray, weights: np.ndarray, axis: np.ndarray, first: np.ndarray):
    """Refine ``first`` (normalised image -> lattice) over windows growing from the middle."""
    matrix = first
    centre = apply_homography(matrix, np.zeros((1, 2)))[0]
    inliers = np.zeros(len(ends), dtype=bool)
    index = np.zeros(len(ends))
    rows = _end_rows(ends)
    for radius, tolerance in GROWTH:
        index, error, middle = _assign(matrix, ends, axis, rows)
        near = np.all(np.abs(middle - centre) < radius, axis=1)
        chosen = (error < tolerance) & near
        if chosen.sum() < MIN_SEGMENTS or len(np.unique(index[chosen & (axis == 0)])) < 2:
            break
        inliers = chosen
        matrix = _fit_homography(ends[chosen], weights[chosen], index[chosen], axis[chosen])
    index, error, _ = _assign(matrix, ends, axis, rows)
    inliers = error < GROWTH[-1][1]
    return matrix, index, inliers, float(weights[inliers].sum())


def _initial_homography(ends, weights, axis, along_u, along_v) -> np.ndarray:
    """Lattice homography from two vanishing points plus each family's period and phase."""
    frame = np.linalg.inv(np.c_[along_u, along_v, [0.0, 0.0, 1.0]])
    scale = np.eye(3)
    for coordinate in (0, 1):
        chosen = axis == coordinate
        start = apply_homography(frame, ends[chosen, :2])
        stop = apply_homography(frame, ends[chosen, 2:])
        positions = (start[:, coordinate] + stop[:, coordinate]) / 2
        finite = np.isfinite(positions)
        if finite.sum() < 3:
            raise LatticeNotFoundError("too few grid lines in one direction")
        period, phase = period_and_phase(positions[finite], weights[chosen][finite])
        scale[coordinate, coordinate] = 1 / period
        scale[coordinate, 2] = -phase / period
    return scale @ frame


def _fit_from_vanishing_points(ends, weights, axis, along_u, along_v):
    best = None
    for _ in range(2):
        try:
            first = _initial_homography(ends, weights, axis, along_u, along_v)
        except np.linalg.LinAlgError:
            break
        result = _grow(ends, weights, axis, first)
        if best is None or result[3] > best[3]:
            best = result
        inverse = np.linalg.inv(best[0])
        along_u, along_v = inverse[:, 0], inverse[:, 1]
    if best is None:
        raise LatticeNotFoundError("the grid's directions could not be separated")
    return best


def _normaliser(shape: tuple[int, ...]) -> np.ndarray:
    height, width = shape[:2]
    half = max(width, height) / 2
    return np.array([[1 / half, 0, -width / 2 / half], [0, 1 / half, -height / 2 / half], [0, 0, 1]])


def _usable(segments: Segments) -> Segments:
    used = segments.subset(segments.weight > 0)
    if len(used) < MIN_SEGMENTS or min(np.sum(used.family == k) for k in (0, 1)) < 3:
        raise LatticeNotFoundError("too few straight lines for a grid")
    return used


def _axes(used: Segments, to_lattice: np.ndarray | None) -> np.ndarray:
    """Lattice axis each segment's position is measured on (0: u, 1: v).

    Family 0 runs along u (its segments are lines v = k), unless a given lattice says
    otherwise.
    """
    if to_lattice is None:
        return np.where(used.family == 0, 1, 0)
    start = apply_homography(to_lattice, used.ends[:, :2])
    stop = apply_homography(to_lattice, used.ends[:, 2:])
    delta = np.abs(stop - start)
    return np.where(delta[:, 0] < delta[:, 1], 0, 1)


def fit_lattice(
    segments: Segments, shape: tuple[int, ...], *, initial: np.ndarray | None = None, seed: int = 0
) -> Lattice:
    """Fit the grid lattice to ``segments`` found in an image of ``shape`` (rows, cols, ...).

    Without ``initial`` the vanishing points come from the segments; with it (a rough
    image-to-lattice homography, from a board outline say) from that homography, whose
    scale and offset are ignored.
    Raises :class:`LatticeNotFoundError` when there are too few segments to fit.
    """
    normalise = _normaliser(shape)
    half = 1 / normalise[0, 0]
    used = _usable(segments)
    ends = np.c_[apply_homography(normalise, used.ends[:, :2]), apply_homography(normalise, used.ends[:, 2:])]
    weights = used.weight / half
    axis = _axes(used, initial)
    if initial is None:
        rng = np.random.default_rng(seed)
        along_u, along_v = (
            vanishing_point(ends[used.family == k], weights[used.family == k], rng) for k in (0, 1)
        )
    else:
        inverse = np.linalg.inv(initial @ np.linalg.inv(normalise))
        along_u, along_v = inverse[:, 0], inverse[:, 1]
    best = _fit_from_vanishing_points(ends, weights, axis, along_u, along_v)
    matrix, index, inliers, _ = best
    line_support: dict[tuple[int, int], float] = {}
    for k, a, length in zip(index[inliers], axis[inliers], used.weight[inliers], strict=True):
        key = (int(a), int(k))
        line_support[key] = line_support.get(key, 0.0) + float(length)
    on_lattice = np.zeros(len(segments), dtype=bool)
    on_lattice[np.nonzero(segments.weight > 0)[0][inliers]] = True
    return Lattice(matrix @ normalise, float(used.weight[inliers].sum()), line_support, on_lattice)


def refine_lattice(
    segments: Segments,
    shape: tuple[int, ...],
    to_lattice: np.ndarray,
    image_points: np.ndarray,
    lattice_points: np.ndarray,
    *,
    tolerance: float = GROWTH[-1][1],
) -> np.ndarray:
    """Refit ``to_lattice`` jointly to the segments near its lines and to point matches.

    ``image_points`` (N, 2) in pixels should map to ``lattice_points`` (N, 2); the
    points together weigh as much as all the segments on lattice lines, so that well
    measured landmarks (premium squares) can straighten a lattice fitted to faint lines
    while the lines still hold it where landmarks are few.
    """
    normalise = _normaliser(shape)
    half = 1 / normalise[0, 0]
    try:
        used = _usable(segments)
    except LatticeNotFoundError:
        used = segments.subset(np.zeros(len(segments), dtype=bool))
    ends = np.c_[apply_homography(normalise, used.ends[:, :2]), apply_homography(normalise, used.ends[:, 2:])]
    weights = used.weight / half
    axis = _axes(used, to_lattice)
    matrix = to_lattice @ np.linalg.inv(normalise)
    index, error, _ = _assign(matrix, ends, axis)
    chosen = error < tolerance
    normal = _line_normal(ends[chosen], weights[chosen], index[chosen], axis[chosen])
    if len(image_points):
        line_weight = float(weights[chosen].sum()) or 1.0
        point_weights = np.full(len(image_points), line_weight / len(image_points))
        normal += _point_normal(apply_homography(normalise, image_points), lattice_points, point_weights)
    refined = _solve(normal) @ normalise
    return refined / refined[2, 2]


def lattice_from_centres(
    centres: np.ndarray, shape: tuple[int, ...], along_u: np.ndarray, along_v: np.ndarray
) -> np.ndarray:
    """Image-to-lattice homography from points at cell centres and the grid's two vanishing points.

    ``along_u`` and ``along_v`` are homogeneous vanishing points in pixels. In the frame
    that sends them to infinity, the centres lie on an evenly spaced grid whose spacing
    and offset come from the same Fourier fit as for lines; the result puts grid lines
    at whole numbers, so centres at halves.
    """
    normalise = _normaliser(shape)
    points = apply_homography(normalise, centres)
    frame = np.linalg.inv(np.c_[normalise @ along_u, normalise @ along_v, [0.0, 0.0, 1.0]])
    in_frame = apply_homography(frame, points)
    if not np.all(np.isfinite(in_frame)):
        raise LatticeNotFoundError("a vanishing point lies among the squares")
    scale = np.eye(3)
    for coordinate in (0, 1):
        period, phase = period_and_phase(in_frame[:, coordinate], np.ones(len(in_frame)))
        scale[coordinate, coordinate] = 1 / period
        scale[coordinate, 2] = -phase / period + 0.5
    return scale @ frame @ normalise
