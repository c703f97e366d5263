"""One Scrabble square drawn straight into a crop, as the reader cuts it: fast, broad training data.

Rendering whole 3D boards takes seconds a photo; a square's crop takes about a
millisecond. Each crop is one square of a board (widened by the reader's margin, so the
neighbours' edges show at the border), drawn at 64 px a square in board coordinates
(as the reader rectifies it), then taken down to a camera's resolution of 15-50 px a
square with its optics:

- the board: a printed square, plain or premium (with its printed label, or the centre
  star), grid lines or none, neighbouring squares in their colours, neighbours' tiles
  bleeding in at the border, and the tiles' shadows;
- the tile: face colour and material (wood, cream, ivory, white or coloured plastic,
  dark tiles with light letters), rounded corners, bevel, the visible side of a tile
  standing above the grid plane (its top shifted off the square's centre), a small turn;
  the letter (A-Z, Å Ä Ö) in a font of the chosen faces, its weight and width varied,
  and the small score subscript; a blank shows neither;
- light and camera: a light gradient, colour cast, glare, tone curve, focus and motion
  blur, sensor noise and JPEG at the small resolution.

Pure drawing: :func:`render_tile_crop` takes a generator and returns BGR pixels; which
classes and how many is the caller's choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

import cv2
import numpy as np

from boardsight.datasets.synth import textures as tx
from boardsight.datasets.synth.effects import colour_gains, seed_opencv, tone_curve
from boardsight.datasets.synth.fonts import FontFace, fonts_for, ink
from boardsight.datasets.synth.glyphs import symbol_mask
from boardsight.datasets.synth.scrabble_scene import BOARD_STYLES, LABELS, premium_teeth, star_polygon
from boardsight.datasets.synth.textures import RGB
from boardsight.scrabble.tileset import load_tileset

SQUARE_PX = 64
"""Pixels a square is drawn at before it is taken down to the camera's resolution."""
CELL_MARGIN = 0.08
"""How far past the square, as a share of it, the crop reaches on each side (the reader's margin)."""
SQUARE_PX_RANGE = (15, 50)
"""Camera resolution, in pixels a square, that crops are taken down to."""
TEXTURE_BANK = 24
"""Wood and plastic patches made once per process and cut from, per material."""


@dataclass(frozen=True)
class TileLook:
    """A kind of tile: face colour, ink colour, material (``wood`` or ``plastic``) and how often it comes."""

    face: RGB
    ink: RGB
    material: str
    weight: float


TILE_LOOKS = {
    "cream": TileLook((240, 228, 196), (25, 25, 25), "plastic", 1.5),
    "ivory": TileLook((246, 240, 222), (30, 30, 30), "plastic", 1.0),
    "white": TileLook((240, 240, 236), (20, 20, 25), "plastic", 0.6),
    "wood": TileLook((218, 182, 132), (20, 20, 20), "wood", 1.5),
    "maple": TileLook((232, 205, 160), (25, 20, 20), "wood", 1.2),
    "pale wood": TileLook((226, 200, 158), (35, 30, 28), "wood", 1.2),
    "dark wood": TileLook((150, 102, 62), (245, 235, 215), "wood", 0.4),
    "beige": TileLook((222, 206, 172), (40, 35, 30), "plastic", 0.8),
    "yellow": TileLook((238, 214, 130), (25, 25, 25), "plastic", 0.4),
    "maroon": TileLook((118, 55, 42), (245, 238, 220), "plastic", 0.6),
    "black": TileLook((38, 38, 42), (240, 240, 240), "plastic", 0.4),
    "coloured": TileLook((128, 128, 128), (20, 20, 20), "plastic", 0.6),
}
"""Tile kinds; ``coloured`` is replaced by a random face colour with an ink that contrasts."""

LETTERS = (*(chr(code) for code in range(ord("A"), ord("Z") + 1)), "Å", "Ä", "Ö")
PREMIUMS = ("TW", "DW", "TL", "DL")


@dataclass(frozen=True)
class SquareSpec:
    """What one crop shows: ``letter`` ("" for none), whether a tile lies there, and the premium."""

    letter: str = ""
    tile: bool = True
    premium: str | None = None
    centre: bool = False


