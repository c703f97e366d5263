"""A Scrabble board in 3D: a printed board, tiles as blocks on it, racks, a bag and strays.

:func:`layout_board` decides the position, the board and tile styles and every placement
(no pixels); :func:`board_faces` builds the textured faces once the camera is known.
Board coordinates: millimetres, the 15x15 grid centred on the origin, row 0 along +y
(north), the board's printed surface at ``z = 0``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from boardsight.datasets.synth import textures as tx
from boardsight.datasets.synth.camera import Camera
from boardsight.datasets.synth.fonts import FontFace, ink, pick_font
from boardsight.datasets.synth.glyphs import symbol_mask
from boardsight.datasets.synth.positions import (
    SIZE,
    Engine,
    default_engine,
    play_position,
    random_phase_target,
)
from boardsight.datasets.synth.scene import Box, Face, box_faces, lambert, solid_box
from boardsight.datasets.synth.textures import RGB
from boardsight.scrabble import TileSet, load_layout


@dataclass(frozen=True)
class BoardStyle:
    """Colours and printing of one kind of board."""

    name: str
    square: RGB
    line: RGB
    margin: RGB
    premium: dict[str, RGB]
    label_ink: dict[str, RGB]
    frame: RGB | None = None
    """Colour of a printed line framing the grid in the margin, if any."""
    raised_grid: bool = False
    zigzag: bool = False
    thickness: tuple[float, float] = (2.5, 4.0)


BOARD_STYLES = (
    BoardStyle(
        "classic",
        square=(212, 202, 172),
        line=(238, 232, 214),
        margin=(222, 212, 184),
        frame=(150, 40, 40),
        premium={"TW": (200, 55, 55), "DW": (236, 172, 170), "TL": (45, 110, 190), "DL": (170, 208, 228)},
        label_ink={"TW": (30, 20, 20), "DW": (40, 30, 30), "TL": (20, 20, 30), "DL": (30, 30, 40)},
        zigzag=True,
    ),
    BoardStyle(
        "modern",
        square=(206, 200, 184),
        line=(245, 242, 235),
        margin=(238, 236, 228),
        frame=(60, 60, 70),
        premium={"TW": (228, 85, 55), "DW": (242, 160, 150), "TL": (55, 125, 185), "DL": (165, 215, 230)},
        label_ink={"TW": (255, 250, 240), "DW": (60, 30, 30), "TL": (255, 250, 240), "DL": (30, 50, 70)},
    ),
    BoardStyle(
        "deluxe",
        square=(244, 241, 232),
        line=(120, 40, 38),
        margin=(110, 35, 30),
        premium={"TW": (198, 40, 50), "DW": (232, 140, 150), "TL": (40, 70, 160), "DL": (120, 170, 220)},
        label_ink={
            "TW": (255, 245, 240),
            "DW": (255, 245, 240),
            "TL": (255, 245, 240),
            "DL": (255, 250, 250),
        },
        raised_grid=True,
        thickness=(15.0, 25.0),
    ),
    BoardStyle(
        "green",
        square=(40, 105, 75),
        line=(210, 215, 205),
        margin=(30, 70, 50),
        frame=(210, 215, 205),
        premium={"TW": (205, 45, 45), "DW": (232, 150, 160), "TL": (45, 95, 175), "DL": (135, 195, 222)},
        label_ink={"TW": (255, 250, 240), "DW": (60, 30, 30), "TL": (255, 250, 240), "DL": (30, 50, 70)},
    ),
)

LABELS = {
    "english": {
        "full": {
            "TW": "TRIPLE\nWORD\nSCORE",
            "DW": "DOUBLE\nWORD\nSCORE",
            "TL": "TRIPLE\nLETTER\nSCORE",
            "DL": "DOUBLE\nLETTER\nSCORE",
        },
        "short": {"TW": "TW", "DW": "DW", "TL": "TL", "DL": "DL"},
        "digits": {"TW": "3W", "DW": "2W", "TL": "3L", "DL": "2L"},
        "times": {"TW": "3×\nWORD", "DW": "2×\nWORD", "TL": "3×\nLETTER", "DL": "2×\nLETTER"},
    },
    "swedish": {
        "full": {
            "TW": "TREDUBBELT\nORDVÄRDE",
            "DW": "DUBBELT\nORDVÄRDE",
            "TL": "TREDUBBELT\nBOKSTAVS-\nVÄRDE",
            "DL": "DUBBELT\nBOKSTAVS-\nVÄRDE",
        },
        "digits": {"TW": "3×O", "DW": "2×O", "TL": "3×B", "DL": "2×B"},
        "times": {"TW": "3×\nORD", "DW": "2×\nORD", "TL": "3×\nBOKST", "DL": "2×\nBOKST"},
    },
}

TILE_LOOKS = {
    "cream": ((240, 228, 196), (25, 25, 25)),
    "ivory": ((246, 240, 222), (30, 30, 30)),
    "wood": ((218, 182, 132), (20, 20, 20)),
    "maple": ((232, 205, 160), (25, 20, 20)),
    "maroon": ((118, 55, 42), (245, 238, 220)),
}

OWNER_BOARD = 1
OWNER_TILE = 3000
OWNER_PROPS = 2


@dataclass
class Tile:
    """A tile lying somewhere: its letter (``""`` for a blank or a face-down tile) and block."""

    letter: str
    value: int | None
    box: Box
    face_down: bool = False
    on_grid: bool = True


@dataclass
class BoardLayout:
    """Everything about one board photo's subject except pixels."""

    tiles_name: str
    grid: list[list[str]]
    phase: str
    style: BoardStyle
    label_kind: str
    pitch: float
    margin: float
    thickness: float
    tile_size: float
    tile_height: float
    tile_look: str
    font: FontFace
    cap_fraction: float
    value_fraction: float
    tiles: list[Tile]
    props: list[Box] = field(default_factory=list)
    bag: tuple[float, float, float, float] | None = None

    @property
    def half(self) -> float:
        return SIZE * self.pitch / 2

    @property
    def board_half(self) -> float:
        return self.half + self.margin

    def grid_corners(self) -> np.ndarray:
        """The playing grid's outer corners on the board surface: NW, NE, SE, SW (4, 3)."""
        h = self.half
        return np.array([[-h, h, 0.0], [h, h, 0.0], [h, -h, 0.0], [-h, -h, 0.0]])

    def outline(self) -> np.ndarray:
        """The board as a box from the table to the tile tops (8, 3)."""
        b = self.board_half
        return Box(0.0, 0.0, 2 * b, 2 * b, -self.thickness, self.tile_height).corner_points()

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        return (col + 0.5) * self.pitch - self.half, self.half - (row + 0.5) * self.pitch


