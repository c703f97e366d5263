"""Symbols printed on cube faces and tiles, as coverage masks.

A Boggle face shows one capital (optionally underlined, as real sets mark M, W, N, Z),
``Qu`` with a small u, a capital with a small second letter (``In``, ``Th``...) or a solid
block. Masks are float32 in 0..1, centred in a square of the requested size.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from boardsight.datasets.synth.fonts import FontFace, cap_height_ink, ink

TWO_LETTER_FACES = {"QU": "Qu", "IN": "In", "TH": "Th", "ER": "Er", "HE": "He", "AN": "An"}
BLOCKED = "#"


def _font_size_for_cap(face: FontFace, cap_px: float) -> int:
    reference = 200
    return max(4, round(cap_px * reference / max(1, cap_height_ink(face, reference))))


def _paste(canvas: np.ndarray, mask: np.ndarray, x: int, y: int) -> None:
    """Max-blend ``mask`` into ``canvas`` at top-left (x, y), clipped."""
    h, w = mask.shape
    ch, cw = canvas.shape
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, cw), min(y + h, ch)
    if x1 <= x0 or y1 <= y0:
        return
    region = canvas[y0:y1, x0:x1]
    np.maximum(region, mask[y0 - y : y1 - y, x0 - x : x1 - x], out=region)


def _symbol_parts(token: str, face: FontFace, cap_px: float) -> list[tuple[np.ndarray, float, float]]:
    """Ink pieces of a token with their offsets (x, baseline-relative bottom y) in pixels."""
    if token in TWO_LETTER_FACES:
        text = TWO_LETTER_FACES[token]
        big_cap = cap_px * (0.92 if token == "QU" else 0.78)
        big = ink(text[0], face, _font_size_for_cap(face, big_cap))
        small_size = _font_size_for_cap(face, big_cap) * (0.62 if token == "QU" else 0.8)
        small = ink(text[1], face, int(small_size))
        gap = 0.04 * cap_px
        bottom_big = 0.0
        # Q's tail hangs below the baseline: sit the u on the bowl's bottom
        bottom_small = -0.12 * big.shape[0] if token == "QU" else 0.0
        return [(big, 0.0, bottom_big), (small, big.shape[1] + gap, bottom_small)]
    return [(ink(token, face, _font_size_for_cap(face, cap_px)), 0.0, 0.0)]


@lru_cache(maxsize=4096)
def symbol_mask(
    token: str, face: FontFace, size: int, cap_fraction: float, underline: bool, block_fraction: float = 0.6
) -> np.ndarray:
    """Coverage of ``token`` printed upright in a ``size`` x ``size`` square.

    ``cap_fraction`` is the capital height as a share of the square; ``underline`` adds the
    bar real sets print under letters that read alike turned over (M/W, N/Z).
    """
    canvas = np.zeros((size, size), np.float32)
    if token == BLOCKED:
        side = round(size * block_fraction)
        radius = max(1, side // 10)
        start = (size - side) // 2
        cv2.rectangle(canvas, (start + radius, start), (start + side - radius, start + side), 1.0, -1)
        cv2.rectangle(canvas, (start, start + radius), (start + side, start + side - radius), 1.0, -1)
        for cx in (start + radius, start + side - radius):
            for cy in (start + radius, start + side - radius):
                cv2.circle(canvas, (cx, cy), radius, 1.0, -1, lineType=cv2.LINE_AA)
        return canvas
    if not token:
        return canvas
    cap_px = cap_fraction * size
    parts = _symbol_parts(token, face, cap_px)
    left = min(dx for _m, dx, _b in parts)
    right = max(dx + m.shape[1] for m, dx, _b in parts)
    top = min(-m.shape[0] - b for m, _dx, b in parts)
    bottom = max(-b for _m, _dx, b in parts)
    bar_h = 0.0
    if underline:
        thickness = max(1.0, 0.085 * cap_px)
        bar_gap = 0.1 * cap_px
        bar_h = bar_gap + thickness
    width, height = right - left, bottom - top + bar_h
    origin_x = (size - width) / 2 - left
    origin_y = (size - height) / 2 - top
    for mask, dx, b in parts:
        x = round(origin_x + dx)
        y = round(origin_y - b - mask.shape[0])
        _paste(canvas, mask, x, y)
    if underline:
        bar_w = max(width * 0.85, 0.5 * cap_px)
        x0 = (size - bar_w) / 2
        y0 = origin_y + bottom + bar_gap
        cv2.rectangle(
            canvas,
            (round(x0 * 4), round(y0 * 4)),
            (round((x0 + bar_w) * 4), round((y0 + thickness) * 4)),
            1.0,
            -1,
            lineType=cv2.LINE_AA,
            shift=2,
        )
    return canvas
