"""A photo of a board as a position for the Scrabble engine (``boardsight scrabble moves PHOTO``).

:func:`register_photo_positions` makes
:func:`boardsight.scrabble.position_source.load_position` read image files: the board
is read with the CNN in the tile set of the chosen rules, checked against that
language's lexicon, and handed over with empty racks and zero scores (the photo shows
neither). A blank whose letter the words do not settle takes its first candidate.
"""

from __future__ import annotations

from pathlib import Path

from boardsight.scrabble import load_tileset
from boardsight.scrabble.cgp import parse_cgp
from boardsight.scrabble.layout import load_layout
from boardsight.scrabble.position import Position
from boardsight.scrabble.position_source import PositionRequest, register_position_reader
from boardsight.vision.reading import read_photo

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff")


def position_from_photo(path: Path, request: PositionRequest, *, reader: str = "onnx") -> Position:
    """The position on the board in the photo at ``path`` (racks empty, scores zero)."""
    tiles = load_tileset(request.rules.tileset).name
    reading = read_photo(path, game="scrabble", reader=reader, tiles=tiles)
    return parse_cgp(reading.extras["cgp"], load_layout(request.rules.layout))


def register_photo_positions() -> None:
    """Let every command that loads a position read it from a photo too."""
    register_position_reader(PHOTO_SUFFIXES, position_from_photo)
