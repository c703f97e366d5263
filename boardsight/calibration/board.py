"""Where a fixed camera sees the board: its grid corners, homography, and a check for camera moves.

A board profile holds the grid's four corners in the camera's picture (after
undistortion, when a camera profile is named) and, beside it, a small reference picture
of the board's border ring: the band just outside and along the edge of the grid,
where no tile is ever placed. :func:`check_fit` aligns a new frame's ring with the
reference (OpenCV's ECC alignment with a turn and a shift, which tolerates changes of
brightness) and says whether the grid is still where it was, has moved, or cannot be
judged (the ring hidden by an arm, the light off).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from boardsight.calibration.camera_profile import now_iso
from boardsight.calibration.profiles import load_profile, profile_path, save_profile
from boardsight.errors import BadInputError, NotFoundError
from boardsight.scrabble.tokens import BOARD_SIZE
from boardsight.vision.geometry import as_corners, grid_homography, grid_points, quad_diagonal

SQUARES = BOARD_SIZE
RING_OUTSIDE = 0.8  # squares of border outside the grid that the reference keeps
RING_INSIDE = 0.25  # and how far it reaches into the outermost squares
REFERENCE_PX_PER_SQUARE = 12
MOVED_SQUARES = 0.2  # a grid corner displaced this far (in squares) means the camera moved
MIN_CORRELATION = 0.5

OK, MOVED, UNSURE = "ok", "moved", "unsure"


@dataclass(frozen=True)
class BoardProfile:
    """A fixed camera's view of the board: ``corners`` (4, 2) of the grid in ``image_size`` pixels."""

    name: str
    image_size: tuple[int, int]
    corners: np.ndarray
    squares: int = SQUARES
    camera_profile: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "corners", as_corners(self.corners).astype(np.float64))
        object.__setattr__(self, "image_size", (int(self.image_size[0]), int(self.image_size[1])))

    @property
    def homography(self) -> np.ndarray:
        """The 3x3 map from picture pixels to board coordinates in squares (0..squares on each axis)."""
        return grid_homography(self.corners, self.squares, self.squares).astype(np.float64)

    @property
    def square_px(self) -> float:
        """The mean side of one square in the picture, in pixels."""
        return quad_diagonal(self.corners) / (self.squares * np.sqrt(2))

    def to_payload(self) -> dict[str, Any]:
        width, height = self.image_size
        return {
            "created": self.details.get("created") or now_iso(),
            "summary": (
                f"{width}x{height}, grid of {self.squares}x{self.squares} squares of ~{self.square_px:.0f} px"
                + (f", camera profile {self.camera_profile}" if self.camera_profile else "")
            ),
            "image_size": [width, height],
            "squares": self.squares,
            "corners": [[round(float(x), 3), round(float(y), 3)] for x, y in self.corners],
            "homography": [[float(value) for value in row] for row in self.homography],
            "camera_profile": self.camera_profile,
            **{key: value for key, value in self.details.items() if key != "created"},
        }

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> BoardProfile:
        name = str(document.get("name", "unnamed"))
        try:
            size = document["image_size"]
            return cls(
                name,
                (int(size[0]), int(size[1])),
                np.array(document["corners"], dtype=np.float64),
                int(document.get("squares", SQUARES)),
                document.get("camera_profile"),
                {
                    key: value
                    for key, value in document.items()
                    if key
                    not in (
                        "kind",
                        "name",
                        "format",
                        "image_size",
                        "corners",
                        "squares",
                        "camera_profile",
                        "summary",
                    )
                },
            )
        except (KeyError, TypeError, ValueError, IndexError, BadInputError) as error:
            raise BadInputError(f"board profile {name!r} is damaged ({error})") from None

    def check_size(self, size: tuple[int, int]) -> None:
        """Refuse frames of another size than the profile was made at."""
        if tuple(size) != self.image_size:
            raise BadInputError(
                f"board profile {self.name!r} was made at {self.image_size[0]}x{self.image_size[1]}, "
                f"but the frames are {size[0]}x{size[1]}: "
                "set the camera to that size or calibrate the board again"
            )


