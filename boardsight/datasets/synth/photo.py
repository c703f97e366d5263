"""Take a synthetic photo of a subject (a tray or a board) lying on a table.

The steps are those of a real photo: pick a camera pose and lens, lay the subject on a
table top, cast its shadow, add clutter, draw every face with depth, then apply light and
sensor effects. The subject supplies its geometry through :class:`Subject`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.datasets.synth.backgrounds import table_texture
from boardsight.datasets.synth.camera import Camera, frame_camera
from boardsight.datasets.synth.clutter import hand_blob, table_clutter
from boardsight.datasets.synth.effects import finish, soft_blur
from boardsight.datasets.synth.raster import Canvas, draw_faces, quad_area, warp_plane_texture
from boardsight.datasets.synth.scene import Face, light_direction

TABLE_TEXTURE_SIDE = 960
"""Longest side of the table texture in pixels (it is warped onto the photo, so it can be coarser)."""
SHADOW_SCALE = 4
"""Shadows are soft: they are drawn at 1/SHADOW_SCALE of the photo's size and scaled up."""
ASPECTS = (4 / 3, 3 / 4, 16 / 9, 9 / 16, 1.0, 3 / 2, 2 / 3)
ASPECT_WEIGHTS = (0.3, 0.3, 0.1, 0.1, 0.1, 0.05, 0.05)


@dataclass
class Subject:
    """What a photo is of: its geometry and how to build its faces once the camera is known."""

    frame_points: np.ndarray
    """(N, 3) points the camera frames (the outline from table to top)."""
    shadow_points: np.ndarray
    """(N, 3) points whose shadow on the table outlines the subject's shadow."""
    table_z: float
    footprint_radius: float
    grid_corners: np.ndarray
    """(4, 3) outer corners of the playing grid, in the grid's own TL, TR, BR, BL order."""
    key_faces: dict[int, np.ndarray]
    """owner id -> (4, 3) quad of each face that must stay visible (cube tops, tiles)."""
    build_faces: Callable[[np.random.Generator, Camera, np.ndarray, float], list[Face]]
    lid_color: tuple[float, float, float] = (200, 200, 200)
    lid_size: tuple[float, float] = (1.0, 1.3)
    """Side of the game box's lid, as a share of the footprint radius (low, high)."""
    tight_points: np.ndarray | None = None
    """(N, 3) points a tight crop frames (the grid only, the rim cut off), or None."""


@dataclass
class Photo:
    """A finished photo: JPEG bytes, its size, the camera, and the projected grid corners."""

    jpeg: bytes
    width: int
    height: int
    camera: Camera
    corners: np.ndarray
    details: dict


def image_size(rng: np.random.Generator, width: int) -> tuple[int, int]:
    """Width as asked and a height from a random common aspect ratio."""
    aspect = ASPECTS[rng.choice(len(ASPECTS), p=ASPECT_WEIGHTS)]
    return width, max(64, round(width / aspect))


def sample_camera(rng: np.random.Generator, subject: Subject, width: int, height: int) -> tuple[Camera, dict]:
    """A camera pose and lens: tilt up to ~45 degrees, any in-plane turn, 20-90% fill."""
    tilt = rng.uniform(0, 45) if rng.random() < 0.6 else rng.uniform(0, 18)
    roll = rng.integers(4) * 90 + rng.normal(0, 6) if rng.random() < 0.5 else rng.uniform(0, 360)
    fill = 0.2 + 0.7 * rng.beta(1.6, 1.1)
    points = subject.frame_points
    if subject.tight_points is not None and rng.random() < 0.15:
        # a close-up: the grid alone fills the frame, and the camera is not far off vertical
        points, fill = subject.tight_points, rng.uniform(0.8, 0.97)
        tilt = min(tilt, 30.0)
    fov = rng.uniform(50, 75)
    offset = tuple(rng.uniform(-0.9, 0.9, 2))
    camera = frame_camera(
        points,
        width,
        height,
        tilt=math.radians(tilt),
        azimuth=rng.uniform(0, 2 * math.pi),
        roll=math.radians(roll),
        fill=fill,
        fov=math.radians(fov),
        offset=offset,  # type: ignore[arg-type]
        target=np.array([0.0, 0.0, 0.0]),
    )
    return camera, {
        "tilt_deg": round(tilt, 1),
        "roll_deg": round(float(roll) % 360, 1),
        "fill": round(fill, 2),
    }


