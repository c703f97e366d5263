"""The rasteriser puts each texel where the camera projects its 3D point, and hides what is behind."""

from __future__ import annotations

import math

import numpy as np

from boardsight.datasets.synth.camera import frame_camera
from boardsight.datasets.synth.raster import Canvas, draw_faces
from boardsight.datasets.synth.scene import Face

QUAD = np.array([[-50, 50, 0], [50, 50, 0], [50, -50, 0], [-50, -50, 0]], float)
UP = np.array([0.0, 0.0, 1.0])


def _camera():
    return frame_camera(
        QUAD,
        640,
        480,
        tilt=math.radians(35),
        azimuth=0.4,
        roll=0.9,
        fill=0.7,
        fov=math.radians(60),
        offset=(0.2, -0.1),
    )


def _quadrant_texture() -> np.ndarray:
    texture = np.zeros((64, 64, 3), np.float32)
    texture[:32, :32] = (255, 0, 0)  # north-west: blue (BGR)
    texture[:32, 32:] = (0, 255, 0)  # north-east: green
    texture[32:, 32:] = (0, 0, 255)  # south-east: red
    texture[32:, :32] = (255, 255, 255)  # south-west: white
    return texture


def test_texels_land_where_their_points_project() -> None:
    camera = _camera()
    canvas = Canvas(np.zeros((480, 640, 3), np.float32))
    draw_faces(canvas, camera, [Face(QUAD, UP, texture=_quadrant_texture())])
    expected = {
        (-25, 25): (255, 0, 0),
        (25, 25): (0, 255, 0),
        (25, -25): (0, 0, 255),
        (-25, -25): (255, 255, 255),
    }
    for (x, y), colour in expected.items():
        px, py = np.round(camera.project(np.array([[x, y, 0.0]]))[0]).astype(int)
        np.testing.assert_allclose(canvas.color[py, px], colour, atol=1)
    # just outside each corner the background shows; just inside, the texture
    corners = camera.project(QUAD)
    centre = corners.mean(axis=0)
    for corner in corners:
        inside = np.round(corner + (centre - corner) * 0.03).astype(int)
        outside = np.round(corner - (centre - corner) * 0.03).astype(int)
        assert canvas.color[inside[1], inside[0]].max() > 200
        assert canvas.color[outside[1], outside[0]].max() == 0


def test_nearer_faces_hide_farther_ones_whatever_the_order() -> None:
    camera = _camera()
    low = Face(QUAD, UP, color=(255, 0, 0), owner=1)
    high = Face(QUAD * [0.4, 0.4, 1] + [0, 0, 20], UP, color=(0, 0, 255), owner=2)
    for order in ([low, high], [high, low]):
        canvas = Canvas(np.zeros((480, 640, 3), np.float32))
        draw_faces(canvas, camera, order)
        px, py = np.round(camera.project(np.array([[0.0, 0.0, 20.0]]))[0]).astype(int)
        assert canvas.owner[py, px] == 2
        np.testing.assert_allclose(canvas.color[py, px], (255, 0, 0), atol=1)  # RGB blue, stored as BGR


def test_faces_turned_away_are_not_drawn() -> None:
    camera = _camera()
    canvas = Canvas(np.zeros((480, 640, 3), np.float32))
    draw_faces(canvas, camera, [Face(QUAD[::-1].copy(), -UP, color=(255, 255, 255), owner=7)])
    assert not (canvas.owner == 7).any()
