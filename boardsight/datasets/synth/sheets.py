"""Synthetic photos of players' score sheets, labelled in the "Word-list sheets" format.

A sheet is a page of paper (plain or ruled) with one word a line in one or two columns,
written in one pen; cancelled words are struck through (by the writer, in the same or a
second pen), challenged words circled by the opponent in a second colour, and a total is
written at the bottom in the score colour (and sometimes circled by the opponent). The
page lies on a table and is photographed through a pinhole camera at an angle, then given
light, shadow, blur, noise and JPEG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from boardsight.boggle.solver import solve
from boardsight.datasets.synth.backgrounds import table_texture
from boardsight.datasets.synth.camera import frame_camera
from boardsight.datasets.synth.effects import finish
from boardsight.datasets.synth.fonts import FontFace
from boardsight.datasets.synth.handwriting import Hand, write_word
from boardsight.datasets.synth.sheet_words import WrittenWord, choose_words, roll_board
from boardsight.lexicon import DEFAULT_LEXICON, load_lexicon

PAGE_MM = (148.0, 210.0)
PX_PER_MM = 6.0
PENS = ((25, 40, 150), (20, 20, 25), (30, 60, 30), (90, 30, 120))
"""Word pens (RGB): blue, black, green, purple."""
MARK_PENS = ((200, 30, 30), (220, 90, 20), (20, 120, 200), (30, 150, 60))
"""Second pens (RGB), for circles and totals: red, orange, light blue, green."""
TOTAL_CIRCLED = 0.35
"""Share of written totals the opponent circles (NTU 4.7: they think it miscalculated)."""
PAPERS = ((250, 249, 244), (246, 242, 228), (252, 252, 252), (240, 240, 236))


@dataclass
class SheetSpec:
    """How many words and which fonts."""

    words: tuple[int, int] = (12, 40)
    fonts: tuple[FontFace, ...] = ()
    board_size: int = 5


def as_written(rng: np.random.Generator, word: str, face: FontFace) -> str:
    """``word`` in the case its writer writes it: mostly capitals, now and then capitalised or
    small (:func:`in_pen` of the face). The generator is drawn on the same way for every face, so
    a sheet in another face is rendered as it always was."""
    text = word if rng.random() < 0.8 else word.capitalize() if rng.random() < 0.5 else word.lower()
    return in_pen(text, face)


def in_pen(text: str, face: FontFace) -> str:
    """``text`` as written in ``face``: in small letters when its capitals are no pen's letters."""
    return text if face.pen_capitals else text.lower()


def _paper(
    rng: np.random.Generator, height: int, width: int, ruled: bool, gap: float, top: float
) -> np.ndarray:
    colour = np.array(PAPERS[int(rng.integers(len(PAPERS)))][::-1], np.float32)
    page = np.empty((height, width, 3), np.float32)
    page[:] = colour
    page += rng.normal(0, 1.5, (height, width, 1)).astype(np.float32)
    if ruled:
        line = np.array((205, 175, 140), np.float32)  # pale blue, BGR
        y = top
        while y < height - 10:
            row = int(y)
            page[row : row + 2] = page[row : row + 2] * 0.5 + line * 0.5
            y += gap
        if rng.random() < 0.5:
            x = int(width * 0.12)
            page[:, x : x + 2] = page[:, x : x + 2] * 0.5 + np.array((120, 120, 220), np.float32) * 0.5
    return page


def _lay_ink(
    page: np.ndarray, coverage: np.ndarray, left: int, top: int, colour_rgb: tuple[int, int, int]
) -> None:
    height, width = coverage.shape
    page_h, page_w = page.shape[:2]
    if left < 0 or top < 0 or left + width > page_w or top + height > page_h:
        coverage = coverage[max(0, -top) : page_h - top, max(0, -left) : page_w - left]
        top, left = max(top, 0), max(left, 0)
        height, width = coverage.shape
        if height <= 0 or width <= 0:
            return
    colour = np.array(colour_rgb[::-1], np.float32)
    region = page[top : top + height, left : left + width]
    alpha = np.clip(coverage, 0, 1)[:, :, None] * 0.95
    region[:] = region * (1 - alpha) + colour * alpha


def _ink_bounds(coverage: np.ndarray) -> tuple[int, int, int, int]:
    rows = np.flatnonzero(coverage.max(axis=1) > 0.3)
    cols = np.flatnonzero(coverage.max(axis=0) > 0.3)
    if len(rows) == 0 or len(cols) == 0:
        return 0, 0, coverage.shape[1], coverage.shape[0]
    return int(cols[0]), int(rows[0]), int(cols[-1] + 1), int(rows[-1] + 1)


