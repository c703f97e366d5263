"""The second recogniser's word on words taken: a valid word it reads as a close non-word is flagged."""

from __future__ import annotations

import numpy as np
from fixed_reader import FixedReader, written

from boardsight.sheets.ctc import LetterTable, letter_index
from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Vocabulary, WordReading
from boardsight.vision.sheets.other_recogniser import (
    close_nonwords,
    doubt_against_second_opinion,
    doubt_by_second,
)

BOARD = Vocabulary.of_words(["HIE", "HIT", "TONE"])
QUAD = np.array([[20, 20], [120, 20], [120, 50], [20, 50]], np.float32)
IMAGE = np.full((80, 160, 3), 235, np.uint8)


def last_letter_also(word: str, other: str, share: float) -> LetterTable:
    """A table of ``word`` whose last letter reads ``share`` as likely as ``other``."""
    rows = np.exp(written(word).log_probs)
    rows[2 * len(word) - 1, letter_index(other)] = share
    return LetterTable.from_probs(rows)


HIE_OR_HIR = last_letter_also("HIE", "R", 0.4)
"""HIE taken as written, HIR within e^1 of it."""
TAKEN = WordReading("HIE", "HIE", AS_WRITTEN, 0.7)


def test_a_word_the_second_reads_as_the_close_non_word_is_flagged_as_written() -> None:
    doubted = doubt_by_second(TAKEN, HIE_OR_HIR, written("HIR"), BOARD)
    assert doubted.status == CHECK and doubted.text == "HIE"
    assert "HIR" in doubted.notes[-1]


def test_a_second_recogniser_agreeing_or_reading_a_valid_word_changes_nothing() -> None:
    assert doubt_by_second(TAKEN, HIE_OR_HIR, written("HIE"), BOARD) == TAKEN
    assert doubt_by_second(TAKEN, HIE_OR_HIR, written("HIT"), BOARD) == TAKEN


def test_a_word_the_first_recogniser_is_sure_of_is_not_outvoted() -> None:
    sure = last_letter_also("HIE", "R", 0.01)
    assert doubt_by_second(TAKEN, sure, written("HIR"), BOARD) == TAKEN
    assert close_nonwords(TAKEN, sure, BOARD) == []


def test_a_correction_is_left_to_the_correction_rule() -> None:
    corrected = WordReading("TONE", "TOUE", CORRECTED, 0.5)
    table = last_letter_also("TONE", "U", 0.5)
    assert close_nonwords(corrected, table, BOARD) == []
    assert doubt_by_second(corrected, table, written("TOUE"), BOARD) == corrected


def test_only_words_taken_with_a_close_non_word_are_read_again() -> None:
    flagged = WordReading("HIR", "HIR", CHECK, 0.4)
    sure = WordReading("TONE", "TONE", AS_WRITTEN, 0.99)
    second = FixedReader("HIR")
    looked = doubt_against_second_opinion(
        second,
        IMAGE,
        [QUAD] * 4,
        [TAKEN, flagged, sure, TAKEN],
        BOARD,
        [HIE_OR_HIR, written("HIR"), written("TONE"), None],
    )
    assert len(second.crops) == 1  # the first HIE alone: no table, no close non-word, or flagged
    assert looked[0].status == CHECK and looked[1:] == [flagged, sure, TAKEN]


def test_without_a_second_recogniser_nothing_changes() -> None:
    readings = [TAKEN]
    assert doubt_against_second_opinion(None, IMAGE, [QUAD], readings, BOARD, [HIE_OR_HIR]) == readings
