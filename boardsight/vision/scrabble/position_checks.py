"""What the rules and the lexicon say about a board read from a photo.

A grid here is 15 lists of 15 tokens: ``.`` empty, ``A``-``Z`` (and the tile set's other
letters) for a tile, ``?`` for a blank whose letter is unknown, a lower-case letter for a
blank whose letter is known.

- :func:`designate_blanks`: the letters each blank can stand for so that every word
  through it is valid (blanks sharing a word are tried together).
- :func:`excess_letters`: the letters read more often than a tile set has them.

The checks that change squares on this evidence are in :mod:`.check_decisions`.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from boardsight.lexicon import Lexicon
from boardsight.scrabble.coords import ACROSS, DOWN, position_name, square_name
from boardsight.scrabble.tileset import TileSet
from boardsight.scrabble.tokens import BLANK, EMPTY

MAX_JOINT_BLANKS = 3  # blanks sharing words are tried together up to this many

Square = tuple[int, int]


@dataclass(frozen=True)
class Run:
    """A word's squares on the board: start, direction and length."""

    row: int
    col: int
    direction: str
    length: int

    @functools.cached_property
    def cells(self) -> tuple[Square, ...]:
        """The run's squares in order, worked out once (the checks ask for them many times)."""
        step_row, step_col = (0, 1) if self.direction == ACROSS else (1, 0)
        return tuple((self.row + step_row * i, self.col + step_col * i) for i in range(self.length))

    @property
    def position(self) -> str:
        return position_name(self.row, self.col, self.direction)


def is_tile(token: str) -> bool:
    return token != EMPTY


def runs(grid: list[list[str]]) -> list[Run]:
    """Every run of two or more tiles, across then down, each direction in the row-major
    order of the runs' first squares."""
    found = []
    for direction, lines in ((ACROSS, grid), (DOWN, list(zip(*grid, strict=True)))):
        starts = []
        for line_index, line in enumerate(lines):
            end, size = 0, len(line)
            while end < size:
                if not is_tile(line[end]):
                    end += 1
                    continue
                start = end
                while end < size and is_tile(line[end]):
                    end += 1
                if end - start >= 2:
                    starts.append((line_index, start, end - start))
        if direction == DOWN:  # (column, row) as found: put in row-major order
            starts = sorted((row, col, length) for col, row, length in starts)
        found.extend(Run(row, col, direction, length) for row, col, length in starts)
    return found


def run_text(grid: list[list[str]], run: Run, substitute: dict[Square, str] | None = None) -> str:
    """The run's letters in upper case, with ``substitute`` letters in place of some squares."""
    if substitute:
        return "".join([substitute.get(square, grid[square[0]][square[1]]) for square in run.cells]).upper()
    return "".join([grid[row][col] for row, col in run.cells]).upper()


def runs_through(all_runs: Iterable[Run], square: Square) -> list[Run]:
    return [run for run in all_runs if square in run.cells]


def runs_at(grid: list[list[str]], square: Square) -> list[Run]:
    """The runs of two or more tiles through the tile on ``square`` (found by walking from it)."""
    row, col = square
    found = []
    for direction, (step_row, step_col) in ((ACROSS, (0, 1)), (DOWN, (1, 0))):
        start_row, start_col = row, col
        while (
            start_row - step_row >= 0
            and start_col - step_col >= 0
            and is_tile(grid[start_row - step_row][start_col - step_col])
        ):
            start_row, start_col = start_row - step_row, start_col - step_col
        length, r, c = 0, start_row, start_col
        while r < len(grid) and c < len(grid[0]) and is_tile(grid[r][c]):
            length, r, c = length + 1, r + step_row, c + step_col
        if length >= 2:
            found.append(Run(start_row, start_col, direction, length))
    return found


def designate_blanks(
    grid: list[list[str]], lexicon: Lexicon, alphabet: Iterable[str]
) -> dict[Square, list[str]]:
    """For each ``?`` square, the letters that make every word through it valid (may be empty).

    A blank on no word of two or more tiles could be any letter: it gets every letter
    of ``alphabet``.
    """
    letters = list(alphabet)
    blanks = [(r, c) for r, line in enumerate(grid) for c, token in enumerate(line) if token == BLANK]
    all_runs = runs(grid)
    result: dict[Square, list[str]] = {}
    for group in _blank_groups(blanks, all_runs):
        touched = {run for blank in group for run in runs_through(all_runs, blank)}
        if not touched:
            result.update({blank: list(letters) for blank in group})
            continue
        if len(group) > MAX_JOINT_BLANKS:
            result.update({blank: [] for blank in group})
            continue
        possible: dict[Square, set[str]] = {blank: set() for blank in group}
        for combination in itertools.product(letters, repeat=len(group)):
            substitute = dict(zip(group, combination, strict=True))
            if all(run_text(grid, run, substitute) in lexicon for run in touched):
                for blank, letter in substitute.items():
                    possible[blank].add(letter)
        result.update({blank: [x for x in letters if x in possible[blank]] for blank in group})
    return result


def _blank_groups(blanks: list[Square], all_runs: list[Run]) -> list[list[Square]]:
    """Blanks joined into groups when a word runs through both."""
    groups: list[list[Square]] = []
    for blank in blanks:
        mine = set(runs_through(all_runs, blank))
        linked = [group for group in groups if any(mine & set(runs_through(all_runs, o)) for o in group)]
        merged = [blank]
        for group in linked:
            merged.extend(group)
            groups.remove(group)
        groups.append(merged)
    return groups


@dataclass
class Correction:
    """One square changed after reading: where, what was read, what it is now, and why."""

    square: Square
    read: str
    now: str
    why: str
    check: str = ""

    def to_dict(self) -> dict[str, str]:
        found = {"square": square_name(*self.square), "read": self.read, "now": self.now, "why": self.why}
        return {**found, "check": self.check} if self.check else found


def excess_letters(grid: list[list[str]], tileset: TileSet) -> dict[str, int]:
    """Tiles read more often than the set has them (letters, and ``?`` for blanks), with how many too many."""
    counts = Counter(token for line in grid for token in line if token.isupper() or token == BLANK)
    return {token: n - tileset.count(token) for token, n in counts.items() if n > tileset.count(token)}


def beside(grid: list[list[str]], square: Square) -> list[Square]:
    row, col = square
    return [
        (row + d_row, col + d_col)
        for d_row, d_col in ((0, -1), (0, 1), (-1, 0), (1, 0))
        if 0 <= row + d_row < len(grid) and 0 <= col + d_col < len(grid[0])
    ]