@cache
def tile_crop_fonts() -> tuple[FontFace, ...]:
    """Every installed training face the crops may print letters in (never a held-out face).

    The Scrabble boards' own faces, those kept for Boggle cubes, and the regular weights
    of training families kept for these crops. Looked up once a process, not once a crop.
    """
    faces = {face: None for face in fonts_for("train", "boggle")}
    faces.update({face: None for face in fonts_for("train", "tiles")})
    return tuple(face for face in faces if face.split == "train")


@cache
def _values() -> dict[str, int]:
    english, swedish = load_tileset("english"), load_tileset("swedish")
    return {**swedish.values, **english.values}


@cache
def _bank(material: str) -> list[np.ndarray]:
    """Grey-level material patches (mean 1) at 2x a square, tinted per crop; made once a process."""
    rng = np.random.default_rng([0 if material == "wood" else 1, 17])
    side = SQUARE_PX * 2
    patches = []
    for _ in range(TEXTURE_BANK):
        if material == "wood":
            patch = tx.wood(
                rng,
                side,
                side,
                (255, 255, 255),
                (205, 205, 205),
                ring_period=side * rng.uniform(0.08, 0.3),
                angle=rng.uniform(0, math.pi),
                contrast=rng.uniform(0.2, 0.8),
            )[:, :, 0]
        else:
            patch = 1.0 + rng.uniform(0.005, 0.03) * tx.fractal_noise(rng, side, side, cells=4, octaves=3)
            patch = patch * 255.0
        patches.append((patch / patch.mean()).astype(np.float32))
    return patches


def _random_rgb(rng: np.random.Generator, light: tuple[float, float]) -> RGB:
    """A colour of random hue and saturation whose value lies in ``light`` (0..1)."""
    hsv = np.uint8([[[rng.integers(0, 180), rng.integers(20, 200), int(255 * rng.uniform(*light))]]])
    b, g, r = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0]
    return float(r), float(g), float(b)


def _pick_look(rng: np.random.Generator) -> tuple[RGB, RGB, str]:
    names = list(TILE_LOOKS)
    weights = np.array([TILE_LOOKS[name].weight for name in names])
    look = TILE_LOOKS[names[int(rng.choice(len(names), p=weights / weights.sum()))]]
    face, ink_rgb = look.face, look.ink
    if look is TILE_LOOKS["coloured"]:
        dark_face = rng.random() < 0.4
        face = _random_rgb(rng, (0.15, 0.45) if dark_face else (0.6, 0.95))
        ink_rgb = (240, 240, 235) if dark_face else (25, 25, 25)
    return tx.jitter_color(rng, face, 14), tx.jitter_color(rng, ink_rgb, 12), look.material


@dataclass
class _Board:
    square: RGB
    line: RGB
    premium: dict[str, RGB]
    label_ink: dict[str, RGB]
    gap: float
    teeth: bool


def _pick_board(rng: np.random.Generator) -> _Board:
    choice = rng.random()
    if choice < 0.7:
        style = BOARD_STYLES[int(rng.integers(len(BOARD_STYLES)))]
        square, line = style.square, style.line
        premium, label_ink = dict(style.premium), dict(style.label_ink)
    else:
        square = (
            _random_rgb(rng, (0.75, 1.0))
            if choice < 0.85
            else _random_rgb(rng, (0.2, 0.7))
            if choice < 0.92
            else tx.jitter_color(rng, (238, 238, 232), 10)
        )
        line = _random_rgb(rng, (0.3, 1.0)) if rng.random() < 0.6 else tuple(c * 0.8 for c in square)
        premium = {code: _random_rgb(rng, (0.45, 0.95)) for code in PREMIUMS}
        label_ink = {code: (20, 20, 20) if rng.random() < 0.6 else (250, 250, 245) for code in PREMIUMS}
    square = tx.jitter_color(rng, square, 12)
    premium = {code: tx.jitter_color(rng, colour, 14) for code, colour in premium.items()}
    if rng.random() < 0.2:
        line = square
    return _Board(
        square, line, premium, label_ink, gap=rng.uniform(0.0, 0.12) * SQUARE_PX, teeth=rng.random() < 0.3
    )


