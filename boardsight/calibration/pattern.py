"""The calibration target: a printed chessboard, described by its inner corners.

OpenCV counts a chessboard by its *inner* corners (where four squares meet): the
common 10 x 7-square board is ``9x6``. Corners are numbered row by row from the
first inner corner, which lies at the origin of the board's plane; ``square_mm``
sets the unit, so translations come out in millimetres.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from boardsight.errors import BadInputError

PATTERN_KINDS = ("chessboard",)
_GRID = re.compile(r"^\s*(\d{1,2})\s*[xX×]\s*(\d{1,2})\s*$")


@dataclass(frozen=True)
class ChessboardPattern:
    """A chessboard of ``cols`` x ``rows`` inner corners with squares ``square_mm`` wide."""

    cols: int
    rows: int
    square_mm: float

    def __post_init__(self) -> None:
        if self.cols < 3 or self.rows < 3:
            raise BadInputError(f"a chessboard needs at least 3x3 inner corners, not {self.cols}x{self.rows}")
        if self.cols == self.rows:
            raise BadInputError(
                f"a {self.cols}x{self.rows} chessboard is symmetric, so its orientation is ambiguous: "
                "use one with different corner counts across and down (such as 9x6)"
            )
        if not (self.square_mm > 0 and np.isfinite(self.square_mm)):
            raise BadInputError(f"the square size must be a positive length in mm, not {self.square_mm}")

    @property
    def size(self) -> tuple[int, int]:
        """``(cols, rows)``: the pattern size as OpenCV's detectors take it."""
        return self.cols, self.rows

    @property
    def corner_count(self) -> int:
        return self.cols * self.rows

    def object_points(self) -> np.ndarray:
        """The inner corners on the board's plane (z = 0) in mm, shape (rows*cols, 3), row by row."""
        xs, ys = np.meshgrid(np.arange(self.cols), np.arange(self.rows))
        points = np.zeros((self.corner_count, 3), dtype=np.float32)
        points[:, 0] = xs.ravel() * self.square_mm
        points[:, 1] = ys.ravel() * self.square_mm
        return points

    def describe(self) -> dict[str, object]:
        """A JSON-ready description, as stored in a camera profile."""
        return {"kind": "chessboard", "grid": f"{self.cols}x{self.rows}", "square_mm": self.square_mm}


def parse_grid(text: str) -> tuple[int, int]:
    """``"9x6"`` -> ``(9, 6)``: inner corners across, then down."""
    match = _GRID.match(text)
    if not match:
        raise BadInputError(f"grid {text!r} is not COLSxROWS (inner corners, such as 9x6)")
    return int(match.group(1)), int(match.group(2))


def make_pattern(kind: str, grid: str, square_mm: float) -> ChessboardPattern:
    """Build the pattern named on the command line, or say which kinds exist."""
    if kind != "chessboard":
        raise BadInputError(f"unknown calibration pattern {kind!r}: choose one of {', '.join(PATTERN_KINDS)}")
    cols, rows = parse_grid(grid)
    return ChessboardPattern(cols, rows, float(square_mm))