def tile_on_square(
    layout: BoardLayout, row: int, col: int, token: str, tileset: TileSet, rng: np.random.Generator
) -> Tile:
    """The tile ``token`` on a square, a little off its centre and turned, as hands leave tiles.

    A blank (``?`` or a lower-case letter, the letter it stands for) shows no letter and no value.
    """
    cx, cy = layout.cell_centre(row, col)
    slack = (layout.pitch - layout.tile_size) / 2
    dx, dy = rng.uniform(-0.9, 0.9, 2) * slack
    box = Box(
        cx + dx,
        cy + dy,
        layout.tile_size,
        layout.tile_size,
        0.0,
        layout.tile_height,
        yaw=math.radians(rng.normal(0, 1.5)),
    )
    blank = token == "?" or token.islower()
    return Tile("" if blank else token, None if blank else tileset.value(token), box)


def layout_board(
    rng: np.random.Generator,
    tiles_name: str,
    fonts: tuple[FontFace, ...],
    engine: Engine | None = None,
) -> BoardLayout:
    """A position played by the engine on a board of a random style, with racks and strays."""
    engine = engine or default_engine(tiles_name)
    tileset = engine.tileset
    phase, target = random_phase_target(rng)
    position = play_position(rng, engine, target)
    grid = position.grid
    style = BOARD_STYLES[int(rng.choice(len(BOARD_STYLES), p=[0.35, 0.3, 0.2, 0.15]))]
    kinds = list(LABELS[tiles_name])
    label_kind = kinds[int(rng.integers(len(kinds)))] if rng.random() < 0.9 else "none"
    pitch = rng.uniform(18.0, 20.5)
    tile_look = str(rng.choice(list(TILE_LOOKS), p=[0.35, 0.15, 0.25, 0.15, 0.1]))
    layout = BoardLayout(
        tiles_name=tiles_name,
        grid=grid,
        phase=phase,
        style=style,
        label_kind=label_kind,
        pitch=pitch,
        margin=rng.uniform(8, 40),
        thickness=rng.uniform(*style.thickness),
        tile_size=pitch * (rng.uniform(0.86, 0.9) if style.raised_grid else rng.uniform(0.88, 0.95)),
        tile_height=rng.uniform(3.0, 5.0),
        tile_look=tile_look,
        font=pick_font(rng, fonts, sans_share=0.75),
        cap_fraction=round(float(rng.uniform(0.5, 0.62)), 2),
        value_fraction=round(float(rng.uniform(0.2, 0.27)), 2),
        tiles=[],
    )
    for row in range(SIZE):
        for col in range(SIZE):
            if grid[row][col] != ".":
                layout.tiles.append(tile_on_square(layout, row, col, grid[row][col], tileset, rng))
    _add_props(rng, layout, tileset, position.racks, position.bag)
    return layout