def _label_mask(rng: np.random.Generator, text: str, face: FontFace, side: int) -> np.ndarray:
    """A premium square's printed label (several short lines) fitted into a ``side`` px square."""
    lines = text.split("\n")
    canvas = np.zeros((side, side), np.float32)
    line_h = side / (len(lines) + rng.uniform(0.3, 1.0))
    masks = [ink(line, face, max(6, int(line_h * 1.2))) for line in lines]
    scale = min(
        min(side * rng.uniform(0.75, 0.95) / max(1, mask.shape[1]) for mask in masks),
        line_h * rng.uniform(0.6, 0.85) / max(1, masks[0].shape[0]),
    )
    y = (side - line_h * len(lines)) / 2
    for mask in masks:
        h, w = max(1, int(mask.shape[0] * scale)), max(1, int(mask.shape[1] * scale))
        small = cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA)
        x0, y0 = max(0, int((side - w) / 2)), max(0, int(y + (line_h - h) / 2))
        region = canvas[y0 : y0 + h, x0 : x0 + w]
        np.maximum(region, small[: region.shape[0], : region.shape[1]], out=region)
        y += line_h
    return canvas


def _grid_walls(rng: np.random.Generator, image: np.ndarray, start: int, inner: int) -> None:
    """Every square's rim darkened or lit, as the walls of a raised grid shade the squares they frame."""
    distance = tx.rounded_rect_distance(inner, inner, 0.5)
    depth = rng.choice([-1, 1], p=[0.3, 0.7]) * rng.uniform(0.08, 0.35)
    rim = tx.edge_falloff(distance, SQUARE_PX * rng.uniform(0.03, 0.12), depth)[:, :, None]
    side = image.shape[0]
    for row in (-1, 0, 1):
        for col in (-1, 0, 1):
            y0, x0 = start + row * SQUARE_PX, start + col * SQUARE_PX
            ya, xa = max(0, y0), max(0, x0)
            yb, xb = min(side, y0 + inner), min(side, x0 + inner)
            if yb > ya and xb > xa:
                image[ya:yb, xa:xb] *= rim[ya - y0 : yb - y0, xa - x0 : xb - x0]


def _star_mask(side: int, radius: float) -> np.ndarray:
    canvas = np.zeros((side, side), np.float32)
    cv2.fillPoly(canvas, [star_polygon(side / 2, side / 2, radius)], 1.0, cv2.LINE_AA, shift=2)
    return canvas


def _paint(image: np.ndarray, mask: np.ndarray, colour: np.ndarray, strength: float = 1.0) -> None:
    """Blend ``colour`` into ``image`` where ``mask`` (same height and width) covers it."""
    weight = (mask * strength)[:, :, None]
    image *= 1 - weight
    image += weight * colour


def _draw_board(
    rng: np.random.Generator, image: np.ndarray, board: _Board, spec: SquareSpec, fonts: tuple[FontFace, ...]
) -> None:
    """The printed board under the crop: its 3 x 3 squares around the centre one, lines, print."""
    side = image.shape[0]
    origin = CELL_MARGIN * SQUARE_PX
    image[:] = tx.bgr(board.line)
    half_gap = board.gap / 2
    for row in (-1, 0, 1):
        for col in (-1, 0, 1):
            if row == 0 and col == 0:
                code = spec.premium
            else:
                code = str(rng.choice(PREMIUMS)) if rng.random() < 0.25 else None
            colour = board.premium[code] if code else board.square
            x0 = round(origin + col * SQUARE_PX + half_gap)
            y0 = round(origin + row * SQUARE_PX + half_gap)
            x1 = round(origin + (col + 1) * SQUARE_PX - half_gap)
            y1 = round(origin + (row + 1) * SQUARE_PX - half_gap)
            image[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)] = tx.bgr(colour)
            if code and board.teeth:
                premium_teeth(image, (x0, y0, x1, y1), tx.bgr(colour), SQUARE_PX * 0.12)
    inner = round(SQUARE_PX - board.gap)
    start = round(origin + half_gap)
    if rng.random() < 0.35:
        _grid_walls(rng, image, start, inner)
    if spec.centre and rng.random() < 0.85:
        star = _star_mask(inner, inner * rng.uniform(0.25, 0.4))
        star_colour = tx.bgr((30, 30, 30) if rng.random() < 0.6 else board.label_ink.get("DW", (30, 30, 30)))
        _paint(image[start : start + inner, start : start + inner], star, star_colour)
    elif spec.premium and rng.random() < 0.85:
        language = "english" if rng.random() < 0.6 else "swedish"
        kinds = LABELS[language]
        text = kinds[str(rng.choice(list(kinds)))][spec.premium]
        face = fonts[int(rng.integers(len(fonts)))]
        mask = _label_mask(rng, text, face, inner)
        ink_colour = tx.bgr(board.label_ink[spec.premium])
        _paint(image[start : start + inner, start : start + inner], mask, ink_colour, rng.uniform(0.6, 1.0))
    image *= (1 + rng.uniform(0, 0.05) * tx.value_noise(rng, side, side, cells=3))[:, :, None]


