"""What the rules and the lexicon say about a board read from a photo.

A grid here is 15 lists of 15 tokens: ``.`` empty, ``A``-``Z`` (and the tile set's other
letters) for a tile, ``?`` for a blank whose letter is unknown, a lower-case letter for a
blank whose letter is known.

- :func:`designate_blanks`: the letters each blank can stand for so that every word
  through it is valid (blanks sharing a word are tried together).
- :func:`correct_misreads`: a tile set holds a fixed number of each letter (one Z, one
  Q ...) and every word on a board should be valid; squares read with low confidence
  are changed to their next likely letter when that brings the counts within the set,
  or turns an invalid word valid, and each change is reported. A blank tile shows no
  letter and can pass for an empty square: an empty square that could be a blank
  becomes one when that joins broken words into valid ones.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from boardsight.lexicon import Lexicon
from boardsight.scrabble.coords import ACROSS, DOWN, position_name, square_name
from boardsight.scrabble.tileset import TileSet
from boardsight.scrabble.tokens import BLANK, EMPTY

MAX_JOINT_BLANKS = 3  # blanks sharing words are tried together up to this many
LOW_CONFIDENCE = 0.9  # squares below this may be changed by the lexicon
MIN_ALTERNATIVE = 0.005  # a letter this unlikely is never put in a square's place
MIN_HIDDEN_BLANK = 0.05  # an empty square less likely a blank than this is never made one
LONE_TILE_EMPTY = 0.02  # a tile touching no other tile is taken off if empty was at least this likely

Square = tuple[int, int]


@dataclass(frozen=True)
class Run:
    """A word's squares on the board: start, direction and length."""

    row: int
    col: int
    direction: str
    length: int

    def squares(self) -> list[Square]:
        step_row, step_col = (0, 1) if self.direction == ACROSS else (1, 0)
        return [(self.row + step_row * i, self.col + step_col * i) for i in range(self.length)]

    @property
    def position(self) -> str:
        return position_name(self.row, self.col, self.direction)


def is_tile(token: str) -> bool:
    return token != EMPTY


def runs(grid: list[list[str]]) -> list[Run]:
    """Every run of two or more tiles, across (row by row) then down (column by column)."""
    size_rows, size_cols = len(grid), len(grid[0])
    found = []
    for direction in (ACROSS, DOWN):
        step_row, step_col = (0, 1) if direction == ACROSS else (1, 0)
        for row in range(size_rows):
            for col in range(size_cols):
                before = (row - step_row, col - step_col)
                if not is_tile(grid[row][col]):
                    continue
                if before[0] >= 0 and before[1] >= 0 and is_tile(grid[before[0]][before[1]]):
                    continue
                length = 0
                r, c = row, col
                while r < size_rows and c < size_cols and is_tile(grid[r][c]):
                    length += 1
                    r, c = r + step_row, c + step_col
                if length >= 2:
                    found.append(Run(row, col, direction, length))
    return found


def run_text(grid: list[list[str]], run: Run, substitute: dict[Square, str] | None = None) -> str:
    """The run's letters in upper case, with ``substitute`` letters in place of some squares."""
    substitute = substitute or {}
    return "".join(substitute.get(square, grid[square[0]][square[1]]) for square in run.squares()).upper()


def runs_through(all_runs: Iterable[Run], square: Square) -> list[Run]:
    return [run for run in all_runs if square in run.squares()]


def _runs_at(grid: list[list[str]], square: Square) -> list[Run]:
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


def _with(grid: list[list[str]], square: Square, token: str) -> list[list[str]]:
    """A copy of ``grid`` with ``token`` on ``square``."""
    copy = [list(line) for line in grid]
    copy[square[0]][square[1]] = token
    return copy


@dataclass
class Correction:
    """One square changed after reading: where, what was read, what it is now, and why."""

    square: Square
    read: str
    now: str
    why: str

    def to_dict(self) -> dict[str, str]:
        return {"square": square_name(*self.square), "read": self.read, "now": self.now, "why": self.why}


