"""The varied look: which words are read again from crops cut and drawn differently, and when
their readings settle a word."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from fixed_reader import FixedReader, written

from boardsight.sheets.ctc import LetterTable, letter_index
from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Vocabulary, WordReading
from boardsight.vision.sheets.varied_look import (
    AGREEING,
    VARIANTS,
    agreed_word,
    closer,
    is_part_of,
    keeps_most_of,
    look_varied,
    second_opinion,
    second_reads_as_first,
    varied_crops,
    varied_tables,
)

BOARD = Vocabulary.of_words(
    [
        "ZEROS",
        "TOR",
        "TORN",
        "MIL",
        "GOER",
        "DOER",
        "SEE",
        "SEC",
        "TONED",
        "QUIET",
        "QUITE",
        "TONE",
        "MA",
        "AM",
    ]
)
QUAD = np.array([[20, 20], [120, 20], [120, 50], [20, 50]], np.float32)


def sheet() -> np.ndarray:
    image = np.full((80, 160, 3), 235, np.uint8)
    image[28:42, 30:110] = (40, 40, 150)  # a bar of ink where the word is
    return image


class VariedReader:
    """Reads each word's crops, variant after variant, as the next of ``words`` (a word or a
    letter table; the last one repeated), and keeps the crops it was given."""

    def __init__(self, *words: str | LetterTable) -> None:
        self.words, self.crops = list(words), []

    def recognise_crops(self, crops, quads):
        self.crops += crops
        if len(crops) % len(VARIANTS):  # the faded photo's crops: each read as the last word
            last = self.words[-1]
            return [SimpleNamespace(table=last if isinstance(last, LetterTable) else written(last))] * len(
                crops
            )
        each = [self.words[min(n, len(self.words) - 1)] for n in range(len(VARIANTS))]
        return [
            SimpleNamespace(table=word if isinstance(word, LetterTable) else written(word))
            for _ in range(len(crops) // len(VARIANTS))
            for word in each
        ]


def flagged(text: str) -> WordReading:
    return WordReading(text, text, CHECK, 0.3)


def decided(*texts: str) -> list[WordReading]:
    """Decisions of crops: a valid word settled as written, anything else flagged."""
    return [WordReading(t, t, AS_WRITTEN if BOARD.is_valid(t) else CHECK, 0.9) for t in texts]


def test_a_closer_cut_takes_a_share_of_the_height_off_above_and_below_along_its_slant() -> None:
    assert np.allclose(closer(QUAD, 0.1), [[20, 23], [120, 23], [120, 47], [20, 47]])
    assert np.allclose(closer(QUAD, -0.1), [[20, 17], [120, 17], [120, 53], [20, 53]])
    slanted = np.array([[0, 0], [40, 30], [34, 38], [-6, 8]], np.float32)  # height 10 across a 3-4-5 slope
    assert np.allclose(closer(slanted, 0.2), [[-1.2, 1.6], [38.8, 31.6], [35.2, 36.4], [-4.8, 6.4]])


def test_every_variant_is_a_crop_of_the_word_about_its_size() -> None:
    crops = varied_crops(sheet(), QUAD)
    assert len(crops) == len(VARIANTS) >= 10
    for crop in crops:
        assert crop.ndim == 3 and crop.dtype == np.uint8
        assert 20 <= crop.shape[0] <= 40 and 75 <= crop.shape[1] <= 160
        assert crop.min() < 120 < crop.max()  # ink and paper in every one


def test_a_flagged_word_two_crops_settle_alike_is_settled_with_a_note() -> None:
    reader = VariedReader("ZEROS", "ZEROS", "ZOROS")
    looked = look_varied(reader, sheet(), [QUAD], [flagged("ZOROS")], BOARD)
    assert looked[0].text == "ZEROS" and looked[0].status in (AS_WRITTEN, CORRECTED)
    assert "ZOROS" in looked[0].notes[0] and "ZEROS from 2 of them" in looked[0].notes[0]
    assert len(reader.crops) == len(VARIANTS)


def test_one_crop_alone_settles_nothing() -> None:
    assert AGREEING >= 2
    reader = VariedReader("ZEROS", "ZOROS")
    assert look_varied(reader, sheet(), [QUAD], [flagged("ZOROS")], BOARD) == [flagged("ZOROS")]


def test_crops_settling_different_words_leave_the_word_flagged() -> None:
    assert agreed_word(flagged("GUER"), decided("GOER", "GOER", "DOER", "GUER"), BOARD) is None
    assert agreed_word(flagged("GUER"), decided("GOER", "GOER", "GUER"), BOARD) == "GOER"


def test_a_crop_that_saw_a_letter_more_is_not_outvoted() -> None:
    # TORN read FOR at first, TOR by most crops and TORM by one: the N is there to see.
    assert agreed_word(flagged("FOR"), decided("TOR", "TOR", "TOR", "FOR", "TORM"), BOARD) is None
    assert agreed_word(flagged("FOR"), decided("TOR", "TOR", "FOR", "FORX"), BOARD) == "TOR"
    assert is_part_of("TOR", "TORM") and is_part_of("TITER", "TIITER")
    assert not is_part_of("TOR", "FORN") and not is_part_of("TOR", "TOR")


def test_a_word_first_read_with_a_letter_more_is_not_settled_without_it() -> None:
    # A crop cut too close loses a letter: a player's TTONED must not become TONED.
    reader = VariedReader("TONED")
    assert look_varied(reader, sheet(), [QUAD], [flagged("TTONED")], BOARD) == [flagged("TTONED")]


def test_crops_that_leave_the_word_in_doubt_settle_nothing() -> None:
    reader = VariedReader("QUIETT")  # QUIET and QUITE both near: still in doubt
    assert look_varied(reader, sheet(), [QUAD], [flagged("QUIETT")], BOARD) == [flagged("QUIETT")]


def test_a_word_changed_in_half_its_letters_is_not_settled_however_many_crops_agree() -> None:
    # A writer's "Mr", read MR at first: three crops reading MA must not make it a valid word.
    assert agreed_word(flagged("MR"), decided("MA", "MA", "MA", "MR", "MR"), BOARD) is None
    assert agreed_word(flagged("MX"), decided(*["AM"] * len(VARIANTS)), BOARD) is None
    assert agreed_word(flagged("TOX"), decided("TOR", "TOR", "TOX"), BOARD) == "TOR"
    assert keeps_most_of("ZOROS", "ZEROS") and keeps_most_of("TOX", "TOR")
    assert not keeps_most_of("MR", "MA") and not keeps_most_of("GUUR", "GOER")
    assert not keeps_most_of("", "TOR")


def test_an_l_put_in_that_as_an_i_makes_no_word_is_not_settled_however_many_crops_agree() -> None:
    # A player's IONE, its thin first stroke left out (read ONE): crops reading it LONE must not
    # settle it, for as an I the stroke makes no valid word; a T put back is settled as before.
    vocabulary = Vocabulary.of_words(["LONE", "TONE"])
    lone, tone = ([WordReading(word, word, AS_WRITTEN, 0.9)] * 4 for word in ("LONE", "TONE"))
    assert agreed_word(flagged("ONE"), lone, vocabulary) is None
    assert agreed_word(flagged("ONE"), tone, vocabulary) == "TONE"


def test_an_i_for_an_l_alone_is_not_settled_however_many_crops_agree() -> None:
    # A player's MLL in a sans-serif print, its small l drawn as a capital I: read MII.
    assert agreed_word(flagged("MII"), decided(*["MIL"] * len(VARIANTS)), BOARD) is None


def test_words_not_in_doubt_are_not_read_again() -> None:
    reader = VariedReader("ZEROS")
    readings = [WordReading("TOR", "TOR", AS_WRITTEN, 0.9), WordReading("XQZ", "XQZ", AS_WRITTEN, 0.9)]
    assert look_varied(reader, sheet(), [QUAD, QUAD], readings, BOARD) == readings
    assert reader.crops == []


def test_a_misspelling_every_crop_reads_as_written_stays_flagged() -> None:
    reader = VariedReader("ZEROSS")
    assert look_varied(reader, sheet(), [QUAD], [flagged("ZEROSS")], BOARD) == [flagged("ZEROSS")]


def leaning(word: str, other: str) -> LetterTable:
    """A table of ``word`` whose last letter reads a little likelier as ``other``."""
    rows = np.exp(written(word).log_probs)
    last = 2 * len(word) - 1
    rows[last, letter_index(other)], rows[last, letter_index(word[-1])] = 1.0, 0.6
    return LetterTable.from_probs(rows)


def test_a_few_crops_do_not_outvote_the_rest_finding_another_word_as_likely() -> None:
    # SET, with SEE and SEC about equally likely: three crops settling SEE are not enough when
    # every other crop finds SEC about as likely (a little likelier, even).
    doubtful = WordReading("SET", "SET", CHECK, 0.4)
    reader = VariedReader("SEE", "SEE", "SEE", leaning("SEE", "C"))
    assert look_varied(reader, sheet(), [QUAD], [doubtful], BOARD) == [doubtful]
    # The same three, beside crops that read SET (no nearer SEC than SEE), settle it.
    alone = VariedReader("SEE", "SEE", "SEE", "SET")
    assert look_varied(alone, sheet(), [QUAD], [doubtful], BOARD)[0].text == "SEE"


def test_one_varied_crop_and_the_second_recogniser_agreeing_settle_a_word() -> None:
    doubtful = flagged("ZOROS")
    second = FixedReader("ZEROS")
    looked = look_varied(VariedReader("ZEROS", "ZOROS"), sheet(), [QUAD], [doubtful], BOARD, second)
    assert looked[0].text == "ZEROS" and f"{len(VARIANTS) + 1} ways" in looked[0].notes[0]
    assert len(second.quads) == 1  # the plain crop alone
    # The second recogniser alone is one reading: it settles nothing by itself.
    assert look_varied(VariedReader("ZOROS"), sheet(), [QUAD], [doubtful], BOARD, second) == [doubtful]
    # And it is a reading like the others: settling another word, it holds the crops back.
    other = FixedReader("GOER")
    assert look_varied(
        VariedReader("ZEROS", "ZEROS", "ZOROS"), sheet(), [QUAD], [doubtful], BOARD, other
    ) == [doubtful]


def test_two_crops_do_not_outvote_both_recognisers_reading_the_word_as_first_read() -> None:
    # A player's ZOROS, read so by the first recogniser and by the second on the plain crop:
    # two crops cut otherwise that read ZEROS do not make it ZEROS.
    doubtful = flagged("ZOROS")
    crops = VariedReader("ZEROS", "ZEROS", "ZOROS")
    (held,) = look_varied(crops, sheet(), [QUAD], [doubtful], BOARD, FixedReader("ZOROS"))
    assert (held.text, held.status, held.candidates) == (doubtful.text, CHECK, doubtful.candidates)
    assert "ZEROS from 2 of" in held.notes[-1] and "read ZOROS" in held.notes[-1]
    # A second recogniser that reads some other non-word does not hold them back.
    settled = look_varied(crops, sheet(), [QUAD], [doubtful], BOARD, FixedReader("ZQROS"))
    assert settled[0].text == "ZEROS"


def test_the_second_reading_as_first_is_only_a_non_word_read_first() -> None:
    first_valid = WordReading("TONE", "TONE", CHECK, 0.4)
    assert not second_reads_as_first(first_valid, "TONED", written("TONE"), BOARD)
    assert second_reads_as_first(flagged("ZOROS"), "ZEROS", written("ZOROS"), BOARD)
    assert not second_reads_as_first(flagged("ZOROS"), "ZEROS", None, BOARD)
    assert not second_reads_as_first(flagged("ZOROS"), "ZEROS", written("ZEROS"), BOARD)


def test_the_second_opinion_is_the_older_recogniser_for_the_default_one_only() -> None:
    assert second_opinion(SimpleNamespace(name="v6")) is not None
    assert second_opinion(SimpleNamespace(name="v4")) is None


def test_the_faded_photo_gives_each_word_its_plain_and_longer_crop_read_there() -> None:
    reader = VariedReader("ZOROS", "ZEROS")
    faded = np.full((80, 160, 3), 250, np.uint8)
    faded[30:40, 30:110] = 60  # the word's ink left once the marks' pen is faded
    (tables,) = varied_tables(reader, sheet(), [QUAD], faded=faded)
    assert len(tables) == len(VARIANTS) + 2
    plain, longer = reader.crops[-2:]
    assert plain.shape[1] < longer.shape[1]
    assert set(np.unique(plain)) <= {60, 250}  # cut from the faded photo, not the sheet
    assert len(varied_tables(VariedReader("ZEROS"), sheet(), [QUAD])[0]) == len(VARIANTS)


def test_a_sheet_in_one_pen_has_no_faded_photo_to_read() -> None:
    from boardsight.vision.sheets.under_marks import faded_photo

    assert faded_photo(sheet(), [QUAD]) is None
