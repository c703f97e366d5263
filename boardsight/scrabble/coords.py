"""Square names as Scrabble players write them: ``8D`` (row first: across) or ``D8`` (down).

Rows are numbered from 1 at the top, columns lettered from A at the left; internally a
square is ``(row, col)``, both 0-based.
"""

from __future__ import annotations

import re

ACROSS = "across"
DOWN = "down"

_SQUARE = re.compile(r"^(?:(?P<row>\d{1,2})(?P<col>[A-Za-z])|(?P<col2>[A-Za-z])(?P<row2>\d{1,2}))$")


def column_letter(col: int) -> str:
    return chr(ord("A") + col)


def square_name(row: int, col: int) -> str:
    """``(7, 3)`` -> ``"D8"`` (column letter, then row number)."""
    return f"{column_letter(col)}{row + 1}"


def parse_square(text: str, *, rows: int = 15, cols: int = 15) -> tuple[int, int] | None:
    """``"H8"`` or ``"8H"`` -> ``(7, 7)``; ``None`` when it is no square of the board."""
    parsed = parse_position(text, rows=rows, cols=cols)
    return None if parsed is None else (parsed[0], parsed[1])


def parse_position(text: str, *, rows: int = 15, cols: int = 15) -> tuple[int, int, str] | None:
    """A move's position: ``"8D"`` -> ``(7, 3, ACROSS)``, ``"D8"`` -> ``(7, 3, DOWN)``.

    Returns ``None`` when the text is malformed or off the board.
    """
    match = _SQUARE.match(text.strip())
    if not match:
        return None
    if match.group("row"):
        row_text, col_text, direction = match.group("row"), match.group("col"), ACROSS
    else:
        row_text, col_text, direction = match.group("row2"), match.group("col2"), DOWN
    row = int(row_text) - 1
    col = ord(col_text.upper()) - ord("A")
    if not (0 <= row < rows and 0 <= col < cols):
        return None
    return row, col, direction


def position_name(row: int, col: int, direction: str) -> str:
    """Inverse of :func:`parse_position`: ``(7, 3, ACROSS)`` -> ``"8D"``."""
    if direction == ACROSS:
        return f"{row + 1}{column_letter(col)}"
    return f"{column_letter(col)}{row + 1}"
