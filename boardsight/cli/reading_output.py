"""How ``boardsight read`` shows a reading of either game: the closing lines, the overlay, the output.

Each game formats its own board and draws its own cells; what they share is here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import typer

from boardsight.cli.output import emit_json
from boardsight.errors import BadInputError
from boardsight.vision.image_io import decode_image_scaled, read_image_bytes
from boardsight.vision.reading import BoardReading

DEBUG_MAX_SIDE = 1600
GOOD_CONFIDENCE = 0.9  # from here up a cell is drawn green; between the reader's low mark and here, amber
GRID_COLOUR = (255, 200, 0)
Drawer = Callable[[np.ndarray, BoardReading, np.ndarray], np.ndarray]
"""(image, reading, corners in that image's pixels) -> a copy of the image with the reading drawn."""


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


def outlined_text(
    image: np.ndarray, text: str, origin: tuple[int, int], scale: float, colour, thickness: int
) -> None:
    """``text`` in ``colour`` with a black outline, readable on any picture."""
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thickness + 2, cv2.LINE_AA)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thickness, cv2.LINE_AA)


def write_debug_image(photo: Path, reading: BoardReading, out: Path, draw: Drawer) -> None:
    """Draw ``reading`` over ``photo`` (shrunk to at most DEBUG_MAX_SIDE) with ``draw``, write ``out``."""
    image, factor = decode_image_scaled(read_image_bytes(photo), source=str(photo), max_side=DEBUG_MAX_SIDE)
    scale = min(1.0, DEBUG_MAX_SIDE / max(image.shape[:2]))
    if scale < 1.0:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    corners = (np.asarray(reading.corners, dtype=np.float64) + 0.5) / factor * scale - 0.5
    drawn = draw(image, reading, corners.astype(np.float32))
    try:
        written = cv2.imwrite(str(out), drawn)
    except cv2.error:
        written = False
    if not written:
        raise BadInputError(
            f"cannot write the debug image {out} (use a .png or .jpg name in a folder that exists)"
        )


def show(
    photo: Path,
    reading: BoardReading,
    *,
    as_json: bool,
    debug_image: Path | None,
    draw: Drawer,
    describe: Callable[[BoardReading], str],
) -> None:
    """Write the overlay if asked, then print the reading: as a sidecar with ``as_json``, else as text."""
    if debug_image is not None:
        write_debug_image(photo, reading, debug_image, draw)
    if as_json:
        emit_json(reading.to_sidecar())
    else:
        typer.echo(describe(reading))
