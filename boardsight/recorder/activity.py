"""Measure what moves over the board in a frame: per-square motion and the border ring covered.

Each frame is seen square-on at low resolution (:func:`boardsight.calibration.board.ring_picture`:
the grid plus a ring of border around it) and divided by its own mean brightness, so a
flickering light does not count as motion. Motion is the per-square mean change since the
previous frame. The ring is compared with a reference of the empty border: a hand over the
board always comes with an arm across the border, so a changed ring means "covered". The
reference follows slow changes of light (it is refreshed while the board is stable), and
something left lying on the border for ``accept_cover_s`` is taken into it.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.calibration.board import REFERENCE_PX_PER_SQUARE, RING_OUTSIDE, ring_picture
from boardsight.recorder.stability import Activity

RING_SEGMENTS = 10  # per side
BLUR_SIGMA = 1.2  # pixels of the small picture (a tenth of a square)


class ActivityMeter:
    """Turns frames into :class:`Activity` for the grid with ``corners`` (in frame pixels)."""

    def __init__(
        self,
        corners: np.ndarray,
        squares: int = 15,
        *,
        ring_reference: np.ndarray | None = None,
        cover_threshold: float = 0.1,
        accept_cover_s: float = 20.0,
    ) -> None:
        self.corners = np.asarray(corners, dtype=np.float32)
        self.squares = squares
        self.cover_threshold = cover_threshold
        self.accept_cover_s = accept_cover_s
        px = REFERENCE_PX_PER_SQUARE
        self._inner = (round(RING_OUTSIDE * px), round((RING_OUTSIDE + squares) * px))
        self._previous: np.ndarray | None = None
        self._reference = (
            None if ring_reference is None else self._normalise(ring_reference.astype(np.float32))
        )
        self._covered_since: float | None = None
        self.last_ring_difference = 0.0

    def picture(self, frame: np.ndarray) -> np.ndarray:
        """The frame's grid and border ring, square-on and small (float32 gray)."""
        return ring_picture(frame, self.corners, self.squares)

    def _normalise(self, picture: np.ndarray) -> np.ndarray:
        """Divide by the grid's mean brightness (against flicker) and soften edges a little, so a
        camera shaking by a pixel or two changes little, while a hand or a new tile changes much."""
        low, high = self._inner
        mean = float(picture[low:high, low:high].mean())
        return cv2.GaussianBlur(picture, (0, 0), BLUR_SIGMA) / max(mean, 1.0)

    def _ring_differences(self, picture: np.ndarray) -> np.ndarray:
        """Mean absolute difference from the reference in each ring segment."""
        assert self._reference is not None
        difference = np.abs(picture - self._reference)
        low, high = self._inner
        bands = [difference[:low, :], difference[high:, :], difference[:, :low].T, difference[:, high:].T]
        values = [
            float(segment.mean()) for band in bands for segment in np.array_split(band, RING_SEGMENTS, axis=1)
        ]
        return np.array(values)

    def measure(self, frame: np.ndarray, time_s: float) -> Activity | None:
        """The activity of ``frame`` against the previous one; ``None`` for the first frame."""
        picture = self._normalise(self.picture(frame))
        previous, self._previous = self._previous, picture
        if self._reference is None:
            self._reference = picture.copy()
        ring = self._ring_differences(picture)
        self.last_ring_difference = float(ring.max())
        covered = self.last_ring_difference > self.cover_threshold
        if covered:
            if self._covered_since is None:
                self._covered_since = time_s
        else:
            self._covered_since = None
        if previous is None:
            return None
        low, high = self._inner
        change = np.abs(picture[low:high, low:high] - previous[low:high, low:high])
        motion = cv2.resize(change, (self.squares, self.squares), interpolation=cv2.INTER_AREA)
        if (
            covered
            and float(motion.max()) < 0.02
            and time_s - (self._covered_since or time_s) > self.accept_cover_s
        ):
            self._reference = picture.copy()  # something has been lying still on the border for long
            covered = False
        return Activity(motion, covered)

    def refresh_reference(self, weight: float = 0.2) -> None:
        """Blend the latest frame into the ring reference (call while the board is stable)."""
        if self._previous is not None and self._reference is not None:
            self._reference = (1 - weight) * self._reference + weight * self._previous
