"""Windows on screen (OpenCV's HighGUI), kept at the edge so that no library code needs a display."""

from __future__ import annotations

import os
import sys

import cv2
import numpy as np

from boardsight.errors import BoardsightError


class NoDisplayError(BoardsightError):
    """Windows cannot be opened here (no display, or OpenCV built without a GUI)."""


def display_available() -> bool:
    """False where a window cannot open (on Linux, OpenCV's Qt aborts the process without a display)."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")
    )


def require_display() -> None:
    """Raise :class:`NoDisplayError` (one line) when no window can be opened."""
    if not display_available():
        raise NoDisplayError(
            "no display to open a window on (DISPLAY is not set); run without the window option"
        )


def show_picture(title: str, picture: np.ndarray) -> None:
    """Show ``picture`` until a key is pressed or the window is closed."""
    require_display()
    try:
        cv2.imshow(title, picture)
        while cv2.waitKey(100) < 0:
            if cv2.getWindowProperty(title, cv2.WND_PROP_VISIBLE) < 1:
                break
        cv2.destroyWindow(title)
    except cv2.error as error:
        detail = str(error).strip().splitlines()[-1]
        raise NoDisplayError(f"cannot open a window here ({detail}); use the overlay file") from None
