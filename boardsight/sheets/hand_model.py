"""Writer adaptation: how the recogniser misreads this sheet's hand, learnt from the whole sheet.

A sheet is written by one hand, and the recogniser misreads that hand's letters the same way
every time (one writer's N read as U in word after word). :func:`learn_hands` estimates, from
all the words of a sheet at once, a letter-confusion model ``P(pen wrote y | recogniser read
x)`` anchored to the identity (a pseudo-read of each letter as itself, and the bound below),
by EM over each word's readings as its plain decision weighed them (the reading as written,
the close valid words and the runners-up), weighted by their CTC probabilities on the table
re-read under the current model and a prior for valid words. :meth:`HandModel.apply` re-reads
a word's letter table under it, and the usual decision of :mod:`boardsight.sheets.decode`
decides on the re-read table (the sheet reader asks it only about words left in doubt, and
takes its answer only when it settles them: :func:`boardsight.vision.sheets.reader.decide_word`).

What keeps a player's mistake a mistake:

- *Leave one out.* Each word is re-read under a model learnt from the sheet's *other* words
  only, so a misspelling cannot teach the hand its own correction.
- *Repeated evidence.* A confusion counts only when at least :data:`MIN_WORDS` other words
  of the sheet show it: two words at least, a confusion repeated inside one word is one word.
- *Only what the recogniser saw.* A re-read letter is at most ``e^LIFT`` times likelier than
  the recogniser gave it at that frame: the model may promote a letter the recogniser found
  possible, never one it ruled out. A written letter the recogniser reads more than
  ``e^(LIFT + support)`` times likelier than the confused one (the frame's other letters
  small) therefore stays more than ``support`` ahead of it after adaptation, and a
  misspelling written clearly stays as written or flagged, whatever the sheet taught.
- *The same rules decide.* Support, ambiguity, ``supported`` and the dissent rule of
  :func:`~boardsight.sheets.decode.read_word_by` are unchanged; only the table they read changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from boardsight.sheets.ctc import LETTERS, NEG_INF, LetterTable, string_log_probs
from boardsight.sheets.decode import UNREAD, Vocabulary, WordReading

ALPHABET = len(LETTERS)
PRIOR = 1.0
"""Pseudo-reads of each letter as itself: the anchor of the confusion rates to the identity."""
VALID_PRIOR = 5.0
"""Log prior odds of a valid candidate over a non-word reading while learning (most written words
are valid): enough for repeated misreadings to pull their valid words in, not one alone."""
MIN_WORDS = 1
"""A confusion is learnt only when at least this many different words other than the one being
read show it (so at least two on the sheet: one word never teaches the hand)."""
SHOWS = 0.5
"""A word shows a confusion when its expected count of it is at least this."""
LIFT = 2.0
"""A re-read letter is at most e^2 (about 7) times likelier than the recogniser gave it (2, 3, 4
and 5 read the same words on the tuning sheets: the tightest bound is kept)."""
ROUNDS = 3
"""EM rounds."""


@dataclass(frozen=True)
class HandModel:
    """``rates[x, y]``: the share of the recogniser's reads of letter x that the pen wrote as y (x != y)."""

    rates: np.ndarray

    @classmethod
    def identity(cls) -> HandModel:
        """The hand the recogniser reads as written: no confusion."""
        return cls(np.zeros((ALPHABET, ALPHABET)))

    @property
    def is_identity(self) -> bool:
        return not self.rates.any()

    def confusions(self, least: float = 0.05) -> list[tuple[str, str, float]]:
        """(read, written, rate) of the confusions at least ``least``, largest first."""
        found = [
            (LETTERS[x], LETTERS[y], float(self.rates[x, y]))
            for x, y in zip(*np.nonzero(self.rates >= least), strict=True)
        ]
        return sorted(found, key=lambda item: -item[2])

    def apply(self, table: LetterTable, lift: float = LIFT) -> LetterTable:
        """The table re-read under this hand: at each frame, a share ``rates[x, y]`` of letter x's
        probability moves to y, but no letter rises above e^``lift`` times what the recogniser
        gave it (mass is moved, never made: blank and *other* keep theirs)."""
        if self.is_identity:
            return table
        probs = np.exp(table.log_probs)
        letters = probs[:, 1 : ALPHABET + 1]
        moved = letters[:, :, None] * self.rates[None, :, :]  # (T, from x, to y)
        arriving = moved.sum(axis=1)
        room = letters * (np.exp(lift) - 1.0)
        scale = np.minimum(1.0, room / np.maximum(arriving, 1e-12))
        moved *= scale[:, None, :]
        out = probs.copy()
        out[:, 1 : ALPHABET + 1] = letters + moved.sum(axis=1) - moved.sum(axis=2)
        return LetterTable(np.maximum(np.log(np.maximum(out, 1e-300)), NEG_INF))


