"""The board: which tile lies on which square.

A square holds ``""`` when empty, an upper-case letter for a lettered tile, or a
lower-case letter for a blank standing for that letter (the convention of GCG and CGP).
Squares are ``(row, col)``, 0-based from the top left; the layout gives the premiums.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from boardsight.errors import BadInputError
from boardsight.scrabble.coords import ACROSS, DOWN, position_name, square_name
from boardsight.scrabble.layout import Layout, load_layout

EMPTY = ""


@dataclass(frozen=True)
class BoardWord:
    """A word of two or more tiles on a board: where it starts, its direction and its tiles."""

    row: int
    col: int
    direction: str
    tiles: str  # as on the board: lower case for blanks

    @property
    def word(self) -> str:
        """The word in upper case (blanks shown as the letters they stand for)."""
        return self.tiles.upper()

    @property
    def position(self) -> str:
        """GCG-style position: ``8D`` across, ``D8`` down."""
        return position_name(self.row, self.col, self.direction)

    def squares(self) -> list[tuple[int, int]]:
        step_row, step_col = (0, 1) if self.direction == ACROSS else (1, 0)
        return [
            (self.row + step_row * index, self.col + step_col * index) for index in range(len(self.tiles))
        ]


class Board:
    """A mutable grid of tiles on a :class:`~boardsight.scrabble.layout.Layout`."""

    __slots__ = ("_cells", "layout")

    def __init__(self, layout: Layout | None = None, cells: Sequence[str] | None = None) -> None:
        self.layout = layout or load_layout("standard")
        size = self.layout.rows * self.layout.cols
        if cells is None:
            self._cells = [EMPTY] * size
        else:
            if len(cells) != size:
                raise BadInputError(f"a board of this layout has {size} squares, not {len(cells)}")
            self._cells = [cell or EMPTY for cell in cells]

    @classmethod
    def from_rows(cls, rows: Sequence[str], layout: Layout | None = None) -> Board:
        """Build a board from one string a row, ``.`` (or a space) for an empty square.

        >>> Board.from_rows(["." * 15] * 7 + ["......CAt......"] + ["." * 15] * 7).get(7, 8)
        'A'
        """
        board = cls(layout)
        if len(rows) != board.rows:
            raise BadInputError(f"expected {board.rows} rows, got {len(rows)}")
        for row, line in enumerate(rows):
            if len(line) != board.cols:
                raise BadInputError(f"row {row + 1} has {len(line)} squares, expected {board.cols}")
            for col, tile in enumerate(line):
                if tile not in ". ":
                    if not tile.isalpha():
                        raise BadInputError(f"square {square_name(row, col)} holds {tile!r}, not a letter")
                    board.set(row, col, tile)
        return board

    @property
    def rows(self) -> int:
        return self.layout.rows

    @property
    def cols(self) -> int:
        return self.layout.cols

    def get(self, row: int, col: int) -> str:
        """The tile on ``(row, col)``: ``""`` when empty."""
        return self._cells[row * self.layout.cols + col]

    def set(self, row: int, col: int, tile: str) -> None:
        self._cells[row * self.layout.cols + col] = tile

    def is_empty_square(self, row: int, col: int) -> bool:
        return not self._cells[row * self.layout.cols + col]

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.layout.rows and 0 <= col < self.layout.cols

    def occupied(self, row: int, col: int) -> bool:
        """True when ``(row, col)`` is on the board and holds a tile."""
        return self.contains(row, col) and bool(self._cells[row * self.layout.cols + col])

    @property
    def cells(self) -> list[str]:
        """Every square, row by row (a copy)."""
        return list(self._cells)

    def is_empty(self) -> bool:
        return not any(self._cells)

    def tile_count(self) -> int:
        return sum(1 for cell in self._cells if cell)

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every tile on the board as ``(row, col, tile)``."""
        cols = self.layout.cols
        for index, cell in enumerate(self._cells):
            if cell:
                yield index // cols, index % cols, cell

    def copy(self) -> Board:
        return Board(self.layout, self._cells)

    def rows_text(self) -> list[str]:
        """One string a row, ``.`` for an empty square."""
        cols = self.layout.cols
        return [
            "".join(cell or "." for cell in self._cells[row * cols : (row + 1) * cols])
            for row in range(self.rows)
        ]

    def __str__(self) -> str:
        return "\n".join(self.rows_text())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.layout == other.layout and self._cells == other._cells

    __hash__ = None  # type: ignore[assignment]  # a board changes as tiles are laid

    def word_through(self, row: int, col: int, direction: str) -> BoardWord:
        """The run of tiles through ``(row, col)`` in ``direction`` (possibly one tile long)."""
        step_row, step_col = (0, 1) if direction == ACROSS else (1, 0)
        start_row, start_col = row, col
        while self.occupied(start_row - step_row, start_col - step_col):
            start_row, start_col = start_row - step_row, start_col - step_col
        letters = []
        cur_row, cur_col = start_row, start_col
        while self.occupied(cur_row, cur_col):
            letters.append(self.get(cur_row, cur_col))
            cur_row, cur_col = cur_row + step_row, cur_col + step_col
        return BoardWord(start_row, start_col, direction, "".join(letters))

    def words(self) -> list[BoardWord]:
        """Every word on the board: each maximal run of two or more tiles, across then down."""
        found: list[BoardWord] = []
        for direction in (ACROSS, DOWN):
            step_row, step_col = (0, 1) if direction == ACROSS else (1, 0)
            for row in range(self.rows):
                for col in range(self.cols):
                    if not self.occupied(row, col) or self.occupied(row - step_row, col - step_col):
                        continue
                    word = self.word_through(row, col, direction)
                    if len(word.tiles) >= 2:
                        found.append(word)
        return found


def place_tiles(board: Board, new_tiles: Sequence[tuple[int, int, str]]) -> None:
    """Put ``(row, col, tile)`` tiles on ``board`` (in place)."""
    for row, col, tile in new_tiles:
        board.set(row, col, tile)
