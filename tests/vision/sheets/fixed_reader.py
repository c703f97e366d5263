"""A stand-in recogniser for the looks' tests: it reads every crop it is given as one word."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from boardsight.sheets.ctc import BLANK, COLUMNS, LetterTable, letter_index


def written(word: str) -> LetterTable:
    """A table of ``word`` written clearly: each letter one sure frame, a blank between."""
    rows = np.full((2 * len(word) + 1, COLUMNS), 0.01)
    rows[0::2, BLANK] = 1.0
    for index, letter in enumerate(word):
        rows[2 * index + 1, letter_index(letter)] = 1.0
    return LetterTable.from_probs(rows)


class FixedReader:
    """Reads every crop it is given as ``word``, and keeps the crops and their quads."""

    def __init__(self, word: str) -> None:
        self.word, self.crops, self.quads = word, [], []

    def recognise_crops(self, crops, quads):
        self.crops += crops
        self.quads += quads
        return [SimpleNamespace(table=written(self.word)) for _ in crops]


class ScriptedReader:
    """Reads every quad it is given as the next of ``words``, and keeps the quads."""

    def __init__(self, *words: str) -> None:
        self.words, self.quads = list(words), []

    def recognise(self, image, quads):
        self.quads += quads
        return [SimpleNamespace(table=written(self.words.pop(0))) for _ in quads]
