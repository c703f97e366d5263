"""``boardsight read PHOTO``: read the board in a photo and show it.

The command works out the game (``--game auto`` asks
:func:`boardsight.vision.game_detect.detect_game` once that module exists, and takes
the photo for a Boggle tray until then) and hands over to that game's command in
:data:`GAME_COMMANDS`; each game keeps its options and output in its own module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from boardsight.cli import read_boggle, read_scrabble
from boardsight.cli.options import JsonOption
from boardsight.errors import BadInputError
from boardsight.vision.boggle.dice_check import DICE_CHOICES
from boardsight.vision.boggle.tray_reading import parse_size
from boardsight.vision.image_io import load_image
from boardsight.vision.reading import BoardNotFoundError, available_readers
from boardsight.vision.scrabble.board_reading import check_tiles

GAMES = ("auto", "boggle", "scrabble")
DETECT_MAX_SIDE = 800
GAME_DETECT_MODULE = "boardsight.vision.game_detect"

# One line a game: the function that reads a photo of that game and shows the result.
GAME_COMMANDS: dict[str, Callable[..., None]] = {
    "boggle": read_boggle.show_reading,
    "scrabble": read_scrabble.show_reading,
}


def detect_game(photo: Path) -> str:
    """The game in ``photo``: from the game detector where it is installed, else ``boggle``."""
    try:
        detector = importlib.import_module(GAME_DETECT_MODULE)
    except ModuleNotFoundError as error:
        if error.name != GAME_DETECT_MODULE:
            raise
        return "boggle"  # no game detection yet: every photo is taken for a Boggle tray
    try:
        return str(detector.detect_game(load_image(photo, max_side=DETECT_MAX_SIDE)))
    except BoardNotFoundError:
        raise BoardNotFoundError(f"no Boggle tray or Scrabble board found in {photo}") from None


def check_options(*, size: str, dice: str, tiles: str, reader: str) -> None:
    """Refuse an unknown option value in one line, whichever game the photo turns out to show."""
    parse_size(size)
    if dice not in DICE_CHOICES:
        raise BadInputError(f"unknown dice set {dice!r}: choose one of {', '.join(DICE_CHOICES)}")
    check_tiles(tiles)
    readers = sorted({name for _, name in available_readers()})
    if reader not in readers:
        raise BadInputError(f"unknown reader {reader!r}: choose one of {', '.join(readers)}")


def read(
    photo: Annotated[
        Path, typer.Argument(help="Photo of a Boggle tray or a Scrabble board (JPEG, PNG, WebP ...).")
    ],
    game: Annotated[str, typer.Option("--game", help="auto, boggle or scrabble.")] = "auto",
    size: Annotated[str, typer.Option("--size", help="Boggle tray size: auto, 4, 5 or 6.")] = "auto",
    dice: Annotated[
        str,
        typer.Option("--dice", help="Dice set to check against: auto, classic, 1987, big, superbig or none."),
    ] = "auto",
    tiles: Annotated[
        str, typer.Option("--tiles", help="Scrabble tile set: auto, english or swedish.")
    ] = "auto",
    reader: Annotated[str, typer.Option("--reader", help="onnx (the CNN) or tesseract.")] = "onnx",
    as_json: JsonOption = False,
    debug_image: Annotated[
        Path | None,
        typer.Option(
            "--debug-image", help="Write the photo with the found grid and each cell's reading here."
        ),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing --debug-image file.")
    ] = False,
) -> None:
    """Read the board in PHOTO: the grid, each cell's confidence, doubtful cells and the corners."""
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    check_options(size=size, dice=dice, tiles=tiles, reader=reader)
    if debug_image is not None and debug_image.exists() and not overwrite:
        raise BadInputError(f"{debug_image} exists; pass --overwrite to replace it")
    chosen = detect_game(photo) if game == "auto" else game
    command = GAME_COMMANDS.get(chosen)
    if command is None:
        raise BadInputError(f"reading {chosen} photos is not available yet")
    options: dict[str, Any] = {"size": size, "dice": dice, "reader": reader}
    if chosen == "scrabble":
        options = {"tiles": tiles, "reader": reader}
    command(photo, as_json=as_json, debug_image=debug_image, **options)
