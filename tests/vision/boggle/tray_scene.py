"""A small pinhole-camera renderer of Boggle trays for tests: cv2 only, seeded, fast.

It draws a tray of cubes (top faces with a letter in any of four rotations, lit side
faces) seen from a camera at a given tilt, in-plane rotation and distance, on a cluttered
background, and returns the image with the exact grid corners of the cube-top plane and
the grid of tokens. It is a fixture maker, not the project's synthetic renderer.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.vision.geometry import order_corners

TOKENS = [chr(code) for code in range(ord("A"), ord("Z") + 1)] + ["QU", "IN", "TH", "ER", "HE", "AN", "#"]
UNDERLINED = frozenset({"M", "W", "N", "Z"})
CUBE_SIDE = 0.82
CUBE_HEIGHT = 0.82
FACE_TEXTURE_PX = 96


@dataclass
class Scene:
    image: np.ndarray
    corners: np.ndarray  # (4, 2) image pixels of the grid corners on the cube-top plane
    grid: list[list[str]]
    turns: list[list[int]]


def face_texture(token: str, quarter_turns: int, *, ink=(150, 60, 20), paper=(235, 240, 242)) -> np.ndarray:
    """A cube face image (FACE_TEXTURE_PX square, BGR) showing ``token`` turned clockwise."""
    size = FACE_TEXTURE_PX
    face = np.full((size, size, 3), paper, dtype=np.uint8)
    if token == "#":
        cv2.rectangle(face, (20, 20), (size - 21, size - 21), ink, -1)
    else:
        text = "Qu" if token == "QU" else token
        scale = 1.75 if len(text) == 1 else 1.2
        font = cv2.FONT_HERSHEY_DUPLEX
        (width, height), _ = cv2.getTextSize(text, font, scale, 4)
        origin = ((size - width) // 2, (size + height) // 2)
        cv2.putText(face, text, origin, font, scale, ink, 4, cv2.LINE_AA)
        if token in UNDERLINED:
            y = origin[1] + 9
            cv2.line(face, (origin[0] + 4, y), (origin[0] + width - 4, y), ink, 5, cv2.LINE_AA)
    return np.ascontiguousarray(np.rot90(face, -quarter_turns))


def _camera(rng: np.random.Generator, size: int, tilt_deg: float, roll_deg: float, shape, fill: float):
    height, width = shape
    target = np.array([size / 2, size / 2, 0.0])
    azimuth = rng.uniform(0, 2 * np.pi)
    tilt = np.radians(tilt_deg)
    direction = np.array([np.sin(tilt) * np.cos(azimuth), np.sin(tilt) * np.sin(azimuth), -np.cos(tilt)])
    focal = max(width, height) * rng.uniform(0.9, 1.3)
    distance = focal * (size + 1.2) / (fill * min(width, height))
    centre = target + distance * direction
    forward = (target - centre) / np.linalg.norm(target - centre)
    up_hint = (
        np.array([np.cos(azimuth + np.pi), np.sin(azimuth + np.pi), 0.0])
        if tilt_deg > 1
        else np.array([0, -1.0, 0])
    )
    right = np.cross(forward, up_hint)
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    roll = np.radians(roll_deg)
    right, down = (np.cos(roll) * right + np.sin(roll) * down, -np.sin(roll) * right + np.cos(roll) * down)
    rotation = np.stack([right, down, forward])
    matrix = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]])
    shift = rng.uniform(-0.08, 0.08, 2) * np.array([width, height])
    matrix[:2, 2] += shift
    return rotation, -rotation @ centre, matrix, centre


def _project(points: np.ndarray, rotation, translation, matrix) -> np.ndarray:
    camera = points @ rotation.T + translation
    pixels = camera @ matrix.T
    return pixels[:, :2] / pixels[:, 2:3]


def _background(rng: np.random.Generator, shape) -> np.ndarray:
    height, width = shape
    base = rng.integers(30, 225, 3)
    noise = cv2.resize(rng.normal(0, 25, (height // 16 + 1, width // 16 + 1, 3)), (width, height))
    image = np.clip(base + noise + rng.normal(0, 6, (height, width, 3)), 0, 255).astype(np.uint8)
    return image


def _clutter(rng: np.random.Generator, image: np.ndarray, count: int) -> None:
    height, width = image.shape[:2]
    for _ in range(count):
        kind = rng.integers(0, 3)
        if kind == 0:  # a score sheet with scribbles
            x, y = int(rng.uniform(-0.1, 0.9) * width), int(rng.uniform(-0.1, 0.9) * height)
            w, h = int(rng.uniform(0.15, 0.35) * width), int(rng.uniform(0.2, 0.4) * height)
            cv2.rectangle(image, (x, y), (x + w, y + h), (245, 245, 240), -1)
            for line in range(8):
                pts = np.column_stack(
                    [np.linspace(x + 10, x + w - 10, 12), y + 15 + line * h / 9 + rng.normal(0, 3, 12)]
                ).astype(np.int32)
                cv2.polylines(image, [pts], False, (90, 40, 30), 2)
        elif kind == 1:  # a hand at the edge
            centre = (int(rng.choice([0, width])), int(rng.uniform(0, height)))
            axes = (int(width * rng.uniform(0.1, 0.2)), int(height * rng.uniform(0.15, 0.3)))
            cv2.ellipse(image, centre, axes, rng.uniform(0, 180), 0, 360, (120, 150, 210), -1)
        else:  # a timer or lid edge
            centre = (int(rng.uniform(0, width)), int(rng.uniform(0, height)))
            cv2.circle(
                image,
                centre,
                int(rng.uniform(0.03, 0.08) * width),
                tuple(int(v) for v in rng.integers(0, 255, 3)),
                -1,
            )


def render_tray(
    seed: int,
    size: int = 5,
    *,
    tilt_deg: float = 15.0,
    roll_deg: float | None = None,
    shape: tuple[int, int] = (600, 800),
    fill: float = 0.6,
    clutter: int = 2,
    tokens: list[str] | None = None,
) -> Scene:
    """Render one tray of ``size`` x ``size`` cubes; the scene is fully determined by ``seed``."""
    rng = np.random.default_rng(seed)
    roll_deg = rng.uniform(0, 360) if roll_deg is None else roll_deg
    choices = tokens or TOKENS
    grid_world = [[str(rng.choice(choices)) for _ in range(size)] for _ in range(size)]
    turns_world = [[int(rng.integers(0, 4)) for _ in range(size)] for _ in range(size)]
    rotation, translation, matrix, camera_centre = _camera(rng, size, tilt_deg, roll_deg, shape, fill)
    image = _background(rng, shape)
    _clutter(rng, image, clutter)
    light = np.array([rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), -1.0])
    light /= np.linalg.norm(light)
    tray_colour = np.array(rng.choice([[150, 40, 20], [25, 25, 25], [40, 40, 160], [30, 110, 40]]), float)

    def polygon(points3d, colour) -> None:
        pts = _project(np.asarray(points3d, float), rotation, translation, matrix)
        cv2.fillConvexPoly(
            image, np.round(pts * 16).astype(np.int32), tuple(float(c) for c in colour), cv2.LINE_AA, 4
        )

    rim = 0.45
    low, high = -rim, size + rim
    polygon([[low, low, 0], [high, low, 0], [high, high, 0], [low, high, 0]], tray_colour * 0.8)
    polygon([[0, 0, 0], [size, 0, 0], [size, size, 0], [0, size, 0]], tray_colour * 0.55)

    cubes = []
    margin = (1 - CUBE_SIDE) / 2
    for row in range(size):
        for col in range(size):
            x0, y0 = col + margin, row + margin
            centre = np.array([col + 0.5, row + 0.5, -CUBE_HEIGHT / 2])
            cubes.append((np.linalg.norm(centre - camera_centre), row, col, x0, y0))
    paper = np.array(rng.choice([[235, 240, 242], [200, 225, 235], [215, 215, 215]]), float)
    ink = tuple(int(v) for v in rng.choice([[150, 60, 20], [30, 30, 170], [20, 20, 20]]))
    for _, row, col, x0, y0 in sorted(cubes, reverse=True):
        x1, y1, z = x0 + CUBE_SIDE, y0 + CUBE_SIDE, -CUBE_HEIGHT
        bottom = [[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]]
        top = [[x0, y0, z], [x1, y0, z], [x1, y1, z], [x0, y1, z]]
        sides = [
            ([bottom[0], bottom[1], top[1], top[0]], np.array([0, -1, 0])),
            ([bottom[1], bottom[2], top[2], top[1]], np.array([1, 0, 0])),
            ([bottom[2], bottom[3], top[3], top[2]], np.array([0, 1, 0])),
            ([bottom[3], bottom[0], top[0], top[3]], np.array([-1, 0, 0])),
        ]
        for quad, normal in sides:
            if np.dot(normal, camera_centre - np.mean(quad, axis=0)) > 0:
                shade = 0.45 + 0.4 * max(0.0, float(np.dot(normal, light)))
                polygon(quad, paper * shade)
        shade = 0.75 + 0.25 * float(-light[2])
        texture = face_texture(
            grid_world[row][col], turns_world[row][col], ink=ink, paper=tuple(paper * shade)
        )
        pts = _project(np.asarray(top, float), rotation, translation, matrix).astype(np.float32)
        s = FACE_TEXTURE_PX
        src = np.float32([[0, 0], [s, 0], [s, s], [0, s]])
        x_lo, y_lo = np.floor(pts.min(axis=0)).astype(int)
        x_hi, y_hi = np.ceil(pts.max(axis=0)).astype(int) + 1
        x_lo, y_lo = max(x_lo, 0), max(y_lo, 0)
        x_hi, y_hi = min(x_hi, shape[1]), min(y_hi, shape[0])
        if x_hi <= x_lo or y_hi <= y_lo:
            continue
        warp = cv2.getPerspectiveTransform(src, pts - np.float32([x_lo, y_lo]))
        box = (x_hi - x_lo, y_hi - y_lo)
        patch = cv2.warpPerspective(texture, warp, box, flags=cv2.INTER_LINEAR)
        mask = cv2.warpPerspective(np.full((s, s), 255, np.uint8), warp, box, flags=cv2.INTER_LINEAR)
        alpha = (mask.astype(np.float32) / 255)[..., None]
        region = image[y_lo:y_hi, x_lo:x_hi]
        region[:] = (patch * alpha + region * (1 - alpha)).astype(np.uint8)

    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.4, 1.0))
    image = np.clip(image + rng.normal(0, 3, image.shape), 0, 255).astype(np.uint8)
    top = -CUBE_HEIGHT
    corners3d = np.array([[0, 0, top], [size, 0, top], [size, size, top], [0, size, top]])
    corners_world = _project(corners3d, rotation, translation, matrix)
    return _as_seen(Scene(image, corners_world, grid_world, turns_world))


def _as_seen(scene: Scene) -> Scene:
    """Relabel the world grid so that its corner 0 is the image's top-left (DATASET.md orientation)."""
    corners = scene.corners
    assert _cross_z(corners) > 0, "the camera never mirrors the tray"
    first = order_corners(corners)[0]
    shift = int(np.argmin(np.linalg.norm(corners - first, axis=1)))
    grid, turns = scene.grid, scene.turns
    for _ in range(shift):  # each step: corner 1 becomes corner 0, the grid as seen turns anticlockwise
        grid = [list(row) for row in zip(*grid, strict=True)][::-1]
        turns = [[(turn - 1) % 4 for turn in row] for row in zip(*turns, strict=True)][::-1]
    return Scene(scene.image, np.roll(corners, -shift, axis=0), grid, turns)


def _cross_z(corners: np.ndarray) -> float:
    a, b = corners[1] - corners[0], corners[3] - corners[0]
    return float(a[0] * b[1] - a[1] * b[0])
