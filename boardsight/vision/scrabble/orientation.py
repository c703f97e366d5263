"""Which way up a board is read: the quarter turn in which its tiles' letters stand upright.

The square classifier knows a class ``turned`` for a tile seen at a quarter or half
turn. Each of the four turns of the board is scored by how upright its tiles look (the
mean log-probability of "not turned" over the squares that hold a tile); the best turn
wins. When two turns score within ``TIE_MARGIN`` of each other (few tiles, or letters
that look alike turned, such as O, S, X, Z, N, H, I), the lexicon decides: the turn
whose words read left to right and top to bottom are valid the most often.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

TIE_MARGIN = 0.15  # mean log-probability difference under which the lexicon breaks the tie
CLEAR_LEAD = 2.0  # mean log-probability lead of the best turn that more voting tiles would not overturn


@dataclass(frozen=True)
class Orientation:
    """The chosen clockwise quarter turns (0-3), each turn's score, and whether the lexicon chose."""

    quarter_turns: int
    scores: tuple[float, ...]
    by_lexicon: bool = False


def turn_scores(turned_probability: np.ndarray) -> np.ndarray:
    """Score of each turn from ``turned_probability`` (4, tiles): mean log P(upright)."""
    if turned_probability.shape[1] == 0:
        return np.zeros(len(turned_probability))
    upright = np.clip(1.0 - turned_probability, 1e-6, 1.0)
    return np.log(upright).mean(axis=1)


def clear_winner(turned_probability: np.ndarray, lead: float = CLEAR_LEAD) -> bool:
    """Whether one turn leads every other by at least ``lead`` (in :func:`turn_scores`), so
    that more tiles' votes would not change the choice: a board's first few tiles, read in
    all four turns, mostly settle it, and the rest need not be classified turned."""
    scores = np.sort(turn_scores(np.asarray(turned_probability, dtype=np.float64)))
    return turned_probability.shape[1] > 0 and bool(scores[-1] - scores[-2] >= lead)


def choose_orientation(
    turned_probability: np.ndarray,
    word_validity: Callable[[int], float] | None = None,
) -> Orientation:
    """The turn whose tiles look most upright; ``word_validity(turn)`` (share of valid words) breaks ties.

    ``turned_probability`` is (4, tiles): for each turn, each tile's probability of looking turned.
    """
    scores = turn_scores(np.asarray(turned_probability, dtype=np.float64))
    order = np.argsort(-scores)
    best = int(order[0])
    close = [int(turn) for turn in order if scores[best] - scores[turn] <= TIE_MARGIN]
    if word_validity is not None and len(close) > 1:
        validity = {turn: word_validity(turn) for turn in close}
        chosen = max(close, key=lambda turn: (validity[turn], scores[turn]))
        return Orientation(chosen, tuple(float(s) for s in scores), by_lexicon=chosen != best)
    return Orientation(best, tuple(float(s) for s in scores))


def valid_share(words: Sequence[str], is_word: Callable[[str], bool]) -> float:
    """Share of ``words`` that ``is_word`` accepts (0 when there are none)."""
    return sum(1 for word in words if is_word(word)) / len(words) if words else 0.0
