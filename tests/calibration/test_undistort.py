import cv2
import numpy as np
import pytest

from boardsight.calibration.camera import find_chessboard
from boardsight.calibration.camera_profile import CameraProfile
from boardsight.calibration.undistort import matrix_for_size, undistort, undistort_points
from boardsight.errors import BadInputError


@pytest.fixture(scope="module")
def true_profile(true_camera) -> CameraProfile:
    return CameraProfile("true", true_camera.image_size, true_camera.camera_matrix, true_camera.distortion)


def _pinhole_corners(pattern, pose, matrix) -> np.ndarray:
    projected, _ = cv2.projectPoints(pattern.object_points(), pose[0], pose[1], matrix, np.zeros(5))
    return projected.reshape(-1, 2)


def _match(found: np.ndarray, expected: np.ndarray) -> np.ndarray:
    if np.linalg.norm(found[0] - expected[0]) > np.linalg.norm(found[0] - expected[-1]):
        found = found[::-1]
    return np.linalg.norm(found - expected, axis=1)


def test_undistorted_photo_is_a_pinhole_photo(chessboard_views, poses, pattern, true_profile) -> None:
    """After undistortion the corners sit where a lens without distortion puts them."""
    straight = undistort(chessboard_views[0], true_profile)
    assert straight.shape == chessboard_views[0].shape
    found = find_chessboard(straight, pattern)
    assert found is not None
    errors = _match(found, _pinhole_corners(pattern, poses[0], true_profile.camera_matrix))
    assert np.median(errors) < 0.3
    assert errors.max() < 1.0
    # and the distorted photo does not (so the test can fail)
    raw = find_chessboard(chessboard_views[0], pattern)
    assert _match(raw, _pinhole_corners(pattern, poses[0], true_profile.camera_matrix)).max() > 2.0


def test_half_size_pictures_use_a_scaled_matrix(chessboard_views, poses, pattern, true_profile) -> None:
    small = cv2.resize(chessboard_views[1], (320, 240), interpolation=cv2.INTER_AREA)
    straight = undistort(small, true_profile)
    found = find_chessboard(straight, pattern)
    assert found is not None
    matrix = matrix_for_size(true_profile, (320, 240))
    assert np.median(_match(found, _pinhole_corners(pattern, poses[1], matrix))) < 0.3


def test_points_follow_the_pictures(chessboard_views, poses, pattern, true_profile) -> None:
    raw = find_chessboard(chessboard_views[2], pattern)
    moved = undistort_points(raw, true_profile, (640, 480))
    assert np.median(_match(moved, _pinhole_corners(pattern, poses[2], true_profile.camera_matrix))) < 0.3


def test_gray_pictures_stay_gray(true_profile) -> None:
    gray = np.full((480, 640), 90, np.uint8)
    assert undistort(gray, true_profile).shape == (480, 640)


def test_other_shape_is_refused(true_profile) -> None:
    with pytest.raises(BadInputError, match="another shape"):
        undistort(np.zeros((480, 480, 3), np.uint8), true_profile)
    with pytest.raises(BadInputError, match="expected an image"):
        undistort(np.zeros((5,), np.uint8), true_profile)
