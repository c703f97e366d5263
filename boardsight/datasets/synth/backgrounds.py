"""Procedural table tops the boards lie on: wood, cloth, laminate, stone and carpet."""

from __future__ import annotations

import math

import numpy as np

from boardsight.datasets.synth import textures as tx

WOOD_TONES = (
    ((196, 150, 100), (120, 75, 40)),
    ((222, 190, 140), (165, 120, 75)),
    ((150, 95, 55), (80, 45, 22)),
    ((110, 70, 45), (55, 32, 20)),
    ((205, 175, 135), (150, 120, 85)),
    ((170, 160, 150), (110, 100, 95)),
)
CLOTH_COLORS = ((180, 30, 35), (40, 80, 150), (40, 110, 60), (220, 215, 200), (90, 90, 95), (230, 200, 90))
PLAIN_COLORS = (
    (235, 235, 230),
    (200, 200, 195),
    (60, 60, 62),
    (25, 25, 28),
    (170, 190, 200),
    (120, 140, 120),
    (215, 205, 185),
)
CARPET_COLORS = ((185, 170, 150), (120, 110, 100), (90, 70, 60), (150, 150, 160))


def table_texture(rng: np.random.Generator, height: int, width: int, mm_per_px: float) -> np.ndarray:
    """A table top, ``height`` x ``width`` pixels at ``mm_per_px`` (BGR float32)."""
    kind = rng.choice(["wood", "wood", "cloth", "plain", "stone", "carpet"])
    if kind == "wood":
        light, dark = WOOD_TONES[rng.integers(len(WOOD_TONES))]
        period = rng.uniform(5, 25) / mm_per_px
        image = tx.wood(
            rng,
            height,
            width,
            tx.jitter_color(rng, light, 12),
            tx.jitter_color(rng, dark, 10),
            ring_period=max(period, 2.0),
            angle=rng.uniform(0, math.pi),
            contrast=rng.uniform(0.4, 1.0),
        )
        if rng.random() < 0.5:  # planks
            plank = rng.uniform(80, 200) / mm_per_px
            angle = rng.uniform(0, math.pi)
            yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
            across = -xx * math.sin(angle) + yy * math.cos(angle)
            seam = np.abs(((across / plank) % 1.0) - 0.5) > 0.5 - 1.2 / plank
            image[seam] *= 0.55
        return image
    if kind == "cloth":
        color = tx.jitter_color(rng, CLOTH_COLORS[rng.integers(len(CLOTH_COLORS))], 25)
        period = max(2.5, rng.uniform(0.8, 3.0) / mm_per_px)
        return tx.cloth(rng, height, width, color, period, rng.uniform(0, math.pi))
    if kind == "plain":
        color = tx.jitter_color(rng, PLAIN_COLORS[rng.integers(len(PLAIN_COLORS))], 15)
        return tx.speckled(rng, height, width, color, amount=rng.uniform(1, 5))
    if kind == "stone":
        color = tx.jitter_color(rng, (150, 145, 140), 50)
        return tx.speckled(rng, height, width, color, amount=rng.uniform(8, 20))
    color = tx.jitter_color(rng, CARPET_COLORS[rng.integers(len(CARPET_COLORS))], 15)
    return tx.speckled(rng, height, width, color, amount=rng.uniform(12, 25))
