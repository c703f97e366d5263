"""Photos in, boards out: how every front end reads a photo of a Boggle tray or a Scrabble board.

:func:`read_photo` takes a path, the bytes of an image file or a decoded BGR array; it
works out the game when asked to, finds the board (or cuts it at corners a person
placed), reads it and runs the game's checks. :func:`apply_fixes` applies a person's
corrections to a reading and recomputes what depends on them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.boggle.board import Board
from boardsight.boggle.parse import apply_fixes as fix_board
from boardsight.calibration.camera_profile import CameraProfile, load_camera_profile
from boardsight.calibration.undistort import undistort
from boardsight.errors import BadInputError
from boardsight.lexicon import Lexicon
from boardsight.models.named_models import resolve_model
from boardsight.scrabble import load_tileset
from boardsight.scrabble.coords import parse_square, square_name
from boardsight.scrabble.position import Position
from boardsight.scrabble.tokens import BLANK, EMPTY
from boardsight.threads import reading_threads
from boardsight.vision.boggle import tray_reading
from boardsight.vision.boggle.dice_check import DICE_CHOICES
from boardsight.vision.game_detect import DetectedGame, locate_game
from boardsight.vision.image_io import decode_image_scaled, read_image_bytes
from boardsight.vision.reading import (
    DEFAULT_MAX_SIDE,
    BoardNotFoundError,
    BoardReading,
    available_readers,
    decode_photo,
    get_reader,
    read_image,
    record_outer_stages,
    select_checks,
)
from boardsight.vision.scrabble import board_reading
from boardsight.vision.stage_clock import StageClock

GAMES = ("auto", "boggle", "scrabble")
READ_MAX_SIDE = {"boggle": tray_reading.READ_MAX_SIDE, "scrabble": DEFAULT_MAX_SIDE}
CHECKS = {"boggle": ("dice",), "scrabble": board_reading.CHECKS}
"""The checks of each game's reading: the dice-set decision for a tray; for a board, the
decisions on the squares' look, tile counts, words, hidden blanks and lone tiles, then the
blanks' letters.
Each check changes a square only when the evidence is clear. :data:`DEFAULT_CHECKS` run
unless told otherwise."""
CHECK_GROUPS = {"boggle": {}, "scrabble": board_reading.CHECK_GROUPS}
DEFAULT_CHECKS = {"boggle": ("dice",), "scrabble": board_reading.DEFAULT_CHECKS}
LOW_CONFIDENCE = {"boggle": tray_reading.LOW_CONFIDENCE, "scrabble": board_reading.LOW_CONFIDENCE}

Photo = str | Path | bytes | np.ndarray


@dataclass
class PhotoReading:
    """A photo read: the game, the reading, and the board as the game engine's own type.

    ``board`` is set for a Boggle tray, ``position`` (no racks, no scores) for a Scrabble
    board. ``photo_size`` is the photo's (width, height) in the pixels of
    ``reading.corners``; ``settings`` the lexicon and checks the reading was made with,
    which :func:`apply_fixes` uses again.
    """

    game: str
    source: str
    reading: BoardReading
    board: Board | None = None
    position: Position | None = None
    photo_size: tuple[int, int] = (0, 0)
    settings: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The fields of ``boardsight read --json`` (a sidecar of the labelled-photo format)."""
        return self.reading.to_sidecar()


