"""Score a placement the way the rules say.

Each word the move forms is scored on its own: every tile's face value (a blank's is 0),
a letter premium applied to the tiles placed this move, the sum, then the word premiums
of the squares covered this move multiplied together (a double and a triple word on one
word: x6; two doubles: x4). The move's score is the sum over its words, plus the bingo
bonus when it uses a full rack.

>>> from boardsight.scrabble import load_layout, load_tileset
>>> from boardsight.scrabble.board import Board
>>> from boardsight.scrabble.move import Placement
>>> score_placement(Board(), Placement(7, 7, "across", "QAT"), load_tileset("english")).total
24
"""

from __future__ import annotations

from dataclasses import dataclass

from boardsight.scrabble.board import Board
from boardsight.scrabble.move import Placement
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.tileset import TileSet
from boardsight.scrabble.words import FormedWord, formed_words

DEFAULT_RACK_SIZE = 7
DEFAULT_BINGO_BONUS = 50


@dataclass(frozen=True)
class ScoredWord:
    """One word of a move and what it scored."""

    word: FormedWord
    score: int


@dataclass(frozen=True)
class Score:
    """A move's total, word by word, and the bingo bonus (0 when not a bingo)."""

    total: int
    words: tuple[ScoredWord, ...]
    bingo_bonus: int


def score_word(board: Board, word: FormedWord, tileset: TileSet) -> int:
    """Score one word: premiums count only on the squares in ``word.new_squares``."""
    layout = board.layout
    letters = 0
    multiplier = 1
    for (row, col), tile in zip(word.squares(), word.tiles, strict=True):
        value = tileset.value(tile)
        if (row, col) in word.new_squares:
            premium = layout.premium(row, col)
            letters += value * premium.letter
            multiplier *= premium.word
        else:
            letters += value
    return letters * multiplier


def score_new_tiles(
    board: Board,
    new_tiles: dict[tuple[int, int], str],
    direction: str,
    tileset: TileSet,
    rules: RuleSet | None = None,
) -> Score:
    """Score the tiles ``new_tiles`` (square -> tile) laid on ``board`` in ``direction``."""
    words = formed_words(board, new_tiles, direction)
    scored = tuple(ScoredWord(word, score_word(board, word, tileset)) for word in words)
    rack_size = rules.rack_size if rules else DEFAULT_RACK_SIZE
    bonus = (rules.bingo_bonus if rules else DEFAULT_BINGO_BONUS) if len(new_tiles) == rack_size else 0
    return Score(total=sum(item.score for item in scored) + bonus, words=scored, bingo_bonus=bonus)


def score_placement(
    board: Board, placement: Placement, tileset: TileSet, rules: RuleSet | None = None
) -> Score:
    """Score ``placement`` on ``board`` (not changed). The placement must already be legal in shape."""
    new_tiles = {(row, col): tile for row, col, tile in placement.new_tiles()}
    return score_new_tiles(board, new_tiles, placement.direction, tileset, rules)
