"""Photos as BOARD arguments of ``solve`` and ``check``.

:func:`board_from_photo` is how ``solve`` and ``check`` take a photo wherever they take a
BOARD; what was read (and which cells may need a ``--fix``) is reported on stderr.
"""

from __future__ import annotations

from pathlib import Path

import typer

from boardsight import app
from boardsight.boggle.board import Board


def board_from_photo(path: Path) -> Board:
    """The board in a tray photo; one line on stderr says what was read and which cells to check."""
    reading = app.read_photo(path, game="boggle")
    for line in app.rendering.reading_notes(reading):
        typer.echo(line, err=True)
    return reading.board
