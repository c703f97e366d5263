"""Realistic Scrabble positions: lexicon words laid out by the rules, tiles drawn from a bag.

A position grows move by move: the first word covers the centre square, every later
word crosses or extends what is on the board, every word it forms across the other way
is in the lexicon, a move lays at most seven tiles, and letters come out of the tile
set's bag (a blank stands in when a letter runs out, and now and then by choice). The
result is a grid of shared-format tokens: a letter, ``.`` for an empty square, or a
lowercase letter for a blank with its designated letter.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

import numpy as np

from boardsight.lexicon import Lexicon, load_lexicon
from boardsight.scrabble import BLANK, TileSet, load_tileset

SIZE = 15
CENTRE = 7
RACK = 7
EMPTY = "."
PHASES = {"early": (4, 22), "mid": (23, 60), "late": (61, 92)}
LEXICON_FOR_TILES = {"english": "enable", "swedish": "sv"}


@dataclass(frozen=True)
class WordIndex:
    """Playable words of a lexicon: all of them by length, and by each letter they hold."""

    words: frozenset[str]
    opening: tuple[str, ...]
    by_letter: dict[str, tuple[str, ...]]


def build_index(lexicon: Lexicon, tileset: TileSet, max_length: int = 9) -> WordIndex:
    """Index the words of 2..``max_length`` letters that the tile set can spell."""
    alphabet = set(tileset.alphabet)
    playable = sorted(w for w in lexicon.words if 2 <= len(w) <= max_length and set(w) <= alphabet)
    by_letter: dict[str, list[str]] = {}
    for word in playable:
        for letter in set(word):
            by_letter.setdefault(letter, []).append(word)
    opening = tuple(w for w in playable if 3 <= len(w) <= RACK)
    return WordIndex(
        words=frozenset(lexicon.words),
        opening=opening,
        by_letter={letter: tuple(words) for letter, words in by_letter.items()},
    )


@cache
def default_index(tiles: str) -> WordIndex:
    """The word index of a tile set's usual lexicon (ENABLE for English, Swedish for Swedish)."""
    return build_index(load_lexicon(LEXICON_FOR_TILES[tiles]), load_tileset(tiles))


class Position:
    """A 15x15 board under construction: letters, which of them are blanks, and the bag."""

    def __init__(self, tileset: TileSet) -> None:
        self.letters = [[EMPTY] * SIZE for _ in range(SIZE)]
        self.blank = [[False] * SIZE for _ in range(SIZE)]
        self.bag: Counter[str] = tileset.full_bag()
        self.tiles = 0

    def occupied(self, row: int, col: int) -> bool:
        return 0 <= row < SIZE and 0 <= col < SIZE and self.letters[row][col] != EMPTY

    def grid(self) -> list[list[str]]:
        """Shared-format tokens: letters, ``.``, lowercase for designated blanks."""
        return [
            [letter.lower() if self.blank[r][c] else letter for c, letter in enumerate(row)]
            for r, row in enumerate(self.letters)
        ]

    def _cross_word(self, row: int, col: int, letter: str, across: bool) -> str:
        """The word a new tile forms perpendicular to a move (``across`` is the move's direction)."""
        dr, dc = (1, 0) if across else (0, 1)
        r, c = row - dr, col - dc
        while self.occupied(r, c):
            r, c = r - dr, c - dc
        r, c = r + dr, c + dc
        out = []
        while (r, c) == (row, col) or self.occupied(r, c):
            out.append(letter if (r, c) == (row, col) else self.letters[r][c])
            r, c = r + dr, c + dc
        return "".join(out)

    def try_word(
        self,
        rng: np.random.Generator,
        word: str,
        row: int,
        col: int,
        across: bool,
        index: WordIndex,
        first: bool,
    ) -> bool:
        """Lay ``word`` from (row, col) if the rules allow it; returns whether it was laid."""
        dr, dc = (0, 1) if across else (1, 0)
        end_r, end_c = row + dr * (len(word) - 1), col + dc * (len(word) - 1)
        if not (row >= 0 and col >= 0 and end_r < SIZE and end_c < SIZE):
            return False
        if self.occupied(row - dr, col - dc) or self.occupied(end_r + dr, end_c + dc):
            return False
        new: list[tuple[int, int, str]] = []
        touches = False
        for k, letter in enumerate(word):
            r, c = row + dr * k, col + dc * k
            if self.letters[r][c] != EMPTY:
                if self.letters[r][c] != letter:
                    return False
                touches = True
                continue
            new.append((r, c, letter))
            cross = self._cross_word(r, c, letter, across)
            if len(cross) > 1:
                if cross not in index.words:
                    return False
                touches = True
        if not new or len(new) > RACK or not (touches or first):
            return False
        if first and not any((r, c) == (CENTRE, CENTRE) for r, c, _ in new):
            return False
        need = Counter(letter for _, _, letter in new)
        blanks_needed = sum(max(0, n - self.bag[letter]) for letter, n in need.items())
        if blanks_needed > self.bag[BLANK]:
            return False
        voluntary = self.bag[BLANK] - blanks_needed > 0 and rng.random() < 0.04
        shortfall = {letter: max(0, n - self.bag[letter]) for letter, n in need.items()}
        choice_blank = int(rng.integers(len(new))) if voluntary else -1
        for k, (r, c, letter) in enumerate(new):
            as_blank = shortfall.get(letter, 0) > 0 or k == choice_blank
            if as_blank:
                if shortfall.get(letter, 0) > 0:
                    shortfall[letter] -= 1
                self.bag[BLANK] -= 1
            else:
                self.bag[letter] -= 1
            self.letters[r][c] = letter
            self.blank[r][c] = as_blank
        self.tiles += len(new)
        return True


