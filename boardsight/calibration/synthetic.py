"""Render photos of a planar chessboard through a known camera, for tests and demos.

Each output pixel is traced back to the board's plane: its position is undistorted
with the camera's own model (so the lens distortion is exact, not approximated), the
ray is intersected with the plane z = 0, and the chessboard is sampled there with a
box filter as wide as the pixel's footprint (an analytic anti-aliasing of the square
wave). Because the true camera is known, a calibration can be checked against it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.calibration.pattern import ChessboardPattern

PAPER_MARGIN_SQUARES = 0.8
_PAPER = 235.0
_DARK = 25.0
_TABLE = 110.0


@dataclass(frozen=True)
class SyntheticCamera:
    """A pinhole camera with OpenCV's five-coefficient distortion, and its image size."""

    camera_matrix: np.ndarray
    distortion: np.ndarray
    image_size: tuple[int, int]  # (width, height)

    @classmethod
    def simple(
        cls,
        width: int,
        height: int,
        focal_px: float,
        distortion: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0, 0.0),
    ) -> SyntheticCamera:
        """Square pixels, principal point a little off centre, as real webcams have."""
        matrix = np.array(
            [[focal_px, 0.0, width / 2 + 3.5], [0.0, focal_px, height / 2 - 2.5], [0.0, 0.0, 1.0]]
        )
        return cls(matrix, np.asarray(distortion, dtype=np.float64), (width, height))


def _triangle(u: np.ndarray) -> np.ndarray:
    """The integral of the +1/-1 square wave of period 2 (a triangle wave between 0 and 1)."""
    return 1.0 - np.abs(np.mod(u, 2.0) - 1.0)


def _filtered_square_wave(u: np.ndarray, width: np.ndarray) -> np.ndarray:
    """The square wave (+1 on [0, 1), -1 on [1, 2)) averaged over a box ``width`` wide."""
    width = np.maximum(width, 1e-3)
    return (_triangle(u + width / 2) - _triangle(u - width / 2)) / width


def _filtered_inside(u: np.ndarray, low: float, high: float, width: np.ndarray) -> np.ndarray:
    """The share of a box ``width`` wide centred on ``u`` that lies inside [low, high]."""
    width = np.maximum(width, 1e-3)
    left = np.clip((u + width / 2 - low) / width, 0.0, 1.0)
    right = np.clip((high - (u - width / 2)) / width, 0.0, 1.0)
    return np.minimum(left, right)


def distort_normalised(points: np.ndarray, distortion: np.ndarray) -> np.ndarray:
    """Apply the Brown-Conrady model (k1, k2, p1, p2, k3) to normalised points of shape (N, 2)."""
    k1, k2, p1, p2, k3 = (list(np.ravel(distortion)) + [0.0] * 5)[:5]
    x, y = points[:, 0], points[:, 1]
    r2 = x * x + y * y
    radial = 1 + k1 * r2 + k2 * r2 * r2 + k3 * r2 * r2 * r2
    x_out = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
    y_out = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
    return np.column_stack([x_out, y_out])


def undistort_normalised(pixels: np.ndarray, camera_matrix: np.ndarray, distortion: np.ndarray) -> np.ndarray:
    """Invert the lens model for pixels of shape (N, 2): normalised undistorted points (N, 2).

    Newton's method on the forward model, with a numerical Jacobian; it converges to
    well under 1e-6 px for the moderate distortions of webcams.
    """
    fx, fy, cx, cy = camera_matrix[0, 0], camera_matrix[1, 1], camera_matrix[0, 2], camera_matrix[1, 2]
    target = np.column_stack([(pixels[:, 0] - cx) / fx, (pixels[:, 1] - cy) / fy])
    estimate = target.copy()
    step = 1e-7
    for _ in range(20):
        residual = distort_normalised(estimate, distortion) - target
        if np.max(np.abs(residual)) < 1e-12:
            break
        d_dx = (distort_normalised(estimate + np.array([step, 0.0]), distortion) - target - residual) / step
        d_dy = (distort_normalised(estimate + np.array([0.0, step]), distortion) - target - residual) / step
        det = d_dx[:, 0] * d_dy[:, 1] - d_dy[:, 0] * d_dx[:, 1]
        estimate = estimate - np.column_stack(
            [
                (d_dy[:, 1] * residual[:, 0] - d_dy[:, 0] * residual[:, 1]) / det,
                (-d_dx[:, 1] * residual[:, 0] + d_dx[:, 0] * residual[:, 1]) / det,
            ]
        )
    return estimate