def fit_on_page(coverage: np.ndarray, left: int, lowest_left: int, right_edge: int) -> tuple[np.ndarray, int]:
    """The word's ink and its left edge, moved left (not past ``lowest_left``) and then
    squeezed across so that its ink ends before ``right_edge``: a writer near the paper's
    edge writes tighter rather than off the page, and a label must not name letters the
    page does not show."""
    _, _, ink_right, _ = _ink_bounds(coverage)
    overflow = left + ink_right - right_edge
    if overflow <= 0:
        return coverage, left
    shift = min(overflow, max(0, left - lowest_left))
    left -= shift
    room = right_edge - left
    if left + ink_right > right_edge and room > 0:
        scale = room / ink_right
        height, width = coverage.shape
        coverage = cv2.resize(coverage, (max(1, int(width * scale)), height), interpolation=cv2.INTER_AREA)
    return coverage, left


def _strike(
    rng: np.random.Generator, shape: tuple[int, int], box: tuple[int, int, int, int], width: float
) -> np.ndarray:
    mask = np.zeros(shape, np.float32)
    x0, y0, x1, y1 = box
    middle = (y0 + y1) / 2 + rng.uniform(-0.12, 0.12) * (y1 - y0)
    tilt = rng.uniform(-0.12, 0.12) * (y1 - y0)
    start = (int(x0 - rng.uniform(0.0, 0.15) * (x1 - x0)), int(middle - tilt))
    end = (int(x1 + rng.uniform(0.0, 0.15) * (x1 - x0)), int(middle + tilt))
    cv2.line(mask, start, end, 1.0, max(2, round(width)), cv2.LINE_AA)
    return mask


def _circle(
    rng: np.random.Generator, shape: tuple[int, int], box: tuple[int, int, int, int], width: float
) -> np.ndarray:
    mask = np.zeros(shape, np.float32)
    x0, y0, x1, y1 = box
    centre = ((x0 + x1) / 2 + rng.uniform(-0.03, 0.03) * (x1 - x0), (y0 + y1) / 2)
    axes = ((x1 - x0) / 2 * rng.uniform(1.08, 1.25) + 6, (y1 - y0) / 2 * rng.uniform(1.3, 1.7) + 4)
    start = rng.uniform(0, 360)
    sweep = rng.uniform(355, 400)
    points = []
    for step in range(64):
        angle = math.radians(start + sweep * step / 63)
        wobble = 1 + rng.normal(0, 0.015)
        points.append(
            (centre[0] + axes[0] * wobble * math.cos(angle), centre[1] + axes[1] * wobble * math.sin(angle))
        )
    cv2.polylines(
        mask,
        [np.round(np.array(points)).astype(np.int32)],
        False,
        1.0,
        max(2, round(width)),
        cv2.LINE_AA,
    )
    return mask


def _write_sheet(
    rng: np.random.Generator, entries: list[WrittenWord], total: int | None, fonts: tuple[FontFace, ...]
) -> tuple[np.ndarray, list[tuple[int, int, int, int]], tuple[int, int, int, int] | None, bool, str]:
    """The flat page (BGR float32), each word's ink box on it, the total's box, whether the
    total is circled and the font's name."""
    width, height = int(PAGE_MM[0] * PX_PER_MM), int(PAGE_MM[1] * PX_PER_MM)
    columns = 1 if len(entries) <= 22 else 2
    rows_per_column = math.ceil((len(entries) + (1 if total is not None else 0)) / columns)
    usable = height * 0.86
    gap = min(usable / max(rows_per_column, 1), 95.0)
    letter_h = gap * rng.uniform(0.42, 0.55)
    top = height * 0.06
    ruled = bool(rng.random() < 0.5)
    page = _paper(rng, height, width, ruled, gap, top + gap * 0.85)
    face = fonts[int(rng.integers(len(fonts)))]
    hand = Hand.sample(rng, face, letter_h)
    pen = PENS[int(rng.integers(len(PENS)))]
    mark_pen = MARK_PENS[int(rng.integers(len(MARK_PENS)))]
    same_pen_strikes = bool(rng.random() < 0.5)
    indent = width * rng.uniform(0.14, 0.2)
    column_w = (width - indent) / columns
    boxes = []
    for index, entry in enumerate(entries):
        column, row = divmod(index, rows_per_column)
        coverage, baseline = write_word(rng, as_written(rng, entry.text, face), hand)
        column_left = indent + column * column_w
        left = int(column_left + rng.uniform(-0.02, 0.04) * column_w)
        coverage, left = fit_on_page(coverage, left, int(column_left - 0.02 * column_w), int(width * 0.98))
        line_y = top + gap * (row + 1) - gap * 0.15
        top_px = int(line_y - baseline + rng.normal(0, gap * 0.03))
        _lay_ink(page, coverage, left, top_px, pen)
        bx0, by0, bx1, by1 = _ink_bounds(coverage)
        box = (left + bx0, top_px + by0, left + bx1, top_px + by1)
        pen_px = max(2.0, letter_h / 12)
        if entry.cancelled:
            strike = _strike(rng, page.shape[:2], box, pen_px)
            _lay_ink(page, strike, 0, 0, pen if same_pen_strikes else mark_pen)
        if entry.circled:
            _lay_ink(page, _circle(rng, page.shape[:2], box, pen_px), 0, 0, mark_pen)
        boxes.append(box)
    total_box = None
    if total is not None:
        index = len(entries)
        column, row = divmod(index, rows_per_column)
        label = ("TOTAL " if rng.random() < 0.5 else "= " if rng.random() < 0.5 else "") + str(total)
        coverage, baseline = write_word(rng, in_pen(label, face), hand)
        left = int(indent + column * column_w)
        line_y = top + gap * (row + 1) - gap * 0.15
        top_px = int(line_y - baseline)
        _lay_ink(page, coverage, left, top_px, mark_pen)
        bx0, by0, bx1, by1 = _ink_bounds(coverage)
        total_box = (left + bx0, top_px + by0, left + bx1, top_px + by1)
    # The circle round a total draws on a generator of its own, so that sheets rendered
    # before it was added keep every other pixel.
    circling = rng.spawn(1)[0]
    total_circled = total_box is not None and bool(circling.random() < TOTAL_CIRCLED)
    if total_circled:
        ring_pen = mark_pen if circling.random() < 0.5 else MARK_PENS[int(circling.integers(len(MARK_PENS)))]
        ring = _circle(circling, page.shape[:2], total_box, max(2.0, letter_h / 12))
        _lay_ink(page, ring, 0, 0, ring_pen)
    return page, boxes, total_box, total_circled, face.name


