"""Letter folding: how a written word maps to the letters a game uses.

English folds every accented letter to its base letter and upper-cases it. Swedish
follows the Swedish Scrabble Association's rules: accented letters count as their
base letter (é→E, à→A, ê→E, ñ→N, ç→C), but Å, Ä and Ö are letters of their own,
Ü is its own letter (never U or Y) and Æ is its own (never Ä or AE).
"""

from __future__ import annotations

import unicodedata
from typing import Literal

Folding = Literal["english", "swedish"]
FOLDINGS: tuple[Folding, ...] = ("english", "swedish")

_SWEDISH_OWN_LETTERS = frozenset("ÅÄÖÜÆ")
_COMBINING_CLASS_ZERO = 0


def _strip_marks(letter: str) -> str:
    decomposed = unicodedata.normalize("NFD", letter)
    return "".join(ch for ch in decomposed if unicodedata.combining(ch) == _COMBINING_CLASS_ZERO)


def fold_word(word: str, folding: Folding = "english") -> str:
    """Return ``word`` upper-cased with accents folded as ``folding`` says.

    >>> fold_word("café")
    'CAFE'
    >>> fold_word("Smörgåsbord", "swedish")
    'SMÖRGÅSBORD'
    """
    upper = unicodedata.normalize("NFC", word).upper()
    if upper.isascii():
        return upper
    if folding == "swedish":
        return "".join(ch if ch in _SWEDISH_OWN_LETTERS else _strip_marks(ch) for ch in upper)
    return _strip_marks(upper)
