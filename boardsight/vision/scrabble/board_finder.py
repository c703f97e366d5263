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

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import cv2
import numpy as np

from boardsight.scrabble.layout import load_layout
from boardsight.threads import Aside
from boardsight.vision.geometry import order_corners
from boardsight.vision.reading import BoardNotFoundError
from boardsight.vision.scrabble.lattice import (
    Lattice,
    LatticeNotFoundError,
    apply_homography,
    fit_lattice,
    lattice_from_centres,
    refine_lattice,
)
from boardsight.vision.scrabble.premium import BOARD_CELLS, locate_block, premium_kinds
from boardsight.vision.scrabble.premium_fit import MIN_BLOBS, premium_matches
from boardsight.vision.scrabble.segments import Segments, detect_segments, grouped

WORK_SIDE = 800
MIN_SCORE = 0.03  # premium-pattern score below which a block is not taken for a board
SURE_SCORE = 0.15  # below it, crops of the photo are searched at a finer scale too
MIN_CELL_PX = 6  # in the working copy: smaller boards cannot be read anyway
LATTICE_ATTEMPTS = 2  # lattices fitted in turn, each to the segments the ones before left over
PREMIUM_ROUNDS = 3
MIN_COVERED_LINES = 15  # of 16 grid lines a direction, for a block whose premium pattern is faint
MIN_PREMIUM_MATCHES = 20  # premium squares that must agree with a lattice found from them alone
FINE_CELL_PX = 20  # boards with smaller cells in the working copy are looked at again, closer
CLEAR_LINES = 16  # of 16 grid lines a direction with segments on them: no search with raised contrast
CLEAR_SCORE = 0.1  # premium score from which a block with clear grid lines ends the search

STANDARD_LAYOUT = load_layout("standard").grid  # rows of premium symbols (scrabble/data/layouts)


@dataclass(frozen=True)
class BoardLocation:
    """Where the playing grid is in a photo.

    ``corners`` (4, 2): the grid's outer corners in pixels, clockwise from the one
    nearest the photo's top-left; ``to_board`` maps pixels to board coordinates in
    which those corners are (0, 0), (15, 0), (15, 15), (0, 15); ``score`` is the
    premium-pattern score; ``method`` says which method found it. ``settled`` is False
    for a first search (``thorough=False``) whose result the full search might still
    better; a settled location is what the full search returns.
    """

    corners: np.ndarray
    to_board: np.ndarray
    score: float
    method: str
    settled: bool = True


def board_homography(corners: np.ndarray, cells: int = BOARD_CELLS) -> np.ndarray:
    """Homography from pixels to board coordinates for grid corners in the order of :class:`BoardLocation`."""
    target = np.array([[0, 0], [cells, 0], [cells, cells], [0, cells]], dtype=np.float64)
    return cv2.getPerspectiveTransform(np.asarray(corners, dtype=np.float32), target.astype(np.float32))


def _block_corners(to_lattice: np.ndarray, u: int, v: int) -> np.ndarray:
    """Pixel corners (4, 2) of the block of board cells whose top-left lattice corner is (u, v)."""
    square = np.array(
        [[u, v], [u + BOARD_CELLS, v], [u + BOARD_CELLS, v + BOARD_CELLS], [u, v + BOARD_CELLS]],
        dtype=np.float64,
    )
    return apply_homography(np.linalg.inv(to_lattice), square)


def _plausible(lattice: Lattice, u: int, v: int) -> bool:
    """The block is big enough to read and lies in front of the camera (no corner at infinity)."""
    square = np.array(
        [[u, v], [u + BOARD_CELLS, v], [u + BOARD_CELLS, v + BOARD_CELLS], [u, v + BOARD_CELLS]]
    )
    depth = np.c_[square, np.ones(4)] @ np.linalg.inv(lattice.to_lattice).T
    if not (np.all(depth[:, 2] > 0) or np.all(depth[:, 2] < 0)):
        return False
    corners = depth[:, :2] / depth[:, 2:3]
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    return bool(sides.min() / BOARD_CELLS >= MIN_CELL_PX and np.all(np.isfinite(corners)))


