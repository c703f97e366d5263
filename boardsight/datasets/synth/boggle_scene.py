"""A Boggle tray in 3D: a plastic tray with walls between the cells and lettered cubes in it.

:func:`layout_tray` rolls the dice and decides every size, colour and placement (no
pixels); :func:`tray_faces` turns the layout into textured faces once the camera (and so
the texture resolution) is known. Tray coordinates: millimetres, the lattice centred on
the origin, row 0 along +y (north), the floor at ``z = 0``, cube tops at ``z = cube``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from boardsight.boggle.dice import FACE_TOKENS, DiceSet, dice_sets_for_size
from boardsight.datasets.synth import textures as tx
from boardsight.datasets.synth.camera import Camera
from boardsight.datasets.synth.fonts import FontFace, pick_font
from boardsight.datasets.synth.glyphs import symbol_mask
from boardsight.datasets.synth.scene import Box, Face, box_faces, lambert, solid_box

CUBE_COLORS = {
    "white": (238, 236, 228),
    "cream": (232, 222, 192),
    "ivory": (242, 236, 215),
    "wood": (222, 190, 150),
    "pearl": (226, 228, 228),
}
LETTER_COLORS = {"black": (25, 25, 30), "red": (170, 30, 35), "blue": (30, 55, 150), "navy": (25, 35, 90)}
TRAY_COLORS = {
    "blue": (40, 55, 165),
    "black": (28, 28, 32),
    "clear": (215, 220, 225),
    "yellow": (235, 190, 40),
    "orange": (225, 110, 35),
    "red": (175, 35, 40),
}
UNDERLINE_STYLES = (frozenset("MW"), frozenset("MWNZ"), frozenset("MWNZ"))
"""Letters each kind of set underlines: M/W always (seen in the real photos), N/Z in some."""

OWNER_TRAY = 1
OWNER_CUBE_TOP = 1000


@dataclass
class Cube:
    """One die in its cell: which face is up, how it is turned, where it sits."""

    row: int
    col: int
    die: tuple[str, ...]
    up: int
    quarter_turns: int
    box: Box

    @property
    def token(self) -> str:
        return self.die[self.up]

    def side_tokens(self) -> tuple[str, ...]:
        """Tokens of the four faces around the top (the bottom is the opposite face)."""
        bottom = self.up ^ 1
        return tuple(self.die[i] for i in range(6) if i not in (self.up, bottom))


@dataclass
class TrayLayout:
    """Everything about one tray except pixels."""

    size: int
    dice_set: str
    cubes: list[Cube]
    cube: float
    pitch: float
    wall: float
    wall_height: float
    rim: float
    rim_height: float
    base: float
    cube_color: tuple[float, float, float]
    cube_material: str
    letter_color: tuple[float, float, float]
    tray_color: tuple[float, float, float]
    tray_name: str
    font: FontFace
    cap_fraction: float
    underline: frozenset[str]
    corner_radius: float
    edge_shade: float
    extras: dict = field(default_factory=dict)

    @property
    def half(self) -> float:
        return self.size * self.pitch / 2

    @property
    def grid(self) -> list[list[str]]:
        """Tokens row by row in tray coordinates (row 0 at +y)."""
        out = [["" for _ in range(self.size)] for _ in range(self.size)]
        for cube in self.cubes:
            out[cube.row][cube.col] = cube.token
        return out

    def lattice_corners(self) -> np.ndarray:
        """The cell lattice's outer corners at cube-top height: NW, NE, SE, SW (4, 3)."""
        h, z = self.half, self.cube
        return np.array([[-h, h, z], [h, h, z], [h, -h, z], [-h, -h, z]])

    def outer_box(self) -> Box:
        """The tray's outline as a box from the table to the rim top."""
        extent = 2 * (self.half - self.wall / 2 + self.rim)
        return Box(0.0, 0.0, extent, extent, -self.base, max(self.rim_height, self.cube))

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        return (col + 0.5) * self.pitch - self.half, self.half - (row + 0.5) * self.pitch


def balanced_dice_set(rng: np.random.Generator, size: int) -> DiceSet:
    """Made-up dice whose faces are drawn evenly from every face token.

    Real sets make some faces rare (one die has an X, none a bare Q); trays rolled from
    these dice give a classifier every class often. Their sidecars say ``"balanced"``.
    """
    tokens = sorted(FACE_TOKENS)
    faces = rng.choice(tokens, size=(size * size, 6))
    dice = tuple(tuple(str(face) for face in die) for die in faces)
    return DiceSet(key="balanced", name="balanced", rows=size, cols=size, dice=dice, source="generated")


