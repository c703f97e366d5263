"""A doubled thin letter read once: a valid word is flagged when its wider reading says otherwise."""

from __future__ import annotations

from sheet_tables import clear, table

from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Vocabulary, WordReading
from boardsight.sheets.doubled import doubt_doubled, doubt_doubled_plain, narrow_doubled, worth_a_wider_look

BOARD = Vocabulary.of_words(["THRIP", "RIMY", "SKILL", "SKIL", "TONE"])


def taken(text: str, raw: str | None = None, status: str = AS_WRITTEN) -> WordReading:
    return WordReading(text, raw or text, status, 0.9)


def test_only_thin_letters_are_doubled() -> None:
    assert narrow_doubled("THRIP") == ["THRIIP"]
    assert narrow_doubled("SKILL") == ["SKIILL", "SKILLL"]
    assert narrow_doubled("TONE") == []


def test_a_valid_word_whose_wider_reading_has_two_is_flagged_as_written() -> None:
    doubted = doubt_doubled(taken("RIMY"), clear("RIIMY"), BOARD)
    assert (doubted.text, doubted.status) == ("RIMY", CHECK)
    assert "RIIMY" in doubted.notes[-1]
    corrected = doubt_doubled(taken("THRIP", raw="THRIIP", status=CORRECTED), clear("THRIIP"), BOARD)
    assert (corrected.text, corrected.status) == ("THRIIP", CHECK)  # reported as written


def test_a_wider_reading_that_agrees_leaves_the_word_as_it_was() -> None:
    word = taken("RIMY")
    assert doubt_doubled(word, clear("RIMY"), BOARD) is word


def test_a_doubled_reading_that_is_itself_valid_is_no_reason_to_doubt() -> None:
    word = taken("SKIL")
    assert doubt_doubled(word, clear("SKILL"), BOARD) is word


def test_only_valid_words_taken_or_corrected_are_looked_at_again() -> None:
    assert worth_a_wider_look(taken("RIMY"), BOARD)
    assert not worth_a_wider_look(taken("TONE"), BOARD)  # no thin letter
    assert not worth_a_wider_look(taken("RIMX"), BOARD)  # not a valid word: nothing to protect
    flagged = taken("RIMY", status=CHECK)
    assert not worth_a_wider_look(flagged, BOARD)
    assert doubt_doubled(flagged, clear("RIIMY"), BOARD) is flagged


def _half_parted(word: str, doubled_share: float) -> object:
    """A table reading ``word``'s I, with a share of its frames showing two."""
    frames: list[dict[str, float]] = [{"-": 0.9}]
    for letter in word:
        if letter == "I":
            # A gap between two I frames parts them in two: blank there with ``doubled_share``.
            frames += [{"I": 0.9}, {"-": doubled_share, "I": 1 - doubled_share}, {"I": 0.9}]
        else:
            frames += [{letter: 0.9}]
        frames += [{"-": 0.9}]
    return table(frames)


def test_a_valid_word_whose_first_table_nearly_reads_a_doubled_letter_is_flagged() -> None:
    word = taken("RIMY")
    near = _half_parted("RIMY", 0.2)  # RIIMY about e^1.4 behind RIMY
    doubted = doubt_doubled_plain(word, near, BOARD)
    assert (doubted.text, doubted.status) == ("RIMY", CHECK)
    assert "RIIMY" in doubted.notes[-1]
    assert doubt_doubled_plain(word, _half_parted("RIMY", 0.011), BOARD).status == CHECK  # about e^4.5
    far = _half_parted("RIMY", 0.002)  # RIIMY about e^6 behind
    assert doubt_doubled_plain(word, far, BOARD) is word
    assert doubt_doubled_plain(word, clear("RIMY"), BOARD) is word
