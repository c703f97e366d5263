"""Ink on a crop of paper: where it is, and which of it is in a second pen.

Ink is what is clearly darker than the paper round it, or clearly coloured against it.
A word is written in one pen; a mark drawn over it (a strike, a circle) is often in
another. Every shade of a pen lies between the paper and the pen's colour (anti-aliased edges and
blur mix the two), so the *direction* of a pixel's colour from the paper's, in CIELAB,
names its pen however faint it is. The ink's directions are parted into two clusters;
when they are far apart there are two pens, and the word's is the one that fills more
rows of the middle of the word's box (a strike fills a few, a circle passes round it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

DARKER = 40.0
"""Grey levels darker than the paper (at least; a quarter of the paper's level when that is more)."""
COLOURED = 15.0
"""Chroma (a*, b* distance from the paper's, CIELAB units) that makes a pixel ink on its own."""
PEN_ANGLE = 15.0
"""Two clusters of ink colour whose directions from the paper differ by less (degrees) are one pen."""
MIN_STRENGTH = 12.0
"""Ink at least this far from the paper (CIELAB units) has a colour worth telling apart."""
FAINT_PEN_ANGLE = 40.0
"""When the stronger half of the ink is one pen, all of it is parted again, and two clusters
this far apart (degrees) are two pens: faint edges of one pen drift a little in colour, a
second pen lies far off (on the rendered sheets: 1 more circle found on seed 17 and 3 on
seed 19, nothing changed on seeds 7, 11 and 13, no false mark made; 60 finds none)."""
PEN_SEED = 7
"""Seed of the k-means starts that part the ink's colours into two pens."""
MIN_SECOND = 12
"""Fewer second-colour pixels than this are noise, not a mark."""


@dataclass(frozen=True)
class Ink:
    """Ink of one crop (uint8 0/255 masks, the crop's shape)."""

    mask: np.ndarray
    """All ink."""
    second: np.ndarray
    """Ink in a colour other than the word's pen."""
    strength: np.ndarray | None = None
    """Each pixel's distance from the paper's colour (CIELAB units, float32, the crop's shape), when
    the paper was measured."""

    @cached_property
    def own(self) -> np.ndarray:
        """Ink in the word's pen (bool, the crop's shape)."""
        return (self.mask > 0) & (self.second == 0)


def _lab(crop_bgr: np.ndarray) -> np.ndarray:
    """CIELAB in its own units (L 0..100)."""
    return cv2.cvtColor(crop_bgr.astype(np.float32) / 255.0, cv2.COLOR_BGR2LAB)


def ink_mask(crop_bgr: np.ndarray, lab: np.ndarray | None = None) -> np.ndarray:
    """Ink (uint8 0/255): pixels clearly darker or more coloured than the paper around them
    (``lab``: the crop in CIELAB, when already converted)."""
    gray = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    size = max(15, (min(gray.shape) // 2) | 1)
    paper = cv2.dilate(gray, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    paper = cv2.blur(paper, (size, size))
    darker = (paper - gray) > np.maximum(DARKER, 0.25 * paper)
    lab = _lab(crop_bgr) if lab is None else lab
    paper_ab = np.median(lab[::2, ::2, 1:].reshape(-1, 2), axis=0)
    coloured = np.linalg.norm(lab[:, :, 1:] - paper_ab, axis=2) > COLOURED
    return ((darker | coloured).astype(np.uint8)) * 255


def _two_pens(directions: np.ndarray, angle: float = PEN_ANGLE) -> np.ndarray | None:
    """Two cluster centres of unit colour directions, or None when they are one pen's (less
    than ``angle`` degrees apart)."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 1e-3)
    # k-means++ draws its starts from OpenCV's process-wide random state: seeded here, a crop's
    # ink parts the same way whatever was read before it in the process.
    cv2.setRNGSeed(PEN_SEED)
    _, labels, centres = cv2.kmeans(directions, 2, None, criteria, 2, cv2.KMEANS_PP_CENTERS)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    sizes = np.bincount(labels.ravel(), minlength=2)
    if sizes.min() < MIN_SECOND or float(centres[0] @ centres[1]) > math.cos(math.radians(angle)):
        return None
    return centres


def find_ink(crop_bgr: np.ndarray, inner: tuple[int, int, int, int]) -> Ink:
    """The crop's ink, and the part of it in a second pen (the word's pen is the one that
    fills more rows of the middle of the word's box ``inner``)."""
    lab = _lab(crop_bgr)
    mask = ink_mask(crop_bgr, lab)
    none = np.zeros_like(mask)
    on = mask > 0
    if on.sum() < 2 * MIN_SECOND or (~on).sum() == 0:
        return Ink(mask, none)
    paper = np.median(lab[::2, ::2][~on[::2, ::2]], axis=0) if (~on[::2, ::2]).any() else lab[~on][0]
    distance = np.linalg.norm(lab - paper, axis=2)
    offsets = lab[on] - paper
    strength = distance[on]
    directions = (offsets / np.maximum(strength, 1e-6)[:, None]).astype(np.float32)
    coloured = strength >= MIN_STRENGTH
    # Faint pixels are mostly paper: their direction says little about the pen.
    cores = strength >= max(MIN_STRENGTH, float(np.median(strength)))
    if cores.sum() < 2 * MIN_SECOND:
        return Ink(mask, none, distance)
    centres = _two_pens(directions[cores])
    if centres is None:
        # A pale pen (a light blue ring round a dark word) can lie wholly in the fainter half.
        centres = _two_pens(directions[coloured], FAINT_PEN_ANGLE)
    if centres is None:
        return Ink(mask, none, distance)
    nearest = np.argmax(directions @ centres.T, axis=1)
    x0, y0, x1, y1 = inner
    height, width = y1 - y0, x1 - x0
    in_word = np.zeros(mask.shape, bool)
    in_word[y0 + height // 4 : y1 - height // 4, x0 + width // 7 : x1 - width // 7] = True
    # In the middle of the word's box the letters fill every row, a strike only a few, and
    # a circle passes round it: the word's pen is the one in more of those rows.
    votes = in_word[on] & coloured
    rows = np.nonzero(on)[0]
    filled = [len(np.unique(rows[votes & (nearest == pen)])) for pen in (0, 1)]
    word_pen = int(np.argmax(filled))
    second = np.zeros(mask.shape, np.uint8)
    second[on] = np.where((nearest != word_pen) & coloured, 255, 0)
    if int(np.count_nonzero(second)) < MIN_SECOND:
        return Ink(mask, none, distance)
    return Ink(mask, second, distance)
