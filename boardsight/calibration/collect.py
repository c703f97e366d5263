"""Pick calibration views from a live stream: frames that show the pattern from new angles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.calibration.camera import find_chessboard, to_gray
from boardsight.calibration.pattern import ChessboardPattern
from boardsight.capture.frames import FrameSource

MIN_SHIFT_SHARE = 0.04  # of the picture's diagonal: the mean corner movement that makes a new view
QUICK_CHECK_SIDE = 480


@dataclass
class CollectedViews:
    """The views kept, and how many frames were looked at to find them."""

    views: list[tuple[str, np.ndarray]]
    frames_seen: int


def pattern_visible(image: np.ndarray, pattern: ChessboardPattern) -> bool:
    """A fast yes/no on a reduced copy, so frames without the pattern cost little."""
    gray = to_gray(image)
    scale = min(1.0, QUICK_CHECK_SIDE / max(gray.shape))
    if scale < 1.0:
        gray = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    found, _ = cv2.findChessboardCorners(
        gray, pattern.size, flags=cv2.CALIB_CB_FAST_CHECK | cv2.CALIB_CB_ADAPTIVE_THRESH
    )
    return bool(found)


def collect_views(
    source: FrameSource,
    pattern: ChessboardPattern,
    count: int,
    *,
    min_interval_s: float = 0.5,
    max_frames: int | None = None,
    on_view: Callable[[int, np.ndarray], None] | None = None,
) -> CollectedViews:
    """Read ``source`` until ``count`` distinct views of ``pattern`` are kept (or it ends).

    A view is kept when the pattern is found at least ``min_interval_s`` after the last
    kept view and its corners moved by :data:`MIN_SHIFT_SHARE` of the diagonal from every
    kept view, so twenty frames of a board held still do not count as twenty views.
    """
    kept: list[tuple[str, np.ndarray]] = []
    kept_corners: list[np.ndarray] = []
    last_time = -np.inf
    seen = 0
    for frame in source:
        seen += 1
        if max_frames is not None and seen > max_frames:
            break
        if frame.time_s - last_time < min_interval_s or not pattern_visible(frame.image, pattern):
            continue
        corners = find_chessboard(frame.image, pattern)
        if corners is None:
            continue
        diagonal = float(np.hypot(*frame.image.shape[:2]))
        if any(
            np.mean(np.linalg.norm(corners - other, axis=1)) < MIN_SHIFT_SHARE * diagonal
            for other in kept_corners
        ):
            continue
        kept.append((f"frame {frame.index}", frame.image))
        kept_corners.append(corners)
        last_time = frame.time_s
        if on_view is not None:
            on_view(len(kept), corners)
        if len(kept) >= count:
            break
    return CollectedViews(kept, seen)
