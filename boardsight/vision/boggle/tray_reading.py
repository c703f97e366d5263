"""The steps every Boggle reader shares: find the tray, cut its cells, assemble the reading.

A reader differs only in how it turns cell crops into class probabilities (a CNN, or
Tesseract); finding the tray, the dice-set check, confidence flags and the result's
shape are the same, and live here.

How big to decode: the tray is looked for in a copy no larger than 800 px (enough for
cubes of 7 px and more), and the cells are cut where they have at least the pixels the
reader asks for (``source_px``: for the CNN three quarters of its input, ``cell_px``; more
are shrunk away by :mod:`~boardsight.vision.boggle.cells`, fewer would be blurred by
enlarging). So photos
are decoded to :data:`READ_MAX_SIDE` (a 12 MP JPEG at a quarter, by DCT scaling) and
decoded again larger only when the cells there are smaller than that, or the tray is
looked for again at :data:`RETRY_MAX_SIDE`. A decode larger than 800 px is first halved
(a mean of 2 x 2 pixels, far cheaper than shrinking it to 800 px) to no less than
:data:`QUICK_MIN_SIDE`, and a lattice found there that holds most of its cubes is kept;
otherwise the search at 800 px runs as before. How many pixels the bundled CNN needs, its
trays found as usual and cut from decodes at 1/1 to 1/8 of 88 synthetic held-out-font
trays (1600 and 4000 px wide): every cell read right from 20 px a cell up (1,295 cells of
25 trays at 20-60 px, 3,986 at more), one cell of 285 wrong at 16-20 px, 45 of 185 below
12 px.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Any, Protocol

import cv2
import numpy as np

from boardsight.boggle.board import Board
from boardsight.errors import BadInputError
from boardsight.vision.boggle.cells import cut_cells
from boardsight.vision.boggle.dice_check import check_dice
from boardsight.vision.boggle.tray_finder import SIZES, TrayLocation, find_tray
from boardsight.vision.geometry import quad_diagonal
from boardsight.vision.reading import BoardNotFoundError, BoardReading, Larger
from boardsight.vision.stage_clock import StageClock

DETECT_MAX_SIDE = 800  # long side of the image the tray is looked for in
RETRY_MAX_SIDE = 1600  # ... and, when that fails on a bigger photo, once more at this size
READ_MAX_SIDE = DETECT_MAX_SIDE  # decode photos to at least this long side, larger on demand
FULL_READ_MAX_SIDE = 1600  # ... and to this one when no larger decode can be asked for
QUICK_MIN_SIDE = 480  # a first, quick look for the tray in a copy halved to no less than this
LOW_CONFIDENCE = 0.6


class CellReader(Protocol):
    """What turns a tray's cell crops into class probabilities (a CNN, or Tesseract)."""

    class_names: list[str]
    margin: float  # crops are cut this share of a cell wider on each side
    cell_px: int  # ... at this many pixels a cell
    source_px: int  # ... from a decode where a cell has at least this many pixels, when there is one

    def probabilities(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """(cells, len(class_names)) probabilities for crops in row-major order."""
        ...


def parse_size(size: int | str | None) -> tuple[int, ...]:
    """The grid sizes to accept: ``auto`` (or None) means 4, 5 or 6."""
    if size in (None, "auto"):
        return SIZES
    try:
        value = int(size)
    except (TypeError, ValueError):
        raise BadInputError(f"bad tray size {size!r}: choose auto, 4, 5 or 6") from None
    if value not in SIZES:
        raise BadInputError(f"bad tray size {size!r}: choose auto, 4, 5 or 6")
    return (value,)


def _shrunk(image: np.ndarray, max_side: int) -> tuple[np.ndarray, float]:
    scale = max_side / max(image.shape[:2])
    if scale >= 1:
        return image, 1.0
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return small, scale


def _halved(image: np.ndarray, max_side: int) -> tuple[np.ndarray, float] | None:
    """``image`` halved (each step a mean of 2 x 2 pixels, far cheaper than shrinking by another
    factor) until its long side is at most ``max_side``, with its scale; None when that would
    take it below :data:`QUICK_MIN_SIDE` or it is small enough already."""
    small, scale = image, 1.0
    while max(small.shape[:2]) > max_side:
        if max(small.shape[:2]) / 2 < QUICK_MIN_SIDE:
            return None
        small = cv2.resize(small, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_LINEAR)
        scale /= 2
    return (small, scale) if scale < 1 else None


def _quick_look(image: np.ndarray, sizes: tuple[int, ...]) -> TrayLocation | None:
    """The tray found in a halved copy of ``image`` (:func:`_halved`), in ``image`` pixels, when
    that is sure: a lattice holding most of its cubes, nothing cube-like beyond. Else None,
    and the tray is looked for at :data:`DETECT_MAX_SIDE` as usual."""
    halved = _halved(image, DETECT_MAX_SIDE)
    if halved is None:
        return None
    small, scale = halved
    location = find_tray(small, sizes)
    if location is None or not location.sure:
        return None
    return _rescaled(location, scale)


def _rescaled(location: TrayLocation, scale: float) -> TrayLocation:
    """``location`` found in a copy ``scale`` times the size of an image, in that image's pixels
    (pixel centres at whole coordinates in both)."""
    return replace(location, corners=(location.corners.astype(np.float64) + 0.5) / scale - 0.5)


def _at_least(image: np.ndarray, long_side: int, larger: Larger | None) -> tuple[np.ndarray, float]:
    """``image``, or a larger decode of it when it is shorter than ``long_side`` and one can be
    asked for, with its scale relative to ``image``."""
    if larger is None or max(image.shape[:2]) >= long_side:
        return image, 1.0
    return larger(long_side)


def locate_tray(
    image: np.ndarray,
    *,
    sizes: tuple[int, ...] = SIZES,
    source: str = "the photo",
    retry: bool = True,
    larger: Larger | None = None,
) -> TrayLocation:
    """The tray's grid in ``image`` pixels; :class:`BoardNotFoundError` when there is none.

    The tray is looked for at :data:`DETECT_MAX_SIDE`, and (with ``retry``) again at
    :data:`RETRY_MAX_SIDE` when none is found there or the grid found is only partly seen
    (cube-like cells beyond it, or few of its cubes cut out: cubes too small at that
    size); the first grid seen whole wins, else the one found at the higher resolution.
    ``larger`` gives the photo with more pixels than ``image`` for the second look.
    """
    tried = set()
    found: TrayLocation | None = None  # the latest grid found, in ``image`` pixels
    for max_side in (DETECT_MAX_SIDE, RETRY_MAX_SIDE) if retry else (DETECT_MAX_SIDE,):
        view, view_scale = _at_least(image, max_side, larger)
        quick = _quick_look(view, sizes) if max_side == DETECT_MAX_SIDE else None
        if quick is not None:
            return _rescaled(quick, view_scale)
        small, scale = _shrunk(view, max_side)
        scale *= view_scale
        if small.shape in tried:
            continue
        tried.add(small.shape)
        location = find_tray(small, sizes)
        if location is not None:
            found = _rescaled(location, scale)
            if not location.partly_seen:
                return found
    if found is not None:
        return found
    raise BoardNotFoundError(f"no Boggle tray found in {source}")


def read_tray(
    image: np.ndarray,
    make_reader: Callable[[], CellReader],
    *,
    reader: str,
    source: str = "the photo",
    size: int | str | None = "auto",
    dice: str = "auto",
    corners: np.ndarray | None = None,
    found: TrayLocation | None = None,
    larger: Larger | None = None,
) -> BoardReading:
    """Find the tray in ``image`` (BGR), read its cells and check the dice.

    ``make_reader`` is called only once a tray has been found, so a photo without one
    is refused before any model is loaded. Given ``corners`` (TL, TR, BR, BL in
    ``image`` pixels), the tray is not looked for but cut there (:func:`read_at_corners`);
    ``found`` is the tray as :func:`locate_tray` already found it in ``image`` with these ``sizes``.
    ``larger`` gives the photo with more pixels than ``image``, for small cells.
    """
    clock = StageClock()
    sizes = parse_size(size)
    if corners is None:
        location = (
            found if found is not None else locate_tray(image, sizes=sizes, source=source, larger=larger)
        )
        clock.lap("find")
        cells = make_reader()
        probabilities = read_cells(image, location, cells, larger)
    else:
        clock.lap("find")
        cells = make_reader()
        given = np.asarray(corners, dtype=np.float64)
        location, probabilities = read_at_corners(image, given, sizes, cells, larger)
    clock.lap("read")
    reading = assemble_reading(location, probabilities, cells.class_names, reader=reader, dice=dice)
    clock.lap("check")
    reading.timings.update(clock.wall)
    reading.cpu_timings.update(clock.cpu)
    return reading


def cells_image(
    image: np.ndarray, corners: np.ndarray, size: int, source_px: int, larger: Larger | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The image to cut a ``size`` grid's cells from, and the grid's corners in its pixels.

    That is ``image`` when its cells have at least ``source_px`` pixels (the reader's
    :attr:`CellReader.source_px`), else the larger decode that gives them as many, when
    ``larger`` can make one, up to a long side of :data:`FULL_READ_MAX_SIDE`.
    """
    cell = quad_diagonal(corners) / (size * np.sqrt(2))
    if cell >= source_px:
        return image, corners
    long_side = int(np.ceil(max(image.shape[:2]) * source_px / max(cell, 1.0)))
    view, scale = _at_least(image, min(long_side, FULL_READ_MAX_SIDE), larger)
    return view, (corners + 0.5) * scale - 0.5


def read_cells(
    image: np.ndarray, location: TrayLocation, cells: CellReader, larger: Larger | None = None
) -> np.ndarray:
    """Class probabilities (cells, classes) of the tray's cells, cut from ``image`` or, when its
    cells have fewer than the reader's ``source_px`` there, from a larger decode (:func:`cells_image`)."""
    view, corners = cells_image(image, location.corners, location.size, cells.source_px, larger)
    crops = cut_cells(view, corners, location.size, margin=cells.margin, cell_px=cells.cell_px)
    return cells.probabilities(crops)


def read_at_corners(
    image: np.ndarray,
    corners: np.ndarray,
    sizes: tuple[int, ...],
    cells: CellReader,
    larger: Larger | None = None,
) -> tuple[TrayLocation, np.ndarray]:
    """The tray cut at ``corners``, read at each of ``sizes``; the size read most confidently wins.

    A grid cut at the wrong size puts cell borders across the cubes, which the reader
    sees as doubtful faces, so the mean confidence tells the sizes apart.
    """
    readings = []
    for side in sizes:
        probabilities = read_cells(image, TrayLocation(corners, side, "given", side * side), cells, larger)
        readings.append((float(probabilities.max(axis=1).mean()), side, probabilities))
    _, side, probabilities = max(readings, key=lambda reading: reading[0])
    return TrayLocation(corners, side, "given", side * side), probabilities


def assemble_reading(
    location: TrayLocation,
    probabilities: np.ndarray,
    class_names: list[str],
    *,
    reader: str,
    dice: str = "auto",
    checks: Collection[str] | None = None,
    timings: dict[str, float] | None = None,
) -> BoardReading:
    """A :class:`BoardReading` from per-cell probabilities, after the dice-set check.

    ``checks`` without ``dice`` skips the check (as ``dice`` ``none`` does); cells the
    check doubts but keeps are flagged, with the evidence in ``flags``.
    """
    if checks is not None and "dice" not in checks:
        dice = "none"
    size = location.size
    best = probabilities.argmax(axis=1)
    tokens = [class_names[index] for index in best]
    confidence = [float(probabilities[cell, index]) for cell, index in enumerate(best)]
    extras: dict[str, Any] = {"tray_method": location.method, "dice_set": None, "flags": []}
    corrections: list[dict[str, Any]] = []
    doubted: set[tuple[int, int]] = set()
    fit = check_dice(probabilities, class_names, dice)
    if fit is not None:
        tokens, confidence, corrections = fit.tokens, fit.probabilities, fit.changes
        extras["dice_set"] = fit.dice_set if fit.changes or not fit.flags else None
        extras["dice_set_posterior"] = round(fit.posterior, 4)
        extras["flags"] = fit.flags
        doubted = {(flag["row"], flag["col"]) for flag in fit.flags}
    grid = [tokens[row * size : (row + 1) * size] for row in range(size)]
    confidence_grid = [confidence[row * size : (row + 1) * size] for row in range(size)]
    flagged = [
        (row, col)
        for row in range(size)
        for col in range(size)
        if confidence_grid[row][col] < LOW_CONFIDENCE or (row, col) in doubted
    ]
    return BoardReading(
        game="boggle",
        grid=grid,
        confidence=confidence_grid,
        corners=location.corners,
        reader=reader,
        timings=dict(timings or {}),
        flagged=flagged,
        corrections=corrections,
        extras=extras,
        board=Board.from_rows([[token.upper() for token in row] for row in grid]),
    )