def _invalid_through(
    grid: list[list[str]], square: Square, lexicon: Lexicon, letter: str | None = None
) -> int:
    """How many words through ``square`` are not valid (with ``letter`` put there, if given)."""
    substitute = {square: letter} if letter is not None else {}
    count = 0
    for run in _runs_at(grid, square):
        text = run_text(grid, run, substitute)
        if BLANK in text:
            continue
        if text not in lexicon:
            count += 1
    return count


def excess_letters(grid: list[list[str]], tileset: TileSet) -> dict[str, int]:
    """Tiles read more often than the set has them (letters, and ``?`` for blanks), with how many too many."""
    counts = Counter(token for line in grid for token in line if token.isupper() or token == BLANK)
    return {token: n - tileset.count(token) for token, n in counts.items() if n > tileset.count(token)}


def _neighbour_runs(grid: list[list[str]], square: Square) -> list[Run]:
    """The words on the squares beside an empty ``square`` (those a tile there would join)."""
    found: list[Run] = []
    for r, c in _beside(grid, square):
        if is_tile(grid[r][c]):
            direction = ACROSS if r == square[0] else DOWN
            found += [run for run in _runs_at(grid, (r, c)) if run.direction == direction]
    return found


def _restore_hidden_blanks(
    grid: list[list[str]],
    probabilities: np.ndarray,
    index: dict[str, int],
    tileset: TileSet,
    lexicon: Lexicon,
    letters: list[str],
) -> list[Correction]:
    """Empty squares beside tiles that a blank would join into valid words become blanks (in place).

    A square qualifies when the set still has a blank to spare, the reader gave it some
    chance of being a blank, some letter there makes every word through it valid, and a
    word beside it is invalid as read. Between valid words a blank is never guessed:
    there the reader's doubt alone made more false blanks than it found real ones.
    """
    if BLANK not in index or EMPTY not in index:
        return []
    found: list[Correction] = []
    candidates = sorted(
        (
            (r, c)
            for r, line in enumerate(grid)
            for c, token in enumerate(line)
            if token == EMPTY and probabilities[r, c, index[BLANK]] >= MIN_HIDDEN_BLANK
        ),
        key=lambda square: -probabilities[square[0], square[1], index[BLANK]],
    )
    blanks = sum(token == BLANK or token.islower() for line in grid for token in line)
    for square in candidates:
        if blanks >= tileset.count(BLANK):
            break
        words = [run_text(grid, run) for run in _neighbour_runs(grid, square)]
        broken = [word for word in words if BLANK not in word and word not in lexicon]
        if not broken:
            continue
        filled = _with(grid, square, BLANK)
        through = [run for run in _runs_at(filled, square) if run_text(filled, run).count(BLANK) == 1]
        if not through:
            continue
        fits = [
            letter
            for letter in letters
            if all(run_text(filled, run, {square: letter}) in lexicon for run in through)
        ]
        if not fits:
            continue
        grid[square[0]][square[1]] = BLANK
        blanks += 1
        reason = (
            f"{', '.join(run_text(filled, run).replace(BLANK, '_') for run in through)} with a blank "
            f"here ({'/'.join(fits[:5])}) is valid"
        )
        reason += f"; as read, {broken[0]} is no word"
        found.append(Correction(square, EMPTY, BLANK, reason))
    return found


def _drop_lone_tiles(
    grid: list[list[str]], probabilities: np.ndarray, index: dict[str, int]
) -> list[Correction]:
    """Tiles that touch no other tile, read with some doubt, become empty squares (in place).

    In a game every tile is part of a word of two or more letters, so a lone tile is a
    misread (a printed premium label, a rack lying on the board) or a stray tile.
    """
    if EMPTY not in index:
        return []
    found = []
    for row, line in enumerate(grid):
        for col, token in enumerate(line):
            if not is_tile(token) or any(is_tile(grid[r][c]) for r, c in _beside(grid, (row, col))):
                continue
            if probabilities[row, col, index[EMPTY]] >= LONE_TILE_EMPTY:
                grid[row][col] = EMPTY
                why = "a tile touching no other tile is part of no word; empty was the next likely reading"
                found.append(Correction((row, col), token, EMPTY, why))
    return found