def build_position(
    rng: np.random.Generator,
    tileset: TileSet,
    index: WordIndex,
    target_tiles: int,
    *,
    max_tries: int = 4000,
) -> Position:
    """Grow a legal position until it holds about ``target_tiles`` tiles (or tries run out)."""
    position = Position(tileset)
    for _ in range(200):
        word = index.opening[int(rng.integers(len(index.opening)))]
        across = bool(rng.random() < 0.5)
        offset = int(rng.integers(len(word)))
        row, col = (CENTRE, CENTRE - offset) if across else (CENTRE - offset, CENTRE)
        if position.try_word(rng, word, row, col, across, index, first=True):
            break
    short = tuple(w for w in index.opening if len(w) <= 5)
    for _ in range(max_tries):
        if position.tiles >= target_tiles or not position.bag.total():
            break
        anchors = [(r, c) for r in range(SIZE) for c in range(SIZE) if position.letters[r][c] != EMPTY]
        r, c = anchors[int(rng.integers(len(anchors)))]
        across = bool(rng.random() < 0.5)
        if rng.random() < 0.5:
            # through a tile on the board
            letter = position.letters[r][c]
            candidates = index.by_letter.get(letter)
            if not candidates:
                continue
            word = candidates[int(rng.integers(len(candidates)))]
            spots = [k for k, ch in enumerate(word) if ch == letter]
            k = spots[int(rng.integers(len(spots)))]
        else:
            # alongside a tile: a short word through an empty neighbour (parallel plays, hooks)
            dr, dc = ((1, 0), (-1, 0), (0, 1), (0, -1))[int(rng.integers(4))]
            r, c = r + dr, c + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE) or position.letters[r][c] != EMPTY:
                continue
            word = short[int(rng.integers(len(short)))]
            k = int(rng.integers(len(word)))
        start = (r, c - k) if across else (r - k, c)
        position.try_word(rng, word, start[0], start[1], across, index, first=False)
    return position


def random_phase_target(rng: np.random.Generator) -> tuple[str, int]:
    """A game phase (early, mid, late) and a tile count typical of it."""
    phase = str(rng.choice(list(PHASES), p=[0.3, 0.4, 0.3]))
    low, high = PHASES[phase]
    return phase, int(rng.integers(low, high + 1))
