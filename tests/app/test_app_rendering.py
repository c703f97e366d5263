"""boardsight.app.rendering: the text of a reading and the overlay on the photo."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from boardsight import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAY = EXAMPLES / "boggle_tray.jpg"


@pytest.fixture(scope="module")
def tray() -> app.PhotoReading:
    return app.read_photo(TRAY)


def test_describe_a_tray(tray: app.PhotoReading) -> None:
    lines = app.rendering.describe_reading(tray).splitlines()
    assert lines[0] == "Boggle tray 5x5 (reader onnx, dice set big)"
    assert lines[1].split() == tray.reading.grid[0]
    assert lines[6] == "confidence (%)"
    assert lines[-2].startswith("corners (TL TR BR BL): (")
    assert lines[-1].startswith("read in ")


def test_notes_name_the_photo(tray: app.PhotoReading) -> None:
    assert app.rendering.reading_notes(tray)[0] == f"read {TRAY}: 5x5 tray (reader onnx, dice set big)"


def test_overlay_draws_on_a_copy_at_any_scale(tray: app.PhotoReading) -> None:
    photo = np.full((tray.photo_size[1], tray.photo_size[0], 3), 90, dtype=np.uint8)
    small = photo[::2, ::2].copy()
    drawn = app.rendering.draw_reading(small, tray)
    assert drawn.shape == small.shape
    assert (small == 90).all()  # the image given is not drawn on
    changed = np.argwhere((drawn != 90).any(axis=2))
    corners = np.asarray(tray.reading.corners) / 2
    low, high = corners.min(axis=0), corners.max(axis=0)
    assert len(changed)
    # everything drawn lies on the tray's grid (x, y within its corners, give or take the lines)
    assert (changed[:, 1] >= low[0] - 6).all() and (changed[:, 1] <= high[0] + 6).all()
    assert (changed[:, 0] >= low[1] - 6).all() and (changed[:, 0] <= high[1] + 6).all()
    full = app.rendering.overlay(TRAY, tray, max_side=800)
    assert max(full.shape[:2]) == 800