def _ring_geometry(
    squares: int, px: int = REFERENCE_PX_PER_SQUARE
) -> tuple[np.ndarray, tuple[int, int], np.ndarray]:
    """The homography from board squares to the reference picture, its size, and the ring mask."""
    side = round((squares + 2 * RING_OUTSIDE) * px)
    to_reference = np.array(
        [[px, 0, RING_OUTSIDE * px], [0, px, RING_OUTSIDE * px], [0, 0, 1]], dtype=np.float64
    )
    mask = np.full((side, side), 255, np.uint8)
    inner_low = round((RING_OUTSIDE + RING_INSIDE) * px)
    inner_high = side - inner_low
    mask[inner_low:inner_high, inner_low:inner_high] = 0
    return to_reference, (side, side), mask


def ring_picture(
    image: np.ndarray, corners: np.ndarray, squares: int = SQUARES, *, oversample: int = 3
) -> np.ndarray:
    """The board and its border ring seen square-on, small and gray (float32), as the fit check uses it.

    The warp samples ``oversample`` times finer and then averages down, so the small
    picture is free of aliasing (which would turn a shake of a pixel into flicker).
    """
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    to_reference, size, _ = _ring_geometry(squares, REFERENCE_PX_PER_SQUARE * oversample)
    matrix = to_reference @ grid_homography(as_corners(corners), squares, squares).astype(np.float64)
    fine = cv2.warpPerspective(
        gray, matrix, (size[0], size[1]), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    final_size = _ring_geometry(squares)[1]
    if oversample > 1:
        fine = cv2.resize(fine, final_size, interpolation=cv2.INTER_AREA)
    return fine.astype(np.float32)


@dataclass(frozen=True)
class FitCheck:
    """The outcome of :func:`check_fit`: ``status`` is ``ok``, ``moved`` or ``unsure``."""

    status: str
    shift_squares: float
    shift_px: float
    correlation: float
    message: str

    @property
    def moved(self) -> bool:
        return self.status == MOVED


def check_fit(image: np.ndarray, profile: BoardProfile, reference: np.ndarray) -> FitCheck:
    """Does the board still lie where ``profile`` says? Compare the border ring with ``reference``."""
    current = ring_picture(image, profile.corners, profile.squares)
    if current.shape != reference.shape:
        raise BadInputError(f"board profile {profile.name!r} has a reference picture of another size")
    _, _, mask = _ring_geometry(profile.squares)
    warp = np.eye(2, 3, dtype=np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 30, 1e-3)
    try:
        correlation, warp = cv2.findTransformECC(
            reference, current, warp, cv2.MOTION_EUCLIDEAN, criteria, mask, 5
        )
    except cv2.error:
        return FitCheck(UNSURE, 0.0, 0.0, 0.0, "the board's border cannot be matched (covered, or too dark?)")
    corners_ref = (
        np.array(
            [[0, 0], [profile.squares, 0], [profile.squares, profile.squares], [0, profile.squares]],
            dtype=np.float64,
        )
        * REFERENCE_PX_PER_SQUARE
        + RING_OUTSIDE * REFERENCE_PX_PER_SQUARE
    )
    moved_to = np.column_stack([corners_ref, np.ones(4)]) @ warp.astype(np.float64).T
    shift_squares = float(np.max(np.linalg.norm(moved_to - corners_ref, axis=1))) / REFERENCE_PX_PER_SQUARE
    shift_px = float(shift_squares * profile.square_px)
    if correlation < MIN_CORRELATION:
        return FitCheck(
            UNSURE,
            shift_squares,
            shift_px,
            float(correlation),
            f"the board's border looks different (match {correlation:.2f}): covered, or the light changed?",
        )
    if shift_squares > MOVED_SQUARES:
        return FitCheck(
            MOVED,
            shift_squares,
            shift_px,
            float(correlation),
            f"the camera has moved: the grid is ~{shift_px:.0f} px ({shift_squares:.2f} squares) from where "
            f"it was; run 'boardsight calibrate board' again",
        )
    return FitCheck(
        OK,
        shift_squares,
        shift_px,
        float(correlation),
        f"the board is where it was (within {shift_px:.1f} px)",
    )


def reference_path(name: str) -> Path:
    """The reference ring picture saved beside the board profile ``name``."""
    return profile_path("board", name).with_suffix(".png")


def save_board_profile(profile: BoardProfile, reference: np.ndarray, *, force: bool = False) -> Path:
    """Save the profile and its reference picture; an existing one is replaced only with ``force``."""
    payload = profile.to_payload()
    payload["reference_picture"] = reference_path(profile.name).name
    path = save_profile("board", profile.name, payload, force=force)
    cv2.imwrite(str(reference_path(profile.name)), np.clip(reference, 0, 255).astype(np.uint8))
    return path


def load_board_profile(reference: str) -> tuple[BoardProfile, np.ndarray | None]:
    """The board profile ``reference`` (name or path) and its reference picture, when it has one."""
    document = load_profile("board", reference)
    profile = BoardProfile.from_document(document)
    picture_name = document.get("reference_picture")
    if not picture_name:
        return profile, None
    folder = (
        Path(reference).expanduser().parent
        if reference.endswith(".json")
        else reference_path(profile.name).parent
    )
    picture = cv2.imread(str(folder / picture_name), cv2.IMREAD_GRAYSCALE)
    if picture is None:
        raise NotFoundError(
            f"board profile {profile.name!r}: its reference picture {picture_name} is missing"
        )
    return profile, picture.astype(np.float32)


def draw_overlay(
    image: np.ndarray, corners: np.ndarray, squares: int = SQUARES, label: str = ""
) -> np.ndarray:
    """A copy of ``image`` with the found grid drawn on it, the first corner marked, and a label."""
    canvas = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    points = grid_points(as_corners(corners), squares, squares)
    thickness = max(1, round(quad_diagonal(corners) / 700))
    for index in range(squares + 1):
        edge = index in (0, squares)
        colour = (0, 200, 255) if edge else (0, 255, 0)
        width = thickness * (2 if edge else 1)
        row_line = points[index].round().astype(np.int32)
        col_line = points[:, index].round().astype(np.int32)
        cv2.polylines(canvas, [row_line], False, colour, width, cv2.LINE_AA)
        cv2.polylines(canvas, [col_line], False, colour, width, cv2.LINE_AA)
    first = tuple(int(value) for value in np.round(as_corners(corners)[0]))
    cv2.circle(canvas, first, 4 * thickness + 4, (0, 0, 255), -1, cv2.LINE_AA)
    if label:
        scale = max(0.5, canvas.shape[1] / 1400)
        (width, height), baseline = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        cv2.rectangle(canvas, (6, 6), (18 + width, 18 + height + baseline), (0, 0, 0), -1)
        cv2.putText(
            canvas, label, (12, 12 + height), cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), 1, cv2.LINE_AA
        )
    return canvas


def calibrate_board(
    name: str,
    image: np.ndarray,
    corners: np.ndarray,
    *,
    camera_profile: str | None = None,
    **details: Any,
) -> tuple[BoardProfile, np.ndarray]:
    """A board profile for ``image`` (already undistorted when ``camera_profile`` is named), and its
    reference ring picture for later fit checks."""
    height, width = image.shape[:2]
    corners = as_corners(corners)
    if np.any(corners < -0.5) or np.any(corners[:, 0] > width - 0.5) or np.any(corners[:, 1] > height - 0.5):
        raise BadInputError("the board's corners must lie inside the picture")
    if quad_diagonal(corners) < SQUARES * 4:
        raise BadInputError("the board is too small in the picture to read (under 4 px a square)")
    profile = BoardProfile(name, (width, height), corners, SQUARES, camera_profile, dict(details))
    return profile, ring_picture(image, corners, SQUARES)
