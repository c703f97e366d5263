"""The Boggle reader ``tesseract``: Tesseract OCR on each cube, tried in its four rotations.

Each cell is cleaned up (gray, thresholded, the cube's edges and neighbours removed) and
every cell in each of its four quarter turns goes on one line of a single tall sheet, so
Tesseract runs once per tray rather than four times per cube. For each cube the rotation with
the most confident valid reading wins; a printed underline below the glyph (M, W, N, Z)
settles which way up it is, and a solid square is the blocked face. It is a baseline to
compare the CNN against, not a rival: it is slower and reads fewer cubes right. A lone
straight bar, which Tesseract seldom reads, is taken for an I by its shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np

from boardsight.boggle.dice import FACE_TOKENS
from boardsight.errors import BoardsightError
from boardsight.vision.boggle.tray_reading import read_tray
from boardsight.vision.glyph_ink import ink_components
from boardsight.vision.reading import BoardReading, Larger, register_reader

CLASS_NAMES = sorted(FACE_TOKENS, key=lambda token: (len(token) > 1 or token == "#", token))
GLYPH_PX = 64
LINE_GAP_PX = 16
WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZuhnre"
TWO_LETTER = {"QU", "IN", "TH", "ER", "HE", "AN"}
UNDERLINE_BONUS = 25.0


def clean_cell(crop: np.ndarray) -> np.ndarray:
    """A crop as black ink on white, GLYPH_PX square, with everything touching its border removed."""
    labels, stats, inside = ink_components(crop, GLYPH_PX, 8)
    keep = np.zeros(len(stats), dtype=bool)
    for label in inside:
        keep[label] = stats[label][4] >= 12
    return np.where(keep[labels], 0, 255).astype(np.uint8)


def is_blocked(clean: np.ndarray) -> bool:
    """A solid dark square filling the middle of the face: the blocked face ``#``."""
    middle = clean[GLYPH_PX // 4 : -GLYPH_PX // 4, GLYPH_PX // 4 : -GLYPH_PX // 4]
    return float(np.mean(middle == 0)) > 0.85


def is_bare_stroke(clean: np.ndarray) -> bool:
    """A single straight bar, upright or lying: the letter I, which Tesseract rarely reads alone."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(255 - clean, connectivity=8)
    if count != 2:
        return False
    _, _, width, height, area = stats[1]
    long, short = max(width, height), min(width, height)
    return long >= 3 * short and long > GLYPH_PX // 3 and area > 0.6 * width * height


def underline_below(clean: np.ndarray) -> bool:
    """Whether a flat bar lies under the rest of the ink (an underlined M, W, N or Z read upright)."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(255 - clean, connectivity=8)
    parts = [stats[label] for label in range(1, count)]
    if len(parts) < 2:
        return False
    bars = [p for p in parts if p[2] > 3 * p[3] and p[2] > GLYPH_PX // 5]
    for bar in bars:
        others = [p for p in parts if p is not bar]
        if (
            others
            and bar[1] > max(p[1] + p[3] for p in others) - 1
            and bar[2] > 0.4 * max(p[2] for p in others)
        ):
            return True
    return False


def to_token(text: str) -> str | None:
    """A Tesseract reading as a cube token (``Qu`` -> ``QU``), or None when it is not one."""
    text = "".join(ch for ch in text if ch.isalpha())
    if len(text) == 1 and text.isupper():
        return "QU" if text == "Q" else text
    upper = text.upper()
    if len(text) == 2 and text[0].isupper() and upper in TWO_LETTER:
        return upper
    return None


def _sheet(glyphs: Sequence[np.ndarray]) -> np.ndarray:
    """One column of glyphs, one a line, so Tesseract reads each as a line of its own."""
    step = GLYPH_PX + LINE_GAP_PX
    sheet = np.full((len(glyphs) * step + LINE_GAP_PX, GLYPH_PX + 2 * LINE_GAP_PX), 255, dtype=np.uint8)
    for index, glyph in enumerate(glyphs):
        top = LINE_GAP_PX + index * step
        sheet[top : top + GLYPH_PX, LINE_GAP_PX : LINE_GAP_PX + GLYPH_PX] = glyph
    return sheet


def _ocr_lines(sheet: np.ndarray, count: int) -> list[tuple[str, float]]:
    """(text, confidence 0..100) of each of the ``count`` lines of a sheet."""
    import pytesseract

    config = f"--psm 6 -c tessedit_char_whitelist={WHITELIST}"
    try:
        data = pytesseract.image_to_data(sheet, config=config, output_type=pytesseract.Output.DICT)
    except (pytesseract.TesseractNotFoundError, pytesseract.TesseractError) as error:
        raise BoardsightError(f"Tesseract is not usable here: {str(error).splitlines()[0]}") from None
    step = GLYPH_PX + LINE_GAP_PX
    words: list[list[tuple[int, str, float]]] = [[] for _ in range(count)]
    for text, conf, left, top, height in zip(
        data["text"], data["conf"], data["left"], data["top"], data["height"], strict=True
    ):
        if not text.strip() or float(conf) < 0:
            continue
        line = min(count - 1, max(0, (top + height // 2 - LINE_GAP_PX // 2) // step))
        words[line].append((left, text.strip(), float(conf)))
    out = []
    for parts in words:
        parts.sort()
        out.append(("".join(part[1] for part in parts), min((part[2] for part in parts), default=0.0)))
    return out


def cell_probabilities(crops: Sequence[np.ndarray]) -> np.ndarray:
    """Class probabilities (cells, len(CLASS_NAMES)) from Tesseract's best rotation per cell."""
    cells = [clean_cell(crop) for crop in crops]
    best: list[tuple[float, str | None]] = [(0.0, None)] * len(cells)
    for index, cell in enumerate(cells):
        if is_blocked(cell):
            best[index] = (95.0, "#")
        elif is_bare_stroke(cell):
            best[index] = (80.0, "I")
    turned = [np.rot90(cell, -turns) for turns in range(4) for cell in cells]
    readings = _ocr_lines(_sheet(turned), len(turned))
    for line, (text, conf) in enumerate(readings):
        index = line % len(cells)
        token = to_token(text)
        if token is None or best[index][1] in ("#", "I"):
            continue
        score = conf + (UNDERLINE_BONUS if underline_below(turned[line]) else 0.0)
        if score > best[index][0]:
            best[index] = (score, token)
    probabilities = np.full((len(cells), len(CLASS_NAMES)), 0.0)
    for index, (score, token) in enumerate(best):
        if token is None:
            probabilities[index] = 1.0 / len(CLASS_NAMES)
            continue
        share = float(np.clip(min(score, 100.0) / 100.0, 0.05, 0.97))
        probabilities[index] = (1 - share) / (len(CLASS_NAMES) - 1)
        probabilities[index, CLASS_NAMES.index(token)] = share
    return probabilities


class TesseractCells:
    """Tesseract as a :class:`~boardsight.vision.boggle.tray_reading.CellReader`."""

    class_names = CLASS_NAMES
    margin = 0.0
    cell_px = 96
    source_px = 96

    def probabilities(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        return cell_probabilities(crops)


@register_reader("boggle", "tesseract")
def read_with_tesseract(
    image: np.ndarray,
    *,
    source: str = "the photo",
    size: int | str | None = "auto",
    dice: str = "auto",
    corners: np.ndarray | None = None,
    larger: Larger | None = None,
    **_: Any,
) -> BoardReading:
    """Read a Boggle tray in a BGR image with Tesseract (cut at ``corners`` when given;
    ``larger``: how to ask for the photo with more pixels, for small cells)."""
    return read_tray(
        image,
        TesseractCells,
        reader="tesseract",
        source=source,
        size=size,
        dice=dice,
        corners=corners,
        larger=larger,
    )
