"""CTC arithmetic over a recogniser's per-timestep letter probabilities.

A recogniser that was trained with CTC emits, for each of ``T`` timesteps, a probability
for every symbol of its alphabet and for *blank*. The probability that the image reads as
a given string is the sum over every frame path that collapses to it (repeats merged, then
blanks dropped); :func:`string_log_prob` computes it with the forward algorithm, so
candidate words are scored on the recogniser's own evidence rather than by string
similarity to one greedy reading.

Tables here are :class:`LetterTable`: natural-log probabilities of shape ``(T, 28)``,
columns blank, ``A`` .. ``Z`` and *other* (any non-letter the recogniser knows).
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import Any

import numpy as np

LETTERS = string.ascii_uppercase
BLANK = 0
OTHER = len(LETTERS) + 1
COLUMNS = 1 + len(LETTERS) + 1
NEG_INF = -1e30
PRUNE = -7.0
"""A letter less likely than e^-7 (about 0.001) at a timestep does not start a new beam there."""


def letter_index(letter: str) -> int:
    """Column of an upper-case letter in a table."""
    return 1 + LETTERS.index(letter)


@dataclass(frozen=True)
class LetterTable:
    """Log-probabilities ``(T, 28)`` of blank, A..Z and other at each timestep of one word image."""

    log_probs: np.ndarray

    def __post_init__(self) -> None:
        if self.log_probs.ndim != 2 or self.log_probs.shape[1] != COLUMNS:
            raise ValueError(f"a letter table has {COLUMNS} columns, not shape {self.log_probs.shape}")

    @classmethod
    def from_probs(cls, probs: np.ndarray) -> LetterTable:
        """A table from probabilities (rows are renormalised; zeros become a tiny floor)."""
        probs = np.asarray(probs, dtype=np.float64)
        probs = np.maximum(probs, 1e-12)
        probs = probs / probs.sum(axis=1, keepdims=True)
        return cls(np.log(probs))

    @property
    def frames(self) -> int:
        return int(self.log_probs.shape[0])

    def slice(self, start: int, stop: int) -> LetterTable:
        """The frames ``start .. stop-1`` (one word of a line)."""
        return LetterTable(self.log_probs[start:stop])


def greedy_frames(table: LetterTable) -> np.ndarray:
    """The most likely symbol of each frame."""
    return np.argmax(table.log_probs, axis=1)


def collapse(frames: np.ndarray | Iterable[Any], blank: object = BLANK) -> list[Any]:
    """Symbols of a frame path after merging repeats and dropping blanks (CTC's collapse)."""
    path = frames.tolist() if isinstance(frames, np.ndarray) else frames
    return [symbol for symbol, _ in groupby(path) if symbol != blank]


def greedy_reading(table: LetterTable) -> str:
    """The best-path reading in letters (``?`` stands for a non-letter)."""
    return "".join("?" if s == OTHER else LETTERS[s - 1] for s in collapse(greedy_frames(table)))


def _labels(word: str) -> list[int]:
    return [letter_index(letter) for letter in word]


def string_log_prob(table: LetterTable, word: str) -> float:
    """Natural log of the probability that the table reads as ``word`` (upper-case letters).

    The CTC forward algorithm over the word with blanks between and around its letters.
    A word with more letters than can fit the frames (a repeated letter needs a blank
    between) has probability zero: ``NEG_INF``.
    """
    labels = _labels(word)
    frames = table.log_probs
    steps = frames.shape[0]
    if not labels:
        return float(frames[:, BLANK].sum())
    extended = [BLANK]
    for label in labels:
        extended += [label, BLANK]
    size = len(extended)
    ext = np.asarray(extended)
    emit = frames[:, ext]  # (T, S)
    skip = np.zeros(size, dtype=bool)
    for s in range(2, size):
        skip[s] = ext[s] != BLANK and ext[s] != ext[s - 2]
    alpha = np.full(size, NEG_INF)
    alpha[0] = emit[0, 0]
    if size > 1:
        alpha[1] = emit[0, 1]
    for t in range(1, steps):
        stay = alpha
        step = np.concatenate(([NEG_INF], alpha[:-1]))
        jump = np.where(skip, np.concatenate(([NEG_INF, NEG_INF], alpha[:-2])), NEG_INF)
        alpha = np.logaddexp(np.logaddexp(stay, step), jump) + emit[t]
    total = np.logaddexp(alpha[-1], alpha[-2]) if size > 1 else alpha[-1]
    return float(max(total, NEG_INF))


def best_strings(table: LetterTable, beam: int = 8) -> list[tuple[str, float]]:
    """The ``beam`` most likely letter strings (prefix beam search), best first, with log-probabilities.

    Strings holding a non-letter are dropped; each score is the exact forward probability.
    """
    # Prefix beam search keeps (prob ending in blank, prob ending in a letter) per prefix.
    beams: dict[tuple[int, ...], tuple[float, float]] = {(): (0.0, NEG_INF)}
    log_probs = table.log_probs
    letter_columns = list(range(1, COLUMNS))
    for t in range(log_probs.shape[0]):
        row = log_probs[t]
        wanted = [c for c in letter_columns if row[c] > PRUNE]
        grown: dict[tuple[int, ...], list[float]] = {}

        def add(prefix: tuple[int, ...], blank: float, letter: float, grown=grown) -> None:
            entry = grown.setdefault(prefix, [NEG_INF, NEG_INF])
            entry[0] = float(np.logaddexp(entry[0], blank))
            entry[1] = float(np.logaddexp(entry[1], letter))

        for prefix, (p_blank, p_letter) in beams.items():
            total = np.logaddexp(p_blank, p_letter)
            add(prefix, total + row[BLANK], NEG_INF)
            if prefix:
                add(prefix, NEG_INF, p_letter + row[prefix[-1]])
            for column in wanted:
                if prefix and column == prefix[-1]:
                    add((*prefix, column), NEG_INF, p_blank + row[column])
                else:
                    add((*prefix, column), NEG_INF, total + row[column])
        ranked = sorted(grown.items(), key=lambda item: -np.logaddexp(*item[1]))
        beams = {prefix: (pb, pl) for prefix, (pb, pl) in ranked[: beam * 2]}
    results = []
    for prefix in sorted(beams, key=lambda p: -np.logaddexp(*beams[p])):
        if OTHER in prefix or not prefix:
            continue
        word = "".join(LETTERS[s - 1] for s in prefix)
        results.append((word, string_log_prob(table, word)))
        if len(results) == beam:
            break
    results.sort(key=lambda item: -item[1])
    return results


def string_log_probs(table: LetterTable, words: list[str]) -> np.ndarray:
    """:func:`string_log_prob` of many words at once (one forward pass over a padded batch)."""
    if not words:
        return np.zeros(0)
    frames = table.log_probs
    steps = frames.shape[0]
    size = 2 * max(len(word) for word in words) + 1
    ext = np.zeros((len(words), size), dtype=np.int64)
    ends = np.zeros(len(words), dtype=np.int64)
    for row, word in enumerate(words):
        labels = _labels(word)
        ext[row, 1 : 2 * len(labels) : 2] = labels
        ends[row] = 2 * len(labels)
    skip = np.zeros(ext.shape, dtype=bool)
    skip[:, 2:] = (ext[:, 2:] != BLANK) & (ext[:, 2:] != ext[:, :-2])
    valid = np.arange(size)[None, :] <= ends[:, None]
    emit = frames[:, ext]  # (T, N, S)
    alpha = np.full(ext.shape, NEG_INF)
    alpha[:, 0] = emit[0, :, 0]
    alpha[:, 1] = np.where(ends >= 1, emit[0, :, 1], NEG_INF)
    pad = np.full((len(words), 2), NEG_INF)
    for t in range(1, steps):
        shifted = np.concatenate((pad, alpha), axis=1)
        step = shifted[:, 1:-1]
        jump = np.where(skip, shifted[:, :-2], NEG_INF)
        alpha = np.logaddexp(np.logaddexp(alpha, step), jump) + emit[t]
        alpha = np.where(valid, alpha, NEG_INF)
    rows = np.arange(len(words))
    last = alpha[rows, ends]
    before = np.where(ends >= 1, alpha[rows, np.maximum(ends - 1, 0)], NEG_INF)
    return np.maximum(np.logaddexp(last, before), NEG_INF)