class SearchMemo:
    """What the methods compute alike while one working image is searched, each done once.

    The image's board outlines (the outline and premium methods and the closer look all
    use them), the premium squares' blobs (the premium method's) and the
    lattice fitted from scratch to a set of segments (the lattice method's first fit,
    which the premium method takes its directions from).
    """

    def __init__(self, work: np.ndarray) -> None:
        self.work = work
        self._found: dict[Callable[[np.ndarray], Any], Aside[Any]] = {}  # by what finds it in ``work``
        self._fits: list[tuple[Segments, Aside[Lattice]]] = []

    def _aside(self, finder: Callable[[np.ndarray], Any], threads: int) -> Aside[Any]:
        """``finder`` of the working image, started (on ``threads``) the first time it is named."""
        if finder not in self._found:
            self._found[finder] = Aside(finder, self.work, threads=threads)
        return self._found[finder]

    def prefetch_outlines(self, threads: int) -> None:
        """Start finding the outlines on another thread when ``threads`` > 1; on one thread
        they are found when first asked for."""
        self._aside(outline_quads, threads)

    def prefetch_blobs(self, threads: int) -> None:
        """Start finding the premium blobs on another thread when ``threads`` > 1 (as the outlines)."""
        self._aside(premium_blobs, threads)

    def cancel_prefetch(self) -> None:
        """Drop the prefetches that have not started: found when asked for, if ever."""
        for aside in self._found.values():
            aside.cancel()

    def outlines(self, limit: int = 4) -> list[np.ndarray]:
        """:func:`outline_quads` of the working image (the first ``limit`` of at most 4)."""
        return self._aside(outline_quads, 1).result()[:limit]

    def blobs(self) -> np.ndarray:
        """:func:`premium_blobs` of the working image."""
        return self._aside(premium_blobs, 1).result()

    def lattice(self, segments: Segments) -> Lattice:
        """:func:`~.lattice.fit_lattice` of ``segments`` in the working image, raising as it does."""
        fit = next((fit for known, fit in self._fits if known is segments), None)
        if fit is None:
            fit = Aside(fit_lattice, segments, self.work.shape, threads=1)
            self._fits.append((segments, fit))
        return fit.result()


def find_by_lattice(
    work: np.ndarray, segments: Segments, kinds: np.ndarray, *, memo: SearchMemo | None = None
) -> tuple[Lattice, int, int, float]:
    """Lattice method on the working copy: the lattice, the block's top-left ``(u, v)`` and its score.

    A second lattice is fitted to the segments the first leaves over, since the
    strongest grid in a photo may be a chequered cloth or tiled floor under the board;
    not when the first already holds a block that is surely a board (on the 40 real
    board photos and 54 corner-labelled ones, such a second lattice never scored higher).
    """
    memo = memo or SearchMemo(work)
    best: tuple[Lattice, int, int, float] | None = None
    remaining = segments
    for attempt in range(LATTICE_ATTEMPTS):
        try:
            lattice = memo.lattice(remaining) if attempt == 0 else fit_lattice(remaining, work.shape)
        except (LatticeNotFoundError, np.linalg.LinAlgError):
            break
        u, v, score = locate_block(work, lattice, kinds)
        if score < 0 or not _plausible(lattice, u, v):
            score = -1.0
        if best is None or score > best[3]:
            best = (lattice, u, v, score)
        if best[3] >= SURE_SCORE:
            break
        remaining = grouped(remaining.ends[~lattice.inliers], work.shape)
    if best is None:
        raise LatticeNotFoundError("no grid lattice")
    return best


def premium_blobs(work: np.ndarray) -> np.ndarray:
    """Centres (N, 2) of reddish and bluish patches of one common size: likely premium squares."""
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2LAB).astype(np.int16)
    centres, areas = [], []
    for mask in (lab[:, :, 1] > 140, lab[:, :, 2] < 118):
        count, _, stats, found = cv2.connectedComponentsWithStats(mask.astype(np.uint8) * 255)
        for label in range(1, count):
            _, _, width, height, area = stats[label]
            if area >= 12 and 0.5 <= width / max(height, 1) <= 2.0 and area >= 0.4 * width * height:
                centres.append(found[label])
                areas.append(area)
    if len(areas) < MIN_BLOBS:
        return np.zeros((0, 2))
    areas_array = np.array(areas, dtype=np.float64)
    typical = np.median(areas_array)
    keep = (areas_array > 0.3 * typical) & (areas_array < 3.0 * typical)
    return np.array(centres)[keep]


