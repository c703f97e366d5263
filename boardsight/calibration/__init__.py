"""Camera calibration: lens intrinsics and distortion, and where a fixed camera sees the board.

>>> from boardsight.calibration import load_camera_profile, undistort  # doctest: +SKIP
>>> straight = undistort(photo, load_camera_profile("club-webcam"))     # doctest: +SKIP

Profiles are JSON files in the user's config folder (see :mod:`.profiles`).
"""

from boardsight.calibration.camera import (
    CameraCalibration,
    PatternNotFoundError,
    TooFewViewsError,
    calibrate_camera,
    find_chessboard,
)
from boardsight.calibration.camera_profile import CameraProfile, load_camera_profile, save_camera_profile
from boardsight.calibration.pattern import ChessboardPattern, make_pattern, parse_grid
from boardsight.calibration.profiles import ProfileExistsError, config_dir, list_profiles
from boardsight.calibration.undistort import undistort, undistort_points

__all__ = [
    "CameraCalibration",
    "CameraProfile",
    "ChessboardPattern",
    "PatternNotFoundError",
    "ProfileExistsError",
    "TooFewViewsError",
    "calibrate_camera",
    "config_dir",
    "find_chessboard",
    "list_profiles",
    "load_camera_profile",
    "make_pattern",
    "parse_grid",
    "save_camera_profile",
    "undistort",
    "undistort_points",
]