def _table(rng: np.random.Generator, camera: Camera, subject: Subject) -> np.ndarray:
    plane = camera.plane_homography(subject.table_z)
    corners = np.array([[0, 0], [camera.width, 0], [camera.width, camera.height], [0, camera.height]], float)
    world = cv2.perspectiveTransform(corners[None].astype(np.float64), np.linalg.inv(plane))[0]
    limit = subject.footprint_radius * 14
    low = np.clip(world.min(axis=0), -limit, limit)
    high = np.clip(world.max(axis=0), -limit, limit)
    extent = np.maximum(high - low, 1.0)
    px_per_mm = camera.K[0, 0] / float(np.linalg.norm(camera.C))
    mm_per_px = max(float(extent.max()) / TABLE_TEXTURE_SIDE, 1.0 / px_per_mm)
    tex_w = int(extent[0] / mm_per_px) + 2
    tex_h = int(extent[1] / mm_per_px) + 2
    texture = table_texture(rng, tex_h, tex_w, mm_per_px)
    to_world = np.array([[mm_per_px, 0, low[0]], [0, -mm_per_px, high[1]], [0, 0, 1.0]])
    return warp_plane_texture(texture, plane @ to_world, camera.width, camera.height)


def _shadow(
    rng: np.random.Generator,
    image: np.ndarray,
    camera: Camera,
    points: np.ndarray,
    table_z: float,
    light: np.ndarray,
) -> np.ndarray:
    """Darken the table where the subject's shadow (soft) and contact shadow fall."""
    height, width = image.shape[:2]
    small_w, small_h = max(2, width // SHADOW_SCALE), max(2, height // SHADOW_SCALE)
    drop = points - np.outer((points[:, 2] - table_z) / max(light[2], 0.2), light)
    mask = np.zeros((small_h, small_w), np.float32)
    for outline, blur, strength in (
        (drop, rng.uniform(0.006, 0.03), rng.uniform(0.25, 0.6)),
        (points, 0.004, 0.35),
    ):
        pix = camera.project(outline) / SHADOW_SCALE
        hull = cv2.convexHull(np.round(pix * 4).astype(np.int32))
        layer = np.zeros((small_h, small_w), np.float32)
        cv2.fillConvexPoly(layer, hull, 1.0, lineType=cv2.LINE_AA, shift=2)
        layer = soft_blur(layer, max(0.5, blur * math.hypot(small_w, small_h)))
        mask = np.maximum(mask, layer * strength)
    light_left = cv2.resize(1 - mask, (width, height), interpolation=cv2.INTER_LINEAR)
    image *= light_left[:, :, None]
    return image


def _visible_share(canvas: Canvas, camera: Camera, owner: int, quad: np.ndarray) -> float:
    pix = camera.project(quad)
    area = quad_area(pix)
    if area < 1:
        return 0.0
    x0, y0 = np.floor(pix.min(axis=0)).astype(int)
    x1, y1 = np.ceil(pix.max(axis=0)).astype(int) + 1
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, camera.width), min(y1, camera.height)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    return float((canvas.owner[y0:y1, x0:x1] == owner).sum()) / area


def distort_points(points: np.ndarray, centre: np.ndarray, focal: float, k1: float) -> np.ndarray:
    """Where rendered pixels ``points`` (N, 2) land after :func:`lens_distortion`."""
    undistorted = (points - centre) / focal
    guess = undistorted.copy()
    for _ in range(30):
        r2 = (guess**2).sum(axis=1, keepdims=True)
        guess = undistorted / (1 + k1 * r2)
    return guess * focal + centre


def lens_distortion(
    rng: np.random.Generator, image: np.ndarray, corners: np.ndarray, focal: float
) -> tuple[np.ndarray, np.ndarray, float]:
    """Mild barrel or pincushion distortion of a cheap lens; corners move with the image.

    An output pixel at normalised radius ``r`` shows the rendered pixel at ``r (1 + k1 r^2)``.
    Returns the image unchanged (and ``k1 = 0``) if a corner would leave the frame.
    """
    height, width = image.shape[:2]
    k1 = float(rng.uniform(-0.06, 0.04))
    centre = np.array([width / 2, height / 2])
    moved = distort_points(corners, centre, focal, k1)
    if moved.min() < 0 or (moved[:, 0] > width).any() or (moved[:, 1] > height).any():
        return image, corners, 0.0
    xs = (np.arange(width, dtype=np.float32) - centre[0]) / focal
    ys = (np.arange(height, dtype=np.float32) - centre[1]) / focal
    r2 = xs[None, :] ** 2 + ys[:, None] ** 2
    gain = 1 + np.float32(k1) * r2
    map_x = xs[None, :] * gain * focal + centre[0]
    map_y = ys[:, None] * gain * focal + centre[1]
    out = cv2.remap(
        image,
        map_x.astype(np.float32),
        map_y.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT,
    )
    return out, moved, k1