def board_plane_coordinates(
    camera: SyntheticCamera, rvec: np.ndarray, tvec: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every pixel, where its ray meets the plane z = 0: ``(x, y, valid)``, each (H, W)."""
    width, height = camera.image_size
    us, vs = np.meshgrid(np.arange(width, dtype=np.float64), np.arange(height, dtype=np.float64))
    pixels = np.stack([us.ravel(), vs.ravel()], axis=1)
    normalised = undistort_normalised(pixels.reshape(-1, 2), camera.camera_matrix, camera.distortion)
    rotation, _ = cv2.Rodrigues(np.asarray(rvec, dtype=np.float64))
    translation = np.asarray(tvec, dtype=np.float64).reshape(3)
    centre = -rotation.T @ translation
    rays = np.column_stack([normalised, np.ones(len(normalised))]) @ rotation  # rotation.T @ ray, row-wise
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = -centre[2] / rays[:, 2]
    valid = np.isfinite(scale) & (scale > 0)
    scale = np.where(valid, scale, 0.0)
    plane_x = centre[0] + scale * rays[:, 0]
    plane_y = centre[1] + scale * rays[:, 1]
    shape = (height, width)
    return plane_x.reshape(shape), plane_y.reshape(shape), valid.reshape(shape)


def render_chessboard(
    pattern: ChessboardPattern,
    camera: SyntheticCamera,
    rvec: np.ndarray,
    tvec: np.ndarray,
    *,
    noise: float = 2.0,
    seed: int = 0,
) -> np.ndarray:
    """A BGR photo (H, W, 3) of ``pattern`` posed by ``rvec``/``tvec`` (board -> camera, in mm)."""
    plane_x, plane_y, valid = board_plane_coordinates(camera, rvec, tvec)
    u = plane_x / pattern.square_mm  # board plane in squares; inner corners at integers
    v = plane_y / pattern.square_mm
    du = np.abs(np.gradient(u, axis=1)) + np.abs(np.gradient(u, axis=0))
    dv = np.abs(np.gradient(v, axis=1)) + np.abs(np.gradient(v, axis=0))
    du = np.where(np.isfinite(du), du, 1.0)
    dv = np.where(np.isfinite(dv), dv, 1.0)
    # clamped to the squares, so the outermost squares run on into the paper without a seam
    u_in = np.clip(u, -0.999, pattern.cols - 0.001)
    v_in = np.clip(v, -0.999, pattern.rows - 0.001)
    checker = _filtered_square_wave(u_in, du) * _filtered_square_wave(v_in, dv)
    inside_squares = _filtered_inside(u, -1, pattern.cols, du) * _filtered_inside(v, -1, pattern.rows, dv)
    margin = 1 + PAPER_MARGIN_SQUARES
    on_paper = _filtered_inside(u, -margin, pattern.cols - 1 + margin, du) * _filtered_inside(
        v, -margin, pattern.rows - 1 + margin, dv
    )
    squares = _PAPER + (_DARK - _PAPER) * (0.5 + 0.5 * checker)
    paper = _PAPER + inside_squares * (squares - _PAPER)
    gray = _TABLE + on_paper * (paper - _TABLE)
    gray = np.where(valid, gray, _TABLE)
    rng = np.random.default_rng(seed)
    # a soft light falling off across the frame, and sensor noise
    height, width = gray.shape
    ramp = np.linspace(0.85, 1.05, width)[None, :] * np.linspace(1.0, 0.92, height)[:, None]
    gray = gray * ramp + rng.normal(0.0, noise, gray.shape)
    image = np.clip(gray, 0, 255).astype(np.uint8)
    return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)


def look_at_pose(
    pattern: ChessboardPattern, distance_mm: float, tilt_x_deg: float, tilt_y_deg: float, roll_deg: float
) -> tuple[np.ndarray, np.ndarray]:
    """A pose that keeps the board's centre on the optical axis, seen from the given tilts."""
    centre = np.array([(pattern.cols - 1) / 2, (pattern.rows - 1) / 2, 0.0]) * pattern.square_mm
    angles = np.radians([tilt_x_deg, tilt_y_deg, roll_deg])
    rot_x, _ = cv2.Rodrigues(np.array([angles[0], 0.0, 0.0]))
    rot_y, _ = cv2.Rodrigues(np.array([0.0, angles[1], 0.0]))
    rot_z, _ = cv2.Rodrigues(np.array([0.0, 0.0, angles[2]]))
    rotation = rot_x @ rot_y @ rot_z
    translation = np.array([0.0, 0.0, distance_mm]) - rotation @ centre
    rvec, _ = cv2.Rodrigues(rotation)
    return rvec.reshape(3), translation


def paper_corners(pattern: ChessboardPattern) -> np.ndarray:
    """The four corners of the printed sheet on the board's plane, in mm, shape (4, 3)."""
    margin = (1 + PAPER_MARGIN_SQUARES) * pattern.square_mm
    right = (pattern.cols - 1) * pattern.square_mm + margin
    bottom = (pattern.rows - 1) * pattern.square_mm + margin
    return np.array([[-margin, -margin, 0], [right, -margin, 0], [right, bottom, 0], [-margin, bottom, 0]])


def in_frame(
    pattern: ChessboardPattern,
    camera: SyntheticCamera,
    rvec: np.ndarray,
    tvec: np.ndarray,
    margin_px: float = 8,
) -> bool:
    """True when the whole sheet lies inside the picture, ``margin_px`` from its edges."""
    projected, _ = cv2.projectPoints(
        paper_corners(pattern), rvec, tvec, camera.camera_matrix, camera.distortion
    )
    points = projected.reshape(-1, 2)
    width, height = camera.image_size
    return bool(
        np.all(points >= margin_px)
        and np.all(points[:, 0] < width - margin_px)
        and np.all(points[:, 1] < height - margin_px)
    )


def calibration_views(
    pattern: ChessboardPattern, camera: SyntheticCamera, count: int, *, fill: float = 0.55, seed: int = 0
) -> list[tuple[np.ndarray, np.ndarray]]:
    """``count`` varied poses that keep the sheet in the picture, as a person takes them.

    Tilted up to ~35 degrees, rolled, off centre, the sheet about ``fill`` of the picture's width.
    """
    rng = np.random.default_rng(seed)
    sheet_width = (pattern.cols + 1 + 2 * PAPER_MARGIN_SQUARES) * pattern.square_mm
    distance_mm = camera.camera_matrix[0, 0] * sheet_width / (fill * camera.image_size[0])
    poses: list[tuple[np.ndarray, np.ndarray]] = []
    while len(poses) < count:
        tilt_x = rng.uniform(-35, 35)
        tilt_y = rng.uniform(-35, 35)
        roll = rng.uniform(-25, 25) + (90 if len(poses) % 5 == 4 else 0)
        distance = distance_mm * rng.uniform(0.85, 1.2)
        rvec, tvec = look_at_pose(pattern, distance, tilt_x, tilt_y, roll)
        # shift the sheet off the optical axis so the edges of the picture see it too
        tvec = tvec + np.array([rng.uniform(-0.25, 0.25), rng.uniform(-0.2, 0.2), 0.0]) * distance
        if in_frame(pattern, camera, rvec, tvec):
            poses.append((rvec, tvec))
    return poses
