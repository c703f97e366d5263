"""``boardsight read PHOTO``: read the board in a photo and show it.

The reading is :func:`boardsight.app.read_photo` (``--game auto`` tells a Scrabble board
from a Boggle tray); the text and the overlay come from :mod:`boardsight.app.rendering`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import cv2
import numpy as np
import typer

from boardsight import app
from boardsight.cli.options import CameraProfileOption, ForceOption, JsonOption, OverwriteAlias
from boardsight.cli.output import emit_json
from boardsight.errors import BadInputError

GAMES = app.GAMES


def write_debug_image(photo: Path | np.ndarray, reading: app.PhotoReading, out: Path) -> None:
    """Draw ``reading`` over ``photo`` (shrunk to at most 1600 px) and write it to ``out``."""
    drawn = app.rendering.overlay(photo, reading)
    try:
        written = cv2.imwrite(str(out), drawn)
    except cv2.error:
        written = False
    if not written:
        raise BadInputError(
            f"cannot write the debug image {out} (use a .png or .jpg name in a folder that exists)"
        )


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
    fix: Annotated[
        list[str] | None,
        typer.Option(
            "--fix",
            help="Correct a square: B3=QU on a tray; H8=Q, H8=e (a blank as E), H8=? or H8=. on a board. "
            "Repeatable.",
        ),
    ] = None,
    camera_profile: CameraProfileOption = None,
    force: ForceOption = False,
    overwrite: OverwriteAlias = False,
    checks: Annotated[
        str | None,
        typer.Option(
            "--checks",
            help="Checks to run, comma-separated (default: all). Scrabble: look, counts, words, "
            "hidden-blanks, lone, blanks (misreads: the first five); Boggle: dice.",
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
    threads: Annotated[
        int | None,
        typer.Option(
            "--threads", help="Threads the reading may use (default: every core); the same reading."
        ),
    ] = None,
) -> None:
    """Read the board in PHOTO: the grid, each cell's confidence, doubtful cells and the corners."""
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if debug_image is not None and debug_image.exists() and not (force or overwrite):
        raise BadInputError(f"{debug_image} exists; pass --force to replace it")
    reading = app.read_photo(
        photo,
        game=game,
        size=size,
        dice=dice,
        tiles=tiles,
        reader=reader,
        fixes=fix or (),
        camera_profile=camera_profile,
        checks=chosen_checks(checks, no_checks),
        model=model,
        threads=threads,
    )
    if debug_image is not None:
        seen = photo
        if camera_profile is not None:
            seen = app.undistorted_photo(photo, camera_profile, max_side=app.rendering.OVERLAY_MAX_SIDE)
        write_debug_image(seen, reading, debug_image)
    if as_json:
        emit_json(reading.to_json())
    else:
        typer.echo(app.rendering.describe_reading(reading))


def chosen_checks(checks: str | None, no_checks: bool) -> tuple[str, ...] | None:
    """The checks ``--checks`` / ``--no-checks`` name: None for the default ones, () for none."""
    if no_checks and checks is not None:
        raise BadInputError("give --checks or --no-checks, not both")
    if no_checks:
        return ()
    if checks is None:
        return None
    return tuple(name.strip() for name in checks.split(",") if name.strip())
