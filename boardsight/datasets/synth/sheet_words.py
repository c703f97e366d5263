"""What a synthetic player writes: mostly words of the board, some mistakes, a total.

A real list holds the board's words a player found, a few that cannot be formed or are
not words (a misspelling one letter off, a word the board cannot make), cancelled words
and words the opponent circled. The mistakes are what tests the "never invent a valid
word" rule: each must come out of the reader as written or flagged, never as the valid
word next to it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from boardsight.boggle.board import Board
from boardsight.boggle.dice import dice_sets_for_size
from boardsight.boggle.parse import parse_board
from boardsight.boggle.solver import Solution
from boardsight.lexicon.lexicon import Lexicon

MISTAKE_SHARE = 0.12


@dataclass(frozen=True)
class WrittenWord:
    """One entry of a list: the letters written and the marks on it."""

    text: str
    cancelled: bool = False
    circled: bool = False
    mistake: str = ""
    """Empty for a board word; ``misspelt`` or ``not_on_board`` for a player's mistake."""


def roll_board(rng: np.random.Generator, size: int) -> Board:
    """A tray rolled from one of the bundled dice sets of ``size``."""
    sets = dice_sets_for_size(size)
    dice_set = sets[int(rng.integers(len(sets)))]
    order = rng.permutation(len(dice_set.dice))
    faces = [dice_set.dice[i][int(rng.integers(len(dice_set.dice[i])))] for i in order]
    text = "/".join(
        "".join(f"({face})" if len(face) > 1 else face for face in faces[r * size : (r + 1) * size])
        for r in range(size)
    )
    return parse_board(text)


def misspell(rng: np.random.Generator, word: str, lexicon: Lexicon) -> str | None:
    """A non-word one letter off ``word`` (a doubled, dropped or changed letter), or None."""
    letters = "ABCDEFGHIJKLMNOPRSTUVWY"
    for _ in range(12):
        kind = rng.integers(3)
        at = int(rng.integers(len(word)))
        if kind == 0:
            attempt = word[: at + 1] + word[at] + word[at + 1 :]
        elif kind == 1 and len(word) > 3:
            attempt = word[:at] + word[at + 1 :]
        else:
            attempt = word[:at] + letters[int(rng.integers(len(letters)))] + word[at + 1 :]
        if attempt != word and attempt not in lexicon and len(attempt) >= 3:
            return attempt
    return None


def choose_words(
    rng: np.random.Generator, solution: Solution, lexicon: Lexicon, count: int
) -> list[WrittenWord]:
    """``count`` entries for one sheet: board words, with a share of mistakes and marks."""
    pool = [found.word for found in solution.words if 3 <= len(found.word) <= 10]
    if not pool:
        return []
    picks = rng.permutation(len(pool))[:count]
    entries = []
    for index in picks:
        word = pool[int(index)]
        mistake = ""
        if rng.random() < MISTAKE_SHARE:
            if rng.random() < 0.7:
                wrong = misspell(rng, word, lexicon)
                if wrong is not None:
                    word, mistake = wrong, "misspelt"
            else:
                other = lexicon.sorted_words[int(rng.integers(len(lexicon)))]
                if other not in solution and 3 <= len(other) <= 9 and other.isalpha():
                    word, mistake = other, "not_on_board"
        entries.append(
            WrittenWord(
                word.upper(),
                cancelled=bool(rng.random() < 0.08),
                circled=bool(rng.random() < 0.1),
                mistake=mistake,
            )
        )
    return entries
