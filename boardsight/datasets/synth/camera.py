"""A pinhole camera (K, R, t) that photographs the synthetic 3D scene.

World units are millimetres; the table is a horizontal plane and ``+z`` points up. Image
coordinates are pixels with ``y`` down. :func:`frame_camera` places a camera so that a
given object fills a chosen share of the frame at a chosen tilt and in-plane rotation.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Camera:
    """Intrinsics ``K`` (3x3), world-to-camera rotation ``R`` (3x3), centre ``C`` (3,), image size."""

    K: np.ndarray
    R: np.ndarray
    C: np.ndarray
    width: int
    height: int

    @functools.cached_property
    def K_inv(self) -> np.ndarray:
        """Inverse of the intrinsic matrix (pixel to ray)."""
        return np.linalg.inv(self.K)

    @property
    def t(self) -> np.ndarray:
        """Translation of the world origin in camera coordinates (``x_cam = R x + t``)."""
        return -self.R @ self.C

    def to_camera(self, points: np.ndarray) -> np.ndarray:
        """World points (N, 3) to camera coordinates (N, 3); ``z`` is the depth along the view."""
        return (np.asarray(points, dtype=np.float64) - self.C) @ self.R.T

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (N, 3) to pixel coordinates (N, 2)."""
        cam = self.to_camera(points)
        pix = cam @ self.K.T
        return pix[:, :2] / pix[:, 2:3]

    def plane_homography(self, z: float) -> np.ndarray:
        """3x3 homography from world ``(x, y, 1)`` on the plane at height ``z`` to pixels."""
        offset = self.R @ (np.array([0.0, 0.0, z]) - self.C)
        return self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], offset])


def look_at(centre: np.ndarray, target: np.ndarray, roll: float) -> np.ndarray:
    """Rotation whose optical axis runs from ``centre`` to ``target``, turned by ``roll`` radians.

    With no roll, world ``+y`` points up in the image (as seen from above).
    """
    forward = np.asarray(target, float) - np.asarray(centre, float)
    forward /= np.linalg.norm(forward)
    up = np.array([0.0, 1.0, 0.0])
    if abs(forward @ up) > 0.99:
        up = np.array([1.0, 0.0, 0.0])
    down = -(up - (up @ forward) * forward)
    down /= np.linalg.norm(down)
    right = np.cross(down, forward)
    cos_r, sin_r = math.cos(roll), math.sin(roll)
    right, down = cos_r * right + sin_r * down, -sin_r * right + cos_r * down
    return np.vstack([right, down, forward])


def frame_camera(
    points: np.ndarray,
    width: int,
    height: int,
    *,
    tilt: float,
    azimuth: float,
    roll: float,
    fill: float,
    fov: float,
    offset: tuple[float, float],
    target: np.ndarray | None = None,
) -> Camera:
    """A camera that sees ``points`` (N, 3) filling ``fill`` of the frame.

    ``tilt`` is the angle between the optical axis and the vertical, ``azimuth`` the
    direction the camera leans from, ``roll`` the in-plane rotation (all radians); ``fov``
    is the field of view across the longer image side. ``fill`` is the share of the frame
    that the points' bounding box covers along its tighter dimension. ``offset`` (each in
    [-1, 1]) moves the object from the centre towards the frame's edges, keeping it inside.
    """
    points = np.asarray(points, dtype=np.float64)
    if target is None:
        target = points.mean(axis=0)
    focal = (max(width, height) / 2) / math.tan(fov / 2)
    direction = np.array(
        [math.sin(tilt) * math.cos(azimuth), math.sin(tilt) * math.sin(azimuth), math.cos(tilt)]
    )
    size = float(np.ptp(points, axis=0).max())
    distance = size * focal / (fill * min(width, height))
    rotation = np.eye(3)
    K0 = np.array([[focal, 0, 0], [0, focal, 0], [0, 0, 1.0]])
    for _ in range(4):
        centre = target + distance * direction
        rotation = look_at(centre, target, roll)
        pix = Camera(K0, rotation, centre, width, height).project(points)
        extent = np.ptp(pix, axis=0)
        actual = max(extent[0] / width, extent[1] / height)
        distance *= actual / fill
    centre = target + distance * direction
    pix = Camera(K0, rotation, centre, width, height).project(points)
    low, high = pix.min(axis=0), pix.max(axis=0)
    shifts = []
    for axis, size_px in enumerate((width, height)):
        lo = -low[axis]
        hi = size_px - high[axis]
        middle = (lo + hi) / 2
        half = max(0.0, (hi - lo) / 2)
        shifts.append(middle + offset[axis] * half)
    K = np.array([[focal, 0, shifts[0]], [0, focal, shifts[1]], [0, 0, 1.0]])
    return Camera(K, rotation, centre, width, height)
