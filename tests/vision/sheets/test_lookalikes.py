"""Symbols a recogniser may see for a Latin letter on a word sheet, and what a word piece is."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from boardsight.sheets.ctc import OTHER, letter_index
from boardsight.vision.sheets import ppocr
from boardsight.vision.sheets.lookalikes import latin_letter
from boardsight.vision.sheets.reader import _is_a_word


def test_letters_in_any_case_accent_width_or_script_are_the_latin_capital() -> None:
    drawn = {"a": "A", "Q": "Q", "É": "E", "ü": "U", "Ｅ": "E", "Ε": "E", "Е": "E"}
    drawn |= {"Δ": "A", "Λ": "A", "0": "O"}
    assert {symbol: latin_letter(symbol) for symbol in drawn} == drawn


def test_other_symbols_stand_for_no_letter() -> None:
    for symbol in ("1", "5", "=", "-", " ", "", "中", "ß", "½", "ab"):
        assert latin_letter(symbol) is None, symbol


def test_a_recognisers_lookalikes_add_to_the_letters_column_not_to_other() -> None:
    meta = SimpleNamespace(custom_metadata_map={"character": "\n".join(["a", "Δ", "0", "5", "中"])})
    session = SimpleNamespace(get_modelmeta=lambda: meta)

    alphabet = ppocr._alphabet(session)
    probs = np.zeros((1, len(alphabet.symbols)), np.float32)
    probs[0, alphabet.symbols.index("Δ")] = 0.5
    probs[0, alphabet.symbols.index("0")] = 0.2
    probs[0, alphabet.symbols.index("5")] = 0.3
    engine = object.__new__(ppocr.PPOCR)
    engine.alphabet = alphabet
    table = engine._line(np.zeros((4, 2)), probs, 1.0, []).table
    row = np.exp(table.log_probs[0])
    assert abs(row[letter_index("A")] - 0.5) < 1e-6
    assert abs(row[letter_index("O")] - 0.2) < 1e-6
    assert abs(row[OTHER] - 0.3) < 1e-6


def test_a_word_piece_has_two_letters_one_of_them_a_letter_of_some_script() -> None:
    assert _is_a_word("b00")
    assert _is_a_word("ab")
    assert not _is_a_word("10")
    assert not _is_a_word("00")
    assert not _is_a_word("a")
    assert not _is_a_word("a=")
