"""How the word engines decide one word, on hand-made letter tables (no photo, no model)."""

from __future__ import annotations

import numpy as np

from boardsight.sheets.ctc import BLANK, COLUMNS, LetterTable, letter_index
from boardsight.sheets.decode import AS_WRITTEN, CHECK, Vocabulary
from boardsight.vision.sheets.reader import decide_word

BOARD = Vocabulary.of_words(["QUIET", "QUITE", "TONER"])


def _table(frames: list[dict[str, float]]) -> LetterTable:
    rows = np.zeros((len(frames), COLUMNS))
    for t, frame in enumerate(frames):
        rows[t, :] = max(1.0 - sum(frame.values()), 0.0) / COLUMNS
        for symbol, probability in frame.items():
            rows[t, BLANK if symbol == "-" else letter_index(symbol)] += probability
    return LetterTable.from_probs(rows)


def _clear(word: str) -> LetterTable:
    frames: list[dict[str, float]] = [{"-": 0.9}]
    for letter in word:
        frames += [{letter: 0.9}, {"-": 0.9}]
    return _table(frames)


def test_a_word_ppocr_is_sure_of_is_ppocrs_reading() -> None:
    reading = decide_word(_clear("TONER"), _clear("TONE"), "ppocr+own", BOARD)
    assert (reading.text, reading.status) == ("TONER", AS_WRITTEN)


def test_the_own_recogniser_settles_a_word_ppocr_is_unsure_of() -> None:
    frames = [{"-": 0.97}, {"Q": 0.97}, {"-": 0.97}, {"V": 0.5, "U": 0.45}, {"-": 0.97}]
    for letter in "IET":
        frames += [{letter: 0.97}, {"-": 0.97}]
    unsure = _table(frames)
    assert decide_word(unsure, None, "ppocr", BOARD).text == "QUIET"  # corrected, but...
    reading = decide_word(unsure, _clear("QUIET"), "ppocr+own", BOARD)
    assert (reading.text, reading.status) == ("QUIET", AS_WRITTEN)


def test_a_written_quiett_stays_flagged_under_every_engine() -> None:
    for engine in ("ppocr", "own", "ppocr+own"):
        reading = decide_word(_clear("QUIETT"), _clear("QUIETT"), engine, BOARD)
        assert (reading.text, reading.status) == ("QUIETT", CHECK), engine


def test_a_doubled_letter_the_own_recogniser_merges_is_still_flagged() -> None:
    # PP-OCR reads both T's; the own recogniser merges them into QUIET, a valid word.
    for weight in (0.3, 0.5, 0.7):
        reading = decide_word(_clear("QUIETT"), _clear("QUIET"), "ppocr+own", BOARD, own_weight=weight)
        assert reading.status == CHECK, weight
        assert reading.text != "QUITE"


def test_without_a_vocabulary_an_unsure_ppocr_reading_asks_both() -> None:
    frames = [{"-": 0.9}, {"T": 0.9}, {"-": 0.9}, {"O": 0.45, "Q": 0.45}, {"-": 0.9}, {"N": 0.9}, {"-": 0.9}]
    reading = decide_word(_table(frames), _clear("TON"), "ppocr+own", None)
    assert reading.text == "TON"
