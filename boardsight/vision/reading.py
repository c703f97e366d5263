"""What a board reader returns, and how readers are found by game and name.

A reader is a function ``(image, **options) -> BoardReading`` registered with
:func:`register_reader` under a game (``boggle``/``scrabble``) and a name (``onnx``,
``tesseract``). :func:`read_photo` loads a photo, picks the reader and maps the
corners back to the full photo's pixels.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.errors import BadInputError
from boardsight.vision.image_io import decode_image_scaled, read_image_bytes

GAMES = ("boggle", "scrabble")
# Modules that register readers when imported; each new reader module adds itself here.
READER_MODULES: tuple[str, ...] = (
    "boardsight.vision.boggle.onnx_reader",
    "boardsight.vision.boggle.tesseract_reader",
    "boardsight.vision.scrabble.onnx_reader",
    "boardsight.vision.scrabble.tesseract_reader",
)
DEFAULT_MAX_SIDE = 1600


class BoardNotFoundError(BadInputError):
    """The photo shows no board of the game asked for."""


@dataclass
class BoardReading:
    """A board read from a photo, in the field names of the labelled-photo format.

    ``corners`` are the grid's outer corners (top-left, top-right, bottom-right,
    bottom-left of ``grid`` as written) in pixels of the photo as displayed;
    ``confidence`` holds one probability a cell; ``timings`` seconds per stage.
    """

    game: str
    grid: list[list[str]]
    confidence: list[list[float]]
    corners: np.ndarray
    reader: str
    timings: dict[str, float] = field(default_factory=dict)
    flagged: list[tuple[int, int]] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def to_sidecar(self) -> dict[str, Any]:
        """A JSON-ready dict that is a valid sidecar of the labelled-photo format."""
        payload: dict[str, Any] = {
            "game": self.game,
            "rows": self.rows,
            "cols": self.cols,
            "grid": self.grid,
            "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in np.asarray(self.corners)],
            "label_origin": f"boardsight read ({self.reader})",
            "confidence": [[round(float(value), 4) for value in row] for row in self.confidence],
            "flagged": [list(cell) for cell in self.flagged],
            "corrections": self.corrections,
            "timings_ms": {stage: round(seconds * 1000, 2) for stage, seconds in self.timings.items()},
        }
        payload.update(self.extras)
        return payload


ReadFunction = Callable[..., BoardReading]
_READERS: dict[tuple[str, str], ReadFunction] = {}


def register_reader(game: str, name: str) -> Callable[[ReadFunction], ReadFunction]:
    """Decorator: make ``function`` the reader ``name`` for ``game``."""

    def decorator(function: ReadFunction) -> ReadFunction:
        _READERS[(game, name)] = function
        return function

    return decorator


def _load_reader_modules() -> None:
    for module in READER_MODULES:
        importlib.import_module(module)


def available_readers(game: str | None = None) -> list[tuple[str, str]]:
    """The registered ``(game, name)`` pairs."""
    _load_reader_modules()
    return sorted(key for key in _READERS if game in (None, key[0]))


def get_reader(game: str, name: str) -> ReadFunction:
    """The reader function for ``game`` and ``name``, or a clear error naming the choices."""
    _load_reader_modules()
    try:
        return _READERS[(game, name)]
    except KeyError:
        choices = ", ".join(f"{g}/{n}" for g, n in sorted(_READERS)) or "none installed"
        raise BadInputError(f"no {name!r} reader for {game} (available: {choices})") from None


def read_photo(
    path: str | Path | bytes,
    *,
    game: str,
    reader: str = "onnx",
    max_side: int = DEFAULT_MAX_SIDE,
    source: str | None = None,
    **options: Any,
) -> BoardReading:
    """Load the photo at ``path`` (or decode its bytes) and read its board with the chosen reader.

    The photo may be decoded at reduced scale (no smaller than ``max_side`` on its long
    side); the reading's corners are returned in full-photo pixels. ``source`` names the
    photo in messages (default: the path; ``photo`` for bytes).
    """
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    function = get_reader(game, reader)
    if source is None:
        source = "photo" if isinstance(path, bytes) else str(path)
    start = time.perf_counter()
    data = path if isinstance(path, bytes) else read_image_bytes(path)
    image, factor = decode_image_scaled(data, source=source, max_side=max_side)
    decoded = time.perf_counter()
    reading = function(image, source=source, **options)
    reading.corners = (np.asarray(reading.corners, dtype=np.float64) + 0.5) * factor - 0.5
    reading.timings["decode"] = decoded - start
    reading.timings["total"] = time.perf_counter() - start
    return reading
