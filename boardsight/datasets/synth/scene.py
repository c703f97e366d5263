"""Scene geometry: textured planar faces in 3D, and boxes built from them.

A :class:`Face` is a planar quad with four world corners in texture order (the corners of
its texture's top-left, top-right, bottom-right, bottom-left), an outward normal and a
texture (or a flat colour). Boxes are five or six such faces. The rasteriser draws them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

Texture = np.ndarray
"""An (H, W, 3) float32 BGR image in 0..255."""


@dataclass
class Face:
    """A planar quad: corners (4, 3) in texture order, outward normal, and how to paint it."""

    corners: np.ndarray
    normal: np.ndarray
    texture: Texture | None = None
    alpha: np.ndarray | None = None
    color: tuple[float, float, float] = (128.0, 128.0, 128.0)
    """Flat RGB colour, used when there is no texture."""
    opacity: float = 1.0
    owner: int = 0
    shade: float = 1.0
    tag: str = ""

    @property
    def centre(self) -> np.ndarray:
        return self.corners.mean(axis=0)

    @property
    def edge_lengths(self) -> tuple[float, float]:
        """World lengths of the texture's horizontal and vertical edges."""
        c = self.corners
        return float(np.linalg.norm(c[1] - c[0])), float(np.linalg.norm(c[3] - c[0]))


@dataclass
class Box:
    """A box standing at (cx, cy), size sx by sy, from z0 to z1, turned by ``yaw`` about the vertical.

    ``lean_x`` and ``lean_y`` (radians) tip it about its own x and y axes through the middle
    of its base: a cube leaning in its cell, a tile leaning back on a rack.
    """

    cx: float
    cy: float
    sx: float
    sy: float
    z0: float
    z1: float
    yaw: float = 0.0
    lean_x: float = 0.0
    lean_y: float = 0.0
    faces: list[Face] = field(default_factory=list)

    @property
    def rotation(self) -> np.ndarray:
        """The box's orientation: yaw after the two leans (3x3, columns are its axes)."""
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        yaw = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
        if not (self.lean_x or self.lean_y):
            return yaw
        cx, sx = math.cos(self.lean_x), math.sin(self.lean_x)
        cy, sy = math.cos(self.lean_y), math.sin(self.lean_y)
        about_x = np.array([[1.0, 0.0, 0.0], [0.0, cx, -sx], [0.0, sx, cx]])
        about_y = np.array([[cy, 0.0, sy], [0.0, 1.0, 0.0], [-sy, 0.0, cy]])
        return yaw @ about_x @ about_y

    def corner_points(self) -> np.ndarray:
        """The eight corners (8, 3): bottom ring then top ring, counter-clockwise from above."""
        hx, hy, height = self.sx / 2, self.sy / 2, self.z1 - self.z0
        ring = np.array([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]])
        local = np.vstack([np.column_stack([ring, np.zeros(4)]), np.column_stack([ring, np.full(4, height)])])
        return local @ self.rotation.T + [self.cx, self.cy, self.z0]


SIDE_NAMES = ("south", "east", "north", "west")


def box_faces(box: Box, *, bottom: bool = False) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Corners (texture order) and outward normal of each face of ``box``.

    Faces are named ``top``, ``south`` (towards -y before yaw), ``east``, ``north``, ``west``
    (and ``bottom`` when asked). Side faces are upright: texture row 0 is their top edge.
    The top face's texture reads upright when the box is seen from above with +y up.
    """
    b0, b1, b2, b3, t0, t1, t2, t3 = box.corner_points()
    axes = box.rotation
    east, north, up = axes[:, 0], axes[:, 1], axes[:, 2]
    out = {
        # from above, +y is up in the image: texture top-left is the north-west corner
        "top": (np.array([t3, t2, t1, t0]), up),
        "south": (np.array([t0, t1, b1, b0]), -north),
        "east": (np.array([t1, t2, b2, b1]), east),
        "north": (np.array([t2, t3, b3, b2]), north),
        "west": (np.array([t3, t0, b0, b3]), -east),
    }
    if bottom:
        out["bottom"] = (np.array([b0, b1, b2, b3]), -up)
    return out


def lambert(normal: np.ndarray, light: np.ndarray, ambient: float) -> float:
    """Brightness of a matte face: ambient plus diffuse from a unit ``light`` direction."""
    return ambient + (1.0 - ambient) * max(0.0, float(normal @ light))


def solid_box(
    box: Box,
    color: tuple[float, float, float],
    light: np.ndarray,
    ambient: float,
    *,
    owner: int = 0,
    opacity: float = 1.0,
    texture_for: Callable[[str, float, float], tuple[Texture | None, np.ndarray | None]] | None = None,
    tag: str = "",
) -> list[Face]:
    """Faces of a box painted in one colour (or by ``texture_for(name, width, height)``), lit."""
    faces = []
    for name, (quad, normal) in box_faces(box).items():
        texture, alpha = (None, None)
        if texture_for is not None:
            w = float(np.linalg.norm(quad[1] - quad[0]))
            h = float(np.linalg.norm(quad[3] - quad[0]))
            texture, alpha = texture_for(name, w, h)
        faces.append(
            Face(
                corners=quad,
                normal=normal,
                texture=texture,
                alpha=alpha,
                color=color,
                opacity=opacity,
                owner=owner,
                shade=lambert(normal, light, ambient),
                tag=f"{tag}:{name}" if tag else name,
            )
        )
    return faces


def light_direction(azimuth: float, elevation: float) -> np.ndarray:
    """Unit vector towards the light, from its compass ``azimuth`` and ``elevation`` (radians)."""
    return np.array(
        [
            math.cos(elevation) * math.cos(azimuth),
            math.cos(elevation) * math.sin(azimuth),
            math.sin(elevation),
        ]
    )
