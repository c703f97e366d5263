"""What ``boardsight read --game scrabble`` shows: the board, its words, blanks, corrections, CGP."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from boardsight.cli.reading_output import (
    closing_lines,
    confidence_colour,
    draw_grid_lines,
    outlined_text,
    show,
)
from boardsight.scrabble.coords import column_letter, square_name
from boardsight.vision.geometry import grid_points
from boardsight.vision.reading import BoardReading, read_photo
from boardsight.vision.scrabble.board_reading import LOW_CONFIDENCE


def read_board_photo(
    photo: Path,
    *,
    tiles: str = "auto",
    reader: str = "onnx",
    lexicon: str = "auto",
    checks: tuple[str, ...] | None = None,
    model: Path | None = None,
) -> BoardReading:
    """Read the Scrabble board in ``photo`` (one-line errors for unreadable files and missing boards)."""
    options = {"tiles": tiles, "lexicon": lexicon, "checks": checks, "model": model}
    return read_photo(photo, game="scrabble", reader=reader, **options)


def format_grid(grid: list[list[str]]) -> str:
    """The board as text under column letters, rows numbered 1-15, ``.`` for an empty square."""
    header = "     " + " ".join(column_letter(col) for col in range(len(grid[0])))
    return "\n".join([header] + [f"  {row + 1:>2} " + " ".join(line) for row, line in enumerate(grid)])


def format_reading(reading: BoardReading) -> str:
    """The reading for people: board, words and validity, blanks, corrections, doubtful squares, CGP."""
    extras = reading.extras
    turns = extras.get("quarter_turns", 0)
    turned = f", photo turned {90 * turns} degrees" if turns else ""
    lines = [
        f"Scrabble board (reader {reading.reader}, {extras.get('tiles', 'english')} tiles{turned})",
        format_grid(reading.grid),
    ]
    words = extras.get("words", [])
    if words:
        shown = []
        for word in words:
            mark = {True: "", False: " (not a word)", None: " (?)"}[word["valid"]]
            shown.append(f"{word['word']} {word['position']}{mark}")
        lines.append("words: " + ", ".join(shown))
    for blank in extras.get("blanks", []):
        if blank["letter"]:
            lines.append(f"blank {blank['square']} stands for {blank['letter'].upper()}")
        elif blank["candidates"]:
            lines.append(f"blank {blank['square']} could be {', '.join(blank['candidates'])}")
        else:
            lines.append(f"blank {blank['square']}: no letter makes its words valid")
    for change in reading.corrections:
        lines.append(f"corrected {change['square']} {change['read']} -> {change['now']}: {change['why']}")
    for flag in extras.get("flags", []):
        lines.append(f"doubted {flag['square']} {flag['read']} ({flag['check']}): {flag['why']}")
    for note in extras.get("check_notes", []):
        lines.append(f"note: {note}")
    if reading.flagged:
        doubtful = ", ".join(
            f"{square_name(row, col)} {reading.grid[row][col]} {reading.confidence[row][col]:.0%}"
            for row, col in reading.flagged
        )
        lines.append(f"check these squares (below {LOW_CONFIDENCE:.0%}): {doubtful}")
    if "cgp" in extras:
        lines.append(f"CGP: {extras['cgp']}")
    lines += closing_lines(reading, "TL TR BR BL as read")
    return "\n".join(lines)


def _colour(confidence: float) -> tuple[int, int, int]:
    return confidence_colour(confidence, LOW_CONFIDENCE)


def draw_reading(image: np.ndarray, reading: BoardReading, corners: np.ndarray) -> np.ndarray:
    """A copy of ``image`` (BGR) with the grid at ``corners`` (reading order) and each tile's reading.

    Tiles are labelled with their letter and confidence in green, amber or red; the
    reading's top-left corner is marked with a dot; empty squares read with doubt get
    a red cross.
    """
    out = image.copy()
    points = grid_points(corners, 15, 15)
    thickness = max(1, round(max(out.shape[:2]) / 900))
    draw_grid_lines(out, points, thickness)
    cell = float(np.linalg.norm(points[1, 1] - points[0, 0])) / np.sqrt(2)
    cv2.circle(out, tuple(np.round(points[0, 0]).astype(int)), max(3, round(cell / 5)), (255, 0, 255), -1)
    scale = max(0.3, cell / 70)
    for row in range(15):
        for col in range(15):
            token = reading.grid[row][col]
            confidence = reading.confidence[row][col]
            centre = points[row : row + 2, col : col + 2].reshape(-1, 2).mean(axis=0)
            if token == ".":
                if confidence < LOW_CONFIDENCE:
                    half = cell / 4
                    for dx in (-1, 1):
                        start = (round(centre[0] - half), round(centre[1] - dx * half))
                        end = (round(centre[0] + half), round(centre[1] + dx * half))
                        cv2.line(out, start, end, (40, 40, 235), thickness, cv2.LINE_AA)
                continue
            text = f"{token}{min(99, round(100 * confidence))}"
            (width, height), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
            origin = (round(centre[0] - width / 2), round(centre[1] + height / 2))
            outlined_text(out, text, origin, scale, _colour(confidence), thickness)
    return out


def show_reading(
    photo: Path,
    *,
    tiles: str = "auto",
    reader: str = "onnx",
    lexicon: str = "auto",
    checks: tuple[str, ...] | None = None,
    model: Path | None = None,
    as_json: bool = False,
    debug_image: Path | None = None,
    **_: object,
) -> None:
    """Read the board in ``photo`` and print it (with ``as_json``: a sidecar of the labelled-photo format)."""
    reading = read_board_photo(photo, tiles=tiles, reader=reader, lexicon=lexicon, checks=checks, model=model)
    show(photo, reading, as_json=as_json, debug_image=debug_image, draw=draw_reading, describe=format_reading)
