"""Writer adaptation on hand-made letter tables: a hand is learnt from repeated misreadings only."""

from __future__ import annotations

import numpy as np
from sheet_tables import clear, table

from boardsight.sheets.ctc import LETTERS, LetterTable, letter_index
from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Vocabulary, read_word
from boardsight.sheets.hand_model import LIFT, HandModel, learn_hands

WORDS = [
    "INN",
    "RINSE",
    "HINTS",
    "INSET",
    "TONER",
    "HEIST",
    "TIRES",
    "SHORT",
    "OTHER",
    "TONE",
    "QUIET",
    "QUITE",
]
VOCABULARY = Vocabulary.of_words(WORDS)
HAND_N = {"U": 0.8, "N": 0.15}
"""This hand's N, as the recogniser reads it: mostly U, N a poor second."""
CLEAR_U = {"U": 0.97, "N": 0.003}
"""A U written clearly: N e^5.8 less likely, beyond what a hand may lift (e^2) and the support (e^1)."""


def written(word: str, looks: dict[str, dict[str, float]] | None = None) -> LetterTable:
    """A word in a hand whose letters in ``looks`` read as given, every other letter clearly."""
    frames: list[dict[str, float]] = [{"-": 0.95}]
    for letter in word:
        frames += [(looks or {}).get(letter, {letter: 0.95}), {"-": 0.95}]
    return table(frames)


def decide(tables: list[LetterTable], vocabulary: Vocabulary = VOCABULARY, **options):
    models = learn_hands(tables, [read_word(t, vocabulary) for t in tables], vocabulary, **options)
    return [read_word(model.apply(t), vocabulary) for model, t in zip(models, tables, strict=True)], models


def test_without_the_hand_a_misread_n_is_only_flagged() -> None:
    reading = read_word(written("RINSE", {"N": HAND_N}), VOCABULARY)
    assert (reading.text, reading.status) == ("RIUSE", CHECK)


def test_a_hand_that_reads_n_as_u_in_four_words_gets_them_read() -> None:
    hand = {"N": HAND_N}
    tables = [written(word, hand) for word in ["RINSE", "HINTS", "INSET", "TONER"]]
    tables += [written(word) for word in ["HEIST", "TIRES", "SHORT", "OTHER"]]
    readings, models = decide(tables)
    assert [r.text for r in readings[:4]] == ["RINSE", "HINTS", "INSET", "TONER"]
    assert all(r.status in (AS_WRITTEN, CORRECTED) for r in readings[:4])
    assert [(r.text, r.status) for r in readings[4:]] == [
        (w, AS_WRITTEN) for w in ["HEIST", "TIRES", "SHORT", "OTHER"]
    ]
    assert models[0].confusions()[0][:2] == ("U", "N")


def test_a_single_word_does_not_teach_the_hand() -> None:
    tables = [written("RINSE", {"N": HAND_N})] + [written(w) for w in ["HEIST", "TIRES", "SHORT", "OTHER"]]
    readings, models = decide(tables)
    assert (readings[0].text, readings[0].status) == ("RIUSE", CHECK)
    assert models[0].is_identity  # the others may learn from it; it learns from nobody


def test_a_confusion_repeated_within_one_word_does_not_teach_the_hand() -> None:
    # INN with both N read as U: twice the confusion, but one word.
    tables = [written("INN", {"N": HAND_N})] + [written(w) for w in ["HEIST", "TIRES", "SHORT", "OTHER"]]
    readings, models = decide(tables)
    assert (readings[0].text, readings[0].status) == ("IUU", CHECK)
    assert models[0].is_identity


def test_two_words_showing_the_confusion_teach_each_other() -> None:
    tables = [written(w, {"N": HAND_N}) for w in ["RINSE", "HINTS"]] + [
        written(w) for w in ["HEIST", "SHORT"]
    ]
    readings, _ = decide(tables)
    assert [r.text for r in readings] == ["RINSE", "HINTS", "HEIST", "SHORT"]


def test_a_clearly_written_misspelling_stays_as_written_whatever_the_hand_taught() -> None:
    # The hand's N reads as U in four words; the player also wrote TOUE, a real U the
    # recogniser reads clearly. TONE is on the board, one letter from it along the learnt
    # confusion: it must not be read in.
    hand = {"N": HAND_N}
    tables = [written(w, hand) for w in ["RINSE", "HINTS", "INSET", "TONER"]]
    tables += [written("TOUE", {"U": CLEAR_U})]
    readings, models = decide(tables)
    assert models[4].rates[LETTERS.index("U"), LETTERS.index("N")] > 0
    assert readings[4].text == "TOUE"
    assert readings[4].status in (CHECK, AS_WRITTEN)
    # The same word in the hand's own N is read: the difference is what the recogniser saw.
    tables[4] = written("TONE", hand)
    assert decide(tables)[0][4].text == "TONE"


def test_quiett_stays_flagged_on_a_sheet_whose_hand_was_learnt() -> None:
    hand = {"N": HAND_N}
    tables = [written(w, hand) for w in ["RINSE", "HINTS", "INSET", "TONER"]] + [clear("QUIETT")]
    readings, _ = decide(tables)
    assert (readings[4].text, readings[4].status) == ("QUIETT", CHECK)
    assert [r.text for r in readings[:4]] == ["RINSE", "HINTS", "INSET", "TONER"]


def test_no_vocabulary_learns_nothing() -> None:
    tables = [written(w, {"N": HAND_N}) for w in ["RINSE", "HINTS", "INSET", "TONER"]]
    readings = [read_word(t, None) for t in tables]
    assert all(model.is_identity for model in learn_hands(tables, readings, None))


def test_applying_a_hand_moves_mass_and_lifts_no_letter_more_than_its_bound() -> None:
    rng = np.random.default_rng(5)
    rates = np.zeros((26, 26))
    rates[letter_index("U") - 1, letter_index("N") - 1] = 0.6
    rates[letter_index("S") - 1, letter_index("G") - 1] = 0.3
    model = HandModel(rates)
    before = LetterTable.from_probs(rng.dirichlet(np.full(28, 0.3), size=12))
    after = model.apply(before)
    p, q = np.exp(before.log_probs), np.exp(after.log_probs)
    assert np.allclose(q.sum(axis=1), 1.0)
    assert np.allclose(q[:, [0, 27]], p[:, [0, 27]])
    assert np.all(q <= p * np.exp(LIFT) + 1e-12)
    assert HandModel.identity().apply(before) is before