CAPTIONS = ("iVCam", "IMG_{n:04d}", "{y}-{m:02d}-{d:02d} {h:02d}:{mi:02d}", "DroidCam", "Camera {n}")


def caption(rng: np.random.Generator, image: np.ndarray, keep_clear: np.ndarray) -> np.ndarray:
    """Overlay text a camera app leaves in a corner (a name or a time stamp), off the grid."""
    height, width = image.shape[:2]
    text = CAPTIONS[int(rng.integers(len(CAPTIONS)))].format(
        n=int(rng.integers(1, 9999)),
        y=int(rng.integers(2015, 2026)),
        m=int(rng.integers(1, 13)),
        d=int(rng.integers(1, 29)),
        h=int(rng.integers(0, 24)),
        mi=int(rng.integers(0, 60)),
    )
    scale = width / 900 * rng.uniform(0.6, 1.2)
    thickness = max(1, round(scale * 2))
    (text_w, text_h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    margin = int(0.02 * width)
    x = margin if rng.random() < 0.5 else width - text_w - margin
    y = margin + text_h if rng.random() < 0.5 else height - margin
    box = np.array([[x, y - text_h], [x + text_w, y - text_h], [x + text_w, y], [x, y]], float)
    grid_low, grid_high = keep_clear.min(axis=0), keep_clear.max(axis=0)
    if (box.max(axis=0) > grid_low).all() and (box.min(axis=0) < grid_high).all():
        return image
    mask = np.zeros((height, width), np.uint8)
    cv2.putText(mask, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, 255, thickness, cv2.LINE_AA)
    colour = np.array((240, 240, 240) if rng.random() < 0.8 else (30, 200, 240), np.float32)
    alpha = (mask * np.float32(0.7 / 255))[:, :, None]
    return image * (1 - alpha) + colour * alpha


def photograph(rng: np.random.Generator, subject: Subject, width: int, *, clutter: bool = True) -> Photo:
    """Render ``subject`` on a table from a random camera, with light and sensor effects."""
    width, height = image_size(rng, width)
    camera, details = sample_camera(rng, subject, width, height)
    light = light_direction(rng.uniform(0, 2 * math.pi), math.radians(rng.uniform(35, 80)))
    ambient = float(rng.uniform(0.45, 0.7))
    px_per_mm = camera.K[0, 0] / float(np.linalg.norm(camera.C))

    background = _table(rng, camera, subject)
    background = _shadow(rng, background, camera, subject.shadow_points, subject.table_z, light)
    faces = subject.build_faces(rng, camera, light, ambient)
    extra: list[Face] = []
    if clutter and rng.random() < 0.6:
        reach = subject.footprint_radius * rng.uniform(2.0, 5.0)
        extra = table_clutter(
            rng,
            subject.footprint_radius * 1.05,
            reach,
            subject.table_z,
            px_per_mm,
            light,
            ambient,
            subject.lid_color,
            subject.lid_size,
        )
    canvas = Canvas(background)
    draw_faces(canvas, camera, faces + extra)
    if extra and any(
        _visible_share(canvas, camera, owner, quad) < 0.6 for owner, quad in subject.key_faces.items()
    ):
        canvas = Canvas(background)
        draw_faces(canvas, camera, faces)
        details["clutter_dropped"] = True

    corners = camera.project(subject.grid_corners)
    image = canvas.color
    if rng.random() < 0.25:
        image, corners, k1 = lens_distortion(rng, image, corners, camera.K[0, 0])
        details["radial_k1"] = round(k1, 3)
    if clutter and rng.random() < 0.12:
        image = hand_blob(rng, image, corners)
    if rng.random() < 0.05:
        image = caption(rng, image, corners)
    jpeg = finish(rng, image, corners)
    return Photo(jpeg, width, height, camera, corners, details)
