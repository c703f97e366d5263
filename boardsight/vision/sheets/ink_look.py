"""Valid words a ruled line may have completed, read again from their ink alone
(:mod:`boardsight.sheets.ruled_letters`)."""

from __future__ import annotations

import numpy as np

from boardsight.sheets.decode import Vocabulary, WordReading
from boardsight.sheets.ruled_letters import doubt_completed, worth_an_ink_look
from boardsight.sheets.second_look import look_again
from boardsight.vision.sheets.ink import ink_mask
from boardsight.vision.sheets.ppocr import PPOCR, redrawn_tables


def ink_alone(crop_bgr: np.ndarray) -> np.ndarray:
    """The crop with everything but its ink (the paper, its rules, shadows) painted the paper's
    median colour."""
    ink = ink_mask(crop_bgr) > 0
    if ink.all() or not ink.any():
        return crop_bgr
    out = crop_bgr.copy()
    out[~ink] = np.median(crop_bgr[~ink], axis=0).astype(np.uint8)
    return out


def doubt_ruled_letters(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    readings: list[WordReading],
    vocabulary: Vocabulary,
) -> list[WordReading]:
    """``readings`` with each valid word whose ink alone reads as the non-word a rule may have
    completed into it (an F for its E, an I for its L) flagged *check*."""
    return look_again(
        readings,
        lambda _index, reading: worth_an_ink_look(reading, vocabulary),
        lambda picked: redrawn_tables(ocr, image, [quads[i] for i in picked], ink_alone),
        lambda reading, table: doubt_completed(reading, table, vocabulary),
    )
