"""Generated Scrabble positions follow the rules: connected, through the centre, valid words."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from boardsight.datasets.synth.positions import SIZE, build_index, build_position
from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_tileset
from boardsight.scrabble.board import Board

WORDS = [
    "CAT", "CATS", "AT", "TA", "TO", "OAT", "OATS", "ACT", "ACTS", "SCAT", "COAT", "COATS", "TACO", "TACOS",
    "TOE", "TOES", "NOTE", "NOTES", "TONE", "TONES", "STONE", "ONSET", "SET", "SEA", "EAT", "TEA", "TEAS",
    "EATS", "ATE", "NET", "TEN", "TENS", "SENT", "NEST", "ANT", "ANTS", "TAN", "TANS", "CAN", "CANS", "SCAN",
    "ON", "NO", "SO", "OS", "AS", "AN", "NA", "TE", "ES", "EN", "NE", "OE", "ET", "ST",
]  # fmt: skip


def _words_on(grid: list[list[str]]) -> list[str]:
    """Every run of two or more tiles, across and down (blanks as their letters)."""
    lines = ["".join(row) for row in grid] + ["".join(col) for col in zip(*grid, strict=True)]
    return [run.upper() for line in lines for run in line.split(".") if len(run) > 1]


def _check(grid: list[list[str]], words: set[str]) -> None:
    found = _words_on(grid)
    english = Board.from_rows(["".join(row) for row in grid]).words()
    assert len(english) == len(found)
    assert found, "no words on the board"
    assert all(word in words for word in found), [w for w in found if w not in words]
    assert grid[7][7] != "."
    # connected: flood fill from the centre reaches every tile
    tiles = {(r, c) for r in range(SIZE) for c in range(SIZE) if grid[r][c] != "."}
    seen, todo = set(), [(7, 7)]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen or (r, c) not in tiles:
            continue
        seen.add((r, c))
        todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    assert seen == tiles


@pytest.mark.parametrize("seed", range(5))
def test_positions_are_legal_in_a_tiny_lexicon(seed: int) -> None:
    tileset = load_tileset("english")
    index = build_index(Lexicon.from_words(WORDS), tileset)
    position = build_position(np.random.default_rng(seed), tileset, index, target_tiles=30)
    grid = position.grid()
    _check(grid, set(WORDS))
    tokens = Counter(token for row in grid for token in row if token != ".")
    blanks = sum(n for token, n in tokens.items() if token.islower())
    assert blanks <= 2
    for letter, n in tokens.items():
        if letter.isupper():
            assert n <= tileset.count(letter)


def test_swedish_positions_use_swedish_letters() -> None:
    tileset = load_tileset("swedish")
    words = ["ÅR", "ÅRA", "RÅ", "RÅA", "ÖRA", "ÖR", "ÄR", "ÄRA", "RA", "AR", "ARA", "ÖRAR", "RÄR", "ÅRAR"]
    index = build_index(Lexicon.from_words(words, folding="swedish"), tileset)
    position = build_position(np.random.default_rng(1), tileset, index, target_tiles=12)
    grid = position.grid()
    _check(grid, set(words))
    assert {token for row in grid for token in row} & {"Å", "Ä", "Ö", "å", "ä", "ö"}
