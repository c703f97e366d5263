"""What a board reader returns, and how readers are found by game and name.

A reader is a function ``(image, **options) -> BoardReading`` registered with
:func:`register_reader` under a game (``boggle``/``scrabble``) and a name (``onnx``,
``tesseract``); the bundled ones are listed in :mod:`boardsight.vision.readers`. It takes
the options it knows and ignores the others (``**_``): it is handed ``larger``
(:data:`Larger`) whatever it reads.
:func:`read_photo` loads a photo, picks the reader and maps the
corners back to the full photo's pixels.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.boggle.board import Board as BoggleBoard
from boardsight.errors import BadInputError
from boardsight.scrabble.position import Position
from boardsight.threads import reading_threads
from boardsight.vision.image_io import PhotoDecoder, read_image_bytes
from boardsight.vision.stage_clock import StageClock

GAMES = ("boggle", "scrabble")
DEFAULT_MAX_SIDE = 1600


Larger = Callable[[int], tuple[np.ndarray, float]]
"""The photo a reader was handed, decoded again with a long side of at least the pixels
asked for (or in full), and its scale relative to the image handed (2: twice as large)."""


class BoardNotFoundError(BadInputError):
    """The photo shows no board of the game asked for."""


@dataclass
class BoardReading:
    """A board read from a photo, in the field names of the labelled-photo format.

    ``corners`` are the grid's outer corners (top-left, top-right, bottom-right,
    bottom-left of ``grid`` as written) in pixels of the photo as displayed;
    ``confidence`` holds one probability a cell; ``timings`` wall seconds per stage and
    ``cpu_timings`` CPU seconds per stage (:mod:`boardsight.vision.stage_clock`).
    ``board`` (a Boggle tray) or ``position`` (a Scrabble board, no racks or scores) is
    what was read as the game engine's own type, which every caller hands on as it is.
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
    board: BoggleBoard | None = field(default=None, compare=False)
    position: Position | None = field(default=None, compare=False)
    cpu_timings: dict[str, float] = field(default_factory=dict, compare=False)

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
    """Import the bundled readers (:mod:`boardsight.vision.readers`), which register themselves.

    Imported here rather than at the top: the reader modules import this one.
    """
    from boardsight.vision import readers  # noqa: F401


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


def select_checks(
    checks: Collection[str] | None,
    every: Sequence[str],
    groups: Mapping[str, Sequence[str]],
    default: Sequence[str],
    *,
    unknown: str,
) -> tuple[str, ...]:
    """The checks to run, in the order of ``every``: ``default`` for None; a name in ``groups``
    stands for its checks. A name that is neither fails with the line ``unknown``, formatted
    with the first such ``name`` and the ``choices``."""
    if checks is None:
        return tuple(default)
    if isinstance(checks, str):
        checks = (checks,)
    named = {part for name in checks for part in groups.get(name, (name,))}
    strangers = sorted(named - set(every))
    if strangers:
        raise BadInputError(unknown.format(name=strangers[0], choices=", ".join([*every, *groups])))
    return tuple(name for name in every if name in named)


def photo_readers(
    names: Sequence[str], games: Sequence[str], *, max_side: int = DEFAULT_MAX_SIDE
) -> dict[str, Callable[[Path, str], BoardReading]]:
    """The readers ``names`` as functions ``(photo path, game) -> reading``, by name.

    Fails (one line) before any photo is read when a reader does not exist for one of ``games``.
    """
    if not names:
        raise BadInputError("name at least one reader")
    for game in games:
        for name in names:
            get_reader(game, name)

    # partial objects of a module function pickle, so a pool of worker processes can take them
    return {name: functools.partial(_read_with, reader=name, max_side=max_side) for name in names}


def _read_with(path: Path, game: str, *, reader: str, max_side: int) -> BoardReading:
    return read_photo(path, game=game, reader=reader, max_side=max_side)


def read_photo(
    path: str | Path,
    *,
    game: str,
    reader: str = "onnx",
    max_side: int = DEFAULT_MAX_SIDE,
    threads: int | None = None,
    **options: Any,
) -> BoardReading:
    """Load the photo at ``path`` and read its board with the chosen reader.

    The photo may be decoded at reduced scale (no smaller than ``max_side`` on its long
    side); the reading's corners are returned in full-photo pixels. ``threads``: how many
    threads the reader may use, every core of the machine for None (the same reading on
    any number, :mod:`boardsight.threads`).
    """
    options["threads"] = reading_threads(threads)
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    get_reader(game, reader)
    clock = StageClock()
    image, factor, larger = decode_photo(read_image_bytes(path), source=str(path), max_side=max_side)
    clock.lap("decode")
    reading = read_image(
        image, game=game, reader=reader, factor=factor, source=str(path), larger=larger, **options
    )
    record_outer_stages(reading, clock)
    return reading


def decode_photo(data: bytes, *, source: str, max_side: int | None) -> tuple[np.ndarray, int, Larger]:
    """The photo decoded at reduced scale (long side at least ``max_side``), its reduction
    factor, and how a reader asks for a larger decode of it (:data:`Larger`)."""
    decoder = PhotoDecoder(data, source=source)
    image, factor = decoder.decode(max_side)

    def larger(long_side: int) -> tuple[np.ndarray, float]:
        sharper, sharper_factor = decoder.decode(long_side)
        return sharper, factor / sharper_factor

    return image, factor, larger


def record_outer_stages(reading: BoardReading, clock: StageClock) -> None:
    """Add the stages timed by ``clock`` (decode, and detect for a game told from the photo)
    and the total since it started to ``reading``'s times."""
    reading.timings.update(clock.wall)
    reading.cpu_timings.update(clock.cpu)
    reading.timings["total"], reading.cpu_timings["total"] = clock.total()


def read_image(
    image: np.ndarray,
    *,
    game: str,
    reader: str = "onnx",
    factor: float = 1.0,
    source: str = "the photo",
    corners: np.ndarray | None = None,
    larger: Larger | None = None,
    **options: Any,
) -> BoardReading:
    """Read the board in a decoded BGR ``image`` that shows the photo at 1/``factor`` scale.

    ``corners`` (TL, TR, BR, BL of the grid, in full-photo pixels) skip finding the board:
    the reader cuts the grid there. ``larger``: how the reader may ask for the photo with
    more pixels (a Boggle tray's small cells). The reading's corners are returned in
    full-photo pixels.
    """
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    function = get_reader(game, reader)
    if corners is not None:
        options["corners"] = (given_corners(corners) + 0.5) / factor - 0.5
    if larger is not None:
        options["larger"] = larger
    reading = function(image, source=source, **options)
    reading.corners = (np.asarray(reading.corners, dtype=np.float64) + 0.5) * factor - 0.5
    return reading


def given_corners(corners: Any) -> np.ndarray:
    """``corners`` as a (4, 2) float array, or a one-line error saying what four corners are."""
    try:
        array = np.asarray(corners, dtype=np.float64)
    except (TypeError, ValueError):
        array = np.zeros(0)
    if array.shape != (4, 2) or not np.isfinite(array).all():
        raise BadInputError(
            "corners must be four (x, y) points: top-left, top-right, bottom-right, bottom-left"
        )
    return array