def _beside(grid: list[list[str]], square: Square) -> list[Square]:
    row, col = square
    return [
        (row + d_row, col + d_col)
        for d_row, d_col in ((0, -1), (0, 1), (-1, 0), (1, 0))
        if 0 <= row + d_row < len(grid) and 0 <= col + d_col < len(grid[0])
    ]


def correct_misreads(
    grid: list[list[str]],
    probabilities: np.ndarray,
    class_names: list[str],
    tileset: TileSet,
    lexicon: Lexicon | None,
    *,
    low: float = LOW_CONFIDENCE,
) -> tuple[list[list[str]], list[Correction]]:
    """Fix squares read wrongly, as far as the tile counts and the lexicon show.

    ``probabilities`` (15, 15, classes) are the reader's, in ``grid``'s orientation.
    First, while a letter (or the blank) appears more often than the set has it, its
    least confident square takes its next likely reading (a letter; for a blank also
    empty) that keeps the counts and the words through it at least as good. Then, with
    a lexicon, each square below ``low`` confidence on an invalid word takes the
    likeliest other letter that makes every word through it valid. Returns the new
    grid (a copy) and the changes.
    """
    grid = [list(line) for line in grid]
    letters = [name for name in class_names if name.isalpha() and len(name) == 1 and tileset.is_letter(name)]
    index = {name: class_names.index(name) for name in [*letters, EMPTY, BLANK] if name in class_names}
    corrections: list[Correction] = []

    def alternatives(square: Square) -> list[str]:
        """Other readings of the square, likeliest first: letters, and for a blank also empty."""
        row, col = square
        current = grid[row][col]
        names = [*letters, EMPTY] if current == BLANK and EMPTY in index else letters
        options = sorted(names, key=lambda name: -probabilities[row, col, index[name]])
        return [
            name
            for name in options
            if name != current and probabilities[row, col, index[name]] >= MIN_ALTERNATIVE
        ]

    def confidence(square: Square) -> float:
        row, col = square
        token = grid[row][col]
        return float(probabilities[row, col, index[token]]) if token in index else 1.0

    for _ in range(2 * tileset.total_tiles):
        excess = excess_letters(grid, tileset)
        if not excess:
            break
        suspects = sorted(
            ((r, c) for r, line in enumerate(grid) for c, token in enumerate(line) if token in excess),
            key=confidence,
        )
        changed = False
        for square in suspects:
            row, col = square
            read = grid[row][col]
            before = _invalid_through(grid, square, lexicon) if lexicon is not None else 0
            for option in alternatives(square):
                if (
                    option != EMPTY
                    and excess_letters(_with(grid, square, option), tileset).get(option, 0) > 0
                ):
                    continue
                if (
                    option != EMPTY
                    and lexicon is not None
                    and _invalid_through(grid, square, lexicon, option) > before
                ):
                    continue
                grid[row][col] = option
                what = "blanks" if read == BLANK else read
                corrections.append(
                    Correction(
                        square,
                        read,
                        option,
                        f"{excess[read] + tileset.count(read)} {what} read, the {tileset.name} set has "
                        f"{tileset.count(read)}; {option} is the next likely reading here",
                    )
                )
                changed = True
                break
            if changed:
                break
        if not changed:
            break

    corrections += _drop_lone_tiles(grid, probabilities, index)
    if lexicon is not None:
        corrections += _restore_hidden_blanks(grid, probabilities, index, tileset, lexicon, letters)
        for run in runs(grid):
            if BLANK in run_text(grid, run) or run_text(grid, run) in lexicon:
                continue
            for square in sorted(run.squares(), key=confidence):
                if confidence(square) >= low or grid[square[0]][square[1]] not in letters:
                    continue
                row, col = square
                read = grid[row][col]
                for option in alternatives(square):
                    if excess_letters(_with(grid, square, option), tileset).get(option, 0) > 0:
                        continue
                    if _invalid_through(grid, square, lexicon, option) == 0:
                        word = run_text(grid, run)
                        grid[row][col] = option
                        corrections.append(
                            Correction(
                                square,
                                read,
                                option,
                                f"{word} at {run.position} is no word; with {option} every word here is",
                            )
                        )
                        break
                if grid[row][col] != read:
                    break
    return grid, corrections
