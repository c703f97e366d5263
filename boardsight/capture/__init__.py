"""Where frames come from: a camera, a video file, or frames already in memory.

Every source yields :class:`~boardsight.capture.frames.Frame` objects through the same
small interface, so the recorder and the calibration commands never care which.
"""

from boardsight.capture.frames import (
    CameraLostError,
    CameraNotFoundError,
    CameraSource,
    Frame,
    FrameSource,
    MemorySource,
    UndecodableFrameError,
    VideoFileSource,
    open_source,
)

__all__ = [
    "CameraLostError",
    "CameraNotFoundError",
    "CameraSource",
    "Frame",
    "FrameSource",
    "MemorySource",
    "UndecodableFrameError",
    "VideoFileSource",
    "open_source",
]
