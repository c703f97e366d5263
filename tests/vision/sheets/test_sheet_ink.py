"""The ink of a crop and its two pens: the same crop parts the same way every time."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import boardsight.vision.sheets.ink as ink_module
from boardsight.vision.sheets.ink import _two_pens, find_ink
from boardsight.vision.sheets.marks import find_marks, word_crop


def test_the_pens_part_the_same_way_whatever_was_drawn_before() -> None:
    rng = np.random.default_rng(3)
    blue = rng.normal((0.6, 0.2, -0.77), 0.05, (300, 3))
    red = rng.normal((-0.5, 0.7, 0.5), 0.05, (120, 3))
    directions = np.concatenate([blue, red]).astype(np.float32)
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    parted = []
    for seed in range(8):
        cv2.setRNGSeed(seed)  # whatever else used OpenCV's random state before
        cv2.randu(np.zeros((seed + 1, 5), np.float32), 0.0, 1.0)
        centres = _two_pens(directions.copy())
        assert centres is not None
        parted.append(centres)
    assert all(np.array_equal(centres, parted[0]) for centres in parted)


def test_a_pale_pen_round_dark_words_is_still_a_second_pen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A thin light-blue open ring round a word in a dark pen, with the lines above and below
    in the crop: all of the ring is in the fainter half of the ink."""
    page = np.full((260, 420, 3), 245, np.uint8)
    for y, word in ((66, "STONE"), (126, "TONER"), (186, "NOTES")):
        cv2.putText(page, word, (104, y), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (30, 70, 25), 6, cv2.LINE_AA)
    cv2.ellipse(page, (200, 110), (118, 34), 0, 30, 330, (220, 170, 120), 2, cv2.LINE_AA)
    page = cv2.GaussianBlur(page, (3, 3), 0)
    quad = np.array([[100, 80], [300, 80], [300, 130], [100, 130]], np.float32)
    crop, inner = word_crop(page, quad)
    assert np.count_nonzero(find_ink(crop, inner).second) > 500
    assert find_marks(page, quad).circled
    monkeypatch.setattr(ink_module, "FAINT_PEN_ANGLE", 180.0)  # the stronger half alone
    assert np.count_nonzero(find_ink(crop, inner).second) == 0
