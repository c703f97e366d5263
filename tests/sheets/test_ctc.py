"""The CTC forward probability against brute force, and the beam's best strings."""

from __future__ import annotations

import itertools

import numpy as np
from sheet_tables import clear, table

from boardsight.sheets.ctc import (
    LETTERS,
    OTHER,
    LetterTable,
    best_strings,
    collapse,
    greedy_reading,
    string_log_prob,
    string_log_probs,
)


def _brute_force(letter_table: LetterTable, word: str) -> float:
    """Sum over every frame path over {blank, the word's letters} that collapses to ``word``."""
    symbols = sorted({0, *(1 + LETTERS.index(c) for c in word)})
    target = [1 + LETTERS.index(c) for c in word]
    total = 0.0
    probs = np.exp(letter_table.log_probs)
    for path in itertools.product(symbols, repeat=letter_table.frames):
        if collapse(np.array(path)) == target:
            total += float(np.prod([probs[t, s] for t, s in enumerate(path)]))
    return total


def test_forward_matches_brute_force_on_a_small_table() -> None:
    rng = np.random.default_rng(3)
    letter_table = LetterTable.from_probs(rng.dirichlet(np.ones(28) * 0.3, size=5))
    for word in ("AB", "AA", "B", "ABA"):
        expected = _brute_force(letter_table, word)
        assert np.isclose(np.exp(string_log_prob(letter_table, word)), expected, rtol=1e-9)


def test_batched_forward_equals_single() -> None:
    letter_table = clear("QUIET")
    words = ["QUIET", "QUITE", "QUIETT", "Q", "QUIETER"]
    batched = string_log_probs(letter_table, words)
    single = [string_log_prob(letter_table, word) for word in words]
    assert np.allclose(batched, single)


def test_a_doubled_letter_needs_a_blank_between() -> None:
    letter_table = clear("TT")
    assert string_log_prob(letter_table, "TT") > string_log_prob(letter_table, "T") + 3


def test_greedy_and_beam_read_a_clear_word() -> None:
    letter_table = clear("QUIET")
    assert greedy_reading(letter_table) == "QUIET"
    best = best_strings(letter_table)
    assert best[0][0] == "QUIET"
    assert all(best[i][1] >= best[i + 1][1] for i in range(len(best) - 1))


def test_non_letters_are_question_marks_and_left_out_of_the_beam() -> None:
    letter_table = table([{"A": 0.9}, {"-": 0.9}, {"?": 0.95}, {"-": 0.9}])
    assert greedy_reading(letter_table) == "A?"
    assert all("?" not in word for word, _ in best_strings(letter_table))
    assert OTHER == 27
