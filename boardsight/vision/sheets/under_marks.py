"""Words hidden under their marks: a second detection with the second pen faded into the paper.

A strike or a circle in a second pen breaks up the text the detector looks for, and some
words under them are not found at all. The sheet's two pens are measured on the words found
(:func:`boardsight.vision.sheets.ink.find_ink` on a sample of them); the photo is then turned
into one channel along the word pen's colour with the second pen's colour taken out, where a
mark is about as light as the paper and the words still dark, and the detector is run again
on it. A piece of writing found there is added where nothing was found; the pieces found
before stay as they are (a wider piece put in place of one cut at its strike read one word
more right on the tuning sheets and one fewer on a report set, the circle round it read as a
letter). The words are still read, and their marks found, on the photo itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

from boardsight.sheets.model import overlap_of_smaller
from boardsight.vision.sheets.ink import find_ink
from boardsight.vision.sheets.marks import word_crop

SAMPLES = 16
"""Words of the sheet whose ink is measured for its pens (evenly through the detector's list)."""
MIN_MARK_PIXELS = 200
"""Fewer second-pen pixels than this over the sample: no second pen worth fading."""
KEPT_CONTRAST = 0.3
"""The word pen's contrast left once the second pen's colour is taken out, as a share of its own:
under this the two pens are too alike in colour to part (chosen on the tuning sheets: at 0.5
most of them are left alone)."""
NEW = 0.3
"""A piece overlapping no found piece by this share of the smaller is new, and added."""
SHORT = 0.6
"""A found piece at most this share of the sheet's median piece height is part of a word..."""
WORD_HEIGHT = (0.7, 1.6)
"""...and a second-detection piece this many times that height, holding it, is the whole word..."""
HELD = 0.8
"""...when it holds at least this share of each such piece it overlaps (and overlaps no other)."""


def pen_colours(image_bgr: np.ndarray, quads: Sequence[np.ndarray]) -> tuple[np.ndarray, ...] | None:
    """Median BGR of the second pen, the word pen and the paper round a sample of the words, or
    None when the sample shows no second pen."""
    picked = np.unique(np.linspace(0, len(quads) - 1, min(len(quads), SAMPLES)).round().astype(int))
    second, own, paper = [], [], []
    for index in picked:
        crop, inner = word_crop(image_bgr, quads[index])
        if crop.size == 0:
            continue
        ink = find_ink(crop, inner)
        second.append(crop[ink.second > 0])
        own.append(crop[ink.own])
        paper.append(crop[ink.mask == 0][::7])
    pixels = [np.concatenate(part) if part else np.zeros((0, 3)) for part in (second, own, paper)]
    if len(pixels[0]) < MIN_MARK_PIXELS or not all(len(part) for part in pixels):
        return None
    return tuple(np.median(part, axis=0) for part in pixels)


def faded_image(
    image_bgr: np.ndarray, mark: np.ndarray, word: np.ndarray, paper: np.ndarray
) -> np.ndarray | None:
    """The photo in one channel (as BGR): each pixel's darkness from the paper along the word pen's
    colour less the second pen's, so a mark is as light as the paper; None when the pens are
    too alike in colour for that."""
    mark_dir = (paper - mark) / max(float(np.linalg.norm(paper - mark)), 1e-6)
    word_dir = paper - word
    kept = word_dir - float(word_dir @ mark_dir) * mark_dir
    contrast, own = float(np.linalg.norm(kept)), float(np.linalg.norm(word_dir))
    if own == 0 or contrast < KEPT_CONTRAST * own:
        return None
    # Darkness along the kept direction, stretched back to the word pen's own contrast.
    axis = kept / contrast * (own / contrast)
    matrix = np.array([[*axis, 255.0 - float(paper @ axis)]], np.float32)
    gray = cv2.transform(image_bgr, matrix)
    return cv2.cvtColor(gray, cv2.COLOR_GRAY2BGR)


def faded_photo(image_bgr: np.ndarray, quads: Sequence[np.ndarray]) -> np.ndarray | None:
    """The photo with the second pen of the words at ``quads`` faded into the paper
    (:func:`faded_image`), or None when there is no second pen or it cannot be parted."""
    colours = pen_colours(image_bgr, quads)
    return faded_image(image_bgr, *colours) if colours is not None else None


def piece_box(quad: np.ndarray) -> tuple[float, float, float, float]:
    return float(quad[:, 0].min()), float(quad[:, 1].min()), float(quad[:, 0].max()), float(quad[:, 1].max())


def piece_height(quad: np.ndarray) -> float:
    """The piece's height across its writing (the shorter of its sides)."""
    return float(min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])))


def merge_pieces(found: Sequence[np.ndarray], more: Sequence[np.ndarray]) -> list[np.ndarray]:
    """The found pieces and those of the second detection that overlap none of them; and a
    piece of a word's height that holds only pieces found at most :data:`SHORT` of that height
    (a word cut along its strike into a top and a bottom half) in their place."""
    quads = list(found)
    boxes = [piece_box(quad) for quad in quads]
    heights = [piece_height(quad) for quad in quads]
    word_height = float(np.median(heights)) if heights else 0.0
    replaced: set[int] = set()
    for quad in more:
        box, height = piece_box(quad), piece_height(quad)
        touched = [index for index, other in enumerate(boxes) if overlap_of_smaller(box, other) >= NEW]
        whole_word = (
            bool(touched)
            and not replaced.intersection(touched)
            and WORD_HEIGHT[0] * word_height <= height <= WORD_HEIGHT[1] * word_height
            and all(
                heights[index] <= SHORT * word_height and overlap_of_smaller(box, boxes[index]) >= HELD
                for index in touched
            )
        )
        if not touched or whole_word:
            replaced.update(touched)
            quads.append(quad)
            boxes.append(box)
            heights.append(height)
    return [quad for index, quad in enumerate(quads) if index not in replaced]


def detect_under_marks(
    detect: Callable[[np.ndarray], list[np.ndarray]], image_bgr: np.ndarray, quads: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """``quads`` with the pieces a second detection (``detect``: image -> quads) finds on the
    photo with its second pen faded out; ``quads`` as they are when there is no second pen."""
    faded = faded_photo(image_bgr, quads)
    if faded is None:
        return list(quads)
    return merge_pieces(quads, detect(faded))