@cache
def _corner_distance(radius_step: int) -> np.ndarray:
    """Signed distance to the border of a rounded ``SQUARE_PX`` square, radius in steps of 1% of it."""
    return tx.rounded_rect_distance(SQUARE_PX, SQUARE_PX, SQUARE_PX * radius_step / 100)


def _plain_face(rng: np.random.Generator, face_rgb: RGB, material: str) -> tuple[np.ndarray, np.ndarray]:
    """A tile's top face at ``SQUARE_PX`` px without print: BGR pixels and its rounded-corner coverage."""
    size = SQUARE_PX
    bank = _bank(material)
    patch = bank[int(rng.integers(len(bank)))]
    oy, ox = rng.integers(0, patch.shape[0] - size, 2)
    grain = patch[oy : oy + size, ox : ox + size]
    if rng.random() < 0.5:
        grain = grain.T
    texture = grain[:, :, None] * tx.bgr(face_rgb)
    distance = _corner_distance(int(rng.integers(3, 19)))
    bevel = rng.choice([-1, 1], p=[0.25, 0.75]) * rng.uniform(0.05, 0.3)
    texture *= tx.edge_falloff(distance, size * rng.uniform(0.05, 0.16), bevel)[:, :, None]
    return texture, tx.rounded_alpha(distance)


def _printed(
    rng: np.random.Generator, texture: np.ndarray, letter: str, ink_rgb: RGB, font: FontFace
) -> np.ndarray:
    """A copy of a tile face with ``letter`` and its score printed on it."""
    size = SQUARE_PX
    mask = symbol_mask(letter, font, size, round(0.44 + 0.04 * int(rng.integers(0, 6)), 2), False)
    mask = _reshaped_letter(rng, mask)
    value = _values().get(letter)
    if value is not None and rng.random() < 0.9:
        _add_value(rng, mask, str(value), font)
    printed = texture.copy()
    _paint(printed, mask, tx.bgr(ink_rgb), rng.uniform(0.8, 1.0))
    return printed


