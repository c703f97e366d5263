"""How a reading is shown: the overlay drawn on the photo, and the text ``boardsight read`` prints.

:func:`draw_reading` and :func:`describe_reading` take a
:class:`~boardsight.app.reading.PhotoReading` of either game; each game formats its own
board and draws its own cells, and what they share (colours, grid lines, closing
lines) is here once.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.app.reading import Photo, PhotoReading
from boardsight.scrabble.coords import column_letter, square_name
from boardsight.scrabble.tokens import EMPTY
from boardsight.vision.boggle.dice_check import cell_name
from boardsight.vision.boggle.tray_reading import LOW_CONFIDENCE as TRAY_LOW_CONFIDENCE
from boardsight.vision.geometry import grid_points
from boardsight.vision.image_io import decode_image_scaled, read_image_bytes
from boardsight.vision.reading import BoardReading
from boardsight.vision.scrabble.board_reading import LOW_CONFIDENCE as BOARD_LOW_CONFIDENCE

OVERLAY_MAX_SIDE = 1600
GOOD_CONFIDENCE = 0.9  # from here up a cell is drawn green; between the reader's low mark and here, amber
GRID_COLOUR = (255, 200, 0)


def describe_reading(photo: PhotoReading) -> str:
    """The reading for people, as ``boardsight read`` prints it."""
    if photo.game == "boggle":
        return format_tray_reading(photo.reading)
    return format_board_reading(photo.reading)


def draw_reading(image: np.ndarray, photo: PhotoReading) -> np.ndarray:
    """A copy of ``image`` (BGR: the photo at any scale) with the grid and each cell's reading drawn."""
    width, height = photo.photo_size
    scale = np.array([image.shape[1] / width, image.shape[0] / height]) if width and height else 1.0
    corners = ((np.asarray(photo.reading.corners, dtype=np.float64) + 0.5) * scale - 0.5).astype(np.float32)
    if photo.game == "boggle":
        return draw_tray(image, photo.reading, corners)
    return draw_board(image, photo.reading, corners)


def overlay(photo: Photo, reading: PhotoReading, *, max_side: int = OVERLAY_MAX_SIDE) -> np.ndarray:
    """The photo (a path, image-file bytes or a BGR array), shrunk to at most ``max_side``, drawn over."""
    if isinstance(photo, np.ndarray):
        image = photo
    else:
        data = photo if isinstance(photo, bytes) else read_image_bytes(photo)
        image, _ = decode_image_scaled(data, source=reading.source, max_side=max_side)
    scale = min(1.0, max_side / max(image.shape[:2]))
    if scale < 1.0:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return draw_reading(image, reading)


def reading_notes(photo: PhotoReading) -> list[str]:
    """Short lines about a tray reading: where it came from, doubtful cells, dice-check changes."""
    reading = photo.reading
    size = reading.rows
    dice = reading.extras.get("dice_set") or "not checked"
    lines = [f"read {photo.source}: {size}x{size} tray (reader {reading.reader}, dice set {dice})"]
    if reading.flagged:
        lines.append(
            f"check these cells (below {TRAY_LOW_CONFIDENCE:.0%} or doubted): {_doubtful_cells(reading)}; "
            "correct with --fix CELL=FACE"
        )
    lines += [
        f"dice check changed {c['cell']} {c['read']} -> {c['now']}: {c['why']}" for c in reading.corrections
    ]
    return lines


# -- shared ------------------------------------------------------------------------------------------
def confidence_colour(confidence: float, low: float, good: float = GOOD_CONFIDENCE) -> tuple[int, int, int]:
    """Green from ``good`` up, amber from ``low``, red below (BGR)."""
    if confidence >= good:
        return (60, 200, 60)
    return (0, 200, 255) if confidence >= low else (40, 40, 235)


def closing_lines(reading: BoardReading, corners_label: str) -> list[str]:
    """The corners found (labelled ``corners_label``) and the reading time, as the text output ends."""
    corners = "  ".join(f"({x:.0f}, {y:.0f})" for x, y in np.asarray(reading.corners))
    lines = [f"corners ({corners_label}): {corners}"]
    total = reading.timings.get("total")
    if total is not None:
        lines.append(f"read in {1000 * total:.0f} ms")
    return lines