def find_by_premiums(
    work: np.ndarray, segments: Segments, kinds: np.ndarray, *, memo: SearchMemo | None = None
) -> tuple[Lattice, int, int, float]:
    """Premium method: the grid's spacing from the premium squares' centres, its directions
    from the segments or the board's outline. For blurred boards whose grid lines are gone."""
    memo = memo or SearchMemo(work)
    centres = memo.blobs()
    if len(centres) < MIN_BLOBS:
        raise LatticeNotFoundError("too few premium squares")
    directions = []
    with contextlib.suppress(LatticeNotFoundError, np.linalg.LinAlgError):
        directions.append(np.linalg.inv(memo.lattice(segments).to_lattice))
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float32)
    for quad in memo.outlines():
        directions.append(cv2.getPerspectiveTransform(square, quad.astype(np.float32)).astype(np.float64))
    best: tuple[Lattice, int, int, float] | None = None
    for to_image in directions:
        try:
            to_lattice = lattice_from_centres(centres, work.shape, to_image[:, 0], to_image[:, 1])
        except (LatticeNotFoundError, np.linalg.LinAlgError):
            continue
        inside = apply_homography(to_lattice, centres)
        lines = {(axis, int(k)) for axis in (0, 1) for k in np.floor(inside[:, axis])}
        lattice = Lattice(to_lattice, 0.0, dict.fromkeys(lines, 1.0), np.zeros(len(segments), bool))
        u, v, score = locate_block(work, lattice, kinds)
        if score < 0 or not _plausible(lattice, u, v) or (best is not None and score <= best[3]):
            continue
        shift = np.array([[1.0, 0, -u], [0, 1, -v], [0, 0, 1]])
        if len(premium_matches(work, shift @ to_lattice, kinds)[0]) >= MIN_PREMIUM_MATCHES:
            best = (lattice, u, v, score)
    if best is None:
        raise LatticeNotFoundError("no lattice through the premium squares")
    return best


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
    work: np.ndarray, segments: Segments, kinds: np.ndarray, *, memo: SearchMemo | None = None
) -> tuple[Lattice, int, int, float]:
    """Outline method on the working copy (same return as :func:`find_by_lattice`)."""
    best: tuple[Lattice, int, int, float] | None = None
    for quad in (memo or SearchMemo(work)).outlines():
        square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float32)
        initial = cv2.getPerspectiveTransform(quad.astype(np.float32), square)
        try:
            lattice = fit_lattice(segments, work.shape, initial=initial)
        except (LatticeNotFoundError, np.linalg.LinAlgError):
            continue
        u, v, score = locate_block(work, lattice, kinds)
        if score >= 0 and _plausible(lattice, u, v) and (best is None or score > best[3]):
            best = (lattice, u, v, score)
    if best is None:
        raise LatticeNotFoundError("no board outline")
    return best


class _Block(NamedTuple):
    """A block a method found in the working image, before it is refined on its premium squares."""

    method: str
    segments: Segments  # the segments it was found with
    lattice: Lattice
    u: int  # its top-left lattice corner
    v: int
    score: float


@dataclass(frozen=True)
class _Candidate:
    corners: np.ndarray  # in the searched image's pixels
    score: float
    method: str

    @property
    def cell_px(self) -> float:
        sides = np.linalg.norm(self.corners - np.roll(self.corners, -1, axis=0), axis=1)
        return float(sides.min() / BOARD_CELLS)


def refine_on_premiums(
    work: np.ndarray,
    segments: Segments,
    kinds: np.ndarray,
    to_lattice: np.ndarray,
    u: int,
    v: int,
    *,
    with_lines: bool = True,
) -> np.ndarray:
    """Refit the lattice to the premium squares of the block at (u, v), and to its grid lines.

    ``with_lines=False`` fits the premium squares alone, for lattices the lines did not give.
    """
    shift = np.array([[1.0, 0, -u], [0, 1, -v], [0, 0, 1]])
    for _ in range(PREMIUM_ROUNDS):
        image_points, board_points = premium_matches(work, shift @ to_lattice, kinds)
        if not len(image_points):
            break
        targets = board_points + np.array([u, v])
        if with_lines:
            to_lattice = refine_lattice(segments, work.shape, to_lattice, image_points, targets)
        else:
            fitted, _ = cv2.findHomography(image_points.astype(np.float32), targets.astype(np.float32))
            if fitted is None:
                break
            to_lattice = fitted
    return to_lattice


