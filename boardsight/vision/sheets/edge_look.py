"""A word left open, read again from a crop with more paper past its ends.

The detector's box can end at a word's first or last stroke, and the recogniser then drops
that letter (YEW read EW, LACER read ACER, SIXTIES read SIXTIE: on the seed-11 tuning sheets
a quarter of PP-OCRv6's misreadings). So a word whose reading leaves it open (flagged, or taken
as written as no valid word) is read once more from its quad widened by :data:`WIDEN` of its
height at each end, and that reading is taken only when it settles the word as a valid word
under the usual rules (:func:`boardsight.sheets.decode.settles`) *and* only adds letters at an
end of the word as first read (EW to YEW, never ATTLRE to ATTIRE: a second look at the same
letters is no reason to read them otherwise), and the letter added is no L that as an I would
make no valid word (a player's IEE, read EE, is read LEE from the wider crop: the stroke may be
either, :func:`~boardsight.sheets.decode.i_or_l_in_doubt`; such a word is flagged, with the word
the wider crop reads as a candidate, even if it was taken as written); else the word stays as it
was. A settled word is never looked at again, so this can only settle open words.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import (
    CHECK,
    Evidence,
    Vocabulary,
    WordReading,
    i_or_l_in_doubt,
    i_or_l_note,
    is_unsettled,
    read_word_by,
    settles,
)
from boardsight.sheets.second_look import look_again
from boardsight.vision.sheets.ppocr import PPOCR

WIDEN = 0.3
"""Paper added past each end, as a share of the word's height (0.15 settled one word fewer on
the tuning sheets)."""


def widened(quad: np.ndarray, share: float = WIDEN) -> np.ndarray:
    """The quad (TL, TR, BR, BL) lengthened along its own top edge by ``share`` of its height at each end."""
    return lengthened(quad, share, share)


def lengthened(quad: np.ndarray, before: float, after: float) -> np.ndarray:
    """The quad (TL, TR, BR, BL) lengthened along its top edge by ``before`` and ``after`` of its height."""
    quad = quad.astype(np.float64)
    height = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    along = quad[1] - quad[0]
    along /= max(float(np.linalg.norm(along)), 1e-9)
    head, tail = along * height * before, along * height * after
    return np.array([quad[0] - head, quad[1] + tail, quad[2] + tail, quad[3] - head], dtype=np.float32)


def look_past_the_ends(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    readings: list[WordReading],
    vocabulary: Vocabulary,
) -> list[WordReading]:
    """``readings`` with each open word that a reading of its widened crop settles, settled so."""

    def revise(reading: WordReading, table: LetterTable) -> WordReading:
        second = read_word_by([Evidence(table)], vocabulary)
        if not settles(second, vocabulary) or not adds_at_an_end(reading.raw, second.text):
            return reading
        return longer_taken(reading, second, vocabulary)

    return look_again(
        readings,
        lambda _index, reading: is_unsettled(reading, vocabulary),
        lambda picked: [line.table for line in ocr.recognise(image, [widened(quads[i]) for i in picked])],
        revise,
    )


def longer_taken(reading: WordReading, longer: WordReading, vocabulary: Vocabulary) -> WordReading:
    """``longer``, a reading with letters added that settles ``reading``, taken; or ``reading``
    flagged with its candidates when a letter added is an L that may be an I (a person decides,
    even on a word taken as written)."""
    if i_or_l_in_doubt(reading.raw, longer.text, vocabulary):
        candidates = longer.candidates or reading.candidates
        return dataclasses.replace(
            reading, status=CHECK, candidates=candidates, notes=(i_or_l_note(longer.text),)
        )
    return longer


def adds_at_an_end(first: str, second: str) -> bool:
    """Whether ``second`` is ``first`` with letters added before or after it, and nothing else changed."""
    return len(second) > len(first) and (second.startswith(first) or second.endswith(first))