def _photograph(
    rng: np.random.Generator, page: np.ndarray, photo_width: int
) -> tuple[bytes, np.ndarray, tuple[int, int]]:
    """JPEG of the page lying on a table, and the page-pixel -> photo-pixel homography."""
    page_h, page_w = page.shape[:2]
    portrait = rng.random() < 0.7
    width = photo_width
    height = int(photo_width * (4 / 3 if portrait else 3 / 4))
    corners_mm = np.array(
        [[0, 0, 0], [PAGE_MM[0], 0, 0], [PAGE_MM[0], -PAGE_MM[1], 0], [0, -PAGE_MM[1], 0]], np.float64
    )
    camera = frame_camera(
        corners_mm,
        width,
        height,
        tilt=math.radians(rng.uniform(0, 30)),
        azimuth=rng.uniform(0, 2 * math.pi),
        roll=math.radians(rng.normal(0, 6)),
        fill=rng.uniform(0.75, 0.95),
        fov=math.radians(rng.uniform(55, 70)),
        offset=(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)),
    )
    plane = camera.plane_homography(0.0)
    page_to_mm = np.array([[1 / PX_PER_MM, 0, 0], [0, -1 / PX_PER_MM, 0], [0, 0, 1]], np.float64)
    homography = plane @ page_to_mm
    table = table_texture(rng, height, width, 0.3)
    warped = cv2.warpPerspective(page, homography, (width, height), flags=cv2.INTER_AREA)
    inside = cv2.warpPerspective(np.ones((page_h, page_w), np.float32), homography, (width, height))
    image = table * (1 - inside[:, :, None]) + warped * inside[:, :, None]
    region = cv2.perspectiveTransform(
        np.array([[[0, 0], [page_w, 0], [page_w, page_h], [0, page_h]]], np.float64), homography
    )[0]
    return finish(rng, image.astype(np.float32), region), homography, (width, height)


def _project_box(homography: np.ndarray, box: tuple[int, int, int, int], size: tuple[int, int]) -> list[int]:
    x0, y0, x1, y1 = box
    points = cv2.perspectiveTransform(
        np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], np.float64), homography
    )[0]
    width, height = size
    low = np.clip(points.min(axis=0), 0, [width, height])
    high = np.clip(points.max(axis=0), 0, [width, height])
    return [round(low[0]), round(low[1]), round(high[0]), round(high[1])]


def render_sheet(rng: np.random.Generator, spec: SheetSpec, photo_width: int) -> tuple[bytes, dict[str, Any]]:
    """JPEG bytes of one sheet photo and its sidecar payload."""
    lexicon = load_lexicon(DEFAULT_LEXICON)
    board = roll_board(rng, spec.board_size)
    solution = solve(board, lexicon)
    count = int(rng.integers(spec.words[0], spec.words[1] + 1))
    entries = choose_words(rng, solution, lexicon, count)
    total = int(rng.integers(5, 90)) if rng.random() < 0.7 else None
    page, boxes, total_box, total_circled, font = _write_sheet(rng, entries, total, spec.fonts)
    jpeg, homography, size = _photograph(rng, page, photo_width)
    words = [
        {
            "text": entry.text,
            "box": _project_box(homography, box, size),
            "cancelled": entry.cancelled,
            "circled": entry.circled,
        }
        for entry, box in zip(entries, boxes, strict=True)
    ]
    payload: dict[str, Any] = {
        "game": "wordlist",
        "words": words,
        "total": total,
        "total_circled": total_circled,
        "board": board.to_text(),
        "source_repo": "boardsight synthetic",
        "licence": "MIT (generated)",
        "label_origin": "synthetic",
        "notes": "",
        "synth": {
            "font": font,
            "mistakes": [entry.mistake for entry in entries],
            "total_box": _project_box(homography, total_box, size) if total_box else None,
        },
    }
    return jpeg, payload
