"""The one place the batch reads a photo: the game (asked for or detected) and its board.

Every executor calls :func:`read_board`, so the batch reads a photo exactly as
``boardsight read`` does.
"""

from __future__ import annotations

from pathlib import Path

from boardsight.vision.boggle.tray_reading import READ_MAX_SIDE
from boardsight.vision.game_detect import detect_game
from boardsight.vision.image_io import decode_image, read_image_bytes
from boardsight.vision.reading import BoardNotFoundError, BoardReading, read_photo

DETECT_MAX_SIDE = 800


def read_board(photo: str | Path | bytes, *, game: str, source: str) -> BoardReading:
    """Read the board in ``photo`` (a path or the file's bytes); ``game`` is auto, boggle or scrabble."""
    data = photo if isinstance(photo, bytes) else read_image_bytes(photo)
    if game == "auto":
        try:
            game = detect_game(decode_image(data, source=source, max_side=DETECT_MAX_SIDE))
        except BoardNotFoundError:
            raise BoardNotFoundError(f"no Boggle tray or Scrabble board found in {source}") from None
    if game == "boggle":
        return read_photo(data, game=game, source=source, max_side=READ_MAX_SIDE)
    return read_photo(data, game=game, source=source)
