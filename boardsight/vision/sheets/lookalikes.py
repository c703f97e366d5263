"""Which Latin capital a recogniser's symbol stands for on a word-list sheet.

PP-OCR's recognisers know thousands of symbols. On a sheet of English words a letter the
recogniser sees as an accented letter (``É``), a full-width one (``Ｅ``), a Greek or Cyrillic
capital drawn the same (``Ε``, ``Е``), a triangle for an A written without its bar (``Δ``)
or a zero for a round O is still that letter: its probability belongs to the letter's,
not to *other*.
"""

from __future__ import annotations

import string
import unicodedata

HOMOGLYPHS = {
    # Greek capitals drawn as Latin ones, and the A written as a triangle or without its bar.
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Δ": "A", "∆": "A",
    "Λ": "A", "ο": "O",
    # Cyrillic capitals and small letters drawn as Latin ones.
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J",
    "а": "A", "е": "E", "о": "O", "р": "P", "с": "C", "у": "Y", "х": "X", "ѕ": "S",
    "і": "I", "ј": "J",
    # A zero is a round O: no other digit is taken for a letter.
    "0": "O",
}  # fmt: skip
"""Symbols that are, on a word sheet, the Latin capital they are drawn as."""


def latin_letter(symbol: str) -> str | None:
    """The capital ``A``..``Z`` that ``symbol`` is drawn as, or None for any other symbol."""
    if len(symbol) != 1:
        return None
    if symbol in HOMOGLYPHS:
        return HOMOGLYPHS[symbol]
    base = unicodedata.normalize("NFKD", symbol)[:1].upper()
    return base if len(base) == 1 and base in string.ascii_uppercase else None
