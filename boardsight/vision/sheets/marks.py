"""Marks on a written word: struck through (cancelled) or circled (challenged).

Both are found in the ink around the word, cut out upright from the photo with a margin:

- *struck through*: after an opening with a line longer than any letter's own bar (level
  or at a slight slope), ink remains in a run across most of the word's width in its
  middle half, and crosses paper between letters (columns with no other ink; bold letters
  whose bars join leave none); a ruled line, which runs on past the margin to the crop's
  edge, does not count;
- *circled*: the ink (slightly thickened, to close a loop drawn in one stroke) encloses
  the word: most of the paper between the letters cannot be reached from the crop's edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

MARGIN = 0.9
"""Margin of the crop around a word, as a share of the word's height."""
STRIKE_SPAN = 0.6
STRIKE_SLOPES = (-6.0, -3.0, 0.0, 3.0, 6.0)
"""Slopes (degrees) at which a strike is looked for: it is drawn by hand, rarely quite level."""
ENCLOSED_SHARE = 0.6


@dataclass(frozen=True)
class Marks:
    cancelled: bool
    circled: bool


def ink_mask(crop_bgr: np.ndarray) -> np.ndarray:
    """Ink (uint8 0/255): pixels clearly darker or more coloured than the paper around them."""
    gray = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    size = max(15, (min(gray.shape) // 2) | 1)
    paper = cv2.dilate(gray, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    paper = cv2.blur(paper, (size, size))
    darker = (paper - gray) > np.maximum(40.0, 0.25 * paper)
    hsv = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2HSV)
    coloured = (hsv[:, :, 1] > 90) & (hsv[:, :, 2] > 60)
    return ((darker | coloured).astype(np.uint8)) * 255


def word_crop(image_bgr: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """The word's quad with a margin, warped upright, and the word's own box in that crop."""
    quad = np.asarray(quad, np.float64)
    along = quad[1] - quad[0]
    across = quad[3] - quad[0]
    width = float(np.linalg.norm(along))
    height = float(np.linalg.norm(across))
    unit_x = along / max(width, 1e-6)
    unit_y = across / max(height, 1e-6)
    margin = MARGIN * height
    out_w = round(width + 2 * margin)
    out_h = round(height + 2 * margin)
    origin = quad[0] - margin * unit_x - margin * unit_y
    source = np.array(
        [origin, origin + out_w * unit_x, origin + out_w * unit_x + out_h * unit_y, origin + out_h * unit_y],
        np.float32,
    )
    target = np.array([[0, 0], [out_w, 0], [out_w, out_h], [0, out_h]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, target)
    crop = cv2.warpPerspective(image_bgr, matrix, (out_w, out_h), borderMode=cv2.BORDER_REPLICATE)
    inner = (int(margin), int(margin), int(margin + width), int(margin + height))
    return crop, inner


def _line_kernel(length: int, degrees: float) -> np.ndarray:
    """A one-pixel line of ``length`` at ``degrees`` from the horizontal, as a structuring element."""
    rise = round(math.tan(math.radians(degrees)) * (length - 1))
    kernel = np.zeros((abs(rise) + 1, length), np.uint8)
    start = (0, abs(rise)) if rise > 0 else (0, 0)
    end = (length - 1, 0) if rise > 0 else (length - 1, abs(rise))
    cv2.line(kernel, start, end, 1, 1)
    return kernel


def is_struck(mask: np.ndarray, inner: tuple[int, int, int, int]) -> bool:
    """Whether a long stroke runs through the middle of the word (see the module docstring)."""
    x0, y0, x1, y1 = inner
    height = y1 - y0
    length = max(3, round(max(1.1 * height, 0.3 * (x1 - x0))))
    crop_w = mask.shape[1]
    for degrees in STRIKE_SLOPES:
        bars = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _line_kernel(length, degrees))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(bars)
        for label in range(1, count):
            left, top, w, h, _area = stats[label]
            if left <= 1 or left + w >= crop_w - 1:
                continue  # a ruled line: it runs on past the margin
            middle = top + h / 2
            spans = min(left + w, x1) - max(left, x0)
            in_band = y0 + 0.25 * height <= middle <= y1 - 0.25 * height
            if spans >= STRIKE_SPAN * (x1 - x0) and in_band and _bridges_gaps(mask, labels == label, inner):
                return True
    return False


def _bridges_gaps(mask: np.ndarray, bar: np.ndarray, inner: tuple[int, int, int, int]) -> bool:
    """Whether the bar crosses the paper between letters: columns of the word with no ink off
    the bar. Close letters whose bars join (E, N, I of a bold print) leave no such column."""
    x0, y0, x1, y1 = inner
    rows = np.flatnonzero(bar.any(axis=1))
    margin = max(2, (y1 - y0) // 10)
    off_bar = mask[y0:y1].copy()
    off_bar[max(0, rows[0] - margin - y0) : max(0, rows[-1] + margin + 1 - y0)] = 0
    columns = np.flatnonzero(bar[:, x0:x1].any(axis=0)) + x0
    gaps = [column for column in columns if not off_bar[:, column].any()]
    return len(gaps) >= 2


def is_circled(mask: np.ndarray, inner: tuple[int, int, int, int]) -> bool:
    """Whether the ink encloses the word (see the module docstring)."""
    x0, y0, x1, y1 = inner
    height = max(1, y1 - y0)
    closed = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    free = (closed == 0).astype(np.uint8)
    flood = free.copy()
    h, w = flood.shape
    fill_mask = np.zeros((h + 2, w + 2), np.uint8)
    for x in range(0, w, 3):
        for y in (0, h - 1):
            if flood[y, x] == 1:
                cv2.floodFill(flood, fill_mask, (x, y), 2)
    for y in range(0, h, 3):
        for x in (0, w - 1):
            if flood[y, x] == 1:
                cv2.floodFill(flood, fill_mask, (x, y), 2)
    band = flood[y0 + height // 4 : y1 - height // 4, x0:x1]
    paper = band > 0
    if paper.sum() < 10:
        return False
    enclosed = (band == 1) & paper
    return float(enclosed.sum()) / float(paper.sum()) >= ENCLOSED_SHARE


def find_marks(image_bgr: np.ndarray, quad: np.ndarray) -> Marks:
    """The marks on the word at ``quad`` (4, 2: TL, TR, BR, BL) in ``image_bgr``."""
    crop, inner = word_crop(image_bgr, quad)
    if crop.size == 0:
        return Marks(False, False)
    mask = ink_mask(crop)
    return Marks(cancelled=is_struck(mask, inner), circled=is_circled(mask, inner))
