"""The recorder's frame loop: frames in, committed events and messages out.

For each frame: undistort it (with a camera profile), measure what moves over the board
(:class:`~boardsight.recorder.activity.ActivityMeter`), and let the
:class:`~boardsight.recorder.stability.StabilityTracker` decide whether the board is stable;
only then is the board rectified and its squares read (so a busy board costs little).
A new stable reading goes to the :class:`~boardsight.recorder.session.GameSession`. A play
that forms a word outside the lexicon waits ``phony_settle_s`` before it is committed,
because a half-laid play usually spells no word yet. Now and then, and whenever the
board's border stays covered, the view is checked against the board's reference picture;
when the camera has moved, commits stop until the board is found again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from boardsight.calibration.board import OK, BoardProfile, check_fit, ring_picture
from boardsight.calibration.camera_profile import CameraProfile
from boardsight.calibration.undistort import undistort
from boardsight.capture.frames import Frame
from boardsight.recorder.activity import ActivityMeter
from boardsight.recorder.commands import Command
from boardsight.recorder.session import PLAY, GameSession, Message
from boardsight.recorder.stability import (
    COVERED,
    STABLE,
    UNCERTAIN,
    Reading,
    StabilitySettings,
    StabilityTracker,
    Verdict,
)
from boardsight.scrabble.tokens import BOARD_SIZE
from boardsight.vision.geometry import rectify
from boardsight.vision.reading import BoardNotFoundError

SQUARES = BOARD_SIZE


class SquareReader(Protocol):
    """Reads every square of a rectified board picture (``SQUARES * px`` on a side).

    A reader may also offer ``read_grid(image, corners)``, reading the squares straight
    from the frame at the grid's corners; the recorder then uses that instead.
    """

    def read_squares(self, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Tokens (rows, cols) (``.``, letters, ``?``) and their confidences in [0, 1]."""
        ...


@dataclass(frozen=True)
class RecorderSettings:
    """How the recorder waits and checks (times in seconds of the frame clock)."""

    stability: StabilitySettings = field(default_factory=StabilitySettings)
    read_px: int = 32
    phony_settle_s: float = 4.0
    fit_check_interval_s: float = 30.0
    covered_check_s: float = 0.5
    unclear_report_s: float = 3.0


@dataclass
class RecorderStatus:
    """What a preview shows: the tracker's verdict, the latest reading, the last event."""

    verdict: Verdict = field(default_factory=lambda: Verdict("moving"))
    tokens: np.ndarray | None = None
    last_event: str = ""
    camera_moved: bool = False


