"""The one place the batch reads a photo: the game (asked for or detected) and its board.

Every executor calls :func:`read_board`, so the batch reads a photo exactly as
``boardsight read`` does. With ``game="auto"`` the time spent telling the game
is kept as the ``detect`` stage (and counted in ``total``).
"""

from __future__ import annotations

import time
from pathlib import Path

from boardsight.vision.boggle.tray_reading import READ_MAX_SIDE
from boardsight.vision.game_detect import detect_game
from boardsight.vision.image_io import decode_image, read_image_bytes
from boardsight.vision.reading import DEFAULT_MAX_SIDE, BoardNotFoundError, BoardReading, read_photo

DETECT_MAX_SIDE = 800


def read_board(photo: str | Path | bytes, *, game: str, source: str) -> BoardReading:
    """Read the board in ``photo`` (a path or the file's bytes); ``game`` is auto, boggle or scrabble."""
    data = photo if isinstance(photo, bytes) else read_image_bytes(photo)
    detecting = None
    if game == "auto":
        start = time.perf_counter()
        try:
            game = detect_game(decode_image(data, source=source, max_side=DETECT_MAX_SIDE))
        except BoardNotFoundError:
            raise BoardNotFoundError(f"no Boggle tray or Scrabble board found in {source}") from None
        detecting = time.perf_counter() - start
    max_side = READ_MAX_SIDE if game == "boggle" else DEFAULT_MAX_SIDE
    reading = read_photo(data, game=game, source=source, max_side=max_side)
    if detecting is not None:
        reading.timings["detect"] = detecting
        reading.timings["total"] += detecting
    return reading
