"""The steps every Boggle reader shares: find the tray, cut its cells, assemble the reading.

A reader differs only in how it turns cell crops into class probabilities (a CNN, or
Tesseract); finding the tray, the dice-set check, confidence flags and the result's
shape are the same, and live here.

How big to decode: the tray is looked for in a copy no larger than 800 px (enough for
cubes of 7 px and more), but the cells are cut from the decoded photo. Decoding 12 MP
JPEGs at a quarter (1000 px) read 96.2% of the cells of 60 held-out synthetic trays and
lost one small tray; at half size (at least 1600 px) 98.6% and none, for about 20 ms
more CPU (140 ms instead of 118 ms a photo, ``benchmarks/bench_read.py``). So photos are
decoded to at least :data:`READ_MAX_SIDE`.
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
from boardsight.vision.reading import BoardNotFoundError, BoardReading
from boardsight.vision.stage_clock import StageClock

DETECT_MAX_SIDE = 800  # long side of the image the tray is looked for in
RETRY_MAX_SIDE = 1600  # ... and, when that fails on a bigger photo, once more at this size
READ_MAX_SIDE = 1600  # decode photos to at least this long side (a 12 MP JPEG: at half size)
LOW_CONFIDENCE = 0.6


class CellReader(Protocol):
    """What turns a tray's cell crops into class probabilities (a CNN, or Tesseract)."""

    class_names: list[str]
    margin: float  # crops are cut this share of a cell wider on each side
    cell_px: int  # ... at this many pixels a cell

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


def locate_tray(
    image: np.ndarray, *, sizes: tuple[int, ...] = SIZES, source: str = "the photo", retry: bool = True
) -> TrayLocation:
    """The tray's grid in ``image`` pixels; :class:`BoardNotFoundError` when there is none.

    The tray is looked for at :data:`DETECT_MAX_SIDE`, and (with ``retry``) again at
    :data:`RETRY_MAX_SIDE` when none is found there or the grid found is only partly seen
    (cube-like cells beyond it, or few of its cubes cut out: cubes too small at that
    size); the first grid seen whole wins, else the one found at the higher resolution.
    """
    tried = set()
    found: list[TrayLocation] = []
    for max_side in (DETECT_MAX_SIDE, RETRY_MAX_SIDE) if retry else (DETECT_MAX_SIDE,):
        small, scale = _shrunk(image, max_side)
        if small.shape in tried:
            continue
        tried.add(small.shape)
        location = find_tray(small, sizes)
        if location is not None:
            corners = (location.corners.astype(np.float64) + 0.5) / scale - 0.5
            found.append(replace(location, corners=corners))
            if not location.partly_seen:
                return found[-1]
    if found:
        return found[-1]
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
) -> BoardReading:
    """Find the tray in ``image`` (BGR), read its cells and check the dice.

    ``make_reader`` is called only once a tray has been found, so a photo without one
    is refused before any model is loaded. Given ``corners`` (TL, TR, BR, BL in
    ``image`` pixels), the tray is not looked for but cut there (:func:`read_at_corners`);
    ``found`` is the tray as :func:`locate_tray` already found it in ``image`` with these ``sizes``.
    """
    clock = StageClock()
    sizes = parse_size(size)
    if corners is None:
        location = found if found is not None else locate_tray(image, sizes=sizes, source=source)
        clock.lap("find")
        cells = make_reader()
        crops = cut_cells(image, location.corners, location.size, margin=cells.margin, cell_px=cells.cell_px)
        probabilities = cells.probabilities(crops)
    else:
        clock.lap("find")
        cells = make_reader()
        location, probabilities = read_at_corners(image, np.asarray(corners, dtype=np.float64), sizes, cells)
    clock.lap("read")
    reading = assemble_reading(location, probabilities, cells.class_names, reader=reader, dice=dice)
    clock.lap("check")
    reading.timings.update(clock.wall)
    reading.cpu_timings.update(clock.cpu)
    return reading


def read_at_corners(
    image: np.ndarray, corners: np.ndarray, sizes: tuple[int, ...], cells: CellReader
) -> tuple[TrayLocation, np.ndarray]:
    """The tray cut at ``corners``, read at each of ``sizes``; the size read most confidently wins.

    A grid cut at the wrong size puts cell borders across the cubes, which the reader
    sees as doubtful faces, so the mean confidence tells the sizes apart.
    """
    readings = []
    for side in sizes:
        crops = cut_cells(image, corners, side, margin=cells.margin, cell_px=cells.cell_px)
        probabilities = cells.probabilities(crops)
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
