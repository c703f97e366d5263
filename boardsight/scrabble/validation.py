"""Check a placement against the rules, with one clear message for each rule it breaks.

The rules, in the order they are checked:

1. ``no-tiles``: a placement puts at least one tile on the board;
2. ``off-board``: every tile lies on the board;
3. ``occupied`` / ``nothing-to-play-through`` / ``through-mismatch``: new tiles go on empty
   squares, and a played-through square holds the tile the move says;
4. ``not-a-tile`` / ``blank-only``: every tile is a letter of the tile set, and a letter
   that has no tiles of its own is played with a blank;
5. ``not-in-line`` / ``gap``: the new tiles lie in one line with no gaps (tiles already on
   the board fill gaps);
6. ``start`` / ``too-short``: the first move covers the start square and forms a word of at
   least two letters; ``not-connected``: a later move touches a tile already on the board;
7. ``not-in-rack``: the tiles come from the player's rack (when the rack is known);
8. ``not-in-lexicon``: every word formed is in the lexicon (when a lexicon is given).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from boardsight.errors import BoardsightError
from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import ACROSS, DOWN, square_name
from boardsight.scrabble.move import PLAYED_THROUGH, Placement
from boardsight.scrabble.rack import missing_from, rack_string, tiles_used
from boardsight.scrabble.tileset import TileSet
from boardsight.scrabble.words import formed_words

Square = tuple[int, int]


@dataclass(frozen=True)
class Violation:
    """One broken rule: a short code (see the module docstring) and a message for people."""

    rule: str
    message: str


class IllegalMoveError(BoardsightError):
    """A move breaks the rules; ``violations`` lists every rule it breaks."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = violations
        super().__init__("; ".join(violation.message for violation in violations))


def resolve_placement(
    board: Board, placement: Placement, tileset: TileSet
) -> tuple[Placement, list[Violation]]:
    """Match a placement's tile string against the board.

    GCG writes a played-through tile either as ``.`` or as its letter; the result always
    uses ``.``. Returns the normalised placement and the shape violations found (rules 1-4).
    """
    squares = placement.squares()
    if squares and not all(board.contains(row, col) for row, col, _ in squares):
        return placement, [
            Violation("off-board", f"{placement.position} {placement.tiles} runs off the board")
        ]
    violations: list[Violation] = []
    resolved = []
    for row, col, tile in squares:
        on_board = board.get(row, col)
        name = square_name(row, col)
        if tile == PLAYED_THROUGH:
            if not on_board:
                violations.append(
                    Violation(
                        "nothing-to-play-through", f"'.' marks {name} as played through, but it is empty"
                    )
                )
            resolved.append(PLAYED_THROUGH)
            continue
        if on_board:
            if on_board.upper() != tile.upper():
                violations.append(
                    Violation("occupied", f"{name} already holds {on_board}, so {tile} cannot go there")
                )
            resolved.append(PLAYED_THROUGH)  # a letter over the same letter means played through
            continue
        violations.extend(_tile_violations(tile, name, tileset))
        resolved.append(tile)
    normalised = Placement(placement.row, placement.col, placement.direction, "".join(resolved))
    if not normalised.new_tiles() and not any(v.rule == "occupied" for v in violations):
        violations.insert(0, Violation("no-tiles", "a placement must put at least one tile on the board"))
    return normalised, violations


def _tile_violations(tile: str, name: str, tileset: TileSet) -> list[Violation]:
    letter = tile.upper()
    if len(tile) != 1 or not tileset.is_letter(letter):
        return [Violation("not-a-tile", f"{tile!r} on {name} is not a letter of the {tileset.name} tile set")]
    if tile.isupper() and tileset.count(letter) == 0:
        return [
            Violation(
                "blank-only",
                f"{letter} on {name} has no tile in the {tileset.name} set: only a blank (written "
                f"{letter.lower()}) can show it",
            )
        ]
    return []