def _reshaped_letter(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """The letter made wider or narrower, heavier or lighter, and moved a little (a copy)."""
    size = mask.shape[0]
    stretch = math.exp(rng.uniform(-0.18, 0.15))
    shift_x = rng.uniform(-0.07, 0.03) * size
    shift_y = rng.uniform(-0.09, 0.03) * size
    matrix = np.float32([[stretch, 0, (1 - stretch) * size / 2 + shift_x], [0, 1, shift_y]])
    out = cv2.warpAffine(mask, matrix, (size, size))
    weight = rng.random()
    if weight < 0.15:
        out = cv2.dilate(out, np.ones((3, 3), np.uint8))
    elif weight < 0.25:
        out = cv2.erode(out, np.ones((2, 2), np.uint8))
    return out


@lru_cache(maxsize=4096)
def _digits_mask(text: str, font: FontFace, percent: int) -> np.ndarray:
    """A score printed ``percent`` % of a ``SQUARE_PX`` tile high."""
    height = SQUARE_PX * percent / 100
    digits = ink(text, font, max(5, int(height * 1.35)))
    scale = height / max(1, digits.shape[0])
    h, w = max(1, int(digits.shape[0] * scale)), max(1, int(digits.shape[1] * scale))
    return cv2.resize(digits, (w, h), interpolation=cv2.INTER_AREA)


def _add_value(rng: np.random.Generator, mask: np.ndarray, text: str, font: FontFace) -> None:
    """The score subscript, printed small near the tile's lower right corner, into ``mask``."""
    size = mask.shape[0]
    digits = _digits_mask(text, font, int(rng.integers(16, 29)))
    h, w = digits.shape
    x0 = int(np.clip(size * rng.uniform(0.74, 0.86) - w / 2, 0, size - w - 1))
    y0 = int(np.clip(size * rng.uniform(0.84, 0.93) - h, 0, size - h - 1))
    region = mask[y0 : y0 + h, x0 : x0 + w]
    np.maximum(region, digits[: region.shape[0], : region.shape[1]], out=region)


def _place(
    canvas: np.ndarray, pixels: np.ndarray, alpha: np.ndarray, matrix: np.ndarray, opacity: float = 1.0
) -> None:
    """Draw ``pixels`` with coverage ``alpha`` into ``canvas`` through the affine ``matrix``."""
    side = canvas.shape[0]
    warped = cv2.warpAffine(pixels, matrix, (side, side), flags=cv2.INTER_LINEAR)
    coverage = cv2.warpAffine(alpha, matrix, (side, side), flags=cv2.INTER_LINEAR) * opacity
    _paint(canvas, coverage, 0, 1.0)
    canvas += warped * coverage[:, :, None]


def _tile_matrix(centre: tuple[float, float], tile_px: float, angle: float) -> np.ndarray:
    """The affine map from a ``SQUARE_PX`` face to a tile ``tile_px`` wide at ``centre``, turned ``angle``."""
    scale = tile_px / SQUARE_PX
    c, s = math.cos(angle) * scale, math.sin(angle) * scale
    half = SQUARE_PX / 2
    return np.float32(
        [
            [c, -s, centre[0] - c * half + s * half],
            [s, c, centre[1] - s * half - c * half],
        ]
    )


def _draw_tiles(
    rng: np.random.Generator, image: np.ndarray, spec: SquareSpec, fonts: tuple[FontFace, ...]
) -> None:
    """Shadows, then the neighbours' tiles, then the square's own tile standing above the board."""
    face_rgb, ink_rgb, material = _pick_look(rng)
    font = fonts[int(rng.integers(len(fonts)))]
    tile_px = SQUARE_PX * rng.uniform(0.84, 0.97)
    slack = (SQUARE_PX - tile_px) / 2
    lift_angle = rng.uniform(0, 2 * math.pi)
    lift = SQUARE_PX * (rng.uniform(0.0, 0.07) if rng.random() < 0.7 else rng.uniform(0.07, 0.16))
    lift_vector = np.array([math.cos(lift_angle), math.sin(lift_angle)]) * lift
    light_angle = rng.uniform(0, 2 * math.pi)
    shadow_vector = np.array([math.cos(light_angle), math.sin(light_angle)]) * SQUARE_PX * rng.uniform(0, 0.1)
    side_rgb = tuple(c * rng.uniform(0.55, 0.85) for c in face_rgb)
    origin = CELL_MARGIN * SQUARE_PX + SQUARE_PX / 2
    spots = [(0, 0)] if spec.tile else []
    spots += [
        (dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0) and rng.random() < 0.35
    ]
    tiles = []
    for dr, dc in spots:
        centre = np.array([origin + dc * SQUARE_PX, origin + dr * SQUARE_PX])
        centre = centre + rng.uniform(-0.9, 0.9, 2) * slack
        tiles.append(((dr, dc), centre, rng.normal(0, math.radians(2.0))))
    if not tiles:
        return
    side = image.shape[0]
    shadow = np.zeros((side, side), np.float32)
    for _spot, centre, angle in tiles:
        corners = _square_corners(centre + shadow_vector + lift_vector * 0.5, tile_px, angle)
        cv2.fillConvexPoly(shadow, np.round(corners * 4).astype(np.int32), 1.0, cv2.LINE_AA, shift=2)
    shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(1.0, 4.0))
    image *= (1 - rng.uniform(0.1, 0.5) * shadow)[:, :, None]
    side_colour = tx.bgr(side_rgb)
    plain, alpha = _plain_face(rng, face_rgb, material)
    for spot, centre, angle in sorted(tiles, key=lambda item: item[0] == (0, 0)):
        base = _square_corners(centre, tile_px, angle)
        top = base + lift_vector
        hull = cv2.convexHull(np.round(np.vstack([base, top]) * 4).astype(np.int32))
        body = np.zeros((side, side), np.float32)
        cv2.fillConvexPoly(body, hull, 1.0, cv2.LINE_AA, shift=2)
        _paint(image, body, side_colour)
        own = spot == (0, 0)
        pixels = _printed(rng, plain, spec.letter, ink_rgb, font) if own and spec.letter else plain
        _place(image, pixels, alpha, _tile_matrix(tuple(centre + lift_vector), tile_px, angle))


