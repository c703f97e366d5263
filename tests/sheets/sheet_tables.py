"""Hand-made letter tables: one frame per entry, each a {symbol: probability} dict ("-" is blank)."""

from __future__ import annotations

import numpy as np

from boardsight.sheets.ctc import BLANK, COLUMNS, OTHER, LetterTable, letter_index


def table(frames: list[dict[str, float]]) -> LetterTable:
    """A table whose unspecified mass is spread over every other column."""
    rows = np.zeros((len(frames), COLUMNS))
    for t, frame in enumerate(frames):
        rest = 1.0 - sum(frame.values())
        rows[t, :] = max(rest, 0.0) / COLUMNS
        for symbol, probability in frame.items():
            column = BLANK if symbol == "-" else OTHER if symbol == "?" else letter_index(symbol)
            rows[t, column] += probability
    return LetterTable.from_probs(rows)


def clear(word: str, p: float = 0.9) -> LetterTable:
    """A word written clearly: each letter one confident frame, a confident blank between."""
    frames: list[dict[str, float]] = [{"-": p}]
    for letter in word:
        frames += [{letter: p}, {"-": p}]
    return table(frames)
