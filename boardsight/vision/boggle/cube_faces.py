"""Find candidate cube tops in a photo: bright, nearly square blobs of any size.

A Boggle cube's top face is the lightest, least coloured thing in its neighbourhood
(cream or white plastic or wood) with a dark letter inside, and the tray shows dark gaps
between the cubes. So the photo's "whiteness" (the darkest of the three colour channels,
high only where all channels are high) is cut at several levels, like the stable regions
of MSER, and every level's outer contours that look like a convex quadrilateral are kept.
Letters and underlines are holes and do not matter, because only outer contours count.
Shading and glare shift which level separates a cube from its neighbours and from its
side faces, so the levels are pooled and near-duplicates merged. A clear or white tray is
as light as the cubes; there only the shadowed gaps are darker, so a second pass cuts
masks of "brighter than the local mean" at a few window sizes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

LEVELS = 9
LOCAL_BLOCK_SHARES = (0.04, 0.08, 0.16)  # windows of the local-mean masks, as shares of the short side
LOCAL_OFFSET = -4  # a cube top is this much brighter than its surroundings' mean, at least
MIN_FACE_PX = 7  # smallest cube side, in pixels of the working image, worth trying
MAX_FACE_SHARE = 0.3  # largest cube side as a share of the image's short side
MIN_SOLIDITY = 0.75
MIN_QUAD_FILL = 0.84
MAX_QUAD_FILL = 1.12
MAX_SIDE_RATIO = 1.9
SEPARATING_SHARE = 0.015  # black-hat window of :func:`separated_whiteness`, share of the short side
SEPARATING_GAIN = 3.0


@dataclass(frozen=True)
class FaceBlob:
    """A quadrilateral candidate cube top: ``quad`` (4, 2) corners in order, ``centre`` (2,)."""

    quad: np.ndarray
    centre: np.ndarray
    area: float
    quality: float  # 0..1, how square and solid the blob is
    brightness: float = 255.0  # median whiteness of the face (the letter is a minority of it)
    ink: float = 255.0  # how much darker than the face its darkest tenth is (a letter's contrast)

    @property
    def side(self) -> float:
        return float(np.sqrt(self.area))


def whiteness(image: np.ndarray) -> np.ndarray:
    """The darkest channel of a BGR image, stretched to 0..255: high only on light, grey-ish areas."""
    if image.ndim == 3:
        blue, green, red = cv2.split(image)
        lowest = cv2.min(cv2.min(blue, green), red)  # far faster than numpy's min over the last axis
    else:
        lowest = image
    low, high = np.percentile(lowest[::4, ::4], (1, 99.5))
    scale = 255.0 / max(float(high - low), 1.0)
    return cv2.convertScaleAbs(lowest, alpha=scale, beta=-float(low) * scale)


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    """Four corners approximating a convex contour, or None when it is not quadrilateral."""
    perimeter = cv2.arcLength(contour, True)
    for share in (0.02, 0.035, 0.05, 0.07, 0.09):
        approx = cv2.approxPolyDP(contour, share * perimeter, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
        if len(approx) < 4:
            return None
    return None


NEXT = np.array([1, 2, 3, 0])  # each corner's or side's next one, clockwise
PREVIOUS = np.array([3, 0, 1, 2])


def _rough_quad(contour: np.ndarray) -> tuple[float, float, np.ndarray] | None:
    """(area, hull area, four rough corners) of a solid, roughly quadrilateral contour, or None."""
    area = cv2.contourArea(contour)
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or area / hull_area < MIN_SOLIDITY:
        return None
    rough = _quad_of(hull)
    if rough is None or abs(cv2.contourArea(rough)) < 0.6 * hull_area:  # a disc's inscribed square is 0.64
        return None
    return area, hull_area, rough


def _sharp_quads(contours: list[np.ndarray], quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Refine quads' corners (K, 4, 2) by fitting a line to the middle of each side (rounded corners
    ignored); returns the corners and whether each could be fitted (K,).

    Each side's line is the total-least-squares line through its contour's points along the
    middle three fifths of the side and near it. All sides of all contours are fitted at
    once: the points of every contour in one array, and the sums per contour and side of
    the chosen points' coordinates and products.
    """
    lengths = [len(contour) for contour in contours]
    owner = np.repeat(np.arange(len(contours)), lengths)  # each point's contour
    points = np.concatenate([contour.reshape(-1, 2) for contour in contours]).astype(np.float64)
    quads = quads.astype(np.float64)
    directions = quads[:, NEXT] - quads  # (K, 4, 2): side i runs from corner i to corner i + 1
    squared = (directions * directions).sum(axis=2)
    fitted = squared.min(axis=1) >= 1
    squared = np.where(squared > 0, squared, 1.0)
    # per point and side: where along the side it lies (0..1 between the corners) and how far off it
    offsets = points[:, None, :] - quads[owner]  # (M, 4, 2)
    steps, lengths_squared = directions[owner], squared[owner]
    dx, dy, sx, sy = offsets[:, :, 0], offsets[:, :, 1], steps[:, :, 0], steps[:, :, 1]
    along = (dx * sx + dy * sy) / lengths_squared
    across = np.abs(dx * sy - dy * sx) / lengths_squared
    point, side = np.nonzero((along > 0.2) & (along < 0.8) & (across < 0.12))  # the chosen (point, side)s
    x, y = points[point, 0], points[point, 1]
    key = owner[point] * 4 + side  # the chosen points' contour and side, in the order of the points
    sums = np.stack(
        [
            np.bincount(key, weights=term, minlength=4 * len(contours))
            for term in (np.ones_like(x), x, y, x * x, x * y, y * y)
        ],
        axis=1,
    ).reshape(len(contours), 4, 6)
    counts = sums[:, :, 0]
    fitted &= counts.min(axis=1) >= 2
    counts = np.maximum(counts, 1.0)
    centres = sums[:, :, 1:3] / counts[:, :, None]
    xx = sums[:, :, 3] - counts * centres[:, :, 0] ** 2
    xy = sums[:, :, 4] - counts * centres[:, :, 0] * centres[:, :, 1]
    yy = sums[:, :, 5] - counts * centres[:, :, 1] ** 2
    angles = 0.5 * np.arctan2(2 * xy, xx - yy)
    units = np.stack([np.cos(angles), np.sin(angles)], axis=2)  # (K, 4, 2): each side's direction
    # corner i is where side i - 1 meets side i
    p1, d1, d2 = centres[:, PREVIOUS], units[:, PREVIOUS], units
    det = d1[:, :, 1] * d2[:, :, 0] - d1[:, :, 0] * d2[:, :, 1]
    fitted &= np.abs(det).min(axis=1) >= 1e-6
    det = np.where(np.abs(det) >= 1e-6, det, 1.0)
    delta = centres - p1
    t = (delta[:, :, 1] * d2[:, :, 0] - delta[:, :, 0] * d2[:, :, 1]) / det
    return (p1 + t[:, :, None] * d1).astype(np.float32), fitted


