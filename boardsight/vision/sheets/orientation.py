"""Which way up a sheet photo is: upright, sideways either way, or upside down.

The detector finds writing at any angle, so the pieces of writing say whether the lines
run across the photo or up and down it (their quads are wide or tall); which of the two
remaining ways is up is asked of a recogniser (the reader asks PP-OCRv4's): it reads upright
writing with far more confidence than writing turned over (mean log-probability of its
letters, e^-0.1 against e^-2 or less on rendered sheets). Only the longest few pieces are
read, and an upright sheet read with a mean log-probability above -:data:`UPSIDE_DOWN` is not
read turned over at all: no reading can be that much surer (log-probabilities are at most 0).
"""

from __future__ import annotations

from typing import Protocol

import cv2
import numpy as np

from boardsight.vision.sheets.ppocr import LineOutput, order_quad

SAMPLE = 6
"""How many of the longest pieces of writing are read to tell up from down."""

UPSIDE_DOWN = 0.5
"""A photo is taken upside down only when its writing reads this much more confidently so
(mean log-probability): a photo is far more often upright, and a hard hand reads about as
badly either way (one real manuscript word: e^-0.62 against e^-0.61)."""

_ROTATE = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}


class Recogniser(Protocol):
    def recognise(self, image_bgr: np.ndarray, quads: list[np.ndarray]) -> list[LineOutput]: ...


def turn_image(image: np.ndarray, degrees: int) -> np.ndarray:
    """The image turned clockwise by ``degrees`` (0, 90, 180 or 270)."""
    return image if degrees == 0 else cv2.rotate(image, _ROTATE[degrees])


def turn_points(points: np.ndarray, degrees: int, shape: tuple[int, ...]) -> np.ndarray:
    """Points (x, y) of an image of ``shape`` where they lie once it is turned clockwise by ``degrees``."""
    height, width = shape[:2]
    x, y = points[..., 0], points[..., 1]
    if degrees == 90:
        turned = np.stack([height - y, x], axis=-1)
    elif degrees == 180:
        turned = np.stack([width - x, height - y], axis=-1)
    elif degrees == 270:
        turned = np.stack([y, width - x], axis=-1)
    else:
        turned = np.stack([x, y], axis=-1)
    return turned.astype(np.float32)


def unturn_points(points: np.ndarray, degrees: int, shape: tuple[int, ...]) -> np.ndarray:
    """Points of the turned image (``shape`` before turning) back where they lie in the photo."""
    height, width = shape[:2]
    back = (360 - degrees) % 360
    turned_shape = (width, height) if degrees in (90, 270) else (height, width)
    return turn_points(points, back, turned_shape)


def _reading_confidence(lines: list[LineOutput]) -> float:
    """Mean log-probability of the letters the recogniser reads (frames that are not blank)."""
    scores = []
    for line in lines:
        log_probs = line.table.log_probs
        letters = log_probs.argmax(axis=1) != 0
        scores.append(float(log_probs.max(axis=1)[letters].mean()) if letters.any() else -20.0)
    return float(np.mean(scores)) if scores else -20.0


def _is_tall(quad: np.ndarray) -> bool:
    return float(np.linalg.norm(quad[3] - quad[0])) > float(np.linalg.norm(quad[1] - quad[0]))


def is_sideways(quads: list[np.ndarray]) -> bool:
    """Whether most pieces of writing run up and down the photo rather than across it."""
    return sum(_is_tall(quad) for quad in quads) > len(quads) / 2


def upright_turn(
    ocr: Recogniser, image: np.ndarray, quads: list[np.ndarray], lines: list[LineOutput] | None = None
) -> int:
    """Clockwise degrees (0, 90, 180, 270) that turn the photo so its writing reads upright.

    ``lines`` (the recogniser's reading of ``quads`` as the photo lies) spares reading the
    photo's own way again.
    """
    if not quads:
        return 0
    tall = is_sideways(quads)
    choices = (90, 270) if tall else (0, 180)
    longest = sorted(
        quads, key=lambda quad: -max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0]))
    )[:SAMPLE]
    scores: dict[int, float] = {}
    for degrees in choices:
        if degrees == 180 and scores[0] > -UPSIDE_DOWN:
            return 0  # no reading upside down (log-probabilities are at most 0) could be clearly better
        if degrees == 0 and lines is not None:
            chosen = {id(quad) for quad in longest}
            scores[0] = _reading_confidence([line for line in lines if id(line.quad) in chosen])
            continue
        turned = turn_image(image, degrees)
        sample = [order_quad(turn_points(quad, degrees, image.shape)) for quad in longest]
        scores[degrees] = _reading_confidence(ocr.recognise(turned, sample))
    if not tall:
        return 180 if scores[180] - scores[0] >= UPSIDE_DOWN else 0
    return max(choices, key=scores.__getitem__)
