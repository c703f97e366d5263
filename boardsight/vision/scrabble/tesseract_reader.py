"""The Scrabble reader ``tesseract``: Tesseract OCR on every square, the board tried in its four turns.

Each square is cleaned up (gray, thresholded, everything touching its border removed,
then only the biggest glyph and the marks above it kept, which drops the tile's point
value) and the 225 squares are tiled into one sheet, so Tesseract runs once per turn
of the board. The turn with the most confident single letters is the reading
orientation; a square with no confident single letter is read as empty (Tesseract
cannot see a blank tile, and premium labels read as several letters are dropped). It is
a baseline to compare the CNN against, not a rival.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np

from boardsight.errors import BoardsightError
from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_tileset
from boardsight.vision.glyph_ink import ink_components
from boardsight.vision.reading import BoardReading, register_reader
from boardsight.vision.scrabble.board_finder import BoardLocation
from boardsight.vision.scrabble.board_reading import (
    assemble_reading,
    board_corners,
    check_tiles,
    lexicon_for,
    read_squares,
    tile_set_for,
)
from boardsight.vision.scrabble.position_checks import BLANK, EMPTY
from boardsight.vision.scrabble.squares import BOARD_CELLS, cut_squares, reading_corners, turn_crops
from boardsight.vision.stage_clock import StageClock

GLYPH_PX = 48
PAD_PX = 32
CUT_PX = 64
MIN_CONFIDENCE = 40.0
LANGUAGES = {"english": "eng", "swedish": "swe"}


def clean_square(crop: np.ndarray) -> np.ndarray:
    """A square as black ink on white, GLYPH_PX wide: its biggest glyph and any marks above it."""
    labels, stats, inside = ink_components(crop, GLYPH_PX, 10)
    parts = [label for label in inside if stats[label][4] >= 8]
    keep = np.zeros(len(stats), dtype=bool)
    if parts:
        main = max(parts, key=lambda label: stats[label][4])
        keep[main] = True
        mx, my, mw, _, _ = stats[main]
        for label in parts:
            x, y, w, h, _ = stats[label]
            if y + h <= my + 2 and x < mx + mw and x + w > mx:  # a dot or ring above the letter
                keep[label] = True
    return np.where(keep[labels], 0, 255).astype(np.uint8)


def _sheet(cells: Sequence[np.ndarray]) -> np.ndarray:
    step = GLYPH_PX + 2 * PAD_PX
    sheet = np.full((BOARD_CELLS * step, BOARD_CELLS * step), 255, dtype=np.uint8)
    for index, cell in enumerate(cells):
        row, col = divmod(index, BOARD_CELLS)
        top, left = row * step + PAD_PX, col * step + PAD_PX
        sheet[top : top + GLYPH_PX, left : left + GLYPH_PX] = cell
    return sheet


def _ocr_sheet(sheet: np.ndarray, language: str, letters: str) -> list[tuple[str, float]]:
    """(text, confidence 0..100) per square of a sheet."""
    import pytesseract

    config = f"--psm 6 -c tessedit_char_whitelist={letters}"
    try:
        data = pytesseract.image_to_data(
            sheet, lang=language, config=config, output_type=pytesseract.Output.DICT
        )
    except (pytesseract.TesseractNotFoundError, pytesseract.TesseractError) as error:
        raise BoardsightError(f"Tesseract is not usable here: {str(error).splitlines()[0]}") from None
    step = GLYPH_PX + 2 * PAD_PX
    found: list[list[tuple[int, str, float]]] = [[] for _ in range(BOARD_CELLS * BOARD_CELLS)]
    for text, conf, left, top, width, height in zip(
        data["text"], data["conf"], data["left"], data["top"], data["width"], data["height"], strict=True
    ):
        if not text.strip() or float(conf) < 0:
            continue
        col = min(BOARD_CELLS - 1, (left + width // 2) // step)
        row = min(BOARD_CELLS - 1, (top + height // 2) // step)
        found[row * BOARD_CELLS + col].append((left, text.strip(), float(conf)))
    readings = []
    for parts in found:
        parts.sort()
        readings.append(("".join(p[1] for p in parts), min((p[2] for p in parts), default=0.0)))
    return readings


def _single_letters(readings: list[tuple[str, float]], letters: str) -> list[tuple[str | None, float]]:
    return [
        (text, conf) if len(text) == 1 and text in letters and conf >= MIN_CONFIDENCE else (None, 0.0)
        for text, conf in readings
    ]


@register_reader("scrabble", "tesseract")
def read_with_tesseract(
    image: np.ndarray,
    *,
    source: str = "the photo",
    tiles: str = "auto",
    lexicon: str | Lexicon | None = "auto",
    corners: np.ndarray | None = None,
    checks: Collection[str] | None = None,
    found: BoardLocation | None = None,
    **_: Any,
) -> BoardReading:
    """Read a Scrabble board in a BGR image with Tesseract (``auto`` tiles: Swedish when Å Ä Ö are read).

    ``found``: the board as the board finder already found it in this image.
    """
    check_tiles(tiles)
    if tiles == "auto":
        letters = "".join(dict.fromkeys(load_tileset("english").letters + load_tileset("swedish").letters))
        language = "eng+swe"
    else:
        letters, language = "".join(tile_set_for(tiles).letters), LANGUAGES[tiles]
    clock = StageClock()
    grid_corners, found_extras = board_corners(image, corners, source=source, found=found)
    clock.lap("find")
    cells = [clean_square(crop) for crop in cut_squares(image, grid_corners, margin=0.0, cell_px=CUT_PX)]
    best_turn, best_reads, best_total = 0, [], -1.0
    for turns in range(4):
        reads = _single_letters(_ocr_sheet(_sheet(turn_crops(cells, turns)), language, letters), letters)
        total = sum(conf for _, conf in reads)
        if total > best_total:
            best_turn, best_reads, best_total = turns, reads, total
    if tiles == "auto":
        tiles = "swedish" if any(letter in "ÅÄÖ" for letter, _ in best_reads if letter) else "english"
    tileset, words = tile_set_for(tiles), lexicon_for(lexicon, tiles)
    class_names = [EMPTY, BLANK, *letters]
    probabilities = np.zeros((len(best_reads), len(class_names)))
    for index, (letter, conf) in enumerate(best_reads):
        if letter is None:
            probabilities[index, 0] = 0.9
            probabilities[index, 2:] = 0.1 / (len(class_names) - 2)
        else:
            share = float(np.clip(conf / 100.0, 0.05, 0.97))
            probabilities[index, 2:] = (1 - share) / (len(class_names) - 2)
            probabilities[index, class_names.index(letter)] = share
    tokens, kept = read_squares(probabilities, class_names, tileset)
    clock.lap("read")
    reading = assemble_reading(
        tokens,
        kept,
        class_names,
        reading_corners(grid_corners, best_turn),
        tileset=tileset,
        lexicon=words,
        reader="tesseract",
        extras={"board_method": found_extras["board_method"], "quarter_turns": best_turn},
        checks=checks,
    )
    clock.lap("check")
    reading.timings.update(clock.wall)
    reading.cpu_timings.update(clock.cpu)
    return reading
