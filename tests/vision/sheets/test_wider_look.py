"""The wider look: which words' crops are read again, stretched, and what comes of it."""

from __future__ import annotations

import numpy as np
from fixed_reader import FixedReader

from boardsight.sheets.decode import AS_WRITTEN, CHECK, Vocabulary, WordReading
from boardsight.vision.sheets.wider_look import STRETCH, doubt_doubled_letters

BOARD = Vocabulary.of_words(["RIMY", "TONE"])


def test_only_valid_words_with_a_thin_letter_are_read_again_stretched() -> None:
    image = np.full((100, 200, 3), 255, np.uint8)
    quad = np.array([[10, 10], [60, 10], [60, 40], [10, 40]], np.float32)
    readings = [WordReading(text, text, AS_WRITTEN, 0.9) for text in ("RIMY", "TONE", "RIMX")]
    reader = FixedReader("RIIMY")
    checked = doubt_doubled_letters(reader, image, [quad] * 3, readings, BOARD)
    assert [reading.status for reading in checked] == [CHECK, AS_WRITTEN, AS_WRITTEN]
    assert checked[1:] == readings[1:]
    assert [crop.shape[:2] for crop in reader.crops] == [
        (30, round(50 * STRETCH))
    ]  # one crop, RIMY's, twice as wide
