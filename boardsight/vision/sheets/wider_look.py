"""The word crops a doubled thin letter may hide in, read again stretched to twice their width
(:mod:`boardsight.sheets.doubled`)."""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import Vocabulary, WordReading
from boardsight.sheets.doubled import doubt_doubled, doubt_doubled_plain, worth_a_wider_look
from boardsight.sheets.second_look import look_again
from boardsight.vision.sheets.ppocr import PPOCR, redrawn_tables

STRETCH = 2.0
"""How much wider the crop is read: output steps half as wide on the writing."""


def stretched(crop_bgr: np.ndarray) -> np.ndarray:
    """The crop stretched :data:`STRETCH` times wider."""
    return cv2.resize(crop_bgr, None, fx=STRETCH, fy=1.0, interpolation=cv2.INTER_CUBIC)


def doubt_doubled_letters(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    readings: list[WordReading],
    vocabulary: Vocabulary,
    plain_tables: list[LetterTable | None] | None = None,
) -> list[WordReading]:
    """``readings`` with each valid word whose doubled-thin-letter form, a non-word, is nearly
    as likely on its ``plain_tables`` entry (the table it was decided on; None for none) or more
    likely when read wider, flagged *check*."""
    if plain_tables is not None:
        readings = [
            reading if plain is None else doubt_doubled_plain(reading, plain, vocabulary)
            for reading, plain in zip(readings, plain_tables, strict=True)
        ]
    return look_again(
        readings,
        lambda _index, reading: worth_a_wider_look(reading, vocabulary),
        lambda picked: redrawn_tables(ocr, image, [quads[i] for i in picked], stretched),
        lambda reading, table: doubt_doubled(reading, table, vocabulary),
    )