def _add_props(
    rng: np.random.Generator, layout: BoardLayout, tileset: TileSet, racks: list[list[str]], bag: list[str]
) -> None:
    """The players' racks, a tile bag and stray tiles beside the board, all off the grid."""
    remaining = list(bag)
    edge = layout.board_half
    for rack_tiles in racks[: int(rng.choice([0, 1, 2], p=[0.5, 0.35, 0.15]))]:
        side = int(rng.integers(4))
        length = layout.pitch * rng.uniform(7.5, 8.5)
        depth = layout.pitch * rng.uniform(1.0, 1.4)
        gap = rng.uniform(15, 60)
        along = rng.uniform(-edge + length / 2, edge - length / 2)
        distance = edge + gap + depth / 2
        cx, cy, yaw = [
            (along, -distance, 0),
            (distance, along, math.pi / 2),
            (along, distance, 0),
            (-distance, along, math.pi / 2),
        ][side]
        height = rng.uniform(10, 18)
        rack = Box(cx, cy, length, depth, -layout.thickness, -layout.thickness + height, yaw=yaw)
        layout.props.append(rack)
        count = len(rack_tiles)
        for k, letter in enumerate(rack_tiles):
            offset = (k - (count - 1) / 2) * layout.tile_size * 1.02
            tx_, ty_ = cx + offset * math.cos(yaw), cy + offset * math.sin(yaw)
            box = Box(
                tx_,
                ty_,
                layout.tile_size,
                layout.tile_size,
                rack.z1,
                rack.z1 + layout.tile_height,
                yaw=yaw,
                lean_x=math.radians(rng.uniform(8, 22)) * (1 if side < 2 else -1),
            )
            shown = "" if letter == "?" else letter
            value = None if letter == "?" else tileset.value(letter)
            layout.tiles.append(Tile(shown, value, box, on_grid=False))
    if rng.random() < 0.3:
        size = rng.uniform(60, 100)
        x, y = _beside_board(rng, edge, size * 0.6 + 10, size * 0.6 + 80)
        layout.bag = (x, y, size, rng.uniform(0, 2 * math.pi))
    for _ in range(int(rng.choice([0, 0, 1, 2, 3]))):
        if not remaining:
            break
        letter = remaining.pop()
        x, y = _beside_board(rng, edge, layout.tile_size, layout.tile_size + 70)
        face_down = rng.random() < 0.3
        box = Box(
            x,
            y,
            layout.tile_size,
            layout.tile_size,
            -layout.thickness,
            -layout.thickness + layout.tile_height,
            yaw=rng.uniform(0, 2 * math.pi),
        )
        shown = "" if letter == "?" or face_down else letter
        value = None if not shown else tileset.value(letter)
        layout.tiles.append(Tile(shown, value, box, face_down=face_down, on_grid=False))