def read_photo(
    photo: Photo,
    *,
    game: str = "auto",
    size: int | str = "auto",
    dice: str = "auto",
    tiles: str = "auto",
    reader: str = "onnx",
    lexicon: str | Lexicon | None = "auto",
    corners: Any = None,
    fixes: Sequence[str] = (),
    checks: Collection[str] | None = None,
    source: str | None = None,
    camera_profile: CameraProfile | str | None = None,
    model: str | Path | None = None,
    threads: int | None = None,
) -> PhotoReading:
    """Read the board in ``photo``: a path, the bytes of an image file, or a BGR ``uint8`` array.

    ``game`` ``auto`` tells a Scrabble board from a Boggle tray. ``size`` and ``dice``
    apply to a tray, ``tiles`` and ``lexicon`` to a board (``auto``: the tile set's
    language; None judges no words). ``corners`` (TL, TR, BR, BL of the grid in photo
    pixels) skip finding the board. ``fixes`` are applied as by :func:`apply_fixes`.
    ``camera_profile`` (a profile or its saved name) removes the lens distortion first; the
    corners are then in the pixels of the undistorted photo.
    ``checks``: None runs the game's default checks (:data:`CHECKS`), ``()`` none, or the
    names to run. ``source`` names the photo in messages. ``model`` (reader ``onnx``) is
    a model file, or the name of one made by ``train --from-bundled``. ``threads``: how many
    threads the reader may use, every core for None (a batch worker: 1); the reading is the
    same on any number. Bad input raises a :class:`~boardsight.errors.BadInputError` with a
    one-line message.
    """
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    check_options(size=size, dice=dice, tiles=tiles, reader=reader)
    threads = reading_threads(threads)
    name = source or _source_name(photo)
    if model is not None and reader != "onnx":
        raise BadInputError("a model of your own needs reader onnx")
    if game != "auto":  # an unknown reader or model is named before the photo is opened
        get_reader(game, reader)
        if model is not None:
            resolve_model(game, str(model))
    data = _photo_bytes(photo)
    clock = StageClock()
    larger = None
    if data is None:
        image, factor = _checked_array(photo, name), 1
    else:
        # the game is told from the image its reader reads, so what was found is used again
        max_side = READ_MAX_SIDE[game] if game != "auto" else max(READ_MAX_SIDE.values())
        if camera_profile is not None:  # a larger decode would not be undistorted: decode enough at once
            max_side = max(max_side, tray_reading.FULL_READ_MAX_SIDE)
        image, factor, larger = decode_photo(data, source=name, max_side=max_side)
    if camera_profile is not None:
        image, larger = undistort(image, camera_profile_for(camera_profile)), None
    clock.lap("decode")
    detected = _detect(image, name) if game == "auto" else None
    if detected is not None:
        clock.lap("detect")
    chosen = detected.game if detected is not None else game
    active = _checks(chosen, checks)
    model_file = resolve_model(chosen, str(model)) if model is not None else None
    if chosen == "boggle":
        options: dict[str, Any] = {"size": size, "dice": dice if "dice" in active else "none"}
    else:
        options = {"tiles": tiles, "lexicon": lexicon, "checks": active}
    if model is not None:
        options["model"] = model_file
    options["threads"] = threads
    reusable = chosen == "scrabble" or tray_reading.parse_size(size) == tray_reading.SIZES
    if detected is not None and detected.found is not None and corners is None and reusable:
        options["found"] = detected.found  # the reader need not look for it again
    reading = read_image(
        image,
        game=chosen,
        reader=reader,
        factor=factor,
        source=name,
        corners=corners,
        larger=larger,
        **options,
    )
    record_outer_stages(reading, clock)
    if chosen == "boggle" and reading.board is None:
        reading.board = Board.from_rows([[token.upper() for token in row] for row in reading.grid])
    if chosen == "scrabble" and reading.position is None:
        reading.position = board_reading.position_of(reading.grid, {})
    height, width = image.shape[:2]
    result = PhotoReading(
        game=chosen,
        source=name,
        reading=reading,
        board=reading.board,
        position=reading.position,
        photo_size=(width * factor, height * factor),
        settings={"lexicon": lexicon, "checks": active},
    )
    return apply_fixes(result, fixes) if fixes else result


def camera_profile_for(profile: CameraProfile | str) -> CameraProfile:
    """``profile`` itself, or the saved camera profile it names (a name or a profile file's path)."""
    return profile if isinstance(profile, CameraProfile) else load_camera_profile(profile)


def undistorted_photo(
    photo: Photo, profile: CameraProfile | str, *, max_side: int | None = None
) -> np.ndarray:
    """The photo (a path, image-file bytes or a BGR array) with the camera's lens distortion
    removed, decoded at reduced size down to ``max_side``: what :func:`read_photo` reads with
    ``camera_profile``, for drawing a reading over."""
    data = _photo_bytes(photo)
    if data is None:
        image = _checked_array(photo, _source_name(photo))  # type: ignore[arg-type]
    else:
        image, _ = decode_image_scaled(data, source=_source_name(photo), max_side=max_side)
    return undistort(image, camera_profile_for(profile))


def check_options(*, size: int | str, dice: str, tiles: str, reader: str) -> None:
    """Refuse an unknown option value in one line, whichever game the photo turns out to
    show: a Scrabble option on a tray photo is still checked, never silently ignored."""
    tray_reading.parse_size(size)
    if dice not in DICE_CHOICES:
        raise BadInputError(f"unknown dice set {dice!r}: choose one of {', '.join(DICE_CHOICES)}")
    board_reading.check_tiles(tiles)
    readers = sorted({name for _, name in available_readers()})
    if reader not in readers:
        raise BadInputError(f"unknown reader {reader!r}: choose one of {', '.join(readers)}")


def _source_name(photo: Photo) -> str:
    return str(photo) if isinstance(photo, str | Path) else "the photo"


def _photo_bytes(photo: Photo) -> bytes | None:
    """The image file's bytes (None for a decoded array)."""
    if isinstance(photo, np.ndarray):
        return None
    if isinstance(photo, bytes | bytearray | memoryview):
        return bytes(photo)
    if isinstance(photo, str | Path):
        return read_image_bytes(photo)
    raise BadInputError(f"cannot read a photo from a {type(photo).__name__}: give a path, bytes or an image")


