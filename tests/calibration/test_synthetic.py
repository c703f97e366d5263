"""The test renderer must be right before it can judge the calibration."""

import cv2
import numpy as np

from boardsight.calibration.camera import find_chessboard
from boardsight.calibration.synthetic import distort_normalised, undistort_normalised


def test_lens_model_matches_opencv(true_camera) -> None:
    rng = np.random.default_rng(3)
    points = rng.uniform(-0.6, 0.6, size=(50, 3))
    points[:, 2] = 1.0
    projected, _ = cv2.projectPoints(points, np.zeros(3), np.zeros(3), np.eye(3), true_camera.distortion)
    np.testing.assert_allclose(
        distort_normalised(points[:, :2], true_camera.distortion), projected.reshape(-1, 2), atol=1e-12
    )


def test_undistortion_inverts_the_lens_model(true_camera) -> None:
    rng = np.random.default_rng(4)
    normalised = rng.uniform(-0.55, 0.55, size=(200, 2))
    distorted = distort_normalised(normalised, true_camera.distortion)
    matrix = true_camera.camera_matrix
    pixels = distorted * [matrix[0, 0], matrix[1, 1]] + [matrix[0, 2], matrix[1, 2]]
    np.testing.assert_allclose(
        undistort_normalised(pixels, matrix, true_camera.distortion), normalised, atol=1e-9
    )


def test_rendered_corners_sit_where_the_camera_projects_them(
    chessboard_views, poses, pattern, true_camera
) -> None:
    """Detected corners agree with an independent projection of the pattern to a fraction of a pixel."""
    for image, (rvec, tvec) in zip(chessboard_views[:3], poses[:3], strict=True):
        expected, _ = cv2.projectPoints(
            pattern.object_points(), rvec, tvec, true_camera.camera_matrix, true_camera.distortion
        )
        found = find_chessboard(image, pattern)
        assert found is not None
        expected = expected.reshape(-1, 2)
        if np.linalg.norm(found[0] - expected[0]) > np.linalg.norm(found[0] - expected[-1]):
            found = found[::-1]  # the detector may number the corners from the opposite end
        error = np.linalg.norm(found - expected, axis=1)
        assert np.median(error) < 0.15
        assert error.max() < 1.0
