"""The Boggle board: a grid of cube faces, addressed by cell names such as ``B3``.

A board is ``rows`` x ``cols`` cells stored row-major. Each cell holds one face:

- a letter ``A`` to ``Z``;
- ``QU``, the cube printed "Qu";
- ``IN``, ``TH``, ``ER``, ``HE``, ``AN``, the two-letter faces of 6x6 sets;
- ``#``, a blocked face that no word may pass through.

Cells are named like spreadsheet cells: the column letter, then the row number, with
``A1`` the top-left cell. ``B3`` is column B, row 3 (index ``2 * cols + 1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from boardsight.errors import BadInputError

BLOCKED = "#"
QU = "QU"
TWO_LETTER_FACES = ("QU", "IN", "TH", "ER", "HE", "AN")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
FACES = frozenset(LETTERS) | frozenset(TWO_LETTER_FACES) | {BLOCKED}
MAX_COLS = len(LETTERS)

_FACE_DISPLAY = {face: face[0] + face[1:].lower() for face in TWO_LETTER_FACES}


@dataclass(frozen=True)
class Board:
    """An immutable ``rows`` x ``cols`` grid of faces, stored row-major in ``cells``."""

    rows: int
    cols: int
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise BadInputError(f"a board needs at least one row and one column, not {self.rows}x{self.cols}")
        if self.cols > MAX_COLS:
            raise BadInputError(f"a board may have at most {MAX_COLS} columns (A to Z), not {self.cols}")
        if len(self.cells) != self.rows * self.cols:
            raise BadInputError(f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} faces")
        for face in self.cells:
            if face not in FACES:
                raise BadInputError(
                    f"{face!r} is not a Boggle face: expected A-Z, QU, IN, TH, ER, HE, AN or #"
                )

    @classmethod
    def from_rows(cls, rows: list[list[str]] | tuple[tuple[str, ...], ...]) -> Board:
        """Build a board from a list of rows of faces (already normalised)."""
        if not rows:
            raise BadInputError("a board needs at least one row")
        width = len(rows[0])
        for number, row in enumerate(rows, start=1):
            if len(row) != width:
                raise BadInputError(f"row {number} has {len(row)} faces, expected {width} like row 1")
        return cls(len(rows), width, tuple(face for row in rows for face in row))

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    @property
    def grid(self) -> list[list[str]]:
        """The faces as a list of rows (the ``grid`` of the dataset JSON)."""
        return [list(self.cells[row * self.cols : (row + 1) * self.cols]) for row in range(self.rows)]

    def face(self, row: int, col: int) -> str:
        """The face at zero-based ``row`` and ``col``."""
        return self.cells[row * self.cols + col]

    def cell_name(self, index: int) -> str:
        """The name (``B3``) of the cell at row-major ``index``."""
        row, col = divmod(index, self.cols)
        return f"{LETTERS[col]}{row + 1}"

    def cell_index(self, name: str) -> int:
        """The row-major index of the cell called ``name`` (``B3``: column B, row 3)."""
        text = name.strip().upper()
        if len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit():
            raise BadInputError(
                f"{name!r} is not a cell name: expected a column letter and a row number, like B3"
            )
        col = LETTERS.index(text[0])
        row = int(text[1:]) - 1
        if col >= self.cols or not 0 <= row < self.rows:
            last = f"{LETTERS[self.cols - 1]}{self.rows}"
            raise BadInputError(f"cell {text} is off this {self.rows}x{self.cols} board (A1 to {last})")
        return row * self.cols + col

    def path_names(self, path: tuple[int, ...] | list[int]) -> list[str]:
        """Cell names of a path of indices."""
        return [self.cell_name(index) for index in path]

    def with_face(self, index: int, face: str) -> Board:
        """A copy of this board with the cell at ``index`` showing ``face``."""
        cells = list(self.cells)
        cells[index] = face
        return Board(self.rows, self.cols, tuple(cells))

    def neighbours(self, index: int) -> tuple[int, ...]:
        """Indices of the up to eight cells that touch cell ``index`` (blocked ones included)."""
        return neighbour_table(self.rows, self.cols)[index]

    def to_text(self) -> str:
        """The board in the compact slash form, e.g. ``RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO``.

        A single-letter face is written as is and a longer one in parentheses, so
        :func:`boardsight.boggle.parse.parse_board` reads the text back unchanged.
        """
        return "/".join(
            "".join(face if len(face) == 1 and face != "Q" else f"({face})" for face in row)
            for row in self.grid
        )

    def render(self) -> str:
        """The board as a labelled grid for people (columns A, B, ...; rows 1, 2, ...)."""
        label_width = len(str(self.rows))
        header = " " * label_width + "  " + " ".join(f"{LETTERS[col]:<2}" for col in range(self.cols))
        lines = [header.rstrip()]
        for row in range(self.rows):
            faces = " ".join(f"{_FACE_DISPLAY.get(face, face):<2}" for face in self.grid[row])
            lines.append(f"{row + 1:>{label_width}}  {faces}".rstrip())
        return "\n".join(lines)

    def as_json(self) -> dict[str, object]:
        """The board as the dataset sidecar's ``game``/``rows``/``cols``/``grid`` fields."""
        return {"game": "boggle", "rows": self.rows, "cols": self.cols, "grid": self.grid}


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of a ``rows`` x ``cols`` grid, the indices of the cells that touch it."""
    table = []
    for row in range(rows):
        for col in range(cols):
            touching = [
                (row + d_row) * cols + col + d_col
                for d_row in (-1, 0, 1)
                for d_col in (-1, 0, 1)
                if (d_row or d_col) and 0 <= row + d_row < rows and 0 <= col + d_col < cols
            ]
            table.append(tuple(touching))
    return tuple(table)