def _blobs_from_contours(contours: list[np.ndarray]) -> list[FaceBlob | None]:
    """A candidate cube top for each contour that makes one (solid, convex, four sides of similar
    length meeting at angles of about 40 to 140 degrees), else None; the contours in one batch."""
    blobs: list[FaceBlob | None] = [None] * len(contours)
    rough = [
        (index, found)
        for index, contour in enumerate(contours)
        if (found := _rough_quad(contour)) is not None
    ]
    if not rough:
        return blobs
    kept = [index for index, _ in rough]
    quads, fitted = _sharp_quads(
        [contours[index] for index in kept], np.array([quad for _, (_, _, quad) in rough])
    )
    areas = np.array([found[:2] for _, found in rough])
    area, hull_area = areas[:, 0], areas[:, 1]
    corners, following = quads.astype(np.float64), quads[:, NEXT].astype(np.float64)
    cross = corners[:, :, 0] * following[:, :, 1] - following[:, :, 0] * corners[:, :, 1]
    quad_area = np.abs(cross.sum(axis=1)) / 2  # the shoelace formula
    fill = hull_area / np.maximum(quad_area, 1.0)
    edges = quads[:, NEXT] - quads
    sides = np.sqrt((edges * edges).sum(axis=2))
    with np.errstate(divide="ignore", invalid="ignore"):
        cosines = np.abs((edges * edges[:, PREVIOUS]).sum(axis=2)) / (sides * sides[:, PREVIOUS])
        good = (
            fitted
            & (fill >= MIN_QUAD_FILL)
            & (fill <= MAX_QUAD_FILL)
            & (sides.max(axis=1) <= MAX_SIDE_RATIO * sides.min(axis=1))
            & (cosines.max(axis=1) <= 0.75)  # no angle outside about 40..140 degrees
        )
    quality = np.minimum(area / hull_area, 1.0) * np.minimum(fill, 1.0) * (1 - 0.5 * cosines.mean(axis=1))
    centres = quads.mean(axis=1)
    for row in np.flatnonzero(good):
        blobs[kept[row]] = FaceBlob(
            quad=quads[row], centre=centres[row], area=float(quad_area[row]), quality=float(quality[row])
        )
    return blobs


