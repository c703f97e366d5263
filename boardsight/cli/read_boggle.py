"""What ``boardsight read`` shows for a Boggle tray, and photos as BOARD arguments of solve/check.

:func:`board_from_photo` is how ``solve`` and ``check`` take a photo wherever they take a
BOARD; what was read (and which cells may need a ``--fix``) is reported on stderr.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import typer

from boardsight.boggle.board import Board
from boardsight.boggle.parse import IMAGE_SUFFIXES, board_from_json
from boardsight.cli.reading_output import (
    closing_lines,
    confidence_colour,
    draw_grid_lines,
    outlined_text,
    show,
)
from boardsight.paths import names_a_file
from boardsight.vision.boggle.dice_check import cell_name
from boardsight.vision.boggle.tray_reading import LOW_CONFIDENCE, READ_MAX_SIDE
from boardsight.vision.geometry import grid_points
from boardsight.vision.reading import BoardReading, read_photo


def read_tray_photo(
    photo: Path, *, size: str = "auto", dice: str = "auto", reader: str = "onnx"
) -> BoardReading:
    """Read the Boggle tray in ``photo`` (one-line errors for unreadable files and missing trays)."""
    return read_photo(photo, game="boggle", reader=reader, max_side=READ_MAX_SIDE, size=size, dice=dice)


def board_from_photo(path: Path) -> Board:
    """The board in a tray photo; one line on stderr says what was read and which cells to check."""
    reading = read_tray_photo(path)
    for line in reading_notes(reading, str(path)):
        typer.echo(line, err=True)
    return board_from_json(reading.to_sidecar(), str(path))


def is_photo(argument: str) -> bool:
    """Whether a BOARD argument names an existing image file (.jpg, .jpeg, .png, .webp)."""
    path = Path(argument)
    return path.suffix.lower() in IMAGE_SUFFIXES and names_a_file(path)


def reading_notes(reading: BoardReading, source: str) -> list[str]:
    """Short lines about a reading: where it came from, doubtful cells, dice-check changes."""
    size = reading.rows
    dice = reading.extras.get("dice_set") or "not checked"
    lines = [f"read {source}: {size}x{size} tray (reader {reading.reader}, dice set {dice})"]
    if reading.flagged:
        doubtful = _doubtful(reading)
        lines.append(
            f"check these cells (below {LOW_CONFIDENCE:.0%}): {doubtful}; correct with --fix CELL=FACE"
        )
    lines += [
        f"dice check changed {c['cell']} {c['read']} -> {c['now']}: {c['why']}" for c in reading.corrections
    ]
    return lines


def _doubtful(reading: BoardReading) -> str:
    size = reading.rows
    cells = []
    for row, col in reading.flagged:
        token, confidence = _display(reading.grid[row][col]), reading.confidence[row][col]
        cells.append(f"{cell_name(row * size + col, size)} {token} {confidence:.0%}")
    return ", ".join(cells)


def format_grid(grid: list[list[str]]) -> str:
    """The board as text, one row a line, tokens right-aligned in two columns (``Qu`` as ``Qu``)."""
    return "\n".join("  " + " ".join(f"{_display(token):>2}" for token in row) for row in grid)


def _display(token: str) -> str:
    return token if len(token) == 1 else token[0] + token[1:].lower()


def format_reading(reading: BoardReading) -> str:
    """The reading for people: the board, each cell's confidence, doubtful cells, changes and corners."""
    size = reading.rows
    dice = reading.extras.get("dice_set") or "not checked"
    lines = [
        f"Boggle tray {size}x{size} (reader {reading.reader}, dice set {dice})",
        format_grid(reading.grid),
    ]
    lines += ["confidence (%)"]
    lines += [
        "  " + " ".join(f"{min(99, round(100 * value)):>2}" for value in row) for row in reading.confidence
    ]
    if reading.flagged:
        lines.append(f"check these cells (below {LOW_CONFIDENCE:.0%}): {_doubtful(reading)}")
    for change in reading.corrections:
        lines.append(
            f"dice check changed {change['cell']} {change['read']} -> {change['now']}: {change['why']}"
        )
    lines += closing_lines(reading, "TL TR BR BL")
    return "\n".join(lines)


def _colour(confidence: float) -> tuple[int, int, int]:
    return confidence_colour(confidence, LOW_CONFIDENCE)


def draw_reading(image: np.ndarray, reading: BoardReading, corners: np.ndarray) -> np.ndarray:
    """A copy of ``image`` (BGR) with the grid at ``corners`` and, in each cell's top-left corner,
    its reading and confidence (%) in green, amber or red by confidence; the cube stays visible."""
    out = image.copy()
    size = reading.rows
    points = grid_points(corners, size, size)
    thickness = max(1, round(max(out.shape[:2]) / 800))
    draw_grid_lines(out, points, thickness)
    cell = float(np.linalg.norm(points[1, 1] - points[0, 0])) / np.sqrt(2)
    scale = max(0.35, cell / 110)
    for row in range(size):
        for col in range(size):
            confidence = reading.confidence[row][col]
            colour = _colour(confidence)
            corner = points[row, col] + 0.12 * (points[row + 1, col + 1] - points[row, col])
            text = f"{_display(reading.grid[row][col])} {min(99, round(100 * confidence))}"
            (_, height), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
            outlined_text(out, text, (round(corner[0]), round(corner[1] + height)), scale, colour, thickness)
    return out


def show_reading(
    photo: Path,
    *,
    size: str = "auto",
    dice: str = "auto",
    reader: str = "onnx",
    as_json: bool = False,
    debug_image: Path | None = None,
) -> None:
    """Read the tray in ``photo`` and print it (as a sidecar with ``as_json``)."""
    reading = read_tray_photo(photo, size=size, dice=dice, reader=reader)
    show(photo, reading, as_json=as_json, debug_image=debug_image, draw=draw_reading, describe=format_reading)
