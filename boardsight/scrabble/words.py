"""The words a placement forms: its main word and one crossword per new tile that touches others.

Pure geometry over a board and the squares a move fills; scoring and validation both
start from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import ACROSS, DOWN, position_name

Square = tuple[int, int]


@dataclass(frozen=True)
class FormedWord:
    """A word a move forms: position, direction, tiles (blanks lower case) and which squares are new."""

    row: int
    col: int
    direction: str
    tiles: str
    new_squares: frozenset[Square]

    @property
    def word(self) -> str:
        return self.tiles.upper()

    @property
    def position(self) -> str:
        return position_name(self.row, self.col, self.direction)

    def squares(self) -> list[Square]:
        step_row, step_col = (0, 1) if self.direction == ACROSS else (1, 0)
        return [
            (self.row + step_row * index, self.col + step_col * index) for index in range(len(self.tiles))
        ]


def _run(board: Board, new_tiles: Mapping[Square, str], row: int, col: int, direction: str) -> FormedWord:
    step_row, step_col = (0, 1) if direction == ACROSS else (1, 0)

    def tile_at(r: int, c: int) -> str:
        if (r, c) in new_tiles:
            return new_tiles[(r, c)]
        return board.get(r, c) if board.contains(r, c) else ""

    while tile_at(row - step_row, col - step_col):
        row, col = row - step_row, col - step_col
    letters = []
    new: set[Square] = set()
    cur_row, cur_col = row, col
    while tile := tile_at(cur_row, cur_col):
        letters.append(tile)
        if (cur_row, cur_col) in new_tiles:
            new.add((cur_row, cur_col))
        cur_row, cur_col = cur_row + step_row, cur_col + step_col
    return FormedWord(row, col, direction, "".join(letters), frozenset(new))


def formed_words(board: Board, new_tiles: Mapping[Square, str], direction: str) -> list[FormedWord]:
    """Every word of two or more tiles that ``new_tiles`` form on ``board``: the main word first.

    ``direction`` is the line of the move (it only matters for a single new tile, which may
    form a word each way). Assumes the new squares are empty on ``board``.
    """
    if not new_tiles:
        return []
    first = min(new_tiles)
    main = _run(board, new_tiles, first[0], first[1], direction)
    words = [main] if len(main.tiles) >= 2 else []
    cross = DOWN if direction == ACROSS else ACROSS
    for row, col in sorted(new_tiles):
        word = _run(board, new_tiles, row, col, cross)
        if len(word.tiles) >= 2:
            words.append(word)
    return words


def main_word(board: Board, new_tiles: Mapping[Square, str], direction: str) -> str:
    """The word a move is known by, as spelled (blanks lower case): its main word, or for a
    single tile that makes no word along ``direction`` the word it makes across it.

    ``I.ARS`` played through an A on the board is ``IAARS``; empty when no word is formed.
    """
    words = formed_words(board, new_tiles, direction)
    return words[0].tiles if words else ""
