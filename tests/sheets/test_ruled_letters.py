"""Letters a ruled line can complete: a valid word is flagged when its ink alone reads as the non-word."""

from __future__ import annotations

from sheet_tables import clear

from boardsight.sheets.decode import AS_WRITTEN, CHECK, Scored, Vocabulary, WordReading
from boardsight.sheets.ruled_letters import doubt_completed, uncompleted, worth_an_ink_look

BOARD = Vocabulary.of_words(["MONTE", "LATER", "ELATE", "FLATE"])


def taken(text: str, *runners_up: str) -> WordReading:
    return WordReading(
        text, text, AS_WRITTEN, 0.96, runners_up=tuple(Scored(word, -3.0) for word in runners_up)
    )


def test_an_e_goes_back_to_an_f_and_an_l_to_an_i_where_that_makes_no_word() -> None:
    assert uncompleted("MONTE", BOARD) == ["MONTF"]
    assert uncompleted("LATER", BOARD) == ["IATER", "LATFR"]
    assert uncompleted("ELATE", BOARD) == ["EIATE", "ELATF"]  # FLATE is a word: no such doubt
    assert uncompleted("TOY", BOARD) == []


def test_only_a_word_whose_runners_up_hold_such_a_form_is_looked_at_again() -> None:
    assert worth_an_ink_look(taken("MONTE", "MONTF"), BOARD)
    assert not worth_an_ink_look(taken("MONTE", "MONTH"), BOARD)
    assert not worth_an_ink_look(taken("MONTF", "MONTE"), BOARD)  # not a valid word


def test_a_word_whose_ink_alone_reads_the_form_is_flagged_as_written() -> None:
    doubted = doubt_completed(taken("MONTE", "MONTF"), clear("MONTF"), BOARD)
    assert (doubted.text, doubted.status) == ("MONTE", CHECK)
    assert "reads MONTF rather than MONTE" in doubted.notes[-1]


def test_a_word_whose_ink_alone_reads_the_same_is_left_as_it_is() -> None:
    word = taken("MONTE", "MONTF")
    assert doubt_completed(word, clear("MONTE"), BOARD) is word
    assert doubt_completed(word, clear("MONTH"), BOARD) is word  # another misreading says nothing