def layout_tray(
    rng: np.random.Generator, size: int, fonts: tuple[FontFace, ...], *, balanced: bool = False
) -> TrayLayout:
    """Roll a tray of ``size`` x ``size`` cubes from a real dice set (or made-up balanced dice)."""
    sets = (balanced_dice_set(rng, size),) if balanced else dice_sets_for_size(size)
    dice_set: DiceSet = sets[int(rng.integers(len(sets)))]
    cube = rng.uniform(14.5, 18.5)
    pitch = cube * rng.uniform(1.1, 1.28)
    wall = (pitch - cube) * rng.uniform(0.35, 0.7)
    wall_height = cube * rng.uniform(0.3, 0.72)
    rim = pitch * rng.uniform(0.3, 1.0)
    rim_height = min(cube * 0.98, wall_height * rng.uniform(1.0, 1.5))
    base = rng.uniform(3.0, 12.0)
    material = rng.choice(["white", "white", "cream", "ivory", "wood", "pearl"])
    letter = rng.choice(["black", "red", "blue", "navy"], p=[0.35, 0.2, 0.3, 0.15])
    tray_name = rng.choice(
        ["blue", "black", "clear", "yellow", "orange", "red"], p=[0.3, 0.25, 0.15, 0.15, 0.08, 0.07]
    )
    order = rng.permutation(len(dice_set.dice))
    play = max(0.0, (pitch - wall - cube) / 2)
    layout = TrayLayout(
        size=size,
        dice_set=dice_set.key,
        cubes=[],
        cube=cube,
        pitch=pitch,
        wall=wall,
        wall_height=wall_height,
        rim=rim,
        rim_height=rim_height,
        base=base,
        cube_color=tx.jitter_color(rng, CUBE_COLORS[material], 8),
        cube_material=str(material),
        letter_color=tx.jitter_color(rng, LETTER_COLORS[letter], 12),
        tray_color=tx.jitter_color(rng, TRAY_COLORS[tray_name], 15),
        tray_name=str(tray_name),
        font=pick_font(rng, fonts, sans_share=0.8),
        cap_fraction=round(float(rng.uniform(0.48, 0.66)), 2),
        underline=UNDERLINE_STYLES[rng.integers(len(UNDERLINE_STYLES))],
        corner_radius=rng.uniform(0.12, 0.3),
        edge_shade=rng.uniform(0.15, 0.4),
    )
    for index, die_index in enumerate(order):
        row, col = divmod(index, size)
        cx, cy = layout.cell_centre(row, col)
        jitter = rng.uniform(-0.8, 0.8, 2) * play
        box = Box(
            cx + jitter[0],
            cy + jitter[1],
            cube,
            cube,
            0.0,
            cube,
            yaw=math.radians(rng.uniform(-4, 4)),
        )
        if rng.random() < 0.4:  # leaning against a wall of its cell
            box.lean_x, box.lean_y = np.radians(rng.uniform(-4, 4, 2))
        layout.cubes.append(
            Cube(row, col, dice_set.dice[die_index], int(rng.integers(6)), int(rng.integers(4)), box)
        )
    return layout


@dataclass
class _CubeLook:
    """Textures shared by all faces of one tray's cubes at one resolution."""

    size: int
    base: np.ndarray
    shade: np.ndarray
    alpha: np.ndarray
    ink: np.ndarray
    """How much of the ink is left (worn, unevenly printed letters), same size as ``base``."""


def _cube_look(
    rng: np.random.Generator, layout: TrayLayout, size: int, light: np.ndarray, *, side: bool
) -> _CubeLook:
    """Material, rounded-edge shading and outline shared by the cubes' tops (or sides)."""
    if layout.cube_material == "wood":
        light_wood = layout.cube_color
        dark = tuple(c * 0.82 for c in light_wood)
        angle = rng.uniform(0, math.pi)
        base = tx.wood(
            rng, size * 3, size * 3, light_wood, dark, ring_period=size * 0.3, angle=angle, contrast=0.3
        )
    elif layout.cube_material == "pearl":
        base = tx.marble(rng, size * 3, size * 3, layout.cube_color, contrast=rng.uniform(0.08, 0.2))
    else:
        base = tx.plastic(rng, size * 3, size * 3, layout.cube_color, grain=2.5)
    distance = tx.rounded_rect_distance(size, size, layout.corner_radius * size)
    shade = tx.edge_falloff(distance, size * 0.22, layout.edge_shade)
    if side:
        # the lower part of a side sits in the tray's shadow, between walls and neighbours
        depth = np.linspace(0, 1, size, dtype=np.float32)[:, None] ** 1.5
        shade = shade * (1 - rng.uniform(0.3, 0.6) * depth)
    elif layout.cube_material != "wood":
        yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size - 0.5
        hx, hy = 0.25 * light[0], -0.25 * light[1]
        shine = np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / (2 * 0.18**2))
        shade = shade * (1 + rng.uniform(0.0, 0.12) * shine)
    wear = np.clip(tx.fractal_noise(rng, size * 3, size * 3, cells=12, octaves=3), 0, 1)
    ink = rng.uniform(0.85, 0.97) * (1 - rng.uniform(0.0, 0.4) * wear)
    return _CubeLook(size=size, base=base, shade=shade, alpha=tx.rounded_alpha(distance), ink=ink)


