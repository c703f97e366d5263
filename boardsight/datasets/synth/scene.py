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
    """An upright box turned by ``yaw`` about its vertical axis: centre (x, y), size, z range."""

    cx: float
    cy: float
    sx: float
    sy: float
    z0: float
    z1: float
    yaw: float = 0.0
    faces: list[Face] = field(default_factory=list)

    def corner_points(self) -> np.ndarray:
        """The eight corners (8, 3): bottom ring then top ring, counter-clockwise from above."""
        hx, hy = self.sx / 2, self.sy / 2
        ring = np.array([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]])
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        ring = ring @ np.array([[c, s], [-s, c]]) + [self.cx, self.cy]
        bottom = np.column_stack([ring, np.full(4, self.z0)])
        top = np.column_stack([ring, np.full(4, self.z1)])
        return np.vstack([bottom, top])


SIDE_NAMES = ("south", "east", "north", "west")


def box_faces(box: Box, *, bottom: bool = False) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Corners (texture order) and outward normal of each face of ``box``.

    Faces are named ``top``, ``south`` (towards -y before yaw), ``east``, ``north``, ``west``
    (and ``bottom`` when asked). Side faces are upright: texture row 0 is their top edge.
    The top face's texture reads upright when the box is seen from above with +y up.
    """
    p = box.corner_points()
    b0, b1, b2, b3, t0, t1, t2, t3 = p
    faces = {
        # from above, +y is up in the image: texture top-left is the north-west corner
        "top": np.array([t3, t2, t1, t0]),
        "south": np.array([t0, t1, b1, b0]),
        "east": np.array([t1, t2, b2, b1]),
        "north": np.array([t2, t3, b3, b2]),
        "west": np.array([t3, t0, b0, b3]),
    }
    if bottom:
        faces["bottom"] = np.array([b0, b1, b2, b3])
    out = {}
    centre = p.mean(axis=0)
    for name, quad in faces.items():
        normal = np.cross(quad[1] - quad[0], quad[3] - quad[0])
        norm = np.linalg.norm(normal)
        normal = normal / norm if norm > 0 else np.array([0.0, 0.0, 1.0])
        if normal @ (quad.mean(axis=0) - centre) < 0:
            normal = -normal
        out[name] = (quad, normal)
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
