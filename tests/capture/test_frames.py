import cv2
import numpy as np
import pytest

from boardsight.capture.frames import (
    MAX_BAD_FRAMES_IN_A_ROW,
    CameraLostError,
    CameraNotFoundError,
    CameraSource,
    MemorySource,
    UndecodableFrameError,
    VideoFileSource,
    open_source,
)
from boardsight.errors import BadInputError, NotFoundError


def picture(value: int, size: tuple[int, int] = (48, 64)) -> np.ndarray:
    return np.full((*size, 3), value, np.uint8)


class FakeCamera:
    """Plays a script: a picture, ``None`` (a frame that does not decode) or ``"lost"`` (read fails)."""

    def __init__(self, script: list, opened: bool = True) -> None:
        self.script = script
        self.opened = opened
        self.released = False

    def isOpened(self) -> bool:
        return self.opened

    def read(self):
        if not self.script:
            return False, None
        item = self.script.pop(0)
        if isinstance(item, str):
            return False, None
        return True, item

    def release(self) -> None:
        self.released = True

    def set(self, prop: int, value: float) -> bool:
        return True

    def get(self, prop: int) -> float:
        return 0.0


class Opener:
    """Hands out the given fake cameras one after another (a reconnect opens the next)."""

    def __init__(self, *cameras: FakeCamera) -> None:
        self.cameras = list(cameras)
        self.opened = 0

    def __call__(self, index: int) -> FakeCamera:
        self.opened += 1
        return self.cameras.pop(0) if self.cameras else FakeCamera([], opened=False)


def test_memory_source_skips_undecodable_frames() -> None:
    source = MemorySource([picture(1), None, np.zeros((2, 2, 3), np.uint8), picture(2)], fps=10)
    frames = list(source)
    assert [int(frame.image[0, 0, 0]) for frame in frames] == [1, 2]
    assert [frame.index for frame in frames] == [0, 1]
    assert frames[1].time_s == pytest.approx(0.3)
    assert source.skipped == 2


def test_memory_source_converts_gray_to_bgr() -> None:
    (frame,) = list(MemorySource([np.zeros((20, 20), np.uint8)]))
    assert frame.image.shape == (20, 20, 3)


def test_too_many_bad_frames_in_a_row() -> None:
    with pytest.raises(UndecodableFrameError, match="cannot be decoded"):
        list(MemorySource([None] * MAX_BAD_FRAMES_IN_A_ROW))


def test_no_camera() -> None:
    with pytest.raises(CameraNotFoundError, match="no camera at index 3"):
        CameraSource(3, opener=Opener(FakeCamera([], opened=False)))


def test_lost_camera_is_reopened_and_the_stream_goes_on() -> None:
    events: list[str] = []
    opener = Opener(FakeCamera([picture(1), "lost"]), FakeCamera([], opened=False), FakeCamera([picture(2)]))
    source = CameraSource(0, opener=opener, on_event=events.append, sleep=lambda _s: None)
    assert int(source.read().image[0, 0, 0]) == 1
    assert int(source.read().image[0, 0, 0]) == 2
    assert source.reconnects == 1
    assert "reconnecting (1 of 5)" in events[0]
    assert "reconnecting (2 of 5)" in events[1]
    assert events[-1] == "camera 0 is back"


def test_camera_that_never_comes_back() -> None:
    sleeps: list[float] = []
    source = CameraSource(
        1, opener=Opener(FakeCamera(["lost"])), retries=3, retry_delay_s=0.5, sleep=sleeps.append
    )
    with pytest.raises(CameraLostError, match="camera 1 was lost and did not come back after 3 tries"):
        source.read()
    assert sleeps == [0.5, 0.5, 0.5]


def test_camera_skips_bad_frames() -> None:
    source = CameraSource(0, opener=Opener(FakeCamera([None, picture(5)])), sleep=lambda _s: None)
    assert int(source.read().image[0, 0, 0]) == 5
    assert source.skipped == 1


def test_negative_camera_index() -> None:
    with pytest.raises(BadInputError):
        CameraSource(-1, opener=Opener())


def test_video_file_round_trip(tmp_path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (64, 48))
    for value in (30, 120, 220):
        writer.write(picture(value))
    writer.release()
    with VideoFileSource(path) as source:
        frames = list(source)
        assert source.fps == pytest.approx(10.0)
    assert len(frames) == 3
    assert abs(int(frames[1].image[10, 10, 0]) - 120) < 8
    assert frames[2].time_s == pytest.approx(0.2)


def test_video_file_errors(tmp_path) -> None:
    with pytest.raises(NotFoundError, match="no such video"):
        VideoFileSource(tmp_path / "missing.mp4")
    with pytest.raises(BadInputError, match="folder"):
        VideoFileSource(tmp_path)
    junk = tmp_path / "junk.mp4"
    junk.write_bytes(b"this is no video" * 10)
    with pytest.raises(BadInputError, match=r"junk\.mp4"):
        list(VideoFileSource(junk))


def test_open_source_needs_exactly_one() -> None:
    with pytest.raises(BadInputError, match="exactly one"):
        open_source()
    with pytest.raises(BadInputError, match="exactly one"):
        open_source(camera=0, video="x.mp4")


def test_a_camera_that_is_not_there_fails_without_opencv_noise(capfd: pytest.CaptureFixture[str]) -> None:
    index = 63
    probe = cv2.VideoCapture(index)
    present = probe.isOpened()
    probe.release()
    if present:
        pytest.skip(f"this machine has a camera at index {index}")
    capfd.readouterr()
    with pytest.raises(CameraNotFoundError):
        CameraSource(index, retries=0)
    assert capfd.readouterr().err == ""
