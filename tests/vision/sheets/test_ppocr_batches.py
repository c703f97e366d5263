"""A word's letter table from the PP-OCR recogniser does not depend on the crops read with it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from boardsight.vision.sheets.ppocr import batches, padded_width


def _crop(word: str) -> np.ndarray:
    """A word printed on paper, cut to its ink with a small margin."""
    scale, thickness = 1.2, 2
    (width, height), base = cv2.getTextSize(word, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    crop = np.full((height + base + 12, width + 12, 3), 245, np.uint8)
    cv2.putText(
        crop, word, (6, height + 6), cv2.FONT_HERSHEY_SIMPLEX, scale, (60, 40, 30), thickness, cv2.LINE_AA
    )
    return crop


def test_a_crop_is_padded_to_its_own_width_class() -> None:
    narrow, wide = _crop("AT"), _crop("UNSETTLED")
    assert padded_width(narrow) == padded_width(_crop("AT"))
    assert padded_width(narrow) < padded_width(wide)
    assert padded_width(wide) % 32 == 0


def test_batches_hold_crops_of_one_width_class_and_no_more_than_a_batch() -> None:
    widths = [96, 128, 96, 96, 160, 128] + [96] * 8
    grouped = batches(widths, size=8)
    assert sorted(index for batch in grouped for index in batch) == list(range(len(widths)))
    for batch in grouped:
        assert len({widths[index] for index in batch}) == 1 and len(batch) <= 8


def test_a_words_table_is_the_same_read_alone_or_with_others() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")
    from boardsight.vision.sheets.ppocr import engine

    ocr = engine()
    words = ["QUIET", "AT", "UNSETTLED", "TONE", "QUITE", "STONES", "ON", "RATES", "NOTE"]
    crops = [_crop(word) for word in words]
    quads = [
        np.array([[0, 0], [c.shape[1], 0], [c.shape[1], c.shape[0]], [0, c.shape[0]]], np.float32)
        for c in crops
    ]
    together = ocr.recognise_crops(crops, quads)
    for index in (0, 3):
        (alone,) = ocr.recognise_crops([crops[index]], [quads[index]])
        assert alone.symbols == together[index].symbols
        assert alone.table.frames == together[index].table.frames
        # Equal up to the arithmetic's own noise (1e-10; a crop padded to a wider batch moved by 1e-3).
        assert np.allclose(np.exp(alone.table.log_probs), np.exp(together[index].table.log_probs), atol=1e-7)