class Recorder:
    """Runs the frame loop for one game; give it frames with :meth:`process`."""

    def __init__(
        self,
        session: GameSession,
        reader: SquareReader,
        board: BoardProfile,
        *,
        board_reference: np.ndarray | None = None,
        camera_profile: CameraProfile | None = None,
        finder: Callable[[np.ndarray], np.ndarray] | None = None,
        settings: RecorderSettings | None = None,
    ) -> None:
        self.session = session
        self.reader = reader
        self.board = board
        self.camera_profile = camera_profile
        self.finder = finder
        self.settings = settings or RecorderSettings()
        self.tracker = StabilityTracker(self.settings.stability)
        self.meter = ActivityMeter(board.corners, board.squares, ring_reference=board_reference)
        self.reference = board_reference
        self.status = RecorderStatus()
        self._acted: np.ndarray | None = None
        self._stable_since: float | None = None
        self._last_fit_check = -np.inf
        self._covered_since: float | None = None
        self._unclear_since: float | None = None
        self.tracker_was_reset = False
        self.last_image: np.ndarray | None = None
        self.frames = 0

    # -- the loop ------------------------------------------------------------------------------
    def prepare(self, frame: Frame) -> np.ndarray:
        """The frame as the board profile sees it (undistorted when a camera profile is given)."""
        image = frame.image if self.camera_profile is None else undistort(frame.image, self.camera_profile)
        if self.frames == 0:
            self.board.check_size((image.shape[1], image.shape[0]))
            if self.reference is None:
                self.reference = ring_picture(image, self.board.corners, self.board.squares)
        return image

    def read(self, image: np.ndarray) -> Reading:
        read_grid = getattr(self.reader, "read_grid", None)
        if read_grid is not None:  # a reader that cuts the squares from the frame itself
            tokens, confidence = read_grid(image, self.board.corners)
            return Reading(np.asarray(tokens), np.asarray(confidence, dtype=np.float32))
        picture = rectify(
            image, self.board.corners, SQUARES * self.settings.read_px, SQUARES * self.settings.read_px
        )
        tokens, confidence = self.reader.read_squares(picture)
        return Reading(np.asarray(tokens), np.asarray(confidence, dtype=np.float32))

    def process(self, frame: Frame) -> list[Message]:
        """Take one frame; returns what to tell the user (moves committed, holds, warnings)."""
        image = self.prepare(frame)
        self.last_image = image
        self.frames += 1
        time_s = frame.time_s
        messages = self._check_camera(image, time_s)
        activity = self.meter.measure(image, time_s)
        if self.status.camera_moved:
            self.status.verdict = Verdict("moved")
            return messages
        verdict = self.tracker.observe(time_s, activity, lambda: self.read(image))
        self.status.verdict = verdict
        if verdict.status == COVERED:
            self._covered_since = time_s if self._covered_since is None else self._covered_since
        else:
            self._covered_since = None
        if verdict.tokens is not None:
            self.status.tokens = verdict.tokens
            self.session.last_tokens = verdict.tokens
            self.session.last_uncertain = frozenset(verdict.uncertain)
        uncertain = frozenset(verdict.uncertain)
        if verdict.status == UNCERTAIN:
            if self._unclear_since is None:
                self._unclear_since = time_s
            if not uncertain <= set(self.session.corrections):
                if time_s - self._unclear_since >= self.settings.unclear_report_s:
                    assert verdict.tokens is not None
                    messages += self.session.commit(
                        self.session.assess(verdict.tokens, time_s, uncertain), time_s
                    )
                return messages
        else:
            self._unclear_since = None
        if verdict.status not in (STABLE, UNCERTAIN):
            self._stable_since = None
            return messages
        assert verdict.tokens is not None
        if self._stable_since is None:
            self._stable_since = time_s
        self.meter.refresh_reference(0.05)
        if self._acted is not None and np.array_equal(verdict.tokens, self._acted):
            return messages
        if self.reference is not None and self._last_fit_check < self._stable_since:
            # a new state: first make sure the board has not moved under the grid
            messages += self._fit_check(image, time_s)
            if self.status.camera_moved or self.tracker_was_reset:
                self.tracker_was_reset = False
                return messages
        assessment = self.session.assess(verdict.tokens, time_s, uncertain)
        if (
            assessment.kind == PLAY
            and assessment.phonies
            and time_s - self._stable_since < self.settings.phony_settle_s
        ):
            return messages  # perhaps a play still being laid: wait a little longer
        self._acted = verdict.tokens
        messages += self.session.commit(assessment, time_s)
        self._note_moves(messages)
        return messages

    def command(self, command: Command, time_s: float | None = None) -> list[Message]:
        """Carry out a typed command."""
        messages = self.session.command(command, time_s)
        self._note_moves(messages)
        return messages

    def finish(self) -> list[Message]:
        """At the end of a video: act on a stable board still waiting for its phony delay."""
        tokens = self.status.tokens
        if tokens is None or self.status.verdict.status != STABLE or np.array_equal(tokens, self._acted):
            return []
        self._acted = tokens
        messages = self.session.on_board(tokens)
        self._note_moves(messages)
        return messages

    def _note_moves(self, messages: list[Message]) -> None:
        for message in messages:
            if message.kind == "move":
                self.status.last_event = message.text

    # -- the camera's fit ------------------------------------------------------------------------
    def _check_camera(self, image: np.ndarray, time_s: float) -> list[Message]:
        settings = self.settings
        due = (
            time_s - self._last_fit_check >= settings.fit_check_interval_s
            and self.status.verdict.status == STABLE
        )
        long_covered = (
            self._covered_since is not None and time_s - self._covered_since >= settings.covered_check_s
        )
        if self.status.camera_moved:
            due = time_s - self._last_fit_check >= 1.0
        if not (due or long_covered) or self.reference is None:
            return []
        if long_covered:
            self._covered_since = time_s
        return self._fit_check(image, time_s)

    def _fit_check(self, image: np.ndarray, time_s: float) -> list[Message]:
        assert self.reference is not None
        self._last_fit_check = time_s
        result = check_fit(image, self.board, self.reference)
        if result.status == OK:
            if self.status.camera_moved:
                self.status.camera_moved = False
                self.tracker.reset()
                return [Message("info", "the board is back where it was; recording goes on")]
            return []
        if not result.moved:
            return []
        messages = []
        if not self.status.camera_moved:
            messages.append(
                Message("warning", result.message.replace("; run 'boardsight calibrate board' again", ""))
            )
        self.status.camera_moved = True
        if self.finder is not None:
            try:
                corners = np.asarray(self.finder(image), dtype=np.float64)
            except BoardNotFoundError:
                return messages
            self.board = BoardProfile(
                self.board.name,
                self.board.image_size,
                corners,
                self.board.squares,
                self.board.camera_profile,
                self.board.details,
            )
            self.reference = ring_picture(image, corners, self.board.squares)
            self.meter = ActivityMeter(corners, self.board.squares, ring_reference=self.reference)
            self.tracker.reset()
            self.tracker_was_reset = True
            self._acted = None
            self.status.camera_moved = False
            messages.append(Message("info", "found the board again; recording goes on"))
        return messages
