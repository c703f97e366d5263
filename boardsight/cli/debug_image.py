"""``read --debug-image``: a reading drawn over its photo, for either game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from boardsight.errors import BadInputError
from boardsight.vision.image_io import decode_image_scaled, read_image_bytes
from boardsight.vision.reading import BoardReading

DEBUG_MAX_SIDE = 1600
Drawer = Callable[[np.ndarray, BoardReading, np.ndarray], np.ndarray]
"""(image, reading, corners in that image's pixels) -> a copy of the image with the reading drawn."""


def confidence_colour(confidence: float, low: float, good: float) -> tuple[int, int, int]:
    """Green from ``good`` up, amber from ``low``, red below (BGR)."""
    if confidence >= good:
        return (60, 200, 60)
    return (0, 200, 255) if confidence >= low else (40, 40, 235)


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
