"""A saved camera calibration: what readers need to undistort that camera's pictures."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.calibration.camera import CameraCalibration
from boardsight.calibration.profiles import load_profile, save_profile
from boardsight.errors import BadInputError


def now_iso() -> str:
    """The current time as an ISO 8601 string with the UTC offset, to the second."""
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


@dataclass(frozen=True)
class CameraProfile:
    """A camera's intrinsics (``camera_matrix``, 3x3) and distortion (k1, k2, p1, p2, k3).

    ``image_size`` is the ``(width, height)`` the camera was calibrated at; pictures of
    another size with the same aspect ratio are handled by scaling the matrix.
    """

    name: str
    image_size: tuple[int, int]
    camera_matrix: np.ndarray
    distortion: np.ndarray
    rms_error_px: float = 0.0
    details: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        matrix = np.asarray(self.camera_matrix, dtype=np.float64)
        distortion = np.asarray(self.distortion, dtype=np.float64).reshape(-1)
        if (
            matrix.shape != (3, 3)
            or not np.all(np.isfinite(matrix))
            or matrix[0, 0] <= 0
            or matrix[1, 1] <= 0
        ):
            raise BadInputError(f"camera profile {self.name!r} has no valid 3x3 camera matrix")
        if distortion.size not in (4, 5, 8, 12, 14) or not np.all(np.isfinite(distortion)):
            raise BadInputError(f"camera profile {self.name!r} has no valid distortion coefficients")
        width, height = self.image_size
        if width <= 0 or height <= 0:
            raise BadInputError(f"camera profile {self.name!r} has no valid image size")
        object.__setattr__(self, "camera_matrix", matrix)
        object.__setattr__(self, "distortion", distortion)
        object.__setattr__(self, "image_size", (int(width), int(height)))

    @classmethod
    def from_calibration(cls, name: str, calibration: CameraCalibration, **details: Any) -> CameraProfile:
        """A profile named ``name`` for a solved calibration; ``details`` (pattern, source) are kept."""
        return cls(
            name,
            calibration.image_size,
            calibration.camera_matrix,
            calibration.distortion,
            calibration.rms_error_px,
            {
                "views": len(calibration.view_errors_px),
                "view_errors_px": {key: round(value, 4) for key, value in calibration.view_errors_px.items()},
                "rejected": calibration.rejected,
                **details,
            },
        )

    def to_payload(self) -> dict[str, Any]:
        """The JSON body of the profile file."""
        width, height = self.image_size
        fx, fy = self.camera_matrix[0, 0], self.camera_matrix[1, 1]
        return {
            "created": self.details.get("created") or now_iso(),
            "summary": (
                f"{width}x{height}, focal {fx:.1f}/{fy:.1f} px, reprojection error {self.rms_error_px:.3f} px"
            ),
            "image_size": [width, height],
            "camera_matrix": [[float(value) for value in row] for row in self.camera_matrix],
            "distortion": [float(value) for value in self.distortion],
            "rms_error_px": round(float(self.rms_error_px), 5),
            **{key: value for key, value in self.details.items() if key != "created"},
        }

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> CameraProfile:
        """Rebuild a profile from the JSON of its file."""
        name = str(document.get("name", "unnamed"))
        try:
            size = document["image_size"]
            return cls(
                name,
                (int(size[0]), int(size[1])),
                np.array(document["camera_matrix"], dtype=np.float64),
                np.array(document["distortion"], dtype=np.float64),
                float(document.get("rms_error_px", 0.0)),
                {
                    key: value
                    for key, value in document.items()
                    if key
                    not in ("kind", "name", "format", "image_size", "camera_matrix", "distortion", "summary")
                },
            )
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise BadInputError(
                f"camera profile {name!r} is damaged ({type(error).__name__}: {error})"
            ) from None


def save_camera_profile(profile: CameraProfile, *, force: bool = False) -> Path:
    """Save ``profile`` under its name; an existing one is replaced only with ``force``."""
    return save_profile("camera", profile.name, profile.to_payload(), force=force)


def load_camera_profile(reference: str) -> CameraProfile:
    """The camera profile saved as ``reference`` (a name, or the path of a profile file)."""
    return CameraProfile.from_document(load_profile("camera", reference))
