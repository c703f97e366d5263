import numpy as np
import pytest

from boardsight.calibration.camera import (
    PatternNotFoundError,
    TooFewViewsError,
    calibrate_camera,
    calibrate_from_arrays,
)
from boardsight.calibration.pattern import ChessboardPattern
from boardsight.errors import BadInputError


@pytest.fixture(scope="module")
def solved(chessboard_views, pattern):
    return calibrate_from_arrays(chessboard_views, pattern)


def test_focal_length_within_two_percent(solved, true_camera) -> None:
    true_focal = true_camera.camera_matrix[0, 0]
    for focal in solved.focal_px:
        assert abs(focal - true_focal) / true_focal < 0.02


def test_reprojection_error_under_half_a_pixel(solved) -> None:
    assert solved.rms_error_px < 0.5
    assert len(solved.view_errors_px) == 10
    assert max(solved.view_errors_px.values()) < 0.5


def test_principal_point_and_distortion_recovered(solved, true_camera) -> None:
    np.testing.assert_allclose(solved.principal_point, true_camera.camera_matrix[:2, 2], atol=4.0)
    assert solved.distortion[0] == pytest.approx(true_camera.distortion[0], abs=0.03)


def test_a_photo_without_the_pattern_is_left_out(chessboard_views, pattern) -> None:
    blank = np.full_like(chessboard_views[0], 128)
    views = [("blank.png", blank)] + [
        (f"v{index}", image) for index, image in enumerate(chessboard_views[:6])
    ]
    solved = calibrate_camera(views, pattern)
    assert solved.rejected == {"blank.png": "no chessboard found"}
    assert len(solved.view_errors_px) == 6


def test_no_pattern_in_any_image_is_one_line(pattern) -> None:
    blanks = [np.full((240, 320, 3), 128, np.uint8)] * 6
    with pytest.raises(PatternNotFoundError) as caught:
        calibrate_from_arrays(blanks, pattern)
    assert "no 9x6 chessboard found in any of the 6" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_wrong_grid_finds_nothing(chessboard_views) -> None:
    with pytest.raises(PatternNotFoundError, match="11x8"):
        calibrate_from_arrays(chessboard_views[:5], ChessboardPattern(11, 8, 25))


def test_too_few_views(chessboard_views, pattern) -> None:
    with pytest.raises(TooFewViewsError, match="found in only 3 of 3") as caught:
        calibrate_from_arrays(chessboard_views[:3], pattern)
    assert "\n" not in str(caught.value)


def test_no_views_at_all(pattern) -> None:
    with pytest.raises(TooFewViewsError, match="no images"):
        calibrate_from_arrays([], pattern)


def test_mixed_sizes_are_refused(chessboard_views, pattern) -> None:
    small = chessboard_views[1][:240, :320]
    with pytest.raises(BadInputError, match="one size"):
        calibrate_camera([("a", chessboard_views[0]), ("b", small)], pattern)
