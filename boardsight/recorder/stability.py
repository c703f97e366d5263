"""From a stream of noisy per-frame readings to board states worth committing.

A board state is offered only when (1) nothing moves over the board: no square changed
between frames by more than ``motion_threshold`` and nothing crosses the board's border
(the arm that any hand over the board belongs to); (2) it has stayed so for ``settle_s``
seconds; and (3) over the last ``vote_window`` readings of that quiet spell every square
has a clear winner (at least ``min_votes`` of the votes) read with enough mean confidence.
Squares without a clear winner are reported as uncertain instead.

The tracker is pure logic: it sees :class:`Activity` measures and readings, never pictures,
so it is tested with made-up numbers; :mod:`boardsight.recorder.activity` measures pictures.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

MOVING, COVERED, SETTLING, STABLE, UNCERTAIN = "moving", "covered", "settling", "stable", "uncertain"


@dataclass(frozen=True)
class StabilitySettings:
    """Thresholds of the tracker (times in seconds of the frame clock)."""

    motion_threshold: float = 0.08
    settle_s: float = 1.0
    vote_window: int = 5
    min_readings: int = 3
    min_votes: float = 0.7
    min_confidence: float = 0.55
    read_interval_s: float = 0.1
    idle_read_interval_s: float = 1.0  # once a state is offered, re-read this seldom while all is quiet


@dataclass(frozen=True)
class Activity:
    """What moved in one frame: ``motion`` (rows, cols) per square, ``covered`` when something
    lies across the board's border."""

    motion: np.ndarray
    covered: bool = False


@dataclass(frozen=True)
class Reading:
    """One frame's reading: ``tokens`` (rows, cols) strings and ``confidence`` (rows, cols) in [0, 1]."""

    tokens: np.ndarray
    confidence: np.ndarray


@dataclass(frozen=True)
class Verdict:
    """The tracker's view after a frame: ``status`` and, when ``stable``, the voted ``tokens``.

    ``uncertain`` lists the squares ``(row, col)`` without a clear winner; ``new`` is true
    only for the first frame that reaches a given stable state, so it is acted on once.
    """

    status: str
    tokens: np.ndarray | None = None
    confidence: np.ndarray | None = None
    uncertain: list[tuple[int, int]] = field(default_factory=list)
    new: bool = False


def vote(
    readings: list[Reading], settings: StabilitySettings
) -> tuple[np.ndarray, np.ndarray, list[tuple[int, int]]]:
    """Per-square majority over ``readings``: the winners, their mean confidence, the unclear squares."""
    stacked_tokens = np.stack([reading.tokens for reading in readings])
    stacked_confidence = np.stack([reading.confidence for reading in readings]).astype(np.float32)
    tokens = stacked_tokens[0].copy()
    confidence = stacked_confidence.mean(axis=0)
    votes = np.full(tokens.shape, len(readings))
    for row, col in np.argwhere(np.any(stacked_tokens != stacked_tokens[0], axis=0)):
        column = stacked_tokens[:, row, col]
        winner, count = Counter(column.tolist()).most_common(1)[0]
        tokens[row, col] = winner
        votes[row, col] = count
        confidence[row, col] = float(stacked_confidence[column == winner, row, col].mean())
    unclear = (votes < settings.min_votes * len(readings)) | (confidence < settings.min_confidence)
    uncertain = [(int(row), int(col)) for row, col in np.argwhere(unclear)]
    return tokens, confidence, uncertain


class StabilityTracker:
    """Feed it every frame's :class:`Activity` (and a way to read the frame); it says when the
    board is stable and what it shows."""

    def __init__(self, settings: StabilitySettings | None = None) -> None:
        self.settings = settings or StabilitySettings()
        self._quiet_since: float | None = None
        self._readings: deque[Reading] = deque(maxlen=self.settings.vote_window)
        self._last_read = -np.inf
        self._offered: np.ndarray | None = None
        self._settled = False
        self.readings_taken = 0

    def reset(self) -> None:
        """Forget the quiet spell (after the camera moved, or a command changed the record)."""
        self._interrupt()
        self._offered = None

    def observe(self, time_s: float, activity: Activity | None, read: Callable[[], Reading]) -> Verdict:
        """Take one frame. ``activity`` is ``None`` for the first frame (nothing to compare with);
        ``read`` is called only when a reading of this frame is wanted."""
        settings = self.settings
        moving = activity is None or float(np.max(activity.motion)) > settings.motion_threshold
        if activity is not None and activity.covered:
            self._interrupt()
            return Verdict(COVERED)
        if moving:
            self._interrupt()
            return Verdict(MOVING)
        if self._quiet_since is None:
            self._quiet_since = time_s
        interval = settings.idle_read_interval_s if self._settled else settings.read_interval_s
        if time_s - self._last_read >= interval or len(self._readings) < settings.min_readings:
            self._readings.append(read())
            self._last_read = time_s
            self.readings_taken += 1
        if time_s - self._quiet_since < settings.settle_s or len(self._readings) < settings.min_readings:
            return Verdict(SETTLING)
        tokens, confidence, uncertain = vote(list(self._readings), settings)
        if uncertain:
            return Verdict(UNCERTAIN, tokens, confidence, uncertain)
        new = self._offered is None or not np.array_equal(tokens, self._offered)
        self._offered = tokens
        self._settled = True
        return Verdict(STABLE, tokens, confidence, [], new)

    def _interrupt(self) -> None:
        self._settled = False
        self._quiet_since = None
        self._readings.clear()
        self._last_read = -np.inf
