"""Remove lens distortion from pictures with a camera profile (what ``--camera-profile`` does).

The undistorted picture keeps the camera matrix, so straight lines come out straight
and pixel scales stay as they were; the remap tables are computed once per profile
and picture size and reused, so undistorting a video costs one ``cv2.remap`` a frame.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from boardsight.calibration.camera_profile import CameraProfile
from boardsight.errors import BadInputError

_ASPECT_TOLERANCE = 0.01


def matrix_for_size(profile: CameraProfile, size: tuple[int, int]) -> np.ndarray:
    """The profile's camera matrix for pictures of ``size`` (width, height), scaled from its own size.

    Raises :class:`BadInputError` when the aspect ratio differs (a cropped picture cannot be mapped).
    """
    width, height = size
    base_width, base_height = profile.image_size
    scale_x, scale_y = width / base_width, height / base_height
    if abs(scale_x - scale_y) > _ASPECT_TOLERANCE * max(scale_x, scale_y):
        raise BadInputError(
            f"camera profile {profile.name!r} was calibrated at {base_width}x{base_height}; "
            f"a {width}x{height} picture has another shape (cropped?), so it cannot be undistorted"
        )
    matrix = profile.camera_matrix.copy()
    # pixel centres sit at integer coordinates, so scale about the half-pixel offset
    matrix[0, 0] *= scale_x
    matrix[1, 1] *= scale_y
    matrix[0, 2] = (matrix[0, 2] + 0.5) * scale_x - 0.5
    matrix[1, 2] = (matrix[1, 2] + 0.5) * scale_y - 0.5
    return matrix


@lru_cache(maxsize=8)
def _maps(key: tuple, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    matrix = np.array(key[0], dtype=np.float64).reshape(3, 3)
    distortion = np.array(key[1], dtype=np.float64)
    return cv2.initUndistortRectifyMap(matrix, distortion, None, matrix, (width, height), cv2.CV_16SC2)


def _key(profile: CameraProfile, size: tuple[int, int]) -> tuple:
    matrix = matrix_for_size(profile, size)
    return (tuple(matrix.ravel().tolist()), tuple(profile.distortion.tolist()))


def undistort(image: np.ndarray, profile: CameraProfile) -> np.ndarray:
    """``image`` (H, W[, C]) as a distortion-free camera with the same matrix would have taken it."""
    if image.ndim not in (2, 3) or image.shape[0] < 2 or image.shape[1] < 2:
        raise BadInputError(f"expected an image, got an array of shape {image.shape}")
    height, width = image.shape[:2]
    map_xy, map_fine = _maps(_key(profile, (width, height)), width, height)
    return cv2.remap(image, map_xy, map_fine, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)


def undistort_points(points: np.ndarray, profile: CameraProfile, size: tuple[int, int]) -> np.ndarray:
    """Where pixels ``points`` (N, 2) of a ``size`` picture land in its undistorted version."""
    matrix = matrix_for_size(profile, size)
    source = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
    criteria = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 30, 1e-8)
    moved = cv2.undistortPoints(source, matrix, profile.distortion, R=None, P=matrix, criteria=criteria)
    return moved.reshape(-1, 2)
