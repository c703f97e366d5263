"""The closer look: which words are read again from crops cut closer to their letters, and what
comes of it."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from test_wider_look import written

from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Vocabulary, WordReading
from boardsight.vision.sheets.closer_look import CLOSER, closer, look_closer

BOARD = Vocabulary.of_words(["ZEROS", "TONED", "QUIET", "QUITE", "TONE", "TOWN"])
QUAD = np.array([[10, 10], [60, 10], [60, 40], [10, 40]], np.float32)
IMAGE = np.full((60, 80, 3), 255, np.uint8)


class CloseReader:
    """Reads the crops it is given, share after share, as the next of ``words`` for each share
    (one word a share: every picked word reads the same), and keeps how many it was given."""

    def __init__(self, *words: str) -> None:
        self.words, self.crops = list(words), 0

    def recognise_crops(self, crops, quads):
        self.crops += len(crops)
        each = len(crops) // len(self.words)
        return [SimpleNamespace(table=written(word)) for word in self.words for _ in range(each)]


def flagged(text: str) -> WordReading:
    return WordReading(text, text, CHECK, 0.3)


def test_the_quad_loses_a_share_of_its_height_above_and_below_along_its_slant() -> None:
    assert np.allclose(closer(QUAD, 0.1), [[10, 13], [60, 13], [60, 37], [10, 37]])
    slanted = np.array([[0, 0], [40, 30], [34, 38], [-6, 8]], np.float32)  # height 10 across a 3-4-5 slope
    assert np.allclose(closer(slanted, 0.2), [[-1.2, 1.6], [38.8, 31.6], [35.2, 36.4], [-4.8, 6.4]])
    assert all(0 < share < 0.5 for share in CLOSER)


def test_a_flagged_non_word_is_settled_when_every_closer_crop_reads_the_same_valid_word() -> None:
    reader = CloseReader(*["ZEROS"] * len(CLOSER))
    looked = look_closer(reader, IMAGE, [QUAD], [flagged("ZOROS")], BOARD)
    assert looked[0].text == "ZEROS" and looked[0].status in (AS_WRITTEN, CORRECTED)
    assert "ZOROS" in looked[0].notes[0] and "ZEROS" in looked[0].notes[0]
    assert reader.crops == len(CLOSER)


def test_closer_crops_that_disagree_leave_the_word_flagged() -> None:
    reader = CloseReader("ZEROS", *["ZOROS"] * (len(CLOSER) - 1))
    assert look_closer(reader, IMAGE, [QUAD], [flagged("ZOROS")], BOARD) == [flagged("ZOROS")]


def test_a_closer_reading_that_drops_a_letter_is_not_taken() -> None:
    # A crop cut too close loses a letter: a player's TTONED must not become TONED.
    reader = CloseReader(*["TONED"] * len(CLOSER))
    assert look_closer(reader, IMAGE, [QUAD], [flagged("TTONED")], BOARD) == [flagged("TTONED")]


def test_a_closer_reading_that_settles_nothing_leaves_the_word_as_it_was() -> None:
    reader = CloseReader(*["QUIETT"] * len(CLOSER))  # QUIET and QUITE both near: still in doubt
    assert look_closer(reader, IMAGE, [QUAD], [flagged("QUIETT")], BOARD) == [flagged("QUIETT")]


def test_only_flagged_non_words_are_read_again() -> None:
    readings = [
        WordReading("TONE", "TONE", AS_WRITTEN, 0.99),  # settled
        WordReading("TOWN", "TOWN", CHECK, 0.5, notes=("TOWN and TONE are about equally likely",)),
        WordReading("XQZV", "XQZV", AS_WRITTEN, 0.9),  # a clear non-word, taken as written
    ]
    reader = CloseReader(*["TONE"] * len(CLOSER))
    assert look_closer(reader, IMAGE, [QUAD] * 3, readings, BOARD) == readings
    assert reader.crops == 0
