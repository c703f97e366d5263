"""Fixtures shared by the Scrabble tests: the bundled definitions and a tiny lexicon."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_rules, load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import parse_position
from boardsight.scrabble.move import Placement


@pytest.fixture
def english():
    return load_tileset("english")


@pytest.fixture
def naspa():
    return load_rules("naspa")


@pytest.fixture
def tiny_lexicon() -> Lexicon:
    return Lexicon.from_words(["AB", "BA", "CAB", "CABS", "QI", "QAT", "QUIZ", "AT", "TA", "ZA", "AX", "XI"])


def lay_words(*words: tuple[str, str]) -> Board:
    """A standard board with words laid at GCG positions, e.g. ``("8G", "CAT")``; no checks."""
    board = Board()
    for position, tiles in words:
        row, col, direction = parse_position(position)
        for square_row, square_col, tile in Placement(row, col, direction, tiles).squares():
            if tile != ".":
                board.set(square_row, square_col, tile)
    return board


@pytest.fixture
def board_with():
    """``board_with(("8G", "CAT"), ...)``: a standard board with those words on it."""
    return lay_words


@pytest.fixture
def placement():
    """``placement("8G", "CAT")``: a :class:`Placement` from a GCG position and tile string."""

    def make(position: str, tiles: str) -> Placement:
        row, col, direction = parse_position(position)
        return Placement(row, col, direction, tiles)

    return make


# Let the tests import helpers that live next to them (brute_force_moves).
sys.path.insert(0, str(Path(__file__).parent))
