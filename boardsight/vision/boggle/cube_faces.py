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


def _line_through(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Total-least-squares line (point, unit direction) through points (N, 2)."""
    centre = points.mean(axis=0)
    spread = points - centre
    xx, xy, yy = (spread[:, 0] ** 2).sum(), (spread[:, 0] * spread[:, 1]).sum(), (spread[:, 1] ** 2).sum()
    angle = 0.5 * np.arctan2(2 * xy, xx - yy)
    return centre, np.array([np.cos(angle), np.sin(angle)])


def _sharp_quad(points: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """Refine a quad's corners by fitting a line to the middle of each side (rounded corners ignored)."""
    lines = []
    for index in range(4):
        start, end = quad[index], quad[(index + 1) % 4]
        direction = end - start
        length = float(np.hypot(direction[0], direction[1]))
        if length < 1:
            return None
        offset = points - start
        along = (offset @ direction) / (length * length)
        across = np.abs(offset[:, 0] * direction[1] - offset[:, 1] * direction[0]) / length
        chosen = points[(along > 0.2) & (along < 0.8) & (across < 0.12 * length)]
        if len(chosen) < 2:
            return None
        lines.append(_line_through(chosen))
    corners = np.empty((4, 2), dtype=np.float32)
    for index in range(4):
        (p1, d1), (p2, d2) = lines[index - 1], lines[index]
        det = d1[1] * d2[0] - d1[0] * d2[1]
        if abs(det) < 1e-6:
            return None
        delta = p2 - p1
        t = (delta[1] * d2[0] - delta[0] * d2[1]) / det
        corners[index] = p1 + t * d1
    return corners


def _blob_from_contour(contour: np.ndarray) -> FaceBlob | None:
    area = cv2.contourArea(contour)
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or area / hull_area < MIN_SOLIDITY:
        return None
    rough = _quad_of(hull)
    if rough is None or abs(cv2.contourArea(rough)) < 0.6 * hull_area:  # a disc's inscribed square is 0.64
        return None
    quad = _sharp_quad(contour.reshape(-1, 2).astype(np.float32), rough)
    if quad is None:
        return None
    quad_area = abs(cv2.contourArea(quad))
    fill = hull_area / max(quad_area, 1.0)
    if not MIN_QUAD_FILL <= fill <= MAX_QUAD_FILL:
        return None
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    if sides.max() > MAX_SIDE_RATIO * sides.min():
        return None
    edges = np.roll(quad, -1, axis=0) - quad
    cosines = np.abs(np.sum(edges * np.roll(edges, 1, axis=0), axis=1)) / (sides * np.roll(sides, 1))
    if cosines.max() > 0.75:  # an angle outside about 40..140 degrees
        return None
    quality = float(min(area / hull_area, 1.0) * min(fill, 1.0) * (1 - 0.5 * cosines.mean()))
    return FaceBlob(quad=quad, centre=quad.mean(axis=0), area=quad_area, quality=quality)


def _whiteness_layers(white: np.ndarray) -> list[np.ndarray]:
    """Masks of whiteness above a series of fixed levels."""
    return [cv2.threshold(white, level, 255, cv2.THRESH_BINARY)[1] for level in np.linspace(70, 230, LEVELS)]


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


def find_face_blobs(image: np.ndarray, *, local: bool = False, separate: float = 0.0) -> list[FaceBlob]:
    """Candidate cube tops in a BGR (H, W, 3) image, merged over several brightness levels.

    With ``local``, the masks are "brighter than the local mean" instead of whiteness
    levels: slower on textured tables, and needed only for light trays. With ``separate``
    (a share of the short side), the levels are cut from :func:`separated_whiteness`:
    for steep views where cube tops merge with the sides of their leaning neighbours.
    """
    white = cv2.GaussianBlur(whiteness(image), (3, 3), 0)
    if separate:
        white = separated_whiteness(white, separate)
    short_side = min(white.shape[:2])
    min_area = MIN_FACE_PX**2
    max_area = (MAX_FACE_SHARE * short_side) ** 2
    kernel = np.ones((3, 3), np.uint8)
    blobs: list[FaceBlob] = []
    boxes: list[tuple[int, int, int, int]] = []  # of accepted blobs, to skip their twins at other levels
    for binary in _local_layers(image) if local else _whiteness_layers(white):
        binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, kernel)
        if local:  # local-mean masks of a textured table hold thousands of specks
            binary = _plausible_components(binary, min_area, max_area)
        # Two-level retrieval: cubes inside the dark hole of a bright background are outer
        # boundaries too, where RETR_EXTERNAL would miss them.
        contours, hierarchy = cv2.findContours(binary, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
        if hierarchy is None:
            continue
        known = np.array(boxes, dtype=np.float64).reshape(-1, 4)
        for contour, links in zip(contours, hierarchy[0], strict=True):
            if links[3] != -1 or len(contour) < 4:
                continue
            x, y, w, h = cv2.boundingRect(contour)
            if w * h < min_area or w * h > 2 * max_area or max(w, h) > 4 * min(w, h):
                continue
            if len(known) and (np.abs(known - (x, y, x + w, y + h)).max(axis=1) < 0.06 * max(w, h) + 1).any():
                continue
            blob = _blob_from_contour(contour)
            if blob is not None and min_area <= blob.area <= max_area:
                blobs.append(blob)
                boxes.append((x, y, x + w, y + h))
    return [_with_appearance(blob, white) for blob in merge_duplicates(blobs)]


def _with_appearance(blob: FaceBlob, white: np.ndarray) -> FaceBlob:
    """The blob with the brightness and ink contrast of the middle of its face."""
    inner = blob.centre + 0.6 * (blob.quad - blob.centre)
    x0, y0 = np.floor(inner.min(axis=0)).astype(int)
    x1, y1 = np.ceil(inner.max(axis=0)).astype(int) + 1
    patch = white[max(y0, 0) : max(y1, 0), max(x0, 0) : max(x1, 0)]
    if patch.size < 4:
        return blob
    low, middle = np.percentile(patch, (10, 50))
    return replace(blob, brightness=float(middle), ink=float(middle - low))


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
