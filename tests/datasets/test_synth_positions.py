"""Positions played by the engine follow the rules: connected, through the centre, valid words."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from boardsight.datasets.synth.positions import SIZE, Engine, play_position
from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_tileset
from boardsight.scrabble.dawg import dawg_from_words

WORDS = [
    "CAT", "CATS", "AT", "TA", "TO", "OAT", "OATS", "ACT", "ACTS", "SCAT", "COAT", "COATS", "TACO", "TACOS",
    "TOE", "TOES", "NOTE", "NOTES", "TONE", "TONES", "STONE", "ONSET", "SET", "SEA", "EAT", "TEA", "TEAS",
    "EATS", "ATE", "NET", "TEN", "TENS", "SENT", "NEST", "ANT", "ANTS", "TAN", "TANS", "CAN", "CANS", "SCAN",
    "ON", "NO", "SO", "OS", "AS", "AN", "NA", "TE", "ES", "EN", "NE", "OE", "ET", "ST", "RE", "ER", "RAT",
    "TAR", "ART", "ARTS", "STAR", "RATS", "TARS", "IN", "IT", "TI", "SIT", "TIN", "TINS", "NIT", "AI", "OI",
]  # fmt: skip


def _engine(words: list[str], tiles: str) -> Engine:
    folding = "swedish" if tiles == "swedish" else "english"
    lexicon = Lexicon.from_words(words, folding=folding)
    return Engine(lexicon, dawg_from_words(lexicon.sorted_words), load_tileset(tiles))


def _words_on(grid: list[list[str]]) -> list[str]:
    """Every run of two or more tiles, across and down (blanks as their letters)."""
    lines = ["".join(row) for row in grid] + ["".join(col) for col in zip(*grid, strict=True)]
    return [run.upper() for line in lines for run in line.split(".") if len(run) > 1]


def _check(grid: list[list[str]], words: set[str]) -> None:
    found = _words_on(grid)
    assert found, "no words on the board"
    assert all(word in words for word in found), [w for w in found if w not in words]
    assert grid[7][7] != "."
    tiles = {(r, c) for r in range(SIZE) for c in range(SIZE) if grid[r][c] != "."}
    seen, todo = set(), [(7, 7)]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen or (r, c) not in tiles:
            continue
        seen.add((r, c))
        todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    assert seen == tiles, "tiles not connected to the centre"


@pytest.mark.parametrize("seed", range(4))
def test_played_positions_are_legal_and_use_the_bag(seed: int) -> None:
    engine = _engine(WORDS, "english")
    position = play_position(np.random.default_rng(seed), engine, target_tiles=25)
    _check(position.grid, set(WORDS))
    on_board = Counter(token for row in position.grid for token in row if token != ".")
    blanks = sum(n for token, n in on_board.items() if token.islower())
    held = Counter(tile for rack in position.racks for tile in rack) + Counter(position.bag)
    assert blanks + held["?"] == 2
    for letter, count in engine.tileset.counts.items():
        assert on_board[letter] + held[letter] == count


def test_swedish_positions_use_swedish_letters() -> None:
    words = [
        "ÅR",
        "ÅRA",
        "RÅ",
        "RÅA",
        "ÖRA",
        "ÖR",
        "ÄR",
        "ÄRA",
        "RA",
        "AR",
        "ARA",
        "ÖRAR",
        "RÄR",
        "ÅRAR",
        "ÅT",
    ]
    position = play_position(np.random.default_rng(1), _engine(words, "swedish"), target_tiles=12)
    _check(position.grid, set(words))
    assert {token.upper() for row in position.grid for token in row} & {"Å", "Ä", "Ö"}


def test_same_seed_plays_the_same_game() -> None:
    engine = _engine(WORDS, "english")
    first = play_position(np.random.default_rng(9), engine, target_tiles=20)
    again = play_position(np.random.default_rng(9), engine, target_tiles=20)
    assert first.grid == again.grid and first.racks == again.racks
