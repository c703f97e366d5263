"""Frame sources: a camera (with retries when it drops out), a video file, a list in memory.

A source is iterated, or read with :meth:`FrameSource.read`, which returns the next
:class:`Frame` or ``None`` at the end of the stream. A frame that cannot be decoded is
skipped and counted (``skipped``); too many in a row is an error. A camera that stops
delivering is reopened a few times, with a pause between tries, before the source gives
up with :class:`CameraLostError`; what happens is reported through ``on_event``, so a
recorder can tell its user without losing the game so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from boardsight.errors import BadInputError, BoardsightError, NotFoundError

MAX_BAD_FRAMES_IN_A_ROW = 30
CAMERA_RETRIES = 5
CAMERA_RETRY_DELAY_S = 1.0


class CameraNotFoundError(BoardsightError):
    """No camera answers at the index asked for."""


class CameraLostError(BoardsightError):
    """The camera stopped delivering frames and did not come back."""


class UndecodableFrameError(BadInputError):
    """A video delivers only frames that cannot be decoded."""


@contextmanager
def quiet_opencv() -> Iterator[None]:
    """Keep OpenCV's own log lines off stderr: opening a camera that is not there makes every
    video backend print its failure, and the source says what went wrong in one line."""
    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    try:
        yield
    finally:
        cv2.utils.logging.setLogLevel(level)


@dataclass(frozen=True)
class Frame:
    """One picture (H, W, 3) BGR, its number in the stream and its time in seconds."""

    index: int
    image: np.ndarray
    time_s: float


def usable_image(image: Any) -> bool:
    """True for a non-empty 8-bit gray or BGR picture of at least 16x16 pixels."""
    return (
        isinstance(image, np.ndarray)
        and image.dtype == np.uint8
        and image.ndim in (2, 3)
        and image.shape[0] >= 16
        and image.shape[1] >= 16
        and (image.ndim == 2 or image.shape[2] in (3, 4))
    )


def as_bgr(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    return image


class Capture(Protocol):
    """The part of ``cv2.VideoCapture`` the sources use (so tests can stand in a fake camera)."""

    def isOpened(self) -> bool: ...

    def read(self) -> tuple[bool, Any]: ...

    def release(self) -> None: ...

    def set(self, prop: int, value: float) -> bool: ...

    def get(self, prop: int) -> float: ...


EventCallback = Callable[[str], None]


def _ignore(_message: str) -> None:
    return None


class FrameSource:
    """Base of all sources: iteration, ``with`` blocks, and counts of frames skipped."""

    description = "frames"

    def __init__(self) -> None:
        self.delivered = 0
        self.skipped = 0

    def read(self) -> Frame | None:
        """The next frame, or ``None`` when the stream has ended."""
        raise NotImplementedError

    def close(self) -> None:
        """Release the device or file."""

    def __iter__(self) -> Iterator[Frame]:
        while True:
            frame = self.read()
            if frame is None:
                return
            yield frame

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _deliver(self, image: np.ndarray, time_s: float) -> Frame:
        frame = Frame(self.delivered, as_bgr(image), time_s)
        self.delivered += 1
        return frame


class MemorySource(FrameSource):
    """Frames from a list or generator; ``None`` items stand for frames that failed to decode."""

    def __init__(
        self, images: Iterable[np.ndarray | None], *, fps: float = 30.0, description: str = "memory"
    ):
        super().__init__()
        self._images = iter(images)
        self._fps = fps
        self._position = 0
        self.description = description

    def read(self) -> Frame | None:
        bad_in_a_row = 0
        for image in self._images:
            self._position += 1
            if image is None or not usable_image(image):
                self.skipped += 1
                bad_in_a_row += 1
                if bad_in_a_row >= MAX_BAD_FRAMES_IN_A_ROW:
                    raise UndecodableFrameError(
                        f"{self.description}: {bad_in_a_row} frames in a row cannot be decoded"
                    )
                continue
            return self._deliver(image, (self._position - 1) / self._fps)
        return None


class VideoFileSource(FrameSource):
    """Frames of a video file, in order, timed by the file's own clock."""

    def __init__(self, path: str | Path, *, opener: Callable[[str], Capture] | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.description = str(path)
        if not self.path.exists():
            raise NotFoundError(f"{path}: no such video file")
        if self.path.is_dir():
            raise BadInputError(f"{path}: is a folder, not a video file")
        with quiet_opencv():
            self._capture = (opener or cv2.VideoCapture)(str(self.path))
        if not self._capture.isOpened():
            self._capture.release()
            raise BadInputError(f"{path}: not a video boardsight can decode")
        fps = self._capture.get(cv2.CAP_PROP_FPS)
        self._fps = fps if fps and fps > 0 and np.isfinite(fps) else 30.0
        self._position = 0

    @property
    def fps(self) -> float:
        return self._fps

    def read(self) -> Frame | None:
        bad_in_a_row = 0
        while True:
            ok, image = self._capture.read()
            if not ok:
                if self.delivered == 0 and self._position == 0:
                    raise UndecodableFrameError(
                        f"{self.description}: the video holds no frame that can be decoded"
                    )
                return None
            self._position += 1
            if not usable_image(image):
                self.skipped += 1
                bad_in_a_row += 1
                if bad_in_a_row >= MAX_BAD_FRAMES_IN_A_ROW:
                    raise UndecodableFrameError(
                        f"{self.description}: {bad_in_a_row} frames in a row cannot be decoded"
                    )
                continue
            return self._deliver(image, (self._position - 1) / self._fps)

    def close(self) -> None:
        self._capture.release()


class CameraSource(FrameSource):
    """Live frames from camera ``index``; reopened up to ``retries`` times when it drops out."""

    def __init__(
        self,
        index: int,
        *,
        size: tuple[int, int] | None = None,
        retries: int = CAMERA_RETRIES,
        retry_delay_s: float = CAMERA_RETRY_DELAY_S,
        opener: Callable[[int], Capture] | None = None,
        on_event: EventCallback = _ignore,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        if index < 0:
            raise BadInputError(f"camera index must be 0 or more, not {index}")
        self.index = index
        self.description = f"camera {index}"
        self._size = size
        self._retries = retries
        self._retry_delay_s = retry_delay_s
        self._opener = opener or cv2.VideoCapture
        self._on_event = on_event
        self._sleep = sleep
        self._clock = clock
        self._start = clock()
        self.reconnects = 0
        self._capture = self._open()
        if self._capture is None:
            raise CameraNotFoundError(
                f"no camera at index {index} (is it plugged in, or in use by another program?)"
            )

    def _open(self) -> Capture | None:
        with quiet_opencv():
            capture = self._opener(self.index)
        if not capture.isOpened():
            capture.release()
            return None
        if self._size is not None:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self._size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self._size[1])
        return capture

    def _reconnect(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None
        for attempt in range(1, self._retries + 1):
            self._on_event(
                f"{self.description} stopped delivering frames; reconnecting ({attempt} of {self._retries})"
            )
            self._sleep(self._retry_delay_s)
            capture = self._open()
            if capture is not None:
                self._capture = capture
                self.reconnects += 1
                self._on_event(f"{self.description} is back")
                return
        raise CameraLostError(
            f"{self.description} was lost and did not come back after {self._retries} tries"
        )

    def read(self) -> Frame | None:
        bad_in_a_row = 0
        while True:
            if self._capture is None:
                self._reconnect()
            assert self._capture is not None
            ok, image = self._capture.read()
            if not ok:
                self._reconnect()
                continue
            if not usable_image(image):
                self.skipped += 1
                bad_in_a_row += 1
                if bad_in_a_row >= MAX_BAD_FRAMES_IN_A_ROW:
                    self._on_event(f"{self.description}: {bad_in_a_row} frames in a row could not be decoded")
                    bad_in_a_row = 0
                    self._reconnect()
                continue
            return self._deliver(image, self._clock() - self._start)

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


def open_source(
    *, camera: int | None = None, video: str | Path | None = None, on_event: EventCallback = _ignore
) -> FrameSource:
    """The source the command line names: exactly one of ``camera`` and ``video``."""
    if (camera is None) == (video is None):
        raise BadInputError("give exactly one of --camera N and --video FILE")
    if camera is not None:
        return CameraSource(camera, on_event=on_event)
    assert video is not None
    return VideoFileSource(video)