def _beside_board(rng: np.random.Generator, edge: float, low: float, high: float) -> tuple[float, float]:
    """A point ``low``..``high`` mm outside one side of the square board of half-size ``edge``."""
    along = rng.uniform(-edge, edge)
    away = edge + rng.uniform(low, high)
    side = int(rng.integers(4))
    return [(along, -away), (away, along), (along, away), (-away, along)][side]


def premium_code(word: int, letter: int) -> str | None:
    """The printed code (``TW``, ``DW``, ``TL``, ``DL``) of a square with these multipliers, or None."""
    if word == 3:
        return "TW"
    if word == 2:
        return "DW"
    if letter == 3:
        return "TL"
    if letter == 2:
        return "DL"
    return None


def premium_teeth(
    image: np.ndarray, box: tuple[int, int, int, int], colour: np.ndarray, tooth: float
) -> None:
    """The classic board's triangles (``tooth`` px half-wide) pointing out of a premium square's ``box``."""
    x0, y0, x1, y1 = box
    for k in range(3):
        a = x0 + (k + 0.5) * (x1 - x0) / 3
        b = y0 + (k + 0.5) * (y1 - y0) / 3
        for points in (
            [(a - tooth, y0), (a + tooth, y0), (a, y0 - tooth * 1.3)],
            [(a - tooth, y1), (a + tooth, y1), (a, y1 + tooth * 1.3)],
            [(x0, b - tooth), (x0, b + tooth), (x0 - tooth * 1.3, b)],
            [(x1, b - tooth), (x1, b + tooth), (x1 + tooth * 1.3, b)],
        ):
            polygon = np.round(np.array(points) * 4).astype(np.int32)
            cv2.fillConvexPoly(image, polygon, colour.tolist(), cv2.LINE_AA, shift=2)


def star_polygon(cx: float, cy: float, radius: float) -> np.ndarray:
    """The centre square's five-pointed star, for OpenCV's fill with ``shift=2`` (quarter pixels)."""
    points = [
        (
            cx + (radius if k % 2 == 0 else radius * 0.45) * math.sin(k * math.pi / 5),
            cy - (radius if k % 2 == 0 else radius * 0.45) * math.cos(k * math.pi / 5),
        )
        for k in range(10)
    ]
    return np.round(np.array(points) * 4).astype(np.int32)


@lru_cache(maxsize=256)
def _label_mask(text: str, font: FontFace, width: int, height: int) -> np.ndarray:
    """Multi-line premium label fitted into ``width`` x ``height`` pixels."""
    lines = text.split("\n")
    canvas = np.zeros((height, width), np.float32)
    line_h = height / (len(lines) + 0.6)
    masks = [ink(line, font, max(6, int(line_h * 1.25))) for line in lines]
    scale = min(
        1.0, min(width * 0.86 / max(1, m.shape[1]) for m in masks), line_h * 0.8 / max(1, masks[0].shape[0])
    )
    y = (height - line_h * len(lines)) / 2
    for mask in masks:
        h, w = max(1, int(mask.shape[0] * scale)), max(1, int(mask.shape[1] * scale))
        small = cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA)
        x0 = int((width - w) / 2)
        y0 = int(y + (line_h - h) / 2)
        region = canvas[y0 : y0 + h, x0 : x0 + w]
        np.maximum(region, small[: region.shape[0], : region.shape[1]], out=region)
        y += line_h
    return canvas


