"""Photos as BOARD arguments of ``solve`` and ``check``.

:func:`board_from_photo` is how ``solve`` and ``check`` take a photo wherever they take a
BOARD; what was read (and which cells may need a ``--fix``) is reported on stderr.
"""

from __future__ import annotations

from pathlib import Path

import typer

from boardsight import app
from boardsight.boggle.board import Board
from boardsight.boggle.parse import IMAGE_SUFFIXES
from boardsight.paths import names_a_file


def board_from_photo(path: Path) -> Board:
    """The board in a tray photo; one line on stderr says what was read and which cells to check."""
    reading = app.read_photo(path, game="boggle")
    for line in app.rendering.reading_notes(reading):
        typer.echo(line, err=True)
    return reading.board


def is_photo(argument: str) -> bool:
    """Whether a BOARD argument names an existing image file (.jpg, .jpeg, .png, .webp)."""
    path = Path(argument)
    return path.suffix.lower() in IMAGE_SUFFIXES and names_a_file(path)
