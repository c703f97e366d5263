"""The never-invent-a-valid-word decision on hand-made letter tables."""

from __future__ import annotations

import dataclasses
import math

from sheet_tables import clear, table

from boardsight.sheets.ctc import string_log_prob
from boardsight.sheets.decode import (
    AS_WRITTEN,
    CHECK,
    CORRECTED,
    UNREAD,
    Evidence,
    Vocabulary,
    doubt_ringed_nonword,
    doubt_too_short,
    drawn_alike,
    edits1,
    puts_in_an_l,
    read_word,
    read_word_by,
)

BOARD = Vocabulary.of_words(["QUIET", "QUITE", "QUILT", "TONER", "TONE", "STONE", "LIN"])


def test_a_written_quiett_stays_flagged_as_written() -> None:
    reading = read_word(clear("QUIETT"), BOARD)
    assert reading.text == "QUIETT"
    assert reading.status == CHECK
    assert not reading.changed
    assert [scored.word for scored in reading.candidates][:1] == ["QUIET"]
    assert "QUITE" not in (reading.text, reading.raw)


def test_a_clear_valid_word_is_taken_as_written() -> None:
    reading = read_word(clear("TONER"), BOARD)
    assert (reading.text, reading.status) == ("TONER", AS_WRITTEN)
    assert reading.confidence > 0.3


def test_an_unsure_letter_is_corrected_to_the_valid_word_the_writing_supports() -> None:
    # U or V, the recogniser leaning V a little: QVIET is no word, QUIET is.
    frames = [{"-": 0.97}, {"Q": 0.97}, {"-": 0.97}, {"V": 0.5, "U": 0.45}, {"-": 0.97}]
    for letter in "IET":
        frames += [{letter: 0.97}, {"-": 0.97}]
    reading = read_word(table(frames), BOARD)
    assert reading.raw == "QVIET"
    assert (reading.text, reading.status) == ("QUIET", CORRECTED)
    assert reading.changed


def test_a_correction_only_from_i_to_l_is_flagged_not_taken() -> None:
    # MLL in a sans-serif print, its small l drawn as a capital I: read MII, MIL a little behind.
    frames = [
        {"-": 0.97},
        {"M": 0.97},
        {"-": 0.97},
        {"I": 0.96},
        {"-": 0.97},
        {"I": 0.6, "L": 0.38},
        {"-": 0.97},
    ]
    reading = read_word(table(frames), Vocabulary.of_words(["MIL", "MI"]))
    assert reading.raw == "MII"
    assert (reading.text, reading.status) == ("MII", CHECK)
    assert [scored.word for scored in reading.candidates][:1] == ["MIL"]
    assert "drawn alike" in reading.notes[0]
    # The same doubt over another letter is corrected as the rule allows.
    frames[5] = {"T": 0.6, "N": 0.38}
    assert read_word(table(frames), Vocabulary.of_words(["MIN"])).text == "MIN"


def test_drawn_alike_is_only_i_for_l_and_l_for_i() -> None:
    assert drawn_alike("MII", "MIL") and drawn_alike("UINA", "ULNA") and drawn_alike("ILL", "LIL")
    assert not drawn_alike("MIT", "MIL") and not drawn_alike("MIL", "MIL") and not drawn_alike("MII", "MILL")


def test_a_correction_that_puts_back_a_left_out_stroke_as_an_l_is_flagged() -> None:
    # A written IEE, its I left out by the recogniser but for a little L where it stood.
    frames = [{"-": 0.6, "L": 0.35}, {"E": 0.97}, {"-": 0.97}, {"E": 0.97}, {"-": 0.97}]
    reading = read_word(table(frames), Vocabulary.of_words(["LEE", "TEE"]))
    assert reading.raw == "EE"
    assert (reading.text, reading.status) == ("EE", CHECK)
    assert "drawn alike" in reading.notes[0]
    # The same stroke put back as an I is corrected as the rule allows (a left-out thin I).
    frames[0] = {"-": 0.6, "I": 0.35}
    assert read_word(table(frames), Vocabulary.of_words(["IEE"])).status == CORRECTED