def board_texture(
    rng: np.random.Generator, layout: BoardLayout, px_per_mm: float, light: np.ndarray | None = None
) -> np.ndarray:
    """The printed board surface, margin included (BGR float32), with the tiles' shadows on it."""
    style = layout.style
    size = round(2 * layout.board_half * px_per_mm)
    image = np.empty((size, size, 3), np.float32)
    image[:] = tx.bgr(style.margin)
    image += (3 * tx.fractal_noise(rng, size, size, cells=6, octaves=3))[:, :, None]
    origin = layout.margin * px_per_mm
    cell = layout.pitch * px_per_mm
    grid_px = round(SIZE * cell)
    o = round(origin)
    if style.frame is not None and layout.margin * px_per_mm > 6:
        border = max(1, round(1.2 * px_per_mm))
        away = round(min(layout.margin * 0.4, 6.0) * px_per_mm)
        cv2.rectangle(
            image,
            (o - away, o - away),
            (o + grid_px + away, o + grid_px + away),
            tx.bgr(style.frame).tolist(),
            border,
        )
    image[o : o + grid_px, o : o + grid_px] = tx.bgr(style.line)
    premiums = load_layout("standard")
    gap = max(1.0, cell * (0.07 if style.raised_grid else 0.045))
    labels = LABELS[layout.tiles_name].get(layout.label_kind, {})
    label_font = layout.font
    for row in range(SIZE):
        for col in range(SIZE):
            premium = premiums.premium(row, col)
            code = premium_code(premium.word, premium.letter)
            color = style.premium[code] if code else style.square
            x0 = round(origin + col * cell + gap / 2)
            y0 = round(origin + row * cell + gap / 2)
            x1 = round(origin + (col + 1) * cell - gap / 2)
            y1 = round(origin + (row + 1) * cell - gap / 2)
            image[y0:y1, x0:x1] = tx.bgr(color)
            if code and style.zigzag:
                premium_teeth(image, (x0, y0, x1, y1), tx.bgr(color), cell * 0.12)
            if code and labels and x1 - x0 > 8:
                mask = _label_mask(labels[code], label_font, x1 - x0, y1 - y0)
                ink_color = tx.bgr(style.label_ink[code])
                region = image[y0:y1, x0:x1]
                region[:] = region * (1 - mask[:, :, None]) + ink_color * mask[:, :, None]
            if row == 7 and col == 7:
                star = star_polygon((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 0.33)
                cv2.fillPoly(image, [star], (30, 30, 30), cv2.LINE_AA, shift=2)
    image *= (1 + 0.05 * tx.fractal_noise(rng, size, size, cells=3, octaves=2))[:, :, None]
    if not style.raised_grid and rng.random() < 0.6:
        _fold_crease(rng, image)
    if light is not None:
        _tile_shadows(rng, image, layout, px_per_mm, light)
    return image


def _fold_crease(rng: np.random.Generator, image: np.ndarray) -> None:
    """The folding board's hinge across the middle: a dark line, a light edge, halves lit apart."""
    size = image.shape[0]
    middle = size // 2
    width = max(1, size // 700)
    vertical = rng.random() < 0.5
    view = image.transpose(1, 0, 2) if vertical else image
    view[middle - width : middle + width] *= rng.uniform(0.45, 0.7)
    view[middle + width : middle + 2 * width] *= 1.12
    view[: middle - width] *= rng.uniform(0.96, 1.04)


def _tile_shadows(
    rng: np.random.Generator, image: np.ndarray, layout: BoardLayout, px_per_mm: float, light: np.ndarray
) -> None:
    """Darken the board where the tiles' soft shadows fall (away from the light)."""
    size = image.shape[0]
    reach = layout.tile_height / max(float(light[2]), 0.25)
    offset = -np.asarray(light[:2]) / max(np.linalg.norm(light[:2]), 1e-6) * reach * math.hypot(*light[:2])
    mask = np.zeros((size, size), np.float32)
    half = layout.board_half
    for tile in layout.tiles:
        if not tile.on_grid:
            continue
        ring = tile.box.corner_points()[:4, :2] + offset
        pix = np.column_stack([(ring[:, 0] + half) * px_per_mm, (half - ring[:, 1]) * px_per_mm])
        cv2.fillConvexPoly(mask, np.round(pix * 4).astype(np.int32), 1.0, cv2.LINE_AA, shift=2)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, 0.8 * px_per_mm))
    image *= (1 - rng.uniform(0.25, 0.5) * mask)[:, :, None]


