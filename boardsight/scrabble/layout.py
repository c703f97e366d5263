"""Board layouts: the size of the board, its premium squares and its start square.

>>> layout = load_layout("standard")
>>> layout.premium(0, 0).name, layout.word_multiplier(7, 7)
('triple word', 2)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache

from boardsight.errors import BadInputError
from boardsight.scrabble.coords import parse_square
from boardsight.scrabble.datafiles import read_data_file, require


@dataclass(frozen=True)
class Premium:
    """What a square does to a tile placed on it this move: letter and word multipliers."""

    letter: int
    word: int
    name: str


@dataclass(frozen=True)
class Layout:
    """A board's geometry and premium squares; squares are ``(row, col)``, 0-based from the top left."""

    name: str
    description: str
    rows: int
    cols: int
    start: tuple[int, int]
    grid: tuple[str, ...]
    legend: dict[str, Premium]

    def premium(self, row: int, col: int) -> Premium:
        """The premium of square ``(row, col)``."""
        return self.legend[self.grid[row][col]]

    def letter_multiplier(self, row: int, col: int) -> int:
        return self.legend[self.grid[row][col]].letter

    def word_multiplier(self, row: int, col: int) -> int:
        return self.legend[self.grid[row][col]].word

    @property
    def letter_multipliers(self) -> tuple[int, ...]:
        """Letter multiplier of every square, row by row (index ``row * cols + col``)."""
        return tuple(self.legend[ch].letter for line in self.grid for ch in line)

    @property
    def word_multipliers(self) -> tuple[int, ...]:
        """Word multiplier of every square, row by row (index ``row * cols + col``)."""
        return tuple(self.legend[ch].word for line in self.grid for ch in line)

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols


def _premium(entry: object, symbol: str, source: str) -> Premium:
    if not isinstance(entry, dict):
        raise BadInputError(f"{source}: legend entry {symbol!r} must be a table")
    letter = require(entry, "letter", int, source)
    word = require(entry, "word", int, source)
    if letter < 1 or word < 1:
        raise BadInputError(f"{source}: multipliers of {symbol!r} must be at least 1")
    return Premium(letter=letter, word=word, name=str(entry.get("name", symbol)))


def layout_from_table(table: dict, source: str) -> Layout:
    """Build a :class:`Layout` from a parsed layout file, checking every square."""
    rows = require(table, "rows", list, source)
    legend_table = require(table, "legend", dict, source)
    legend = {symbol: _premium(entry, symbol, source) for symbol, entry in legend_table.items()}
    if not rows or not all(isinstance(line, str) for line in rows):
        raise BadInputError(f"{source}: 'rows' must be a non-empty list of strings")
    width = len(rows[0])
    for number, line in enumerate(rows, start=1):
        if len(line) != width:
            raise BadInputError(f"{source}: row {number} has {len(line)} squares, expected {width}")
        unknown = sorted(set(line) - set(legend))
        if unknown:
            raise BadInputError(f"{source}: row {number} uses {''.join(unknown)!r}, which the legend lacks")
    if width > 26:
        raise BadInputError(f"{source}: at most 26 columns are supported, not {width}")
    start_text = require(table, "start", str, source)
    start = parse_square(start_text, rows=len(rows), cols=width)
    if start is None:
        raise BadInputError(f"{source}: start square {start_text!r} is not on the board")
    return Layout(
        name=require(table, "name", str, source),
        description=str(table.get("description", "")),
        rows=len(rows),
        cols=width,
        start=start,
        grid=tuple(rows),
        legend=legend,
    )


@cache
def _load(name_or_path: str) -> Layout:
    table, source = read_data_file("layouts", name_or_path, "board layout")
    return layout_from_table(table, source)


def load_layout(name_or_path: str | os.PathLike[str] = "standard") -> Layout:
    """Load a bundled layout by name (``"standard"``) or a layout file by path."""
    return _load(str(name_or_path))