def line_of(new_squares: list[Square]) -> str | None:
    """The direction of squares in one line (``ACROSS`` for a single square), else ``None``."""
    rows = {row for row, _ in new_squares}
    cols = {col for _, col in new_squares}
    if len(rows) == 1:
        return ACROSS
    if len(cols) == 1:
        return DOWN
    return None


def shape_violations(
    board: Board, new_tiles: Mapping[Square, str], direction: str | None = None
) -> list[Violation]:
    """Rules 5 and 6 for tiles laid on empty squares: one line, no gaps, connected or on the start square."""
    if not new_tiles:
        return [Violation("no-tiles", "a placement must put at least one tile on the board")]
    squares = sorted(new_tiles)
    line = direction if len(squares) == 1 and direction else line_of(squares)
    if line is None:
        names = ", ".join(square_name(row, col) for row, col in squares)
        return [Violation("not-in-line", f"the new tiles ({names}) do not lie in one row or one column")]
    violations: list[Violation] = []
    first, last = squares[0], squares[-1]
    if line == ACROSS:
        between = [(first[0], col) for col in range(first[1], last[1] + 1)]
    else:
        between = [(row, first[1]) for row in range(first[0], last[0] + 1)]
    holes = [square for square in between if square not in new_tiles and not board.get(*square)]
    if holes:
        names = ", ".join(square_name(row, col) for row, col in holes)
        violations.append(Violation("gap", f"the new tiles leave a gap at {names}"))
    start = board.layout.start
    if board.is_empty():
        if start not in new_tiles:
            violations.append(
                Violation("start", f"the first move must cover the start square {square_name(*start)}")
            )
        elif len(new_tiles) < 2:
            violations.append(
                Violation("too-short", "the first move must form a word of at least two letters")
            )
    elif not any(
        board.occupied(row + d_row, col + d_col) for row, col in squares for d_row, d_col in _NEIGHBOURS
    ):
        violations.append(Violation("not-connected", "the new tiles touch no tile already on the board"))
    return violations


_NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def rack_violations(new_tiles: Mapping[Square, str], rack: Counter[str], tileset: TileSet) -> list[Violation]:
    """Rule 7: the tiles a move needs (a blank for each lower-case letter) are on the rack."""
    lacking = missing_from(rack, tiles_used(new_tiles.values()))
    if not lacking:
        return []
    have = rack_string(rack, tileset) or "(empty)"
    need = rack_string(lacking, tileset)
    return [Violation("not-in-rack", f"the rack {have} lacks {need}")]


def lexicon_violations(words: list[str], lexicon: Lexicon) -> list[Violation]:
    """Rule 8: every word is in ``lexicon``; one violation naming all that are not."""
    phonies = [word for word in words if word not in lexicon]
    if not phonies:
        return []
    return [Violation("not-in-lexicon", f"not in {lexicon.name}: {', '.join(phonies)}")]


def find_violations(
    board: Board,
    placement: Placement,
    tileset: TileSet,
    *,
    rack: Counter[str] | None = None,
    lexicon: Lexicon | None = None,
) -> tuple[Placement, list[Violation]]:
    """Every rule ``placement`` breaks on ``board``; also the placement with played-through tiles as ``.``."""
    resolved, violations = resolve_placement(board, placement, tileset)
    if violations:
        return resolved, violations
    new_tiles = {(row, col): tile for row, col, tile in resolved.new_tiles()}
    violations = shape_violations(board, new_tiles, resolved.direction)
    if rack is not None:
        violations += rack_violations(new_tiles, rack, tileset)
    if lexicon is not None and not violations:
        words = [word.word for word in formed_words(board, new_tiles, resolved.direction)]
        violations += lexicon_violations(words, lexicon)
    return resolved, violations


def check_placement(
    board: Board,
    placement: Placement,
    tileset: TileSet,
    *,
    rack: Counter[str] | None = None,
    lexicon: Lexicon | None = None,
) -> Placement:
    """Return the normalised placement, or raise :class:`IllegalMoveError` naming every broken rule."""
    resolved, violations = find_violations(board, placement, tileset, rack=rack, lexicon=lexicon)
    if violations:
        raise IllegalMoveError(violations)
    return resolved