@dataclass
class _TileLook:
    size: int
    base: np.ndarray
    shade: np.ndarray
    alpha: np.ndarray
    ink: np.ndarray


def _tile_look(rng: np.random.Generator, layout: BoardLayout, size: int) -> _TileLook:
    color, ink_color = TILE_LOOKS[layout.tile_look]
    color = tx.jitter_color(rng, color, 8)
    if layout.tile_look in ("wood", "maple"):
        dark = tuple(c * 0.85 for c in color)
        base = tx.wood(
            rng,
            size * 4,
            size * 4,
            color,
            dark,
            ring_period=size * 0.25,
            angle=rng.uniform(0, math.pi),
            contrast=0.4,
        )
    else:
        base = tx.plastic(rng, size * 4, size * 4, color, grain=2.0)
    distance = tx.rounded_rect_distance(size, size, size * rng.uniform(0.06, 0.14))
    return _TileLook(
        size=size,
        base=base,
        shade=tx.edge_falloff(distance, size * 0.1, rng.uniform(0.08, 0.2)),
        alpha=tx.rounded_alpha(distance),
        ink=tx.bgr(ink_color),
    )


def _tile_texture(rng: np.random.Generator, look: _TileLook, layout: BoardLayout, tile: Tile) -> np.ndarray:
    size = look.size
    oy, ox = rng.integers(0, 3 * size, 2)
    texture = look.base[oy : oy + size, ox : ox + size] * look.shade[:, :, None]
    if tile.letter:
        mask = symbol_mask(tile.letter, layout.font, size, layout.cap_fraction, False).copy()
        shift = round(size * 0.05)
        mask = np.roll(mask, (-shift, -shift), axis=(0, 1))
        if tile.value is not None:
            value = ink(str(tile.value), layout.font, max(5, int(size * layout.value_fraction * 1.35)))
            scale = size * layout.value_fraction / max(1, value.shape[0])
            h, w = max(1, int(value.shape[0] * scale)), max(1, int(value.shape[1] * scale))
            value = cv2.resize(value, (w, h), interpolation=cv2.INTER_AREA)
            x0 = min(size - w - 1, int(size * 0.8 - w / 2))
            y0 = min(size - h - 1, int(size * 0.9 - h))
            region = mask[y0 : y0 + h, x0 : x0 + w]
            np.maximum(region, value[: region.shape[0], : region.shape[1]], out=region)
        strength = mask[:, :, None] * 0.95
        texture = texture * (1 - strength) + look.ink * strength
    return texture.astype(np.float32)


def _texture_size(length_mm: float, px_per_mm: float, low: int = 16, high: int = 256) -> int:
    size = int(math.ceil(length_mm * px_per_mm * 1.2 / 8.0) * 8)
    return int(min(max(size, low), high))