def _search(
    work: np.ndarray,
    kinds: np.ndarray,
    *,
    thorough: bool = True,
    memo: SearchMemo | None = None,
    threads: int = 1,
) -> tuple[_Candidate | None, Segments]:
    """The methods in turn on one working image: the first sure result, else the best, else None.

    When the lattice and outline methods leave doubt, the search is repeated on segments
    found with raised local contrast, and with the premium method too (unless not
    ``thorough``). A block found with segments on every one of its grid lines ends the
    search as a sure score does (:func:`_lines_clear`).
    ``memo`` holds what the methods share on ``work``. Only the block finally chosen is
    refined on its premium squares (the scores that choose it are the methods' own).
    With ``threads`` > 1 the raised-contrast segments, the outlines and the premium blobs are
    found on another thread while the first pass is scored, whether or not the search will
    need them (:class:`~boardsight.threads.Aside`).
    """
    memo = memo or SearchMemo(work)
    best: _Block | None = None
    plain: Segments | None = None
    memo.prefetch_outlines(threads)  # first: the first pass's outline method uses them
    raised = Aside(detect_segments, work, enhance=True, threads=threads if thorough else 1)
    if thorough:
        memo.prefetch_blobs(threads)  # last: only the second pass's premium method uses them
    for enhance in (False, True) if thorough else (False,):
        segments = raised.result() if enhance else detect_segments(work)
        plain = plain or segments
        methods = [("lattice", find_by_lattice), ("outline", find_by_outline)]
        if enhance:
            methods.append(("premium", find_by_premiums))
        done = False
        for method, finder in methods:
            try:
                lattice, u, v, score = finder(work, segments, kinds, memo=memo)
            except (LatticeNotFoundError, np.linalg.LinAlgError):
                continue
            if score >= 0 and (best is None or score > best.score):
                best = _Block(method, segments, lattice, u, v, score)
                done = best.score >= SURE_SCORE or _lines_clear(best)
                if done:
                    break
        if done:
            break
    assert plain is not None
    raised.cancel()
    memo.cancel_prefetch()
    if best is None:
        return None, plain
    to_lattice = refine_on_premiums(
        work,
        best.segments,
        kinds,
        best.lattice.to_lattice,
        best.u,
        best.v,
        with_lines=best.method != "premium",
    )
    return _Candidate(_block_corners(to_lattice, best.u, best.v), best.score, best.method), plain


def _lines_clear(block: _Block) -> bool:
    """The block scores at least ``CLEAR_SCORE`` and all its grid lines are in its ``segments``.

    Then the other methods, and raised contrast (which brings out faint, blurred grid
    lines), find the same board again, scored a little differently by the clutter they
    see, at the price of more lattice fits and a second segment search: on the 40 real
    boards their blocks lay a few pixels apart and scored up to 0.04 higher, but no
    closer to the labelled corners (0.645% of the diagonal on average with them, 0.636%
    without). Below ``CLEAR_SCORE`` the search goes on: stopping there too changed
    letters on boards of the source a model never saw.
    """
    if block.score < CLEAR_SCORE:
        return False
    corners = order_corners(_block_corners(block.lattice.to_lattice, block.u, block.v))
    return line_coverage(block.segments, board_homography(corners)) >= CLEAR_LINES


def premium_colour_box(work: np.ndarray) -> np.ndarray | None:
    """Box ``(x0, y0, x1, y1)`` around the place where reddish and bluish patches mix most densely.

    Premium squares are red, pink and blue on every board, close together; little else
    in a room is. Returns None when the photo has no such mix.
    """
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2LAB)
    reddish = (lab[:, :, 1] > 150).astype(np.float32)
    bluish = (lab[:, :, 2] < 112).astype(np.float32)
    size = max(work.shape[:2]) // 12 * 2 + 1
    density = np.sqrt(cv2.blur(reddish, (size, size)) * cv2.blur(bluish, (size, size)))
    if density.max() < 0.02:
        return None
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        (density > 0.3 * density.max()).astype(np.uint8)
    )
    best = max(range(1, count), key=lambda label: float(density[labels == label].sum()))
    x, y, width, height, _ = stats[best]
    return np.array([x, y, x + width, y + height], dtype=np.float64)


def _regions(
    work: np.ndarray, found: _Candidate | None, segments: Segments, memo: SearchMemo | None = None
) -> list[np.ndarray]:
    """Boxes ``(x0, y0, x1, y1)`` of the working image worth a closer look, most likely first.

    The block found so far, where premium colours mix, the largest outlines, and the
    area where segments of both directions cross, each widened by a margin.
    """
    boxes = []
    if found is not None:
        boxes.append(np.r_[found.corners.min(axis=0), found.corners.max(axis=0)])
    colour = premium_colour_box(work)
    if colour is not None:
        boxes.append(colour)
    for quad in (memo or SearchMemo(work)).outlines(limit=2):
        boxes.append(np.r_[quad.min(axis=0), quad.max(axis=0)])
    crossing = segments.ends[segments.weight > 0]
    if len(crossing) >= 8:
        points = np.r_[crossing[:, :2], crossing[:, 2:]]
        boxes.append(np.r_[np.percentile(points, 2, axis=0), np.percentile(points, 98, axis=0)])
    height, width = work.shape[:2]
    widened = []
    for box in boxes:
        margin = 0.12 * max(box[2] - box[0], box[3] - box[1])
        box = np.clip(box + np.array([-margin, -margin, margin, margin]), 0, [width, height, width, height])
        small = (box[2] - box[0]) * (box[3] - box[1]) < 0.6 * width * height and min(box[2:] - box[:2]) > 20
        new = not any(np.abs(box - other).max() < 0.05 * max(width, height) for other in widened)
        if small and new:
            widened.append(box)
    return widened[:4]