def _square_corners(centre: np.ndarray, size: float, angle: float) -> np.ndarray:
    half = size / 2
    c, s = math.cos(angle), math.sin(angle)
    local = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    return local @ np.array([[c, s], [-s, c]]) + centre


def _light_and_camera(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """The drawn crop lit, coloured, taken down to a camera's resolution and compressed (uint8 BGR)."""
    side = image.shape[0]
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32) / side - 0.5
    angle = rng.uniform(0, 2 * math.pi)
    ramp = 1 + (xx * math.cos(angle) + yy * math.sin(angle)) * rng.uniform(0, 0.4)
    image *= (ramp * rng.uniform(0.6, 1.15))[:, :, None] * colour_gains(rng)
    if rng.random() < 0.15:
        cx, cy = rng.uniform(0.1, 0.9, 2) * side
        radius = side * rng.uniform(0.08, 0.4)
        glare = np.exp(-(((xx + 0.5) * side - cx) ** 2 + ((yy + 0.5) * side - cy) ** 2) / (2 * radius**2))
        image += (rng.uniform(30, 160) * glare)[:, :, None]
    pixels = cv2.LUT(cv2.convertScaleAbs(image), tone_curve(rng))
    square_px = rng.uniform(*SQUARE_PX_RANGE)
    small = max(8, round(square_px * (1 + 2 * CELL_MARGIN)))
    pixels = cv2.resize(pixels, (small, small), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:
        pixels = cv2.GaussianBlur(pixels, (0, 0), rng.uniform(0.3, 0.9))
    if rng.random() < 0.12:
        pixels = _motion_blur(rng, pixels)
    seed_opencv(rng)
    noise = np.empty(pixels.shape, np.int16)
    cv2.randn(noise, 0.0, float(rng.uniform(0.5, 6.0)))
    pixels = cv2.add(pixels, noise, dtype=cv2.CV_8U)
    if rng.random() < 0.8:
        quality = int(rng.integers(30, 96))
        _ok, data = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, quality])
        pixels = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return pixels


def _motion_blur(rng: np.random.Generator, pixels: np.ndarray) -> np.ndarray:
    length = int(rng.integers(2, 5))
    size = length | 1
    kernel = np.zeros((size, size), np.float32)
    kernel[size // 2, (size - length) // 2 : (size - length) // 2 + length] = 1.0
    rotation = cv2.getRotationMatrix2D((size / 2 - 0.5, size / 2 - 0.5), rng.uniform(0, 180), 1.0)
    kernel = cv2.warpAffine(kernel, rotation, (size, size))
    return cv2.filter2D(pixels, -1, kernel / max(float(kernel.sum()), 1e-6))


def crop_side() -> int:
    """Side in pixels of a crop as drawn, before the camera takes it down."""
    return round(SQUARE_PX * (1 + 2 * CELL_MARGIN))


def render_tile_crop(
    rng: np.random.Generator, spec: SquareSpec, fonts: tuple[FontFace, ...] | None = None
) -> np.ndarray:
    """One square's crop (uint8 BGR, 15-50 px a square, so 17-58 px wide) showing ``spec``.

    ``fonts`` defaults to :func:`tile_crop_fonts` (training faces only).
    """
    fonts = fonts or tile_crop_fonts()
    side = crop_side()
    image = np.empty((side, side, 3), np.float32)
    _draw_board(rng, image, _pick_board(rng), spec, fonts)
    _draw_tiles(rng, image, spec, fonts)
    return _light_and_camera(rng, image)