def board_faces(
    rng: np.random.Generator, layout: BoardLayout, camera: Camera, light: np.ndarray, ambient: float
) -> list[Face]:
    """Textured, lit faces of the board, its tiles and the props around it."""
    px_per_mm = camera.K[0, 0] / float(np.linalg.norm(camera.C))
    board_px_per_mm = min(px_per_mm * 1.1, 2600 / (2 * layout.board_half))
    texture = board_texture(rng, layout, board_px_per_mm, light)
    edge_color = tuple(c * 0.7 for c in layout.style.margin)
    board = Box(0.0, 0.0, 2 * layout.board_half, 2 * layout.board_half, -layout.thickness, 0.0)
    faces = solid_box(
        board,
        edge_color,
        light,
        ambient,
        owner=OWNER_BOARD,
        texture_for=lambda name, _w, _h: (texture, None) if name == "top" else (None, None),
        tag="board",
    )
    look = _tile_look(rng, layout, _texture_size(layout.tile_size, px_per_mm))
    side_color = tuple(c * 0.85 for c in TILE_LOOKS[layout.tile_look][0])
    for index, tile in enumerate(layout.tiles):
        for name, (quad, normal) in box_faces(tile.box).items():
            if float(normal @ (camera.C - quad.mean(axis=0))) <= 0:
                continue
            shade = lambert(normal, light, ambient)
            if name == "top":
                tile_texture = _tile_texture(rng, look, layout, tile)
                owner = OWNER_TILE + index if tile.on_grid else OWNER_PROPS
                faces.append(
                    Face(quad, normal, texture=tile_texture, alpha=look.alpha, owner=owner, shade=shade)
                )
            else:
                faces.append(Face(quad, normal, color=side_color, owner=OWNER_PROPS, shade=shade * 0.92))
    if layout.style.raised_grid:
        faces += _ridges(layout, light, ambient)
    rack_color = tx.jitter_color(rng, (150, 110, 70) if rng.random() < 0.5 else (40, 40, 45), 15)
    for prop in layout.props:
        faces += solid_box(prop, rack_color, light, ambient, owner=OWNER_PROPS, tag="rack")
    if layout.bag is not None:
        faces.append(_bag_face(rng, layout, light, ambient, px_per_mm))
    return faces


RIDGE_PIECES = 3
"""Each grid line's ridge is built of this many boxes (shorter boxes cost fewer depth tests)."""


def _ridges(layout: BoardLayout, light: np.ndarray, ambient: float) -> list[Face]:
    """The raised grid of a deluxe board: a low ridge along every grid line."""
    half, pitch = layout.half, layout.pitch
    width = pitch * 0.07
    height = min(2.2, layout.tile_height * 0.5)
    color = layout.style.line
    faces: list[Face] = []
    length = 2 * half / RIDGE_PIECES
    for k in range(SIZE + 1):
        line = -half + k * pitch
        for piece in range(RIDGE_PIECES):
            middle = -half + (piece + 0.5) * length
            for box in (
                Box(line, middle, width, length + width, 0.0, height),
                Box(middle, line, length + width, width, 0.0, height),
            ):
                faces += solid_box(box, color, light, ambient, owner=OWNER_BOARD, tag="ridge")
    return faces


def _bag_face(
    rng: np.random.Generator, layout: BoardLayout, light: np.ndarray, ambient: float, px_per_mm: float
) -> Face:
    """The cloth tile bag as a soft, shaded blob lying on the table."""
    cx, cy, size, angle = layout.bag  # type: ignore[misc]
    px = int(min(256, max(24, size * px_per_mm)))
    color = tx.jitter_color(rng, (90, 30, 60) if rng.random() < 0.5 else (30, 40, 90), 20)
    cloth = tx.cloth(rng, px, px, color, period=max(2.0, px / 60), angle=rng.uniform(0, math.pi))
    yy, xx = np.mgrid[0:px, 0:px].astype(np.float32) / px - 0.5
    wobble = 1 + 0.12 * np.sin(np.arctan2(yy, xx) * rng.integers(3, 7))
    radius = np.hypot(xx, yy * 1.2) / (0.48 * wobble)
    alpha = np.clip((1 - radius) * px / 3, 0, 1).astype(np.float32)
    shading = (0.65 + 0.45 * np.sqrt(np.clip(1 - radius**2, 0, 1)))[:, :, None]
    half = size / 2
    c, s = math.cos(angle), math.sin(angle)
    local = np.array([[-half, half], [half, half], [half, -half], [-half, -half]])
    corners = local @ np.array([[c, s], [-s, c]]) + [cx, cy]
    z = -layout.thickness + 2.0
    quad = np.column_stack([corners, np.full(4, z)])
    return Face(
        quad,
        np.array([0.0, 0.0, 1.0]),
        texture=(cloth * shading).astype(np.float32),
        alpha=alpha,
        owner=OWNER_PROPS,
        shade=lambert(np.array([0.0, 0.0, 1.0]), light, ambient),
    )