def _alignment(read: str, written: str) -> list[tuple[int, int]]:
    """Letter pairs (read, written) of a least-edit alignment, substitutions and matches only."""
    rows, cols = len(read) + 1, len(written) + 1
    cost = np.zeros((rows, cols), dtype=np.int32)
    cost[:, 0] = np.arange(rows)
    cost[0, :] = np.arange(cols)
    for i in range(1, rows):
        for j in range(1, cols):
            cost[i, j] = min(
                cost[i - 1, j] + 1, cost[i, j - 1] + 1, cost[i - 1, j - 1] + (read[i - 1] != written[j - 1])
            )
    pairs = []
    i, j = rows - 1, cols - 1
    while i > 0 and j > 0:
        if cost[i, j] == cost[i - 1, j - 1] + (read[i - 1] != written[j - 1]):
            pairs.append((LETTERS.index(read[i - 1]), LETTERS.index(written[j - 1])))
            i, j = i - 1, j - 1
        elif cost[i, j] == cost[i - 1, j] + 1:
            i -= 1
        else:
            j -= 1
    return pairs


@dataclass
class _Word:
    """One word's candidates while learning: their words, validity and alignment to the reading."""

    table: LetterTable
    words: list[str]
    valid: np.ndarray
    substitutions: list[np.ndarray]
    """Per candidate: a (26, 26) count of (read x, written y) with x != y."""
    reads: np.ndarray
    """(26,) count of each letter in the word's own reading."""


def _prepare(table: LetterTable, reading: WordReading, vocabulary: Vocabulary) -> _Word | None:
    """A word's candidates: its reading as written and the readings its plain decision weighed
    (the close valid words and the runners-up, valid or not)."""
    if not reading.raw or reading.status == UNREAD:
        return None
    words = sorted({reading.raw} | {scored.word for scored in (*reading.candidates, *reading.runners_up)})
    substitutions = []
    for word in words:
        counts = np.zeros((ALPHABET, ALPHABET))
        for x, y in _alignment(reading.raw, word):
            if x != y:
                counts[x, y] += 1
        substitutions.append(counts)
    reads = np.zeros(ALPHABET)
    for letter in reading.raw:
        reads[LETTERS.index(letter)] += 1
    valid = np.array([vocabulary.is_valid(word) for word in words])
    return _Word(table, words, valid, substitutions, reads)


def _rates(
    shown: np.ndarray, counts: np.ndarray, reads: np.ndarray, prior: float, min_words: int
) -> np.ndarray:
    """Confusion rates from expected substitutions over reads (plus ``prior`` pseudo-reads of
    each letter as itself), for the confusions enough words show; no letter gives away more
    than all of its reads."""
    rates = np.where(shown >= min_words, counts / (reads[:, None] + prior), 0.0)
    np.fill_diagonal(rates, 0.0)
    total = rates.sum(axis=1, keepdims=True)
    return np.where(total > 1.0, rates / np.maximum(total, 1e-12), rates)


def learn_hands(
    tables: Sequence[LetterTable],
    readings: Sequence[WordReading],
    vocabulary: Vocabulary | None,
    *,
    prior: float = PRIOR,
    valid_prior: float = VALID_PRIOR,
    min_words: int = MIN_WORDS,
    lift: float = LIFT,
    rounds: int = ROUNDS,
) -> list[HandModel]:
    """One hand model per word of a sheet, each learnt from all the sheet's other words: their
    letter tables and their plain decisions (:func:`~boardsight.sheets.decode.read_word_by`,
    whose candidates and runners-up are the readings weighed).

    With no vocabulary there is nothing to tell a misreading from a reading: every model is
    the identity.
    """
    models = [HandModel.identity() for _ in tables]
    if vocabulary is None or len(tables) <= min_words:
        return models
    prepared = [_prepare(table, reading, vocabulary) for table, reading in zip(tables, readings, strict=True)]
    reads = np.stack([word.reads if word is not None else np.zeros(ALPHABET) for word in prepared])
    others_reads = reads.sum(axis=0) - reads  # leave one out: each word's model counts the others' reads
    for _ in range(rounds):
        expected = []
        for word, model in zip(prepared, models, strict=True):
            if word is None:
                expected.append(np.zeros((ALPHABET, ALPHABET)))
                continue
            scores = string_log_probs(model.apply(word.table, lift), word.words) + valid_prior * word.valid
            weights = np.exp(scores - scores.max())
            weights /= weights.sum()
            expected.append(sum(w * s for w, s in zip(weights, word.substitutions, strict=True)))
        counts = np.stack(expected)
        shows = counts >= SHOWS
        all_counts, all_shown = counts.sum(axis=0), shows.sum(axis=0)
        models = [
            HandModel(_rates(all_shown - shows[i], all_counts - counts[i], others_reads[i], prior, min_words))
            for i in range(len(prepared))
        ]
    return models
