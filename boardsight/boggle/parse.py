"""Read boards from text, from the dataset JSON sidecar, and from command-line arguments.

Accepted text forms (case does not matter):

- a string of 16, 25 or 36 faces (any square number), read row by row:
  ``perslatgsineters``;
- rows separated by ``/`` or new lines: ``RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO``;
- rows of faces separated by spaces: ``E Qu F T O`` (one row a line, or all faces of a
  square board on one line).

A bare ``Q`` always means the Qu cube (standard sets have no plain Q face). Faces of
more than one letter are written in parentheses when letters run together, ``(QU)``
``(IN)`` ``(TH)``, or as a token of their own between spaces; ``(Q)`` is a plain Q face.
``#`` is a blocked face.

:func:`board_from_argument` is the one entry point for a BOARD argument on the command
line: a file (by suffix, see :data:`BOARD_FILE_READERS`) or the board text itself.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from boardsight.boggle.board import BLOCKED, FACES, QU, Board
from boardsight.errors import BadInputError, NotFoundError
from boardsight.paths import PHOTO_SUFFIXES, names_a_file

EXPECTED = (
    "expected a 16/25/36-letter string, rows separated by '/' or new lines, "
    "rows of space-separated faces, or a board file (.txt, .json)"
)
MAX_BOARD_FILE_BYTES = 1 << 20

_ROW_SPLIT = re.compile(r"[/\r\n]+")


def normalise_face(token: str) -> str:
    """Turn one written face into a board face: ``q``/``Qu`` -> ``QU``, ``(q)`` -> ``Q``, ``th`` -> ``TH``."""
    text = token.strip().upper()
    if text.startswith("(") and text.endswith(")") and len(text) > 2:
        literal = text[1:-1]
        if literal in FACES:
            return literal
    elif text == "Q":
        return QU
    elif text in FACES:
        return text
    raise BadInputError(f"{token!r} is not a Boggle face: expected A-Z, Qu, IN, TH, ER, HE, AN or #")


def _faces_of_run(run: str) -> list[str]:
    """Faces of a row written without spaces: one face a character, ``(XY)`` for longer faces."""
    faces = []
    index = 0
    while index < len(run):
        char = run[index]
        if char == "(":
            end = run.find(")", index)
            if end < 0:
                raise BadInputError(f"unclosed '(' in board row {run!r}: write a two-letter face as (QU)")
            faces.append(normalise_face(run[index : end + 1]))
            index = end + 1
            continue
        if not (char.isascii() and (char.isalpha() or char == BLOCKED)):
            raise BadInputError(f"unexpected character {char!r} in board {run!r}: {EXPECTED}")
        faces.append(normalise_face(char))
        index += 1
    return faces


def _faces_of_row(row: str) -> list[str]:
    if any(char.isspace() for char in row):
        return [normalise_face(token) for token in row.split()]
    return _faces_of_run(row)


def parse_board(text: str) -> Board:
    """Parse a board written as text (see the module docstring for the forms).

    >>> parse_board("RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO").face(4, 1)
    'QU'
    """
    stripped = text.strip()
    if not stripped:
        raise BadInputError(f"empty board: {EXPECTED}")
    rows = [row.strip() for row in _ROW_SPLIT.split(stripped) if row.strip()]
    if not rows:  # only separators, such as "/"
        raise BadInputError(f"no faces in the board {stripped[:20]!r}: {EXPECTED}")
    if len(rows) == 1:
        faces = _faces_of_row(rows[0])
        side = math.isqrt(len(faces))
        if side * side != len(faces):
            raise BadInputError(
                f"a board on one line needs a square number of faces, got {len(faces)}: {EXPECTED}"
            )
        return Board(side, side, tuple(faces))
    grid = [_faces_of_row(row) for row in rows]
    width = len(grid[0])
    for number, faces in enumerate(grid, start=1):
        if len(faces) != width:
            hint = (
                " (write the Qu cube as Q or (QU) when letters run together)"
                if "QU" in rows[number - 1].upper()
                else ""
            )
            raise BadInputError(f"board row {number} has {len(faces)} faces but row 1 has {width}{hint}")
    return Board.from_rows(grid)


def board_from_json(data: object, source: str = "JSON") -> Board:
    """Read a board from a parsed dataset sidecar (``game``, ``rows``, ``cols``, ``grid``)."""
    if not isinstance(data, dict):
        raise BadInputError(f"{source}: expected a JSON object with game, rows, cols and grid")
    game = data.get("game")
    if game != "boggle":
        raise BadInputError(f"{source}: game is {game!r}, expected 'boggle'")
    rows, cols, grid = data.get("rows"), data.get("cols"), data.get("grid")
    if grid is None:
        raise BadInputError(f"{source}: the grid is not labelled (grid is null)")
    if not isinstance(rows, int) or not isinstance(cols, int) or rows < 1 or cols < 1:
        raise BadInputError(f"{source}: rows and cols must be positive whole numbers")
    if not isinstance(grid, list) or len(grid) != rows:
        raise BadInputError(f"{source}: grid must be a list of {rows} rows")
    faces: list[list[str]] = []
    for number, row in enumerate(grid, start=1):
        if not isinstance(row, list) or len(row) != cols:
            raise BadInputError(f"{source}: grid row {number} must be a list of {cols} tokens")
        tokens = []
        for token in row:
            if not isinstance(token, str) or token.upper() not in FACES:
                raise BadInputError(f"{source}: grid row {number}: {token!r} is not a Boggle face token")
            tokens.append(token.upper())
        faces.append(tokens)
    return Board.from_rows(faces)


def _read_bytes(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_BOARD_FILE_BYTES:
            raise BadInputError(f"{path}: too large for a board file")
        return path.read_bytes()
    except FileNotFoundError as error:
        raise NotFoundError(f"{path}: no such board file") from error
    except IsADirectoryError as error:
        raise BadInputError(f"{path} is a folder, not a board file") from error
    except OSError as error:
        raise BadInputError(f"cannot read board file {path}: {error.strerror}") from error


def read_text_board(path: Path) -> Board:
    """Read a board written as text in a file."""
    raw = _read_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInputError(f"{path}: not a text file; {EXPECTED}") from error
    try:
        return parse_board(text)
    except BadInputError as error:
        raise BadInputError(f"{path}: {error}") from error


def read_json_board(path: Path) -> Board:
    """Read a board from a dataset JSON sidecar file."""
    raw = _read_bytes(path)
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadInputError(f"{path}: not valid JSON ({error})") from error
    return board_from_json(data, str(path))


def _photo_not_supported(path: Path) -> Board:
    raise BadInputError(f"{path}: reading a board from a photo needs boardsight.app (import it first)")


BoardFileReader = Callable[[Path], Board]

BOARD_FILE_READERS: dict[str, BoardFileReader] = {
    ".json": read_json_board,
    **{suffix: _photo_not_supported for suffix in PHOTO_SUFFIXES},
}
"""How :func:`board_from_argument` reads a board file, by lower-case suffix; text otherwise.

