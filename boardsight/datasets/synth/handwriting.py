"""Words written as if by hand: letters from a font, each jittered on its own.

Every letter gets its own size, tilt and baseline offset, the whole word a slant and a
pen width; so two copies of a word in one font never look the same. The result is ink
coverage (0..1), to be laid on paper in a pen colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from boardsight.datasets.synth.fonts import FontFace, faces_of, ink, installed_or_default, load_font

# Debian packages: fonts-dkg-handwriting, fonts-breip, fonts-femkeklaver, fonts-rufscript,
# fonts-sjfonts, fonts-dancingscript, fonts-kaushanscript, fonts-comic-neue,
# fonts-urw-base35 (Z003), and the print faces of :mod:`fonts`.
HAND_FACES: tuple[FontFace, ...] = (
    FontFace("DkgHandwriting", "dkg.ttf", "hand", "train"),
    FontFace("DkgHandwriting Bold", "dkgBd.ttf", "hand", "train"),
    FontFace("Comic Neue", "ComicNeue-Regular.otf", "hand", "train"),
    FontFace("Comic Neue Bold", "ComicNeue-Bold.otf", "hand", "train"),
    FontFace("Delphine", "Delphine.ttf", "hand", "train"),
    FontFace("Kaushan Script", "KaushanScript-Regular.otf", "hand", "train"),
    FontFace("Dancing Script", "DancingScript-Regular.otf", "hand", "train"),
    FontFace("Z003", "Z003-MediumItalic.otf", "hand", "train"),
    FontFace("Liberation Sans", "LiberationSans-Regular.ttf", "print", "train"),
    FontFace("DejaVu Sans", "DejaVuSans.ttf", "print", "train"),
    FontFace("Rufscript", "Rufscript010.ttf", "hand", "holdout"),
    FontFace("Steve Hand", "SteveHand.ttf", "hand", "holdout"),
    # its capitals are hollow sketched outlines, which no pen writes: a writer in it writes small letters
    FontFace("Femkeklaver", "femkeklaver.ttf", "hand", "holdout", pen_capitals=False),
    FontFace("Breip", "Breip.ttf", "hand", "holdout"),
    FontFace("Lato", "Lato-Regular.ttf", "print", "holdout"),
    FontFace("Open Sans", "OpenSans-Regular.ttf", "print", "holdout"),
)


def hand_fonts(split: str) -> tuple[FontFace, ...]:
    """Installed handwriting and print faces of ``split`` (``train``, ``holdout`` or ``all``); never empty."""
    return installed_or_default(faces_of(HAND_FACES, split))


@dataclass(frozen=True)
class Hand:
    """How one writer writes: letter height in pixels, slant, jitter, pen width, spacing."""

    face: FontFace
    height: float
    slant: float
    jitter: float
    pen: float
    spacing: float

    @classmethod
    def sample(cls, rng: np.random.Generator, face: FontFace, height: float) -> Hand:
        return cls(
            face=face,
            height=height,
            slant=float(rng.uniform(-0.25, 0.3)),
            jitter=float(rng.uniform(0.3, 1.0)),
            pen=float(rng.uniform(-0.6, 1.6)),
            spacing=float(rng.uniform(0.02, 0.14)),
        )


@cache
def _letter_ink(face: FontFace, letter: str, size: int) -> np.ndarray:
    return ink(letter, face, size)


def _cap_height(face: FontFace, size: int) -> int:
    return _letter_ink(face, "H", size).shape[0]


def write_word(rng: np.random.Generator, word: str, hand: Hand) -> tuple[np.ndarray, float]:
    """Ink coverage of ``word`` and the baseline's row in it."""
    size = max(8, round(hand.height * 1.4))
    cap = max(1, _cap_height(hand.face, size))
    scale = hand.height / cap
    pieces = []
    for letter in word:
        if letter == " ":
            pieces.append((None, 0.0, hand.height * 0.6))
            continue
        glyph = _letter_ink(hand.face, letter, size)
        factor = scale * (1 + rng.normal(0, 0.06 * hand.jitter))
        gh, gw = glyph.shape
        new_w, new_h = max(1, round(gw * factor)), max(1, round(gh * factor))
        glyph = cv2.resize(glyph, (new_w, new_h), interpolation=cv2.INTER_AREA)
        angle = rng.normal(0, 4.0 * hand.jitter)
        glyph = _rotate(glyph, angle)
        drop = _descent(hand.face, letter, size) * factor + rng.normal(0, 0.05 * hand.height * hand.jitter)
        gap = hand.height * (hand.spacing + rng.normal(0, 0.03 * hand.jitter))
        pieces.append((glyph, drop, gap))
    ascent = max((p[0].shape[0] - p[1] for p in pieces if p[0] is not None), default=hand.height)
    descent = max((max(0.0, p[1]) for p in pieces if p[0] is not None), default=0.0)
    margin = int(hand.height * 0.4) + 4
    total_w = int(sum((p[0].shape[1] if p[0] is not None else 0) + max(p[2], 0) for p in pieces)) + 2 * margin
    total_h = int(ascent + descent) + 2 * margin
    canvas = np.zeros((total_h, total_w), np.float32)
    baseline = margin + ascent
    x = float(margin)
    for glyph, drop, gap in pieces:
        if glyph is None:
            x += gap
            continue
        gh, gw = glyph.shape
        top = round(baseline + drop - gh)
        left = round(x)
        top = min(max(top, 0), total_h - gh)
        left = min(max(left, 0), total_w - gw)
        region = canvas[top : top + gh, left : left + gw]
        np.maximum(region, glyph, out=region)
        x += gw + max(gap, -gw * 0.2)
    canvas = _pen(canvas, hand.pen * hand.height / 40)
    canvas = _shear(canvas, hand.slant, baseline)
    return canvas, float(baseline)