def _whiteness_layers(
    white: np.ndarray, kernel: np.ndarray, levels: tuple[int, ...] | None = None
) -> list[np.ndarray]:
    """Masks of whiteness above a series of fixed levels (all :data:`LEVELS`, or those indexed by
    ``levels``), each opened with ``kernel``.

    An opening with a flat kernel commutes with a threshold, so the whiteness is opened
    once rather than each mask.
    """
    opened = cv2.morphologyEx(white, cv2.MORPH_OPEN, kernel)
    chosen = np.linspace(70, 230, LEVELS)[list(levels) if levels is not None else slice(None)]
    return [cv2.threshold(opened, level, 255, cv2.THRESH_BINARY)[1] for level in chosen]


def _local_layers(image: np.ndarray) -> list[np.ndarray]:
    """Masks of brightness above the local mean at a few window sizes (light trays, whose shadowed
    gaps are the only thing darker than the cubes)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    blurred = cv2.GaussianBlur(gray, (3, 3), 0)
    short_side = min(gray.shape[:2])
    layers = []
    for share in LOCAL_BLOCK_SHARES:
        block = max(3, int(short_side * share) | 1)
        method = cv2.ADAPTIVE_THRESH_MEAN_C
        layers.append(cv2.adaptiveThreshold(blurred, 255, method, cv2.THRESH_BINARY, block, LOCAL_OFFSET))
    return layers


def _plausible_components(binary: np.ndarray, min_area: float, max_area: float) -> np.ndarray:
    """The mask with only the components whose box could hold a cube top (vectorised, before any contour)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    width, height = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    box = width * height
    keep = (
        (box >= min_area)
        & (box <= 2 * max_area)
        & (np.maximum(width, height) <= 4 * np.minimum(width, height))
        & (stats[:, cv2.CC_STAT_AREA] >= 0.3 * box)
    )
    keep[0] = False  # the background
    return np.where(keep[labels], 255, 0).astype(np.uint8)


