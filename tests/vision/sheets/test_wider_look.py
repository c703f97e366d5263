"""The wider look: which words' crops are read again, stretched, and what comes of it."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from boardsight.sheets.ctc import BLANK, COLUMNS, LetterTable, letter_index
from boardsight.sheets.decode import AS_WRITTEN, CHECK, Vocabulary, WordReading
from boardsight.vision.sheets.wider_look import STRETCH, doubt_doubled_letters

BOARD = Vocabulary.of_words(["RIMY", "TONE"])


def written(word: str) -> LetterTable:
    rows = np.full((2 * len(word) + 1, COLUMNS), 0.01)
    rows[0::2, BLANK] = 1.0
    for index, letter in enumerate(word):
        rows[2 * index + 1, letter_index(letter)] = 1.0
    return LetterTable.from_probs(rows)


class WideReader:
    """Reads every crop it is given as ``word``, and keeps the crops' sizes."""

    def __init__(self, word: str) -> None:
        self.word, self.sizes = word, []

    def recognise_crops(self, crops, quads):
        self.sizes += [crop.shape[:2] for crop in crops]
        return [SimpleNamespace(table=written(self.word)) for _ in crops]


def test_only_valid_words_with_a_thin_letter_are_read_again_stretched() -> None:
    image = np.full((100, 200, 3), 255, np.uint8)
    quad = np.array([[10, 10], [60, 10], [60, 40], [10, 40]], np.float32)
    readings = [WordReading(text, text, AS_WRITTEN, 0.9) for text in ("RIMY", "TONE", "RIMX")]
    reader = WideReader("RIIMY")
    checked = doubt_doubled_letters(reader, image, [quad] * 3, readings, BOARD)
    assert [reading.status for reading in checked] == [CHECK, AS_WRITTEN, AS_WRITTEN]
    assert checked[1:] == readings[1:]
    assert reader.sizes == [(30, round(50 * STRETCH))]  # one crop, RIMY's, twice as wide
