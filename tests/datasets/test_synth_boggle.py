"""Synthetic Boggle photos: reproducible, with valid and exact labels."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from boardsight.boggle.dice import FACE_TOKENS, can_roll, load_dice_set
from boardsight.datasets import Label
from boardsight.datasets.synth.boggle import boggle_label, upright_order
from boardsight.datasets.synth.writer import SynthSpec, render_example

SMALL = (320, 320)


def _decode(jpeg: bytes) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)


def test_same_seed_and_index_make_identical_files() -> None:
    spec = SynthSpec("boggle", sizes=(4, 5, 6), width=SMALL)
    first = render_example(spec, 11, 3)
    again = render_example(spec, 11, 3)
    assert first[0] == again[0]
    assert first[1] == again[1]
    other = render_example(spec, 12, 3)
    assert other[0] != first[0]


@pytest.mark.parametrize("index", range(6))
def test_labels_are_valid_and_dice_are_distinct(index: int) -> None:
    spec = SynthSpec("boggle", sizes=(4, 5, 6), width=SMALL)
    jpeg, label = render_example(spec, 5, index)
    image = _decode(jpeg)
    height, width = image.shape[:2]
    assert width == 320
    size = label["rows"]
    assert label["game"] == "boggle" and label["cols"] == size and size in (4, 5, 6)
    grid = label["grid"]
    assert len(grid) == size and all(len(row) == size for row in grid)
    tokens = [token for row in grid for token in row]
    assert set(tokens) <= FACE_TOKENS
    assert can_roll(tokens, load_dice_set(label["synth"]["dice_set"]))
    corners = np.array(label["corners"])
    assert corners.shape == (4, 2)
    assert (corners >= 0).all() and (corners[:, 0] <= width).all() and (corners[:, 1] <= height).all()
    # clockwise (image y down) and convex
    edges = np.roll(corners, -1, axis=0) - corners
    turns = edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1] - edges[:, 1] * np.roll(edges, -1, axis=0)[:, 0]
    assert (turns > 0).all()
    # row 0 is the row nearest the image's top edge
    assert (corners[0, 1] + corners[1, 1]) <= min(corners[k, 1] + corners[(k + 1) % 4, 1] for k in range(4))
    assert Label.from_dict(label).grid == grid


def test_upright_order_turns_the_grid_with_its_corners() -> None:
    grid = [["A", "B"], ["C", "D"]]
    # the tray's own top-left corner shows at the image's bottom-left: turned a quarter clockwise
    corners = np.array([[0, 100], [0, 0], [100, 0], [100, 100]], float)
    assert upright_order(corners) == 1
    turned, ordered = boggle_label(grid, corners)
    assert ordered[0] == [0.0, 0.0]
    assert turned == [["B", "D"], ["A", "C"]]


def test_caption_and_lens_distortion_keep_corners_exact() -> None:
    from boardsight.datasets.synth.photo import caption, distort_points, lens_distortion

    rng = np.random.default_rng(0)
    image = np.full((300, 400, 3), 128, np.float32)
    corners = np.array([[150.0, 100.0], [250.0, 100.0], [250.0, 200.0], [150.0, 200.0]])
    for _ in range(5):
        captioned = caption(rng, image, corners)
        assert captioned.shape == image.shape
    ruler = np.zeros((300, 400, 3), np.float32)
    ruler[:, 250] = 255.0  # a bright column through the right-hand corners
    out, moved, k1 = lens_distortion(np.random.default_rng(3), ruler, corners, focal=300.0)
    assert k1 != 0.0
    np.testing.assert_allclose(moved, distort_points(corners, np.array([200.0, 150.0]), 300.0, k1))
    x, y = np.round(moved[1]).astype(int)
    assert out[y, x - 1 : x + 2, 0].max() > 100  # the bright column moved with the corner


def test_balanced_dice_cover_rare_faces() -> None:
    spec = SynthSpec("boggle", sizes=(6,), width=SMALL, balanced_dice=1.0)
    tokens: set[str] = set()
    for index in range(3):
        _jpeg, label = render_example(spec, 2, index)
        assert label["synth"]["dice_set"] == "balanced"
        tokens |= {token for row in label["grid"] for token in row}
    assert tokens <= FACE_TOKENS
    assert len(tokens) > 25  # 108 faces drawn evenly from 33 tokens