def draw_grid_lines(out: np.ndarray, points: np.ndarray, thickness: int) -> None:
    """Draw the lines through the grid's ``points`` (rows + 1, cols + 1, 2) on ``out``."""
    for index in range(points.shape[0]):
        cv2.polylines(
            out, [np.round(points[index]).astype(np.int32)], False, GRID_COLOUR, thickness, cv2.LINE_AA
        )
    for index in range(points.shape[1]):
        cv2.polylines(
            out, [np.round(points[:, index]).astype(np.int32)], False, GRID_COLOUR, thickness, cv2.LINE_AA
        )


def _gridded_copy(
    image: np.ndarray, size: int, corners: np.ndarray, *, pixels_per_line: int
) -> tuple[np.ndarray, np.ndarray, int, float]:
    """A copy of ``image`` with the ``size`` x ``size`` grid at ``corners`` drawn on it, the grid's
    points, the line thickness (one pixel per ``pixels_per_line`` of the longer side) and a cell's side."""
    out = image.copy()
    points = grid_points(corners, size, size)
    thickness = max(1, round(max(out.shape[:2]) / pixels_per_line))
    draw_grid_lines(out, points, thickness)
    cell = float(np.linalg.norm(points[1, 1] - points[0, 0])) / np.sqrt(2)
    return out, points, thickness, cell


def outlined_text(
    image: np.ndarray, text: str, origin: tuple[int, int], scale: float, colour, thickness: int
) -> None:
    """``text`` in ``colour`` with a black outline, readable on any picture."""
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thickness + 2, cv2.LINE_AA)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thickness, cv2.LINE_AA)


# -- Boggle ------------------------------------------------------------------------------------------
def _face(token: str) -> str:
    return token if len(token) == 1 else token[0] + token[1:].lower()


def _doubtful_cells(reading: BoardReading) -> str:
    size = reading.rows
    cells = []
    for row, col in reading.flagged:
        token, confidence = _face(reading.grid[row][col]), reading.confidence[row][col]
        cells.append(f"{cell_name(row * size + col, size)} {token} {confidence:.0%}")
    return ", ".join(cells)


def format_tray_grid(grid: list[list[str]]) -> str:
    """The tray as text, one row a line, tokens right-aligned in two columns (``Qu`` as ``Qu``)."""
    return "\n".join("  " + " ".join(f"{_face(token):>2}" for token in row) for row in grid)


def format_tray_reading(reading: BoardReading) -> str:
    """A tray reading for people: the board, each cell's confidence, doubtful cells, changes, corners."""
    size = reading.rows
    dice = reading.extras.get("dice_set") or "not checked"
    lines = [
        f"Boggle tray {size}x{size} (reader {reading.reader}, dice set {dice})",
        format_tray_grid(reading.grid),
    ]
    lines += ["confidence (%)"]
    lines += [
        "  " + " ".join(f"{min(99, round(100 * value)):>2}" for value in row) for row in reading.confidence
    ]
    if reading.flagged:
        lines.append(
            f"check these cells (below {TRAY_LOW_CONFIDENCE:.0%} or doubted): {_doubtful_cells(reading)}"
        )
    for change in reading.corrections:
        lines.append(
            f"dice check changed {change['cell']} {change['read']} -> {change['now']}: {change['why']}"
        )
    for flag in reading.extras.get("flags", []):
        lines.append(f"dice check doubts {flag['cell']} {flag['read']} (or {flag['now']}): {flag['why']}")
    lines += closing_lines(reading, "TL TR BR BL")
    return "\n".join(lines)


