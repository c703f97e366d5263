"""The one place the batch reads a photo: :func:`boardsight.app.read_photo`, as every front end does.

With ``game="auto"`` the time spent outside decoding and reading (telling the game,
mostly) is kept as the ``detect`` stage and counted in ``total``.
"""

from __future__ import annotations

import time
from pathlib import Path

from boardsight import app


def read_board(photo: str | Path | bytes, *, game: str, source: str) -> app.PhotoReading:
    """Read the board in ``photo`` (a path or the file's bytes); ``game`` is auto, boggle or scrabble."""
    start = time.perf_counter()
    reading = app.read_photo(photo, game=game, source=source)
    if game == "auto":
        timings = reading.reading.timings
        timings["detect"] = max(0.0, time.perf_counter() - start - timings["total"])
        timings["total"] += timings["detect"]
    return reading
