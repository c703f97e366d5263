"""Camera intrinsics and lens distortion from photos of a chessboard (OpenCV's method).

1. Find the chessboard's inner corners in each photo: the sector-based detector
   (``findChessboardCornersSB``), which is accurate to a fraction of a pixel, with the
   classic detector plus corner refinement as a fallback.
2. Solve for the camera matrix and five distortion coefficients with Zhang's method
   (``calibrateCamera``), with the principal point free.
3. Drop views whose reprojection error stands far above the others (a blurred or
   misdetected photo) and solve again; report the RMS reprojection error in pixels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from boardsight.calibration.pattern import ChessboardPattern
from boardsight.errors import BadInputError

MIN_VIEWS = 5
OUTLIER_FACTOR = 3.0
OUTLIER_FLOOR_PX = 1.0
_SB_FLAGS = cv2.CALIB_CB_NORMALIZE_IMAGE | cv2.CALIB_CB_EXHAUSTIVE | cv2.CALIB_CB_ACCURACY
_CLASSIC_FLAGS = cv2.CALIB_CB_ADAPTIVE_THRESH | cv2.CALIB_CB_NORMALIZE_IMAGE
_SUBPIX_CRITERIA = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 50, 1e-4)
_CALIBRATE_CRITERIA = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 100, 1e-10)


class PatternNotFoundError(BadInputError):
    """No view shows the calibration pattern."""


class TooFewViewsError(BadInputError):
    """The pattern was found in too few views to solve for the camera."""


@dataclass
class CameraCalibration:
    """The solved camera: ``camera_matrix`` (3x3), ``distortion`` (k1, k2, p1, p2, k3), errors in px."""

    image_size: tuple[int, int]  # (width, height)
    camera_matrix: np.ndarray
    distortion: np.ndarray
    rms_error_px: float
    view_errors_px: dict[str, float]
    rejected: dict[str, str] = field(default_factory=dict)  # view name -> why it was left out

    @property
    def focal_px(self) -> tuple[float, float]:
        return float(self.camera_matrix[0, 0]), float(self.camera_matrix[1, 1])

    @property
    def principal_point(self) -> tuple[float, float]:
        return float(self.camera_matrix[0, 2]), float(self.camera_matrix[1, 2])


def to_gray(image: np.ndarray) -> np.ndarray:
    """An 8-bit single-channel copy of a gray, BGR or BGRA image."""
    if image.ndim == 2:
        return image
    if image.ndim == 3 and image.shape[2] == 3:
        return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2GRAY)
    raise BadInputError(f"expected a gray or colour image, got an array of shape {image.shape}")


def find_chessboard(image: np.ndarray, pattern: ChessboardPattern) -> np.ndarray | None:
    """The inner corners of ``pattern`` in ``image`` as (N, 2) float32 pixels, or ``None``.

    Corners come row by row as :meth:`ChessboardPattern.object_points` lists them.
    """
    gray = to_gray(image)
    found, corners = cv2.findChessboardCornersSB(gray, pattern.size, flags=_SB_FLAGS)
    if not found:
        found, corners = cv2.findChessboardCorners(gray, pattern.size, flags=_CLASSIC_FLAGS)
        if not found:
            return None
        corners = cv2.cornerSubPix(gray, corners, (5, 5), (-1, -1), _SUBPIX_CRITERIA)
    return np.asarray(corners, dtype=np.float32).reshape(-1, 2)


def _solve(
    object_points: np.ndarray, detections: dict[str, np.ndarray], image_size: tuple[int, int]
) -> tuple[float, np.ndarray, np.ndarray, dict[str, float]]:
    names = list(detections)
    objects = [object_points] * len(names)
    images = [detections[name].reshape(-1, 1, 2) for name in names]
    rms, matrix, distortion, rvecs, tvecs = cv2.calibrateCamera(
        objects, images, image_size, None, None, criteria=_CALIBRATE_CRITERIA
    )
    errors = {}
    for name, rvec, tvec in zip(names, rvecs, tvecs, strict=True):
        projected, _ = cv2.projectPoints(object_points, rvec, tvec, matrix, distortion)
        residual = projected.reshape(-1, 2) - detections[name]
        errors[name] = float(np.sqrt(np.mean(np.sum(residual**2, axis=1))))
    return float(rms), matrix, distortion.reshape(-1)[:5], errors


def calibrate_camera(
    views: Iterable[tuple[str, np.ndarray]],
    pattern: ChessboardPattern,
    *,
    min_views: int = MIN_VIEWS,
) -> CameraCalibration:
    """Solve for the camera that took ``views`` (``(name, image)`` pairs) of ``pattern``.

    Raises :class:`PatternNotFoundError` when no view shows the pattern and
    :class:`TooFewViewsError` when fewer than ``min_views`` do.
    """
    detections: dict[str, np.ndarray] = {}
    rejected: dict[str, str] = {}
    image_size: tuple[int, int] | None = None
    first_name = ""
    total = 0
    for name, image in views:
        total += 1
        size = (int(image.shape[1]), int(image.shape[0]))
        if image_size is None:
            image_size, first_name = size, name
        elif size != image_size:
            raise BadInputError(
                f"{name} is {size[0]}x{size[1]} but {first_name} is {image_size[0]}x{image_size[1]}: "
                "calibrate with photos of one size from one camera setting"
            )
        corners = find_chessboard(image, pattern)
        if corners is None:
            rejected[name] = "no chessboard found"
        else:
            detections[name] = corners
    grid = f"{pattern.cols}x{pattern.rows}"
    if total == 0:
        raise TooFewViewsError("no images to calibrate from")
    if not detections:
        raise PatternNotFoundError(
            f"no {grid} chessboard found in any of the {total} image(s) "
            "(--grid counts inner corners: a board of 10x7 squares is 9x6)"
        )
    if len(detections) < min_views:
        raise TooFewViewsError(
            f"the {grid} chessboard was found in only {len(detections)} of {total} image(s); "
            f"calibration needs at least {min_views} views from different angles"
        )
    assert image_size is not None
    object_points = pattern.object_points()
    rms, matrix, distortion, errors = _solve(object_points, detections, image_size)
    typical = float(np.median(list(errors.values())))
    limit = max(OUTLIER_FLOOR_PX, OUTLIER_FACTOR * typical)
    outliers = [name for name, error in errors.items() if error > limit]
    if outliers and len(detections) - len(outliers) >= min_views:
        for name in outliers:
            rejected[name] = f"reprojection error {errors[name]:.2f} px, far above the others"
            del detections[name]
        rms, matrix, distortion, errors = _solve(object_points, detections, image_size)
    return CameraCalibration(image_size, matrix, distortion, rms, errors, rejected)


def calibrate_from_arrays(
    images: Sequence[np.ndarray], pattern: ChessboardPattern, *, min_views: int = MIN_VIEWS
) -> CameraCalibration:
    """:func:`calibrate_camera` for unnamed images (named ``view 1``, ``view 2``, ...)."""
    return calibrate_camera(
        ((f"view {index + 1}", image) for index, image in enumerate(images)), pattern, min_views=min_views
    )
