"""Things that lie next to a board in real photos: the lid, a sand timer, a score sheet, a hand.

Objects on the table are 3D boxes and quads placed outside the board's footprint; the hand
is a skin-coloured blob drawn over one edge of the finished photo, kept off the grid.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from boardsight.datasets.synth import textures as tx
from boardsight.datasets.synth.scene import Box, Face, solid_box

OWNER_CLUTTER = 2


def _place(
    rng: np.random.Generator, keep_out: float, reach: float, radius: float
) -> tuple[float, float] | None:
    """A spot on the table at least ``keep_out + radius`` from the board centre, within ``reach``."""
    low, high = keep_out + radius, max(keep_out + radius, reach - radius)
    if high <= low:
        return None
    distance = rng.uniform(low, high)
    angle = rng.uniform(0, 2 * math.pi)
    return distance * math.cos(angle), distance * math.sin(angle)


def score_sheet(rng: np.random.Generator, width_mm: float, height_mm: float, px_per_mm: float) -> np.ndarray:
    """A sheet of paper with ruled lines and handwriting-like pen strokes (BGR float32)."""
    w = int(min(600, max(32, width_mm * px_per_mm)))
    h = int(min(800, max(32, height_mm * px_per_mm)))
    paper = tx.speckled(rng, h, w, tx.jitter_color(rng, (240, 238, 228), 8), amount=1.5)
    pen = tx.bgr(tuple(rng.choice([(20, 30, 120), (20, 20, 25), (140, 25, 30)])))
    spacing = max(6, int(h / rng.uniform(14, 24)))
    for y in range(spacing * 2, h - spacing // 2, spacing):
        cv2.line(paper, (0, y), (w, y), (200, 170, 150), 1, cv2.LINE_AA)
        x = int(rng.uniform(0.05, 0.15) * w)
        end = int(rng.uniform(0.3, 0.9) * w)
        while x < end:
            word = max(3, int(rng.uniform(0.05, 0.2) * w))
            points = []
            for i in range(word // 2):
                px = x + i * 2
                py = y - spacing * (0.25 + 0.25 * math.sin(i * rng.uniform(0.6, 1.4)) + rng.uniform(0, 0.2))
                points.append((px, int(py)))
            if len(points) > 1:
                cv2.polylines(paper, [np.array(points, np.int32)], False, pen.tolist(), 1, cv2.LINE_AA)
            x += word + int(rng.uniform(0.02, 0.05) * w)
    return paper


def table_clutter(
    rng: np.random.Generator,
    keep_out: float,
    reach: float,
    table_z: float,
    px_per_mm: float,
    light: np.ndarray,
    ambient: float,
    lid_color: tuple[float, float, float],
    lid_size: tuple[float, float] = (1.0, 1.3),
) -> list[Face]:
    """A few objects around the board: some of lid, timer, score sheet and pencil."""
    faces: list[Face] = []
    if rng.random() < 0.35:
        side = keep_out * rng.uniform(*lid_size)
        spot = _place(rng, keep_out, reach, side * 0.7)
        if spot:
            height = rng.uniform(8, 25)
            box = Box(*spot, side, side, table_z, table_z + height, yaw=rng.uniform(0, math.pi))
            opacity = 1.0 if rng.random() < 0.6 else 0.5
            faces += solid_box(
                box, lid_color, light, ambient, owner=OWNER_CLUTTER, opacity=opacity, tag="lid"
            )
    if rng.random() < 0.4:
        spot = _place(rng, keep_out, reach, 40)
        if spot:
            length, girth = rng.uniform(50, 80), rng.uniform(18, 28)
            yaw = rng.uniform(0, math.pi)
            body = Box(*spot, length, girth, table_z, table_z + girth, yaw=yaw)
            sand = (220, 190, 120) if rng.random() < 0.5 else (230, 70, 60)
            faces += solid_box(body, sand, light, ambient, owner=OWNER_CLUTTER, opacity=0.8, tag="timer")
            for end in (-1, 1):
                cap = Box(
                    spot[0] + end * (length / 2) * math.cos(yaw),
                    spot[1] + end * (length / 2) * math.sin(yaw),
                    6,
                    girth * 1.25,
                    table_z,
                    table_z + girth * 1.25,
                    yaw=yaw,
                )
                faces += solid_box(cap, lid_color, light, ambient, owner=OWNER_CLUTTER, tag="timer-cap")
    if rng.random() < 0.4:
        w, h = rng.uniform(100, 150), rng.uniform(140, 210)
        spot = _place(rng, keep_out, reach, max(w, h) * 0.55)
        if spot:
            sheet = Box(*spot, w, h, table_z, table_z + 0.3, yaw=rng.uniform(0, math.pi))
            paper = score_sheet(rng, w, h, min(px_per_mm, 3.0))
            faces += solid_box(
                sheet,
                (240, 238, 228),
                light,
                ambient,
                owner=OWNER_CLUTTER,
                texture_for=lambda name, _w, _h: (paper, None) if name == "top" else (None, None),
                tag="sheet",
            )
    if rng.random() < 0.25:
        spot = _place(rng, keep_out, reach, 90)
        if spot:
            pencil = Box(*spot, rng.uniform(120, 180), 7, table_z, table_z + 7, yaw=rng.uniform(0, math.pi))
            colour = (230, 180, 30) if rng.random() < 0.6 else tuple(rng.uniform(30, 220, 3))
            faces += solid_box(pencil, colour, light, ambient, owner=OWNER_CLUTTER, tag="pencil")
    return faces


SKIN_TONES = ((224, 172, 140), (198, 134, 96), (141, 85, 54), (240, 200, 170), (110, 70, 45))


def hand_blob(rng: np.random.Generator, image: np.ndarray, keep_clear: np.ndarray) -> np.ndarray:
    """Draw a hand-coloured blob reaching in from one edge, never over ``keep_clear`` (4, 2)."""
    height, width = image.shape[:2]
    scale = 4
    small_w, small_h = max(2, width // scale), max(2, height // scale)
    short = min(small_w, small_h)
    edge = int(rng.integers(4))
    along = rng.uniform(0.15, 0.85)
    reach = rng.uniform(0.08, 0.3) * short
    breadth = rng.uniform(0.12, 0.3) * short
    if edge == 0:
        centre, axis = (along * small_w, 0.0), (0.0, 1.0)
    elif edge == 1:
        centre, axis = (small_w, along * small_h), (-1.0, 0.0)
    elif edge == 2:
        centre, axis = (along * small_w, small_h), (0.0, -1.0)
    else:
        centre, axis = (0.0, along * small_h), (1.0, 0.0)
    mask = np.zeros((small_h, small_w), np.float32)
    angle = math.degrees(math.atan2(axis[1], axis[0]))
    cv2.ellipse(
        mask, (int(centre[0]), int(centre[1])), (int(reach), int(breadth / 2)), angle, 0, 360, 1.0, -1
    )
    for finger in range(int(rng.integers(0, 5))):
        offset = (finger - 1.5) * breadth / 5
        fx = centre[0] + axis[0] * reach * 0.9 - axis[1] * offset
        fy = centre[1] + axis[1] * reach * 0.9 + axis[0] * offset
        length = reach * rng.uniform(0.3, 0.6)
        cv2.ellipse(
            mask, (int(fx), int(fy)), (int(length), max(1, int(breadth / 11))), angle, 0, 360, 1.0, -1
        )
    clear = np.zeros((small_h, small_w), np.uint8)
    cv2.fillConvexPoly(clear, np.round(keep_clear / scale).astype(np.int32), 1)
    grow = max(3, int(0.03 * short))
    clear = cv2.dilate(clear, np.ones((grow, grow), np.uint8))
    if (mask[clear > 0] > 0).any():
        return image
    mask = cv2.GaussianBlur(mask, (0, 0), 1.0)
    shading = 0.85 + 0.15 * tx.value_noise(rng, small_h, small_w, cells=4)
    mask = cv2.resize(mask, (width, height), interpolation=cv2.INTER_LINEAR)
    shading = cv2.resize(shading, (width, height), interpolation=cv2.INTER_LINEAR)
    skin = tx.bgr(tx.jitter_color(rng, SKIN_TONES[rng.integers(len(SKIN_TONES))], 12))
    alpha = mask[:, :, None]
    return image * (1 - alpha) + (skin * shading[:, :, None]) * alpha
