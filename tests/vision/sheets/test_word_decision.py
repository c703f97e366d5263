"""How the word engines decide one word, on hand-made letter tables (no photo, no model)."""

from __future__ import annotations

import numpy as np

from boardsight.sheets.ctc import BLANK, COLUMNS, LetterTable, letter_index
from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Vocabulary
from boardsight.sheets.hand_model import HandModel
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


def _hand(read: str, written: str, rate: float) -> HandModel:
    """A sheet's hand whose ``written`` letter the recogniser reads as ``read`` at ``rate``."""
    rates = np.zeros((26, 26))
    rates[letter_index(read) - 1, letter_index(written) - 1] = rate
    return HandModel(rates)


def _tone_read_toue(u: float, n: float) -> LetterTable:
    frames: list[dict[str, float]] = [{"-": 0.95}]
    for letter in "TO":
        frames += [{letter: 0.95}, {"-": 0.95}]
    frames += [{"U": u, "N": n}, {"-": 0.95}, {"E": 0.95}, {"-": 0.95}]
    return _table(frames)


def test_a_flagged_word_the_hand_settles_is_corrected() -> None:
    vocabulary = Vocabulary.of_words(["TONE"])
    table = _tone_read_toue(0.8, 0.15)
    plain = decide_word(table, None, "ppocr", vocabulary)
    assert (plain.text, plain.status) == ("TOUE", CHECK)
    reading = decide_word(table, None, "ppocr", vocabulary, hand=_hand("U", "N", 0.8))
    assert (reading.text, reading.raw, reading.status) == ("TONE", "TOUE", CORRECTED)
    # The hand re-reads PP-OCR's table only: an own recogniser that reads the U plainly still
    # dissents, and the word stays flagged.
    reading = decide_word(table, table, "ppocr+own", vocabulary, hand=_hand("U", "N", 0.8))
    assert (reading.text, reading.status) == ("TOUE", CHECK)


def test_a_word_the_hand_cannot_settle_is_flagged_as_before() -> None:
    vocabulary = Vocabulary.of_words(["TONE"])
    table = _tone_read_toue(0.97, 0.003)  # a U written clearly
    plain = decide_word(table, None, "ppocr", vocabulary)
    reading = decide_word(table, None, "ppocr", vocabulary, hand=_hand("U", "N", 1.0))
    assert reading == plain
    assert (reading.text, reading.status) == ("TOUE", CHECK)


def test_a_word_the_plain_reading_settles_is_not_asked_of_the_hand() -> None:
    unsure = _tone_read_toue(0.5, 0.45)  # TONE corrected from TOUE by the plain reading
    vocabulary = Vocabulary.of_words(["TONE", "TOGE"])
    plain = decide_word(unsure, None, "ppocr", vocabulary)
    assert plain.status == CORRECTED
    assert decide_word(unsure, None, "ppocr", vocabulary, hand=_hand("U", "G", 1.0)) == plain
    clear = _table([{"-": 0.99}, {"T": 0.99}, {"O": 0.99}, {"U": 0.99}, {"E": 0.99}, {"-": 0.99}])
    far = Vocabulary.of_words(["QUIET"])
    assert decide_word(clear, None, "ppocr", far).status == AS_WRITTEN
    assert decide_word(clear, None, "ppocr", far, hand=_hand("U", "N", 1.0)).status == AS_WRITTEN


def test_the_hand_never_settles_a_word_as_some_other_non_word() -> None:
    # Unsure between X and K; no valid word near. Re-read, KQZ would be a confident non-word:
    # that is for a person to judge, not the hand, so the word stays flagged as read.
    frames = [
        {"-": 0.97},
        {"X": 0.55, "K": 0.4},
        {"-": 0.97},
        {"Q": 0.97},
        {"-": 0.97},
        {"Z": 0.97},
        {"-": 0.97},
    ]
    unsure = _table(frames)
    vocabulary = Vocabulary.of_words(["QUIET"])
    plain = decide_word(unsure, None, "ppocr", vocabulary)
    assert (plain.text, plain.status) == ("XQZ", CHECK)
    assert decide_word(unsure, None, "ppocr", vocabulary, hand=_hand("X", "K", 1.0)) == plain
