"""Writing the detector did not find: ink on the page that no piece found explains, looked at again.

The detector now and then misses a whole word on a photo of a sheet: pale or small writing, or
a word struck through or circled in its own pen, whose strokes the mark breaks up. Such a word
still leaves ink where no piece of writing was found. The photo is turned so the writing runs
level (by the found pieces' median slope, so ruled lines run level as well); ink is what is
darker than the paper round it in any colour channel; ruled lines (long level or upright runs
of ink) and the ink in and round every piece found are taken out. What is left is grouped into
regions; one about as tall as a word, and with a word's worth of ink, is cut out with a margin
of paper and scaled so its writing is as tall as :data:`WORD_HEIGHT`, and the detector is run
again on those crops, stacked into one image. A piece found there is added where no piece was
found (:func:`boardsight.vision.sheets.under_marks.merge_pieces`); the pieces found before stay
as they are, and every word is read and its marks found on the photo itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

from boardsight.sheets.model import Box, overlap_of_smaller
from boardsight.vision.sheets.marks import line_kernel
from boardsight.vision.sheets.under_marks import merge_pieces, piece_box, piece_height

INK_CONTRAST = 25.0
"""Least darkness below the paper round it (0-255, in any channel) that counts as ink."""
RULED = 6.0
"""A level or upright run of ink this many word heights long is a ruled line (a word's strike
is shorter: it spans a word)."""
RULED_SLOPES = (-3.0, -1.5, 0.0, 1.5, 3.0)
"""Slopes (degrees) at which ruled lines are looked for once the writing runs level (the
photo's perspective tilts lines across the page a little)."""
CUT_JOIN = 0.25
"""Ink cut by a ruled line taken out is joined again across this many word heights."""
FOUND_MARGIN = 0.25
"""Ink within this share of a found piece's height round it is that piece's."""
REGION_HEIGHT = (0.45, 2.5)
"""A region of stray ink as tall as this many word heights may be writing (a ruled line's
remains are thinner, a margin line taller)..."""
REGION_WIDTH = 0.8
"""...when at least this many word heights wide..."""
REGION_INK = 0.15
"""...holding at least this many square word heights of ink..."""
REGION_DENSITY = 0.08
"""...and at least this share of a band of its width and a word's height: a ruled line sloping past
the slopes looked for (a photo's perspective turns the lines at the page's foot) is a thinner
trace (0.05 at most on the rendered sheets; the regions of words missed, 0.12 and up)."""
PAPER_LIKE = 40.0
"""Most a channel of the ground under a region may differ from the paper round the writing found."""
POOLED_HEIGHT = 20
"""Stray ink is grouped on a grid coarse enough for a word to be about this many cells tall."""
MAX_REGIONS = 12
"""Regions looked at on one sheet, the most ink first."""
ON_INK = 0.3
"""Least share of the smaller of a piece found again and its region of stray ink that they share."""
BESIDE = 0.5
"""A piece found in stray ink this close to a found piece on its line is part of that word."""
CROP_MARGIN = 0.6
"""Paper round a region in its crop, in word heights."""
WORD_HEIGHT = 96
"""Pixels a word is scaled to in the crops the detector is run on again."""


def level_turn(quads: Sequence[np.ndarray], shape: tuple[int, ...]) -> np.ndarray:
    """The 2x3 affine turn (about the photo's centre) that makes the pieces' median slope level."""
    slopes = [np.degrees(np.arctan2(q[1][1] - q[0][1], q[1][0] - q[0][0])) for q in quads]
    height, width = shape[:2]
    return cv2.getRotationMatrix2D((width / 2, height / 2), float(np.median(slopes)), 1.0)


def ink_mask(image_bgr: np.ndarray, word_height: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixels darker than the paper round them by :data:`INK_CONTRAST` in any channel (uint8 0/1),
    and that paper: the photo with its ink closed over (BGR)."""
    side = max(3, int(2 * word_height) | 1)
    paper_kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    smooth = cv2.GaussianBlur(image_bgr, (3, 3), 0)
    paper = cv2.morphologyEx(smooth, cv2.MORPH_CLOSE, paper_kernel)
    blue, green, red = cv2.split(cv2.subtract(paper, smooth))
    darkness = cv2.max(cv2.max(blue, green), red)
    return (darkness > INK_CONTRAST).astype(np.uint8), paper


def ruled_lines(mask: np.ndarray, word_height: float) -> np.ndarray:
    """The ink of ``mask`` in level or upright runs :data:`RULED` word heights long."""
    length = max(3, int(RULED * word_height))
    lines = np.zeros_like(mask)
    for degrees in RULED_SLOPES:
        kernel = line_kernel(length, degrees)
        lines |= cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        lines |= cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ascontiguousarray(kernel.T))
    return cv2.dilate(lines, np.ones((3, 3), np.uint8))


def stray_regions(image_bgr: np.ndarray, quads: Sequence[np.ndarray]) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, y0, x1, y1) of word-like regions of ink that no quad explains, most ink first;
    ``image_bgr`` and ``quads`` with the writing running level."""
    word_height = float(np.median([piece_height(quad) for quad in quads]))
    mask, paper = ink_mask(image_bgr, word_height)
    # The sheet's paper, round the writing found: a region on other ground (the table) is no word.
    # (A word near a corner of a tilted photo can be turned past the frame: its centre is clipped.)
    centres = np.round([quad.mean(axis=0) for quad in quads]).astype(int)
    columns = np.clip(centres[:, 0], 0, paper.shape[1] - 1)
    rows_at = np.clip(centres[:, 1], 0, paper.shape[0] - 1)
    own_paper = np.median(paper[rows_at, columns], axis=0)
    # The rest on a coarser grid (a cell holds ink when any of its pixels does): it is the
    # ruled lines' long openings that take the time.
    step = max(1, int(word_height // POOLED_HEIGHT))
    if step > 1:
        rows, cols = (mask.shape[0] // step) * step, (mask.shape[1] // step) * step
        mask = cv2.dilate(mask[:rows, :cols], np.ones((step, step), np.uint8), anchor=(0, 0))[::step, ::step]
        quads = [quad / step for quad in quads]
        word_height /= step
    mask[ruled_lines(mask, word_height) > 0] = 0
    # Letters a ruled line ran through are cut where it was taken out: join them again.
    joint = np.ones((max(3, int(CUT_JOIN * word_height)), 1), np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, joint)
    rows, cols = mask.shape
    for quad in quads:
        x0, y0, x1, y1 = piece_box(quad)
        pad = FOUND_MARGIN * piece_height(quad)
        mask[max(0, int(y0 - pad)) : int(y1 + pad) + 1, max(0, int(x0 - pad)) : int(x1 + pad) + 1] = 0
    # Only among the writing: the table round the sheet is no place for a word.
    points = np.concatenate(quads)
    (x0, y0), (x1, y1) = points.min(axis=0) - 2 * word_height, points.max(axis=0) + 2 * word_height
    inside = np.zeros_like(mask)
    inside[max(0, int(y0)) : min(rows, int(y1)), max(0, int(x0)) : min(cols, int(x1))] = 1
    mask &= inside
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    join = (max(3, int(0.6 * word_height)), max(3, int(0.2 * word_height)))
    grouped = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_RECT, join))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(grouped)
    regions = []
    for index in range(1, count):
        x, y, width, height, _area = stats[index]
        window = (slice(y, y + height), slice(x, x + width))
        ink = int(np.count_nonzero(mask[window] & (labels[window] == index)))
        if (
            REGION_HEIGHT[0] * word_height <= height <= REGION_HEIGHT[1] * word_height
            and width >= REGION_WIDTH * word_height
            and ink >= REGION_INK * word_height**2
            and ink >= REGION_DENSITY * width * word_height
            and _on_paper(paper, own_paper, (x, y, x + width, y + height), step)
        ):
            regions.append(
                (ink, (int(x) * step, int(y) * step, int(x + width) * step, int(y + height) * step))
            )
    regions.sort(key=lambda entry: -entry[0])
    return [box for _ink, box in regions[:MAX_REGIONS]]


def _on_paper(paper: np.ndarray, own: np.ndarray, box: tuple[int, int, int, int], step: int) -> bool:
    """Whether the ground under a region (``box`` on the grid of ``step`` pixels) is the sheet's paper."""
    x0, y0, x1, y1 = (value * step for value in box)
    ground = np.median(paper[y0:y1, x0:x1].reshape(-1, 3), axis=0)
    return float(np.abs(ground - own).max()) <= PAPER_LIKE


def _stacked(
    image_bgr: np.ndarray, boxes: Sequence[tuple[int, int, int, int]], word_height: float
) -> tuple[np.ndarray, list[tuple[float, float, float, int, int]]]:
    """The boxes' crops (with :data:`CROP_MARGIN`) scaled so a word is :data:`WORD_HEIGHT` tall,
    stacked one under another with paper between; and where each lies: (left, top) of the crop
    in the image, its scale, and its first and last row in the stack."""
    scale = WORD_HEIGHT / max(word_height, 1.0)
    margin = int(CROP_MARGIN * word_height)
    rows, cols = image_bgr.shape[:2]
    crops, places = [], []
    start = 0
    for x0, y0, x1, y1 in boxes:
        left, top = max(0, x0 - margin), max(0, y0 - margin)
        crop = image_bgr[top : min(rows, y1 + margin), left : min(cols, x1 + margin)]
        crop = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        crops.append(crop)
        places.append((float(left), float(top), scale, start, start + crop.shape[0]))
        start += crop.shape[0] + WORD_HEIGHT
    border = np.concatenate([crop[0] for crop in crops] + [crop[-1] for crop in crops])
    stack = np.empty((start - WORD_HEIGHT, max(crop.shape[1] for crop in crops), 3), np.uint8)
    stack[:] = np.median(border, axis=0).astype(np.uint8)
    for crop, (*_where, first, _last) in zip(crops, places, strict=True):
        stack[first : first + crop.shape[0], : crop.shape[1]] = crop
    return stack, places


def detect_stray_ink(
    detect: Callable[[np.ndarray], list[np.ndarray]], image_bgr: np.ndarray, quads: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """``quads`` with the pieces ``detect`` (image -> quads, at the image's own scale) finds in
    the sheet's stray ink; ``quads`` as they are when there is none."""
    if not quads:
        return list(quads)
    turn = level_turn(quads, image_bgr.shape)
    rows, cols = image_bgr.shape[:2]
    level = cv2.warpAffine(
        image_bgr, turn, (cols, rows), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    level_quads = [cv2.transform(quad[None].astype(np.float32), turn)[0] for quad in quads]
    boxes = stray_regions(level, level_quads)
    if not boxes:
        return list(quads)
    word_height = float(np.median([piece_height(quad) for quad in level_quads]))
    stack, places = _stacked(level, boxes, word_height)
    back = cv2.invertAffineTransform(turn)
    found_boxes = [piece_box(quad) for quad in level_quads]
    more = []
    for quad in detect(stack):
        middle = float(quad[:, 1].mean())
        for region, (left, top, scale, first, last) in zip(boxes, places, strict=True):
            if first <= middle < last:
                in_level = (quad - [0.0, first]) / scale + [left, top]
                box = piece_box(in_level)
                # A piece in the crop's margin, not on the stray ink, is no word found.
                on_ink = overlap_of_smaller(box, region) >= ON_INK
                if on_ink and not any(beside(box, found, word_height) for found in found_boxes):
                    more.append(cv2.transform(in_level[None].astype(np.float32), back)[0])
                break
    return merge_pieces(quads, more)


def beside(box: Box, found: Box, word_height: float) -> bool:
    """Whether a piece lies on a found piece's line and next to it (within :data:`BESIDE` word
    heights): the rest of a word the detector cut short, not a word of its own."""
    overlap = min(box[3], found[3]) - max(box[1], found[1])
    gap = max(box[0] - found[2], found[0] - box[2])
    shorter = min(box[3] - box[1], found[3] - found[1])
    return overlap >= 0.5 * shorter and gap <= BESIDE * word_height
