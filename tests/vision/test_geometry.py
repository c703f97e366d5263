import numpy as np
import pytest

from boardsight.errors import BadInputError
from boardsight.vision.geometry import (
    cell_crops,
    grid_points,
    order_corners,
    quad_diagonal,
    rectify,
    rotate_corners,
)

SQUARE = np.array([[10, 20], [110, 20], [110, 120], [10, 120]], dtype=np.float32)


@pytest.mark.parametrize("shift", range(4))
def test_order_corners_from_any_start(shift: int) -> None:
    shuffled = np.roll(SQUARE, shift, axis=0)[::-1]
    np.testing.assert_allclose(order_corners(shuffled), SQUARE)


def test_order_corners_of_a_turned_quad() -> None:
    turned = np.array([[60, 0], [120, 60], [60, 120], [0, 60]], dtype=np.float32)
    ordered = order_corners(turned[[2, 0, 3, 1]])
    assert ordered[0].sum() == min(p.sum() for p in turned)
    # clockwise in image coordinates: cross product of consecutive edges is positive
    edge_a, edge_b = ordered[1] - ordered[0], ordered[2] - ordered[1]
    assert edge_a[0] * edge_b[1] - edge_a[1] * edge_b[0] > 0


def test_rotate_corners_cycles() -> None:
    np.testing.assert_allclose(rotate_corners(SQUARE, 4), SQUARE)
    np.testing.assert_allclose(rotate_corners(SQUARE, 1)[0], SQUARE[1])


def test_bad_corners() -> None:
    with pytest.raises(BadInputError):
        order_corners([[0, 0], [1, 1]])


def test_grid_points_of_an_axis_aligned_square() -> None:
    points = grid_points(SQUARE, rows=4, cols=5)
    assert points.shape == (5, 6, 2)
    np.testing.assert_allclose(points[0, 0], [10, 20], atol=1e-4)
    np.testing.assert_allclose(points[4, 5], [110, 120], atol=1e-4)
    np.testing.assert_allclose(points[2, 0], [10, 70], atol=1e-4)


def test_rectify_and_crop() -> None:
    image = np.zeros((200, 200, 3), dtype=np.uint8)
    image[20:70, 10:60] = 255  # the top-left quarter of the square is white
    flat = rectify(image, SQUARE, 100, 100)
    crops = cell_crops(flat, 2, 2)
    assert crops[0][0].mean() > 200 and crops[1][1].mean() < 10
    assert crops[0][1].shape == (50, 50, 3)


def test_quad_diagonal() -> None:
    assert quad_diagonal(SQUARE) == pytest.approx(100 * np.sqrt(2))