def test_puts_in_an_l_only_for_an_inserted_l_that_as_an_i_makes_no_valid_word() -> None:
    both = Vocabulary.of_words(["LEE", "IEE"])
    assert puts_in_an_l("EE", "LEE", BOARD) and puts_in_an_l("FAT", "FLAT", BOARD)
    assert not puts_in_an_l("EE", "LEE", both)  # as an I it is a valid word too
    assert not puts_in_an_l("KN", "KIN", BOARD) and not puts_in_an_l("MIT", "MIL", BOARD)


def test_two_valid_readings_about_equally_likely_are_flagged() -> None:
    frames = [{"-": 0.9}, {"T": 0.9}, {"-": 0.9}, {"O": 0.9}, {"-": 0.9}, {"N": 0.9}, {"-": 0.9}]
    frames += [{"E": 0.9}, {"-": 0.45, "R": 0.45}]
    reading = read_word(table(frames), BOARD)
    assert reading.status == CHECK
    assert {scored.word for scored in reading.candidates[:2]} == {"TONE", "TONER"}


def test_a_valid_reading_with_a_close_non_word_rival_is_flagged() -> None:
    # LIN or LIIN: the frame between the two I's is a blank about as often as not.
    frames = [{"-": 0.9}, {"L": 0.9}, {"-": 0.9}, {"I": 0.9}, {"-": 0.45, "I": 0.5}, {"I": 0.9}, {"-": 0.9}]
    frames += [{"N": 0.9}, {"-": 0.9}]
    reading = read_word(table(frames), BOARD)
    assert (reading.text, reading.status) == ("LIN", CHECK)


def test_a_clear_non_word_far_from_any_valid_word_stays_as_written() -> None:
    reading = read_word(clear("ZYX"), BOARD)
    assert (reading.text, reading.status) == ("ZYX", AS_WRITTEN)
    assert reading.candidates == ()


def test_no_vocabulary_reads_raw() -> None:
    reading = read_word(clear("QUIETT"), None)
    assert (reading.text, reading.status) == ("QUIETT", AS_WRITTEN)


def test_two_poor_readings_alike_are_not_a_correction() -> None:
    # Every letter doubtful: the valid reading is as likely as the raw one, but unlikely itself.
    frames = [{"-": 0.9}]
    for pair in ({"Y": 0.4, "X": 0.35}, {"I": 0.4, "L": 0.35}, {"D": 0.4, "O": 0.35}, {"J": 0.3, "-": 0.3}):
        frames += [pair, {"-": 0.9}]
    reading = read_word(table(frames), Vocabulary.of_words(["YID"]))
    assert reading.text != "YID" or reading.status == CHECK


def test_no_letters_at_all_is_unread() -> None:
    reading = read_word(table([{"-": 0.99}, {"?": 0.99}, {"-": 0.99}]), BOARD)
    assert reading.status == UNREAD


def test_lexicon_words_an_edit_away_are_candidates() -> None:
    vocabulary = Vocabulary(is_valid={"QUIET"}.__contains__, in_lexicon={"QUIET"}.__contains__)
    frames = [{"-": 0.97}, {"Q": 0.97}, {"-": 0.97}, {"O": 0.5, "U": 0.45}, {"-": 0.97}]
    for letter in "IET":
        frames += [{letter: 0.97}, {"-": 0.97}]
    assert read_word(table(frames), vocabulary).text == "QUIET"
    assert "QUIET" in edits1("QUIETT") and "QUIET" in edits1("QUEIT")


def test_a_written_quiett_stays_flagged_when_two_recognisers_read_it() -> None:
    evidence = [Evidence(clear("QUIETT"), 0.5), Evidence(clear("QUIETT", p=0.8), 0.5)]
    reading = read_word_by(evidence, BOARD)
    assert (reading.text, reading.status) == ("QUIETT", CHECK)
    assert not reading.changed
    assert [scored.word for scored in reading.candidates][:1] == ["QUIET"]


def test_recognisers_that_disagree_on_a_doubled_letter_leave_it_to_a_person() -> None:
    # One merges the doubled T (QUIET, valid), the other reads both (QUIETT): never a verdict of QUIET.
    for weights in ((0.5, 0.5), (0.7, 0.3), (0.3, 0.7)):
        evidence = [Evidence(clear("QUIET"), weights[0]), Evidence(clear("QUIETT"), weights[1])]
        reading = read_word_by(evidence, BOARD)
        assert reading.status == CHECK, weights
        assert reading.status != CORRECTED