Importing :mod:`boardsight.app` puts the tray-photo reader here for the image suffixes.
"""


def _looks_like_a_path(argument: str) -> bool:
    suffix = Path(argument).suffix.lower()
    return bool(suffix) and (suffix in BOARD_FILE_READERS or suffix in (".txt", ".board"))


def board_from_argument(argument: str) -> Board:
    """The board a command-line BOARD argument names: a board file, or the board as text."""
    path = Path(argument)
    if names_a_file(path):
        reader = BOARD_FILE_READERS.get(path.suffix.lower(), read_text_board)
        return reader(path)
    if _looks_like_a_path(argument):
        raise NotFoundError(f"{argument}: no such board file")
    try:
        return parse_board(argument)
    except BadInputError as error:
        if "/" in argument or "." in argument:
            shown = _shortened(argument)
            raise BadInputError(f"{shown!r} is not a board file, nor a board: {error}") from error
        raise


def _shortened(argument: str, limit: int = 60) -> str:
    """``argument`` cut to ``limit`` characters for a message (a board may be thousands long)."""
    return argument if len(argument) <= limit else f"{argument[: limit - 3]}..."


def apply_fixes(board: Board, fixes: Sequence[str]) -> Board:
    """Apply overrides such as ``B3=QU`` (cell name, ``=``, face) to ``board``."""
    for fix in fixes:
        name, sep, face = fix.partition("=")
        if not sep or not name.strip() or not face.strip():
            raise BadInputError(f"{fix!r} is not a fix: expected CELL=FACE, like B3=QU")
        board = board.with_face(board.cell_index(name), normalise_face(face))
    return board