def _descent(face: FontFace, letter: str, size: int) -> float:
    """How far the letter's ink reaches below the baseline (pixels at ``size``)."""
    font = load_font(face, size)
    _left, _top, _right, bottom = font.getbbox(letter, anchor="ls")
    return float(bottom)


def _rotate(glyph: np.ndarray, degrees: float) -> np.ndarray:
    height, width = glyph.shape
    pad = int(max(height, width) * 0.15) + 1
    padded = cv2.copyMakeBorder(glyph, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    centre = (padded.shape[1] / 2, padded.shape[0] / 2)
    matrix = cv2.getRotationMatrix2D(centre, degrees, 1.0)
    rotated = cv2.warpAffine(padded, matrix, (padded.shape[1], padded.shape[0]))
    rows = np.flatnonzero(rotated.max(axis=1) > 0.02)
    cols = np.flatnonzero(rotated.max(axis=0) > 0.02)
    if len(rows) == 0 or len(cols) == 0:
        return glyph
    # Keep the glyph's own bottom where it was, so the baseline holds.
    bottom = pad + height
    return rotated[rows[0] : max(bottom, rows[-1] + 1), cols[0] : cols[-1] + 1]


def _pen(coverage: np.ndarray, width: float) -> np.ndarray:
    """A heavier (``width`` > 0) or lighter pen: grow or thin the strokes by about ``width`` pixels."""
    if abs(width) < 0.3:
        return coverage
    radius = max(1, round(abs(width)))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    if width > 0:
        return cv2.dilate(coverage, kernel)
    thinned = cv2.erode(coverage, kernel)
    # Never thin a stroke away: keep at least a faint trace of the original.
    return np.maximum(thinned, coverage * 0.55)


def _shear(coverage: np.ndarray, slant: float, baseline: float) -> np.ndarray:
    height, width = coverage.shape
    extra = math.ceil(abs(slant) * height)
    matrix = np.array([[1, -slant, slant * baseline + (extra if slant < 0 else 0)], [0, 1, 0]], np.float32)
    if slant > 0:
        matrix[0, 2] = slant * baseline
    return cv2.warpAffine(coverage, matrix, (width + extra, height))
