"""The 3D game scene: a fixed camera, and tiles that look the same in every later frame."""

import numpy as np
import pytest

from boardsight.datasets.synth.game_scene import SceneRenderer, make_scene
from boardsight.vision.geometry import rectify


def rows_with(*tiles: tuple[int, int, str]) -> tuple[str, ...]:
    rows = [["."] * 15 for _ in range(15)]
    for row, col, token in tiles:
        rows[row][col] = token
    return tuple("".join(row) for row in rows)


@pytest.fixture(scope="module")
def scene():
    return make_scene(2, size=(480, 270))


def test_the_grid_is_in_the_picture(scene) -> None:
    corners = scene.grid_corners
    assert np.all(corners >= 0) and np.all(corners[:, 0] < 480) and np.all(corners[:, 1] < 270)
    assert corners[0, 1] < corners[3, 1] and corners[0, 0] < corners[1, 0]  # upright: TL above BL, left of TR


def test_tiles_already_laid_do_not_change(scene) -> None:
    render = SceneRenderer(scene)
    first = render(rows_with((7, 7, "Q"), (7, 8, "I")))
    second = render(rows_with((7, 7, "Q"), (7, 8, "I"), (6, 8, "H"), (8, 8, "?")))
    square = 16
    before = rectify(first, scene.grid_corners, 15 * square, 15 * square).astype(np.float32)
    after = rectify(second, scene.grid_corners, 15 * square, 15 * square).astype(np.float32)
    change = np.abs(after - before).mean(axis=2).reshape(15, square, 15, square).mean(axis=(1, 3))
    changed = {tuple(int(v) for v in cell) for cell in np.argwhere(change > 8)}
    assert {(6, 8), (8, 8)} <= changed
    assert changed <= {
        (6, 8),
        (8, 8),
        (5, 8),
        (7, 8),
        (9, 8),
        (6, 7),
        (6, 9),
        (8, 7),
        (8, 9),
    }  # tiles and their sides
    assert change[7, 7] < 8
