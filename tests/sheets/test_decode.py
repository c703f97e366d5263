"""The never-invent-a-valid-word decision on hand-made letter tables."""

from __future__ import annotations

from sheet_tables import clear, table

from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, UNREAD, Vocabulary, edits1, read_word

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