def draw_tray(image: np.ndarray, reading: BoardReading, corners: np.ndarray) -> np.ndarray:
    """A copy of ``image`` (BGR) with the grid at ``corners`` and, in each cell's top-left corner,
    its reading and confidence (%) in green, amber or red by confidence; the cube stays visible."""
    out, points, thickness, cell = _gridded_copy(image, reading.rows, corners, pixels_per_line=800)
    size = reading.rows
    scale = max(0.35, cell / 110)
    for row in range(size):
        for col in range(size):
            confidence = reading.confidence[row][col]
            colour = confidence_colour(confidence, TRAY_LOW_CONFIDENCE)
            corner = points[row, col] + 0.12 * (points[row + 1, col + 1] - points[row, col])
            text = f"{_face(reading.grid[row][col])} {min(99, round(100 * confidence))}"
            (_, height), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
            outlined_text(out, text, (round(corner[0]), round(corner[1] + height)), scale, colour, thickness)
    return out


# -- Scrabble ----------------------------------------------------------------------------------------
def format_board_grid(grid: list[list[str]]) -> str:
    """The board as text under column letters, rows numbered 1-15, ``.`` for an empty square."""
    header = "     " + " ".join(column_letter(col) for col in range(len(grid[0])))
    return "\n".join([header] + [f"  {row + 1:>2} " + " ".join(line) for row, line in enumerate(grid)])


def format_board_reading(reading: BoardReading) -> str:
    """A board reading for people: board, words and validity, blanks, corrections, doubtful squares, CGP."""
    extras = reading.extras
    turns = extras.get("quarter_turns", 0)
    turned = f", photo turned {90 * turns} degrees" if turns else ""
    lines = [
        f"Scrabble board (reader {reading.reader}, {extras.get('tiles', 'english')} tiles{turned})",
        format_board_grid(reading.grid),
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
    for flag in reading.extras.get("flags", []):
        lines.append(f"doubted {flag['square']} {flag['read']} ({flag['check']}): {flag['why']}")
    for note in reading.extras.get("check_notes", []):
        lines.append(f"note: {note}")
    if reading.flagged:
        doubtful = ", ".join(
            f"{square_name(row, col)} {reading.grid[row][col]} {reading.confidence[row][col]:.0%}"
            for row, col in reading.flagged
        )
        lines.append(f"check these squares (below {BOARD_LOW_CONFIDENCE:.0%} or doubted): {doubtful}")
    if "cgp" in extras:
        lines.append(f"CGP: {extras['cgp']}")
    lines += closing_lines(reading, "TL TR BR BL as read")
    return "\n".join(lines)


def draw_board(image: np.ndarray, reading: BoardReading, corners: np.ndarray) -> np.ndarray:
    """A copy of ``image`` (BGR) with the grid at ``corners`` (reading order) and each tile's reading.

    Tiles are labelled with their letter and confidence in green, amber or red; the
    reading's top-left corner is marked with a dot; empty squares read with doubt get
    a red cross.
    """
    out, points, thickness, cell = _gridded_copy(image, reading.rows, corners, pixels_per_line=900)
    size = reading.rows
    cv2.circle(out, tuple(np.round(points[0, 0]).astype(int)), max(3, round(cell / 5)), (255, 0, 255), -1)
    scale = max(0.3, cell / 70)
    for row in range(size):
        for col in range(size):
            token = reading.grid[row][col]
            confidence = reading.confidence[row][col]
            centre = points[row : row + 2, col : col + 2].reshape(-1, 2).mean(axis=0)
            if token == EMPTY:
                if confidence < BOARD_LOW_CONFIDENCE:
                    half = cell / 4
                    for dx in (-1, 1):
                        start = (round(centre[0] - half), round(centre[1] - dx * half))
                        end = (round(centre[0] + half), round(centre[1] + dx * half))
                        cv2.line(out, start, end, (40, 40, 235), thickness, cv2.LINE_AA)
                continue
            text = f"{token}{min(99, round(100 * confidence))}"
            (width, height), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
            origin = (round(centre[0] - width / 2), round(centre[1] + height / 2))
            outlined_text(
                out, text, origin, scale, confidence_colour(confidence, BOARD_LOW_CONFIDENCE), thickness
            )
    return out
