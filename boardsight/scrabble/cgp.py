"""Read and write CGP, the one-line position format of Macondo and MAGPIE.

``BOARD RACKS SCORES ZEROS [OPCODE ARGS; ...]``: the board's rows separated by ``/``, each
row a run of tiles (upper case; lower case for a blank) and numbers counting empty
squares; the racks and the scores of the players, ``/``-separated, the player on turn
first (an unknown rack is empty); the number of consecutive scoreless turns; then
optional operations such as ``lex NWL23;``.

>>> position = parse_cgp("15/15/15/15/15/15/15/6ZA7/15/15/15/15/15/15/15 AEINRST/ 22/0 0")
>>> position.board.get(7, 6), position.racks, position.scores
('Z', ['AEINRST', ''], [22, 0])
>>> to_cgp(position)
'15/15/15/15/15/15/15/6ZA7/15/15/15/15/15/15/15 AEINRST/ 22/0 0'
"""

from __future__ import annotations

import re

from boardsight.errors import BadInputError
from boardsight.scrabble.board import Board
from boardsight.scrabble.layout import Layout, load_layout
from boardsight.scrabble.position import Position

_RUN = re.compile(r"[0-9]+|[^0-9]")


class CgpError(BadInputError):
    """A malformed CGP string."""


def _parse_row(text: str, number: int, cols: int) -> list[str]:
    cells: list[str] = []
    for token in _RUN.findall(text):
        if token.isascii() and token.isdigit():
            if len(cells) + int(token) > cols:  # checked first: "777777777" must not fill memory
                raise CgpError(f"CGP row {number} has more than {cols} squares")
            cells.extend([""] * int(token))
        elif token.isalpha():
            cells.append(token)
        else:
            raise CgpError(f"CGP row {number}: {token!r} is neither a letter nor a count of empty squares")
    if len(cells) != cols:
        raise CgpError(f"CGP row {number} has {len(cells)} squares, expected {cols}")
    return cells


def _parse_board(text: str, layout: Layout) -> Board:
    rows = text.split("/")
    if len(rows) != layout.rows:
        raise CgpError(f"a CGP board has {layout.rows} rows separated by '/', this one has {len(rows)}")
    cells: list[str] = []
    for number, row in enumerate(rows, start=1):
        cells.extend(_parse_row(row, number, layout.cols))
    return Board(layout, cells)


def _parse_options(tokens: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    text = " ".join(tokens)
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        options[words[0]] = " ".join(words[1:])
    return options


def parse_cgp(text: str, layout: Layout | None = None) -> Position:
    """Parse a CGP string into a :class:`Position`; raise :class:`CgpError` naming what is wrong."""
    layout = layout or load_layout("standard")
    tokens = text.split()
    if len(tokens) < 4:
        raise CgpError("a CGP position needs four fields: board, racks, scores, scoreless turns")
    board = _parse_board(tokens[0], layout)
    racks = tokens[1].split("/")
    for rack in racks:
        if not all(char == "?" or char.isalpha() for char in rack):
            raise CgpError(f"CGP rack {rack!r} holds something other than letters and ?")
    try:
        scores = [int(score) for score in tokens[2].split("/")]
    except ValueError as error:
        raise CgpError(f"CGP scores {tokens[2]!r} must be whole numbers separated by '/'") from error
    if len(scores) != len(racks):
        raise CgpError(f"CGP lists {len(racks)} racks but {len(scores)} scores")
    if not (tokens[3].isascii() and tokens[3].isdigit()):
        raise CgpError(f"CGP scoreless-turn count {tokens[3]!r} must be a whole number")
    return Position(
        board, [rack.upper() for rack in racks], scores, int(tokens[3]), _parse_options(tokens[4:])
    )


def board_to_cgp(board: Board) -> str:
    """The board field of a CGP string."""
    rows = []
    for row in range(board.rows):
        parts: list[str] = []
        empty = 0
        for col in range(board.cols):
            tile = board.get(row, col)
            if tile:
                if empty:
                    parts.append(str(empty))
                    empty = 0
                parts.append(tile)
            else:
                empty += 1
        if empty:
            parts.append(str(empty))
        rows.append("".join(parts))
    return "/".join(rows)


def to_cgp(position: Position) -> str:
    """Write a :class:`Position` as a CGP string."""
    fields = [
        board_to_cgp(position.board),
        "/".join(position.racks),
        "/".join(str(score) for score in position.scores),
        str(position.scoreless_turns),
    ]
    options = " ".join(
        f"{opcode} {value};" if value else f"{opcode};" for opcode, value in position.options.items()
    )
    return " ".join(fields + ([options] if options else []))
