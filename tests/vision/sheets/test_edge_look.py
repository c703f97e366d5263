"""The look past a word's ends: which words are read again from a wider crop, and what comes of it."""

from __future__ import annotations

import numpy as np
from fixed_reader import ScriptedReader

from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Vocabulary, WordReading
from boardsight.vision.sheets.edge_look import WIDEN, adds_at_an_end, look_past_the_ends, widened

BOARD = Vocabulary.of_words(["YEW", "TONE", "ATTIRE", "LEE", "TEE", "LEPT"])
QUAD = np.array([[10, 10], [60, 10], [60, 40], [10, 40]], np.float32)


def test_the_quad_is_lengthened_at_both_ends_along_its_own_slant() -> None:
    wide = widened(QUAD)
    assert np.allclose(wide, [[1, 10], [69, 10], [69, 40], [1, 40]])
    slanted = np.array([[0, 0], [40, 30], [34, 38], [-6, 8]], np.float32)  # height 10 across a 3-4-5 slope
    grown = widened(slanted, 0.5)
    assert np.allclose(grown[0], [-4, -3]) and np.allclose(grown[1], [44, 33])
    assert WIDEN > 0


def test_an_open_word_is_settled_by_its_wider_reading() -> None:
    readings = [
        WordReading("EW", "EW", CHECK, 0.4),  # a first letter the box cut off
        WordReading("TONE", "TONE", AS_WRITTEN, 0.99),
        WordReading("XQZ", "XQZ", AS_WRITTEN, 0.9),  # a non-word taken as written is open too
    ]
    reader = ScriptedReader("YEW", "XQZ")
    looked = look_past_the_ends(reader, np.zeros((60, 80, 3), np.uint8), [QUAD] * 3, readings, BOARD)
    assert (looked[0].text, looked[0].status) in {("YEW", AS_WRITTEN), ("YEW", CORRECTED)}
    assert looked[1:] == readings[1:]
    assert len(reader.quads) == 2  # the settled TONE is never read again


def test_a_wider_reading_that_settles_nothing_leaves_the_word_as_it_was() -> None:
    readings = [WordReading("TOUE", "TOUE", CHECK, 0.6)]
    reader = ScriptedReader("CTOUE")  # a circle's edge read as a letter: still no valid word
    looked = look_past_the_ends(reader, np.zeros((60, 80, 3), np.uint8), [QUAD], readings, BOARD)
    assert looked == readings


def test_an_l_added_at_an_end_that_as_an_i_makes_no_word_leaves_the_word_as_it_was() -> None:
    # A player's IEE, read EE; the wider crop reads its I as an L.
    readings = [WordReading("EE", "EE", CHECK, 0.5), WordReading("EPT", "EPT", AS_WRITTEN, 0.9)]
    looked = look_past_the_ends(
        ScriptedReader("LEE", "LEPT"), np.zeros((60, 80, 3), np.uint8), [QUAD] * 2, readings, BOARD
    )
    assert [(r.text, r.status) for r in looked] == [("EE", CHECK), ("EPT", CHECK)]
    assert [r.candidates[0].word for r in looked] == ["LEE", "LEPT"]
    assert "drawn alike" in looked[1].notes[0]  # a person decides: the stroke may be an I
    readings = readings[:1]
    # Another letter added there settles the word as before.
    looked = look_past_the_ends(
        ScriptedReader("TEE"), np.zeros((60, 80, 3), np.uint8), [QUAD], readings, BOARD
    )
    assert looked[0].text == "TEE"


def test_nothing_open_reads_nothing() -> None:
    readings = [WordReading("TONE", "TONE", AS_WRITTEN, 0.99)]
    reader = ScriptedReader()
    assert look_past_the_ends(reader, np.zeros((60, 80, 3), np.uint8), [QUAD], readings, BOARD) == readings
    assert reader.quads == []


def test_a_wider_reading_that_changes_a_letter_inside_the_word_is_not_taken() -> None:
    readings = [WordReading("ATTLRE", "ATTLRE", CHECK, 0.5)]  # a player's misspelling of ATTIRE
    reader = ScriptedReader("ATTIRE")
    looked = look_past_the_ends(reader, np.zeros((60, 80, 3), np.uint8), [QUAD], readings, BOARD)
    assert looked == readings


def test_only_letters_added_at_an_end_count() -> None:
    assert adds_at_an_end("EW", "YEW") and adds_at_an_end("SIXTIE", "SIXTIES")
    assert not adds_at_an_end("ATTLRE", "ATTIRE")
    assert not adds_at_an_end("TONE", "TONE")
    assert not adds_at_an_end("TNE", "TONE")
