"""Procedural textures and materials: noise, wood grain, plastic, cloth, paper.

Every function takes a NumPy ``Generator`` and returns float32 arrays; images are BGR in
0..255 (OpenCV order). Colours in this package are written as RGB triples and turned to
BGR with :func:`bgr` where they meet an image.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

RGB = tuple[float, float, float]


def bgr(rgb: RGB) -> np.ndarray:
    """An RGB triple as a BGR float32 vector."""
    return np.array(rgb[::-1], np.float32)


def jitter_color(rng: np.random.Generator, rgb: RGB, amount: float) -> RGB:
    """``rgb`` made lighter or darker by up to ``amount`` and each channel nudged by a third of it."""
    shift = rng.uniform(-amount, amount)
    return tuple(float(np.clip(c + shift + rng.uniform(-amount, amount) / 3, 0, 255)) for c in rgb)


def value_noise(rng: np.random.Generator, height: int, width: int, cells: float) -> np.ndarray:
    """Smooth noise in [-1, 1] with about ``cells`` features across the longer side."""
    longer = max(height, width)
    gy = max(2, math.ceil(cells * height / longer) + 2)
    gx = max(2, math.ceil(cells * width / longer) + 2)
    grid = rng.uniform(-1, 1, (gy, gx)).astype(np.float32)
    return cv2.resize(grid, (width, height), interpolation=cv2.INTER_CUBIC)


def fractal_noise(
    rng: np.random.Generator, height: int, width: int, cells: float, octaves: int = 4, gain: float = 0.5
) -> np.ndarray:
    """Sum of value-noise octaves, roughly in [-1, 1]."""
    total = np.zeros((height, width), np.float32)
    amplitude, norm = 1.0, 0.0
    for octave in range(octaves):
        freq = cells * (2**octave)
        if freq > max(height, width) / 2:
            break
        total += amplitude * value_noise(rng, height, width, freq)
        norm += amplitude
        amplitude *= gain
    return total / max(norm, 1e-6)


def colorize(field: np.ndarray, dark: RGB, light: RGB) -> np.ndarray:
    """Map a field in [0, 1] to a BGR image between two colours."""
    t = np.clip(field, 0, 1)[:, :, None]
    return bgr(dark) * (1 - t) + bgr(light) * t


def grain_noise(rng: np.random.Generator, height: int, width: int, along: float, across: float) -> np.ndarray:
    """Noise stretched along x: ``along`` features along, ``across`` features across (in [-1, 1])."""
    grid = rng.uniform(-1, 1, (max(2, int(across) + 2), max(2, int(along) + 2))).astype(np.float32)
    return cv2.resize(grid, (width, height), interpolation=cv2.INTER_CUBIC)


def wood(
    rng: np.random.Generator,
    height: int,
    width: int,
    light: RGB,
    dark: RGB,
    *,
    ring_period: float,
    angle: float,
    contrast: float = 1.0,
) -> np.ndarray:
    """Wood: growth rings bent by knots and drift, fine fibres and pores along the grain.

    Built in a grain-aligned frame (grain along x) and turned by ``angle`` radians.
    """
    side = int(math.hypot(height, width)) + 2
    across_rings = side / max(ring_period, 1.0)
    drift = grain_noise(rng, side, side, along=1.5, across=3) * across_rings * 0.12
    drift += grain_noise(rng, side, side, along=3, across=8) * 0.5
    drift += fractal_noise(rng, side, side, cells=3, octaves=2) * 0.3
    yy = np.linspace(0, across_rings, side, dtype=np.float32)[:, None]
    rings = (yy + drift) % 1.0
    late_wood = np.clip((rings - rng.uniform(0.55, 0.8)) * 4, 0, 1) ** 0.7
    fibres = grain_noise(rng, side, side, along=rng.uniform(2, 6), across=side / rng.uniform(2.5, 6))
    pores = grain_noise(rng, side, side, along=side / 40, across=side / 3)
    field = 1.0 - contrast * (0.5 * late_wood + 0.16 * (fibres + 1) / 2 + 0.06 * np.maximum(pores, 0))
    field += 0.1 * value_noise(rng, side, side, cells=2.5)
    rot = cv2.getRotationMatrix2D((side / 2, side / 2), math.degrees(angle), 1.0)
    rot[:, 2] += [(width - side) / 2, (height - side) / 2]
    field = cv2.warpAffine(field, rot, (width, height), borderMode=cv2.BORDER_REFLECT)
    return colorize(field, dark, light)


def plastic(rng: np.random.Generator, height: int, width: int, rgb: RGB, grain: float = 3.0) -> np.ndarray:
    """A nearly flat plastic colour with faint mottling."""
    base = np.empty((height, width, 3), np.float32)
    base[:] = bgr(rgb)
    base += (grain * fractal_noise(rng, height, width, cells=4, octaves=3))[:, :, None]
    return base


def marble(rng: np.random.Generator, height: int, width: int, rgb: RGB, contrast: float) -> np.ndarray:
    """Pearly, marbled plastic: soft grey veins swirling through a light colour."""
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    turbulence = fractal_noise(rng, height, width, cells=2, octaves=3) * 1.6
    angle = rng.uniform(0, math.pi)
    along = (xx * math.cos(angle) + yy * math.sin(angle)) / max(height, width) * rng.uniform(1.5, 3)
    veins = 0.5 + 0.5 * np.sin((along + turbulence) * math.pi)
    base = np.empty((height, width, 3), np.float32)
    base[:] = bgr(rgb)
    return base * (1 - contrast * (1 - veins))[:, :, None]


def cloth(
    rng: np.random.Generator, height: int, width: int, rgb: RGB, period: float, angle: float
) -> np.ndarray:
    """Woven cloth: crossing threads, slow folds, optional coloured stripes."""
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    u = xx * math.cos(angle) + yy * math.sin(angle)
    v = -xx * math.sin(angle) + yy * math.cos(angle)
    warp_threads = np.sin(u * 2 * math.pi / period)
    weft_threads = np.sin(v * 2 * math.pi / period)
    weave = 0.5 + 0.25 * (warp_threads * (weft_threads > 0) + weft_threads * (warp_threads <= 0))
    folds = fractal_noise(rng, height, width, cells=2.5, octaves=2)
    base = np.empty((height, width, 3), np.float32)
    base[:] = bgr(rgb)
    image = base * (0.82 + 0.25 * weave[:, :, None] + 0.12 * folds[:, :, None])
    if rng.random() < 0.4:  # gingham or plaid: two crossing sets of translucent bands
        stripe_period = period * rng.uniform(12, 40)
        other = bgr(tuple(rng.uniform(30, 230, 3)))
        for coord in (u, v):
            band = (np.sin(coord * 2 * math.pi / stripe_period) > rng.uniform(-0.2, 0.6)).astype(np.float32)
            weight = (band * rng.uniform(0.3, 0.5))[:, :, None]
            image = image * (1 - weight) + other * weight
    return image


def speckled(rng: np.random.Generator, height: int, width: int, rgb: RGB, amount: float) -> np.ndarray:
    """Laminate, stone or carpet: a colour with mottling and fine speckle."""
    base = np.empty((height, width, 3), np.float32)
    base[:] = bgr(rgb)
    mottle = fractal_noise(rng, height, width, cells=rng.uniform(2, 8), octaves=4)
    speck = np.empty((height, width), np.float32)
    cv2.setRNGSeed(int(rng.integers(0, 2**31 - 1)))
    cv2.randn(speck, 0.0, 1.0)
    speck = cv2.GaussianBlur(speck, (0, 0), rng.uniform(0.5, 1.5))
    return base * (1 + 0.12 * mottle[:, :, None]) + (amount * speck)[:, :, None]


def rounded_rect_distance(height: int, width: int, radius: float) -> np.ndarray:
    """Signed distance (pixels, positive inside) to the border of a rounded rectangle."""
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    hx, hy = width / 2, height / 2
    qx = np.abs(xx + 0.5 - hx) - (hx - radius)
    qy = np.abs(yy + 0.5 - hy) - (hy - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    return radius - (outside + inside)


def rounded_alpha(distance: np.ndarray) -> np.ndarray:
    """Anti-aliased coverage from a signed distance."""
    return np.clip(distance + 0.5, 0, 1).astype(np.float32)


def edge_falloff(distance: np.ndarray, width: float, depth: float) -> np.ndarray:
    """Brightness that drops by ``depth`` towards the border over ``width`` pixels (rounded edges)."""
    t = np.clip(distance / max(width, 1e-3), 0, 1)
    return (1.0 - depth * (1 - t) ** 2).astype(np.float32)
