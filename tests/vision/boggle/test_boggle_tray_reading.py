from pathlib import Path

import numpy as np
import pytest

from boardsight.vision.boggle import tray_reading
from boardsight.vision.boggle.onnx_reader import CnnCells, cube_classifier
from boardsight.vision.boggle.tray_finder import TrayLocation
from boardsight.vision.boggle.tray_reading import (
    FULL_READ_MAX_SIDE,
    READ_MAX_SIDE,
    RETRY_MAX_SIDE,
    cells_image,
    locate_tray,
)
from boardsight.vision.reading import read_photo


def _grid(side: float) -> np.ndarray:
    """The corners (TL, TR, BR, BL) of a square grid ``side`` px wide at (10, 10)."""
    return np.array([[10, 10], [10 + side, 10], [10 + side, 10 + side], [10, 10 + side]], dtype=np.float64)


def test_cells_are_cut_from_the_image_when_they_have_the_input_size_there() -> None:
    image = np.zeros((600, 800, 3), np.uint8)

    def no_larger(long_side: int) -> tuple[np.ndarray, float]:
        raise AssertionError("no larger decode is needed")

    view, corners = cells_image(image, _grid(210), 5, 40, no_larger)  # cells of 42 px
    assert view is image
    np.testing.assert_array_equal(corners, _grid(210))


def test_small_cells_are_cut_from_a_larger_decode() -> None:
    image = np.zeros((300, 400, 3), np.uint8)
    asked = []

    def larger(long_side: int) -> tuple[np.ndarray, float]:
        asked.append(long_side)
        return np.zeros((600, 800, 3), np.uint8), 2.0

    view, corners = cells_image(image, _grid(100), 5, 40, larger)  # cells of 20 px: twice as many needed
    assert len(asked) == 1 and 800 <= asked[0] <= 801 and view.shape == (600, 800, 3)
    np.testing.assert_allclose(corners, (_grid(100) + 0.5) * 2 - 0.5)
    cells_image(image, _grid(25), 5, 40, larger)  # 5 px: eight times as many, but no more than ...
    assert asked[-1] == FULL_READ_MAX_SIDE == 1600
    view, _ = cells_image(image, _grid(100), 5, 40)  # and without a way to decode larger, the image
    assert view is image


def test_the_second_look_at_a_partly_seen_tray_asks_for_a_larger_decode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A grid seen only in part at 800 px is looked for again at 1600 px in a larger decode
    (the image handed is the photo at a quarter), and its corners come back in the image's pixels."""
    image = np.zeros((600, 800, 3), np.uint8)
    asked, searched = [], []

    def larger(long_side: int) -> tuple[np.ndarray, float]:
        asked.append(long_side)
        return np.zeros((1200, 1600, 3), np.uint8), 2.0

    def find(small: np.ndarray, sizes: tuple[int, ...]) -> TrayLocation:
        searched.append(small.shape[:2])
        seen = 16 if small.shape[1] == 800 else 36  # the first look cuts out few cubes
        return TrayLocation(_grid(2 * small.shape[1] / 8), 6, "lattice", seen)

    monkeypatch.setattr(tray_reading, "find_tray", find)
    location = locate_tray(image, larger=larger)
    assert asked == [RETRY_MAX_SIDE] and searched == [(600, 800), (1200, 1600)]
    assert location.detected_cells == 36
    np.testing.assert_allclose(location.corners, (_grid(400) + 0.5) / 2 - 0.5)
    searched.clear()
    assert locate_tray(image).detected_cells == 16  # without a larger decode: the first look
    assert searched == [(600, 800)]


def test_a_large_photo_is_read_from_a_quarter_size_decode(tmp_path: Path) -> None:
    """A 3200 px photo is decoded at a quarter to find its tray; its cells are cut there
    when they are large enough, else from a larger decode; either way every cell is read."""
    from boardsight.datasets.synth import SynthSpec, render_example

    spec = SynthSpec("boggle", sizes=(4, 5, 6), width=(3200, 3200), fonts="holdout")
    for index in (0, 3):
        jpeg, label = render_example(spec, 11, index)
        path = tmp_path / f"tray{index}.jpg"
        path.write_bytes(jpeg)
        reading = read_photo(path, game="boggle", max_side=READ_MAX_SIDE)
        assert reading.grid == label["grid"]
        truth = np.array(label["corners"])
        diagonal = np.linalg.norm(truth[0] - truth[2])
        assert np.linalg.norm(reading.corners - truth, axis=1).max() < 0.02 * diagonal


def test_a_large_decode_is_looked_at_first_halved_and_the_tray_kept_when_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 1000 px decode is searched at 500 px first; a lattice holding most of its cubes is
    kept (corners in the decode's pixels), anything less is looked for at 800 px as before."""
    image = np.zeros((750, 1000, 3), np.uint8)
    searched = []
    found = {"method": "lattice", "seen": 30}

    def find(small: np.ndarray, sizes: tuple[int, ...]) -> TrayLocation:
        searched.append(small.shape[:2])
        return TrayLocation(_grid(small.shape[1] / 4), 6, found["method"], found["seen"])

    monkeypatch.setattr(tray_reading, "find_tray", find)
    location = locate_tray(image)
    assert searched == [(375, 500)]
    np.testing.assert_allclose(location.corners, (_grid(125) + 0.5) * 2 - 0.5)
    for method, seen in (("lattice", 20), ("outline", 0)):  # few cubes cut out, or no lattice
        found.update(method=method, seen=seen)
        searched.clear()
        assert locate_tray(image).method == method
        assert searched == [(375, 500), (600, 800)]
    searched.clear()
    locate_tray(np.zeros((600, 900, 3), np.uint8))  # halved it would be below 480 px: as before
    assert searched == [(533, 800)]


def test_cells_are_cut_where_they_have_the_pixels_the_reader_asks_for() -> None:
    """The CNN's cells of 32 px (its input is 40) are cut from the image, not a larger decode."""

    class Cells:
        class_names = ("A",)
        margin = 0.0
        cell_px = 40
        source_px = 30

        def probabilities(self, crops) -> np.ndarray:
            assert all(crop.shape[:2] == (40, 40) for crop in crops)
            return np.ones((len(crops), 1))

    def no_larger(long_side: int) -> tuple[np.ndarray, float]:
        raise AssertionError("no larger decode is needed")

    location = TrayLocation(_grid(160), 5, "lattice", 25)  # cells of 32 px
    image = np.zeros((600, 800, 3), np.uint8)
    assert tray_reading.read_cells(image, location, Cells(), no_larger).shape == (25, 1)
    assert CnnCells(cube_classifier()).source_px == 30