def find_board(
    image: np.ndarray, *, layout: Sequence[str] = STANDARD_LAYOUT, thorough: bool = True, threads: int = 1
) -> BoardLocation:
    """Locate the playing grid of a board in ``image`` (BGR uint8, any size).

    A board found small in the working copy, or not at all, is looked for again in
    crops of the photo at a finer scale. Raises :class:`BoardNotFoundError` when no
    block of squares coloured like a Scrabble board turns up. Not ``thorough``: only
    the first, plain search of the working copy (no raised contrast, no closer look),
    which finds most boards in a fraction of the time that a photo without one takes
    to be refused. ``threads``: how many threads the search may use (the same result).
    """
    if image.ndim != 3 or image.shape[2] != 3:
        raise BoardNotFoundError("expected a colour photo")
    kinds = premium_kinds(layout)
    scale = min(1.0, WORK_SIDE / max(image.shape[:2]))
    work = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    memo = SearchMemo(work)
    found, segments = _search(work, kinds, thorough=thorough, memo=memo, threads=threads)
    best = None if found is None else replace(found, corners=(found.corners + 0.5) / scale - 0.5)
    doubtful = found is None or found.score < SURE_SCORE or found.cell_px < FINE_CELL_PX
    closer_look = doubtful and scale < 1  # the thorough search looks again in crops of the photo
    settled = thorough or (found is not None and found.score >= SURE_SCORE and not closer_look)
    if closer_look and thorough:
        for box in _regions(work, found, segments, memo):
            left, top = np.floor((box[:2] + 0.5) / scale - 0.5).astype(int)
            right, bottom = np.ceil((box[2:] + 0.5) / scale - 0.5).astype(int)
            crop = image[max(top, 0) : bottom, max(left, 0) : right]
            crop_scale = min(1.0, WORK_SIDE / max(crop.shape[:2]))
            if crop_scale < 1:
                crop = cv2.resize(crop, None, fx=crop_scale, fy=crop_scale, interpolation=cv2.INTER_AREA)
            closer, _ = _search(crop, kinds, threads=threads)
            if closer is not None and (best is None or closer.score > best.score):
                corners = (closer.corners + 0.5) / crop_scale - 0.5 + [max(left, 0), max(top, 0)]
                best = replace(closer, corners=corners)
            if best is not None and best.score >= SURE_SCORE:
                break
    if best is None or best.score < MIN_SCORE:
        raise BoardNotFoundError("no Scrabble board found in the photo")
    ordered = order_corners(best.corners).astype(np.float64)
    if best.score < SURE_SCORE:
        in_work = (ordered + 0.5) * scale - 0.5
        if line_coverage(segments, board_homography(in_work)) < MIN_COVERED_LINES:
            raise BoardNotFoundError("no Scrabble board found in the photo")
    return BoardLocation(ordered, board_homography(ordered), float(best.score), best.method, settled)


def line_coverage(segments: Segments, to_board: np.ndarray, tolerance: float = 0.15) -> int:
    """How many of the block's 16 grid lines have a segment on them, in the direction with fewer.

    A faint premium pattern is a board only when grid lines run through the whole block;
    a Boggle tray, a tiled floor or a keyboard fills a few of them at most.
    """
    start = apply_homography(to_board, segments.ends[:, :2])
    stop = apply_homography(to_board, segments.ends[:, 2:])
    inside = np.all((start > -tolerance) & (start < BOARD_CELLS + tolerance), axis=1) & np.all(
        (stop > -tolerance) & (stop < BOARD_CELLS + tolerance), axis=1
    )
    delta = np.abs(stop - start)
    counts = []
    for axis in (0, 1):
        middle = (start[:, axis] + stop[:, axis]) / 2
        line = np.round(middle)
        on_line = (
            inside
            & (delta[:, axis] < tolerance * np.maximum(delta[:, 1 - axis], 1e-9))
            & (np.abs(middle - line) < tolerance)
        )
        counts.append(len(np.unique(line[on_line])))
    return min(counts)