def test_a_second_recogniser_settles_a_letter_the_first_is_unsure_of() -> None:
    frames = [{"-": 0.97}, {"Q": 0.97}, {"-": 0.97}, {"V": 0.5, "U": 0.45}, {"-": 0.97}]
    for letter in "IET":
        frames += [{letter: 0.97}, {"-": 0.97}]
    reading = read_word_by([Evidence(table(frames), 0.5), Evidence(clear("QUIET"), 0.5)], BOARD)
    assert (reading.text, reading.status) == ("QUIET", AS_WRITTEN)
    assert reading.raw == "QUIET"


def test_scores_are_a_weighted_mean_of_the_recognisers_log_probabilities() -> None:
    one, two = clear("TONER"), clear("TONER", p=0.6)
    alone = read_word_by([Evidence(one)], BOARD)
    assert alone == read_word(one, BOARD)
    both = read_word_by([Evidence(one, 1.0), Evidence(two, 1.0)], BOARD)
    expected = 0.5 * (string_log_prob(one, "TONER") + string_log_prob(two, "TONER"))
    assert both.text == "TONER"
    assert abs(math.log(both.confidence) - expected) < 1e-6


def test_a_nonword_raw_reading_is_the_likeliest_string_that_is_no_valid_word() -> None:
    # QUIET a little likelier than QVIET: as a re-read of a word first read QVIET, it is a
    # correction, decided by the correction rule against QVIET.
    frames = [{"-": 0.97}, {"Q": 0.97}, {"-": 0.97}, {"U": 0.52, "V": 0.45}, {"-": 0.97}]
    for letter in "IET":
        frames += [{letter: 0.97}, {"-": 0.97}]
    plain = read_word_by([Evidence(table(frames))], BOARD)
    assert (plain.raw, plain.status) == ("QUIET", CHECK)  # QVIET about as likely
    reading = read_word_by([Evidence(table(frames))], BOARD, nonword_raw=True)
    assert (reading.text, reading.raw, reading.status) == ("QUIET", "QVIET", CORRECTED)


def test_a_circled_non_word_taken_as_written_waits_for_a_person_with_its_text_as_read() -> None:
    # A circled word whose ring hid a letter: read as a clear non-word with no valid word near.
    hidden = read_word(clear("XYZW", 0.99), BOARD)
    assert hidden.status == AS_WRITTEN
    doubted = doubt_ringed_nonword(hidden, BOARD)
    assert (doubted.text, doubted.raw, doubted.status) == ("XYZW", "XYZW", CHECK)
    assert "ring" in doubted.notes[-1]
    tone = read_word(clear("TONE"), BOARD)  # a valid word, or one already flagged, is left as it is
    assert doubt_ringed_nonword(tone, BOARD) == tone
    quiett = read_word(clear("QUIETT"), BOARD)
    assert doubt_ringed_nonword(quiett, BOARD) == quiett


def test_a_reading_shorter_than_any_word_that_counts_waits_for_a_person() -> None:
    boggle = dataclasses.replace(BOARD, shortest=3)
    short = read_word(clear("XQ", 0.99), boggle)
    assert short.status == AS_WRITTEN
    doubted = doubt_too_short(short, boggle)
    assert (doubted.text, doubted.raw, doubted.status) == ("XQ", "XQ", CHECK)
    assert "shorter than any word that counts" in doubted.notes[-1]
    assert doubt_too_short(short, BOARD) == short  # any length may count: left as read
    three = read_word(clear("XQZ", 0.99), boggle)
    assert doubt_too_short(three, boggle) == three


def test_a_boards_vocabulary_knows_its_shortest_word() -> None:
    from boardsight.boggle.parse import parse_board
    from boardsight.lexicon import Lexicon
    from boardsight.sheets.vocabulary import vocabulary_for

    lexicon = Lexicon.from_words(["TONE", "NOTE", "TON", "ON"], name="tiny")
    board_words, _ = vocabulary_for(parse_board("TONE/ABCD/FGHI/JKLM"), lexicon)
    assert board_words.shortest == 3
    assert vocabulary_for(None, lexicon)[0].shortest == 1