def _checked_array(image: np.ndarray, source: str) -> np.ndarray:
    if image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 3:
        raise BadInputError(f"{source}: expected a BGR image of shape (height, width, 3) and dtype uint8")
    return image


def _detect(image: np.ndarray, source: str) -> DetectedGame:
    """The game in the decoded photo, and its board or tray where the reader can use them."""
    try:
        return locate_game(image)
    except BoardNotFoundError:
        raise BoardNotFoundError(f"no Boggle tray or Scrabble board found in {source}") from None


def _checks(game: str, checks: Collection[str] | None) -> tuple[str, ...]:
    unknown = f"unknown check {{name!r}} for {game}: choose from {{choices}}"
    return select_checks(checks, CHECKS[game], CHECK_GROUPS[game], DEFAULT_CHECKS[game], unknown=unknown)


def apply_fixes(reading: PhotoReading, fixes: Sequence[str]) -> PhotoReading:
    """A new reading with a person's fixes applied and what depends on them recomputed.

    Boggle: ``B3=QU`` (cell, ``=``, face). Scrabble: ``H8=Q`` (a tile), ``H8=e`` (a blank
    standing for E), ``H8=?`` (a blank of unknown letter), ``H8=.`` (an empty square); the
    blanks' letters, the words and the CGP are worked out again. A fixed square's
    confidence becomes 1 and the fixes are listed in the reading's ``fixes`` extra.
    """
    if reading.game == "boggle":
        return _fix_tray(reading, list(fixes))
    return _fix_board(reading, list(fixes))


def _flagged(confidence: list[list[float]], low: float) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(confidence) for c, value in enumerate(row) if value < low]


def _fix_tray(photo: PhotoReading, fixes: list[str]) -> PhotoReading:
    read = photo.reading
    board = read.board if read.board is not None else Board.from_rows(read.grid)
    fixed = fix_board(board, fixes)
    confidence = [list(row) for row in read.confidence]
    listed = list(read.extras.get("fixes", []))
    for fix in fixes:
        index = fixed.cell_index(fix.partition("=")[0])
        row, col = divmod(index, fixed.cols)
        confidence[row][col] = 1.0
        listed.append(
            {"cell": fixed.cell_name(index), "read": read.grid[row][col], "now": fixed.cells[index]}
        )
    changed = dataclasses.replace(
        read,
        grid=fixed.grid,
        confidence=confidence,
        flagged=_flagged(confidence, LOW_CONFIDENCE["boggle"]),
        extras={**read.extras, "fixes": listed},
        board=fixed,
        timings=dict(read.timings),
        cpu_timings=dict(read.cpu_timings),
    )
    return dataclasses.replace(photo, reading=changed, board=fixed)


def _board_fix(fix: str, alphabet: Collection[str], letters: Collection[str]) -> tuple[tuple[int, int], str]:
    """``H8=Q`` -> ((7, 7), "Q"); one-line errors naming what a fix looks like."""
    name, sep, token = fix.partition("=")
    token = token.strip()
    square = parse_square(name.strip()) if sep else None
    if square is None:
        raise BadInputError(f"{fix!r} is not a fix: expected SQUARE=TILE, like H8=Q, H8=e (a blank) or H8=.")
    if token in (EMPTY, BLANK) or (token.isupper() and token in letters):
        return square, token
    if token.islower() and token.upper() in alphabet:
        return square, token
    raise BadInputError(
        f"{fix!r}: {token!r} is not a tile of this set (a letter, lower case for a blank, ? or .)"
    )


def _fix_board(photo: PhotoReading, fixes: list[str]) -> PhotoReading:
    read = photo.reading
    tileset = load_tileset(read.extras.get("tiles", "english"))
    listed = list(read.extras.get("fixes", []))
    grid = [list(row) for row in read.grid]
    confidence = [list(row) for row in read.confidence]
    for fix in fixes:
        (row, col), token = _board_fix(fix, tileset.alphabet, tileset.counts)
        listed.append({"square": square_name(row, col), "read": grid[row][col], "now": token})
        grid[row][col] = token
        confidence[row][col] = 1.0
    final = {parse_square(item["square"]): item["now"] for item in listed}
    designated = {square: token for square, token in final.items() if token.islower()}
    lexicon = board_reading.lexicon_for(photo.settings.get("lexicon", "auto"), tileset.name)
    blank_lexicon = lexicon if "blanks" in photo.settings.get("checks", CHECKS["scrabble"]) else None
    grid, checked, position = board_reading.check_words(
        grid, tileset, blank_lexicon, lexicon, designated=designated
    )
    changed = dataclasses.replace(
        read,
        grid=grid,
        confidence=confidence,
        flagged=_flagged(confidence, LOW_CONFIDENCE["scrabble"]),
        extras={**read.extras, **checked, "fixes": listed},
        position=position,
        timings=dict(read.timings),
        cpu_timings=dict(read.cpu_timings),
    )
    return dataclasses.replace(photo, reading=changed, position=position)
