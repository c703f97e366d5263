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
from boardsight.models.named_models import resolve_model
from boardsight.vision.image_io import load_image
from boardsight.vision.reading import BoardNotFoundError
from boardsight.vision.scrabble.check_decisions import CHECK_NAMES as SCRABBLE_CHECKS

GAMES = ("auto", "boggle", "scrabble")
CHECKS = {"boggle": ("dice",), "scrabble": SCRABBLE_CHECKS}
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
    checks: Annotated[
        str | None,
        typer.Option(
            "--checks",
            help="Checks to run, comma-separated: Scrabble counts, words, blanks, lone; Boggle dice "
            "(default: all).",
        ),
    ] = None,
    no_checks: Annotated[
        bool, typer.Option("--no-checks", help="Show the classifier's reading, with no checks.")
    ] = False,
    model: Annotated[
        str | None,
        typer.Option(
            "--model", help="Read with this model: a name given to 'train --from-bundled', or an .onnx path."
        ),
    ] = None,
) -> None:
    """Read the board in PHOTO: the grid, each cell's confidence, doubtful cells and the corners."""
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if debug_image is not None and debug_image.exists() and not overwrite:
        raise BadInputError(f"{debug_image} exists; pass --overwrite to replace it")
    chosen = detect_game(photo) if game == "auto" else game
    command = GAME_COMMANDS.get(chosen)
    if command is None:
        raise BadInputError(f"reading {chosen} photos is not available yet")
    options: dict[str, Any] = {"size": size, "dice": dice, "reader": reader}
    if chosen == "scrabble":
        options = {"tiles": tiles, "reader": reader}
    options["checks"] = chosen_checks(chosen, checks, no_checks)
    if model is not None:
        if reader != "onnx":
            raise BadInputError("--model needs --reader onnx")
        options["model"] = resolve_model(chosen, model)
    command(photo, as_json=as_json, debug_image=debug_image, **options)


def chosen_checks(game: str, checks: str | None, no_checks: bool) -> tuple[str, ...] | None:
    """The checks ``--checks`` / ``--no-checks`` name for ``game``: None for the default ones."""
    if no_checks and checks is not None:
        raise BadInputError("give --checks or --no-checks, not both")
    if no_checks:
        return ()
    if checks is None:
        return None
    names = tuple(name.strip() for name in checks.split(",") if name.strip())
    unknown = [name for name in names if name not in CHECKS[game]]
    if unknown:
        raise BadInputError(
            f"unknown {game} check {unknown[0]!r}: choose from {', '.join(CHECKS[game])} (comma-separated)"
        )
    return names