def separated_whiteness(white: np.ndarray, share: float = SEPARATING_SHARE) -> np.ndarray:
    """Whiteness with thin dark lines deepened: the shading where a cube's top meets its
    side, or meets a neighbour's side, cuts the two apart (a black-hat of ``share`` of the
    short side, subtracted three times over)."""
    side = max(3, int(share * min(white.shape[:2])) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    lines = cv2.morphologyEx(white, cv2.MORPH_BLACKHAT, kernel)
    return cv2.subtract(white, cv2.convertScaleAbs(lines, alpha=SEPARATING_GAIN))


def find_face_blobs(
    image: np.ndarray,
    *,
    local: bool = False,
    separate: float = 0.0,
    white: np.ndarray | None = None,
    levels: tuple[int, ...] | None = None,
) -> list[FaceBlob]:
    """Candidate cube tops in a BGR (H, W, 3) image, merged over several brightness levels.

    With ``local``, the masks are "brighter than the local mean" instead of whiteness
    levels: slower on textured tables, and needed only for light trays. With ``separate``
    (a share of the short side), the levels are cut from :func:`separated_whiteness`:
    for steep views where cube tops merge with the sides of their leaning neighbours.
    ``white``: the image's :func:`whiteness`, when already known; ``levels``: the indices of
    the whiteness levels to cut (all by default).
    """
    white = cv2.GaussianBlur(whiteness(image) if white is None else white, (3, 3), 0)
    if separate:
        white = separated_whiteness(white, separate)
    short_side = min(white.shape[:2])
    min_area = MIN_FACE_PX**2
    max_area = (MAX_FACE_SHARE * short_side) ** 2
    kernel = np.ones((3, 3), np.uint8)
    blobs: list[FaceBlob] = []
    boxes: list[tuple[int, int, int, int]] = []  # of accepted blobs, to skip their twins at other levels
    layers = _local_layers(image) if local else _whiteness_layers(white, kernel, levels)
    for binary in layers:
        if local:  # local-mean masks of a textured table hold thousands of specks
            binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, kernel)
            binary = _plausible_components(binary, min_area, max_area)
        # Two-level retrieval: cubes inside the dark hole of a bright background are outer
        # boundaries too, where RETR_EXTERNAL would miss them.
        contours, hierarchy = cv2.findContours(binary, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
        if hierarchy is None:
            continue
        outer = [contours[index] for index in np.flatnonzero(hierarchy[0][:, 3] == -1)]
        outer = [contour for contour in outer if len(contour) >= 4]
        if not outer:
            continue
        x, y, w, h = np.array([cv2.boundingRect(contour) for contour in outer]).T
        near_box = (w * h >= min_area) & (w * h <= 2 * max_area) & (np.maximum(w, h) <= 4 * np.minimum(w, h))
        corners = np.stack([x, y, x + w, y + h], axis=1)
        if boxes:  # a contour whose box is (nearly) that of a blob of an earlier level is its twin
            offsets = np.abs(np.array(boxes, dtype=np.float64)[None, :, :] - corners[:, None, :]).max(axis=2)
            near_box &= ~(offsets < 0.06 * np.maximum(w, h)[:, None] + 1).any(axis=1)
        chosen = np.flatnonzero(near_box)
        found = _blobs_from_contours([outer[index] for index in chosen])
        for index, blob in zip(chosen, found, strict=True):
            if blob is not None and min_area <= blob.area <= max_area:
                blobs.append(blob)
                boxes.append(tuple(int(value) for value in corners[index]))
    return [_with_appearance(blob, white) for blob in merge_duplicates(blobs)]


def _with_appearance(blob: FaceBlob, white: np.ndarray) -> FaceBlob:
    """The blob with the brightness and ink contrast of the middle of its face."""
    inner = blob.centre + 0.6 * (blob.quad - blob.centre)
    x0, y0 = np.floor(inner.min(axis=0)).astype(int)
    x1, y1 = np.ceil(inner.max(axis=0)).astype(int) + 1
    patch = white[max(y0, 0) : max(y1, 0), max(x0, 0) : max(x1, 0)]
    if patch.size < 4:
        return blob
    low, middle = _percentiles(patch, (10, 50))
    return replace(blob, brightness=middle, ink=middle - low)


def _percentiles(values: np.ndarray, shares: tuple[float, ...]) -> list[float]:
    """``np.percentile(values, shares)`` (linear interpolation, the same numbers to the bit),
    without its overhead, which outweighs the work on a small patch."""
    ordered = np.sort(values, axis=None).astype(np.float64)
    last = len(ordered) - 1
    result = []
    for share in shares:
        position = share / 100 * last
        low = int(np.floor(position))
        fraction = position - low
        below, above = float(ordered[low]), float(ordered[min(low + 1, last)])
        step = above - below
        result.append(below + step * fraction if fraction < 0.5 else above - step * (1 - fraction))
    return result


def merge_duplicates(blobs: list[FaceBlob]) -> list[FaceBlob]:
    """Keep the best of blobs found at several levels that share a centre and size."""
    if not blobs:
        return []
    blobs = sorted(blobs, key=lambda b: -b.quality)
    centres = np.array([b.centre for b in blobs])
    areas = np.array([b.area for b in blobs])
    sides = np.sqrt(areas)
    close = np.linalg.norm(centres[:, None] - centres[None], axis=2) < 0.3 * np.minimum(
        sides[:, None], sides[None]
    )
    ratio = areas[:, None] / areas[None]
    same = close & (ratio > 0.6) & (ratio < 1.67)
    kept: list[int] = []
    for index in range(len(blobs)):
        if not same[index, kept].any():
            kept.append(index)
    return [blobs[index] for index in kept]
