"""Explain the difference between two boards as one move: what a camera watching a game needs.

Given the board before a turn and the board after it, :func:`diff_boards` finds the tiles
that appeared, checks they make one legal placement (one line, no gaps, touching the
tiles already there or covering the start square), writes it the GCG way and scores it.

>>> from boardsight.scrabble import load_tileset
>>> before = Board()
>>> after = Board.from_rows(["." * 15] * 7 + [".......QAT....."] + ["." * 15] * 7)
>>> move = diff_boards(before, after, load_tileset("english"))
>>> move.placement.position, move.placement.tiles, move.score.total
('8H', 'QAT', 24)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from boardsight.errors import BoardsightError
from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import ACROSS, DOWN, square_name
from boardsight.scrabble.move import PLAYED_THROUGH, Placement
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.scoring import Score, score_placement
from boardsight.scrabble.tileset import TileSet
from boardsight.scrabble.validation import (
    IllegalMoveError,
    Violation,
    lexicon_violations,
    line_of,
    rack_violations,
    shape_violations,
)
from boardsight.scrabble.words import formed_words


class BoardChangeError(BoardsightError):
    """Two boards that no single placement can turn one into the other."""


@dataclass(frozen=True)
class DetectedMove:
    """The placement that explains a board change, its score and the words it formed."""

    placement: Placement
    score: Score
    words: list[str] = field(default_factory=list)


def _single_tile_direction(board: Board, square: tuple[int, int], tile: str) -> str:
    lengths = {}
    for direction in (ACROSS, DOWN):
        words = formed_words(board, {square: tile}, direction)
        lengths[direction] = len(words[0].tiles) if words and words[0].direction == direction else 1
    return DOWN if lengths[DOWN] > lengths[ACROSS] else ACROSS


def placement_for(board: Board, new_tiles: dict[tuple[int, int], str], direction: str) -> Placement:
    """The GCG placement of ``new_tiles`` on ``board``: the whole main word, ``.`` for tiles already there."""
    first = min(new_tiles)
    words = formed_words(board, new_tiles, direction)
    main = words[0] if words and words[0].direction == direction else None
    if main is None:
        row, col = first
        return Placement(row, col, direction, new_tiles[first])
    tiles = "".join(
        tile if square in new_tiles else PLAYED_THROUGH
        for square, tile in zip(main.squares(), main.tiles, strict=True)
    )
    return Placement(main.row, main.col, direction, tiles)


def diff_boards(
    before: Board,
    after: Board,
    tileset: TileSet,
    *,
    rules: RuleSet | None = None,
    rack: Counter[str] | None = None,
    lexicon: Lexicon | None = None,
) -> DetectedMove | None:
    """The single placement that turns ``before`` into ``after``; ``None`` when no tile was added.

    A tile already on the board must stay as it was (only the blank marking may differ).
    Raises :class:`BoardChangeError` for a change no move explains and
    :class:`~boardsight.scrabble.validation.IllegalMoveError` for tiles that do not make a
    legal placement (or that the rack lacks, or that form words not in ``lexicon``).
    """
    if before.layout != after.layout:
        raise BoardChangeError("the two boards have different layouts")
    changed = []
    new_tiles: dict[tuple[int, int], str] = {}
    for (row, col), (old, new) in _squares(before, after):
        if old and old.upper() != (new or "").upper():
            what = f"now holds {new}" if new else "is empty now"
            changed.append(f"{square_name(row, col)} held {old} and {what}")
        elif not old and new:
            new_tiles[(row, col)] = new
    if changed:
        raise BoardChangeError("tiles never move once played: " + "; ".join(changed))
    if not new_tiles:
        return None
    squares = sorted(new_tiles)
    direction = line_of(squares)
    if len(squares) == 1:
        direction = _single_tile_direction(before, squares[0], new_tiles[squares[0]])
    violations: list[Violation] = shape_violations(before, new_tiles, direction)
    if rack is not None:
        violations += rack_violations(new_tiles, rack, tileset)
    if violations:
        raise IllegalMoveError(violations)
    assert direction is not None
    placement = placement_for(before, new_tiles, direction)
    score = score_placement(before, placement, tileset, rules)
    words = [item.word.word for item in score.words]
    if lexicon is not None:
        phonies = lexicon_violations(words, lexicon)
        if phonies:
            raise IllegalMoveError(phonies)
    return DetectedMove(placement, score, words)


def _squares(before: Board, after: Board):
    for row in range(before.rows):
        for col in range(before.cols):
            yield (row, col), (before.get(row, col), after.get(row, col))