def _face_texture(
    rng: np.random.Generator, look: _CubeLook, layout: TrayLayout, token: str, quarter_turns: int
) -> tuple[np.ndarray, np.ndarray]:
    size = look.size
    oy, ox = rng.integers(0, 2 * size, 2)
    texture = look.base[oy : oy + size, ox : ox + size] * look.shade[:, :, None]
    mask = symbol_mask(token, layout.font, size, layout.cap_fraction, token in layout.underline)
    mask = np.rot90(mask, quarter_turns)
    offset = rng.integers(-max(1, size // 40), max(1, size // 40) + 1, 2)
    mask = np.roll(mask, tuple(int(o) for o in offset), axis=(0, 1))
    ink = tx.bgr(layout.letter_color)
    strength = (mask * look.ink[oy : oy + size, ox : ox + size])[:, :, None]
    texture = texture * (1 - strength) + ink * strength
    return texture.astype(np.float32), look.alpha


def _texture_size(length_mm: float, px_per_mm: float, low: int = 16, high: int = 512) -> int:
    size = int(math.ceil(length_mm * px_per_mm * 1.25 / 8.0) * 8)
    return int(min(max(size, low), high))


def _visible(camera: Camera, corners: np.ndarray, normal: np.ndarray) -> bool:
    return float(normal @ (camera.C - corners.mean(axis=0))) > 0


def tray_faces(
    rng: np.random.Generator, layout: TrayLayout, camera: Camera, light: np.ndarray, ambient: float
) -> list[Face]:
    """Textured, lit faces of the tray and its cubes as ``camera`` sees them."""
    faces: list[Face] = []
    px_per_mm = camera.K[0, 0] / float(np.linalg.norm(camera.C))
    top_size = _texture_size(layout.cube, px_per_mm)
    side_size = max(16, (top_size // 2 + 7) // 8 * 8)
    top_look = _cube_look(rng, layout, top_size, light, side=False)
    side_look = _cube_look(rng, layout, side_size, light, side=True)
    for index, cube in enumerate(layout.cubes):
        sides = cube.side_tokens()
        for side_index, (name, (quad, normal)) in enumerate(box_faces(cube.box).items()):
            if not _visible(camera, quad, normal):
                continue
            if name == "top":
                texture, alpha = _face_texture(rng, top_look, layout, cube.token, cube.quarter_turns)
                owner = OWNER_CUBE_TOP + index
            else:
                token = sides[(side_index - 1) % 4]
                texture, alpha = _face_texture(rng, side_look, layout, token, int(rng.integers(4)))
                owner = OWNER_CUBE_TOP + 500 + index
            faces.append(
                Face(
                    quad,
                    normal,
                    texture=texture,
                    alpha=alpha,
                    owner=owner,
                    shade=lambert(normal, light, ambient),
                    tag=f"cube{index}:{name}",
                )
            )
    faces.extend(_tray_body(layout, light, ambient))
    return faces


def _tray_body(layout: TrayLayout, light: np.ndarray, ambient: float) -> list[Face]:
    color = layout.tray_color
    clear = layout.tray_name == "clear"
    opacity = 0.45 if clear else 1.0
    half, wall, pitch, n = layout.half, layout.wall, layout.pitch, layout.size
    boxes: list[Box] = []
    for k in range(1, n):
        line = -half + k * pitch
        for cell in range(n):
            centre = -half + (cell + 0.5) * pitch
            boxes.append(Box(line, centre, wall, pitch, 0.0, layout.wall_height))
            boxes.append(Box(centre, line, pitch, wall, 0.0, layout.wall_height))
    inner = half - wall / 2
    outer = inner + layout.rim
    mid = (inner + outer) / 2
    z0, z1 = -layout.base, layout.rim_height
    boxes += [
        Box(0.0, mid, 2 * outer, layout.rim, z0, z1),
        Box(0.0, -mid, 2 * outer, layout.rim, z0, z1),
        Box(mid, 0.0, layout.rim, 2 * inner, z0, z1),
        Box(-mid, 0.0, layout.rim, 2 * inner, z0, z1),
    ]
    faces: list[Face] = []
    for box in boxes:
        faces.extend(solid_box(box, color, light, ambient, owner=OWNER_TRAY, opacity=opacity, tag="tray"))
    floor = np.array([[-inner, inner, 0.0], [inner, inner, 0.0], [inner, -inner, 0.0], [-inner, -inner, 0.0]])
    floor_color = tuple(c * (0.75 if clear else 0.45) for c in color)
    faces.append(
        Face(
            floor,
            np.array([0.0, 0.0, 1.0]),
            color=floor_color,
            opacity=0.3 if clear else 1.0,
            owner=OWNER_TRAY,
            shade=ambient,
            tag="tray:floor",
        )
    )
    return faces
