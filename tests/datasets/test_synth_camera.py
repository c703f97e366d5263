"""The synthetic camera: projection, orientation from above, framing."""

from __future__ import annotations

import math

import numpy as np
import pytest

from boardsight.datasets.synth.camera import Camera, frame_camera, look_at
from boardsight.datasets.synth.scene import Box, box_faces

SQUARE = np.array([[-50, 50, 0], [50, 50, 0], [50, -50, 0], [-50, -50, 0]], float)


def test_camera_straight_above_sees_north_up_and_east_right() -> None:
    rotation = look_at(np.array([0, 0, 500.0]), np.zeros(3), roll=0.0)
    camera = Camera(
        np.array([[1000, 0, 320], [0, 1000, 240], [0, 0, 1.0]]), rotation, np.array([0, 0, 500.0]), 640, 480
    )
    pix = camera.project(SQUARE)
    np.testing.assert_allclose(pix[0], [320 - 100, 240 - 100])  # north-west corner: top-left
    np.testing.assert_allclose(pix[2], [320 + 100, 240 + 100])
    np.testing.assert_allclose(camera.project(np.zeros((1, 3)))[0], [320, 240])


def test_roll_turns_the_image_about_the_optical_axis() -> None:
    centre = np.array([0, 0, 500.0])
    K = np.array([[1000, 0, 0], [0, 1000, 0], [0, 0, 1.0]])
    plain = Camera(K, look_at(centre, np.zeros(3), 0.0), centre, 640, 480).project(SQUARE)
    turned = Camera(K, look_at(centre, np.zeros(3), math.pi / 2), centre, 640, 480).project(SQUARE)
    np.testing.assert_allclose(np.linalg.norm(turned, axis=1), np.linalg.norm(plain, axis=1))
    assert not np.allclose(turned, plain)


@pytest.mark.parametrize("tilt", [0.0, 25.0, 45.0])
@pytest.mark.parametrize("fill", [0.2, 0.55, 0.9])
def test_frame_camera_fills_the_frame_as_asked(tilt: float, fill: float) -> None:
    box = Box(0, 0, 120, 120, -8, 18).corner_points()
    camera = frame_camera(
        box,
        1600,
        1200,
        tilt=math.radians(tilt),
        azimuth=1.0,
        roll=0.7,
        fill=fill,
        fov=math.radians(60),
        offset=(0.9, -0.9),
    )
    pix = camera.project(box)
    extent = np.ptp(pix, axis=0)
    assert max(extent[0] / 1600, extent[1] / 1200) == pytest.approx(fill, rel=0.02)
    assert pix.min() >= -0.5 and pix[:, 0].max() <= 1600.5 and pix[:, 1].max() <= 1200.5
    tilt_seen = math.degrees(math.acos(camera.R[2] @ np.array([0, 0, -1.0])))
    assert tilt_seen == pytest.approx(tilt, abs=1e-6)


def test_box_faces_have_outward_normals_and_upright_top() -> None:
    faces = box_faces(Box(10, 20, 4, 6, 0, 3))
    assert faces["top"][1] @ [0, 0, 1] == pytest.approx(1)
    assert faces["north"][1] @ [0, 1, 0] == pytest.approx(1)
    top = faces["top"][0]
    assert top[0][0] < top[1][0] and top[0][1] > top[3][1]  # north-west first, then north-east


@pytest.mark.parametrize("lean", [(0.0, 0.0), (0.3, -0.2)])
def test_turned_and_leaning_box_faces_have_outward_normals(lean: tuple[float, float]) -> None:
    box = Box(3, -2, 4, 6, 0, 3, yaw=0.7, lean_x=lean[0], lean_y=lean[1])
    corners = box.corner_points()
    centre = corners.mean(axis=0)
    assert np.linalg.norm(corners[4] - corners[0]) == pytest.approx(3)  # edges keep their length
    assert corners[:4].mean(axis=0) == pytest.approx([3, -2, 0])  # leans about the base's middle
    for quad, normal in box_faces(box, bottom=True).values():
        assert np.linalg.norm(normal) == pytest.approx(1)
        assert abs((quad[1] - quad[0]) @ normal) < 1e-9 and abs((quad[3] - quad[0]) @ normal) < 1e-9
        assert (quad.mean(axis=0) - centre) @ normal > 0
