"""A word whose ink runs on past its box: read again from a crop that holds all of it.

The detector's box can stop a letter or more short of a word's end (EGO read EG, PLEA read
LEA, TREAD read READ), and the reading is then often settled: a valid word, or a non-word
clearly written. A fixed widening of the box (:mod:`boardsight.vision.sheets.edge_look`)
reaches a stroke or two, not a whole letter. So the word's own ink is followed along its
line past each end of the box, across gaps narrower than a gap between words, and a word
whose ink runs on past an end by :data:`RUNS_ON` of its height or more is read again from
its box lengthened to where the ink stops. Ruled lines and long level strokes are no ink
here, and neither is a mark in a second pen (a ring round the word, a strike).

The reading of the longer crop counts only when it is the first reading with letters added
at one end or both and nothing else changed, and settles the word as a valid word. A word
that was open (flagged, or a non-word taken as written) is then settled so, unless the
letter added is an L that may be an I (:func:`~boardsight.vision.sheets.edge_look.longer_taken`).
A word that was settled as one valid word and now reads as another is flagged for a person,
the longer word first: both are valid, and only the writing can say which it is. A word
taken without asking (as written, or corrected) whose longer crop reads more letters and
settles nothing is flagged too, with the longer crop's valid words among its candidates: the
reading did not hold all the word's ink, so it may not be what was written. This look
comes after the others, so that none of them can settle again a word it flagged.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import (
    AS_WRITTEN,
    CHECK,
    CORRECTED,
    UNREAD,
    Evidence,
    Scored,
    Vocabulary,
    WordReading,
    is_unsettled,
    read_word_by,
    settles,
)
from boardsight.sheets.second_look import look_again
from boardsight.vision.sheets.edge_look import lengthened, longer_taken
from boardsight.vision.sheets.ink import find_ink
from boardsight.vision.sheets.ppocr import PPOCR, rectify

SEARCH = 1.5
"""How far past each end of the box (in the box's heights) the ink is followed."""
GAP = 0.45
"""A gap in the ink this many heights wide ends the word (the gaps between letters are narrower)."""
RUNS_ON = 0.3
"""Ink running on this many heights past an end makes the word worth reading again."""
MARGIN = 0.15
"""Paper kept past the ink's end in the longer crop, in heights."""
BAND = (0.2, 0.8)
"""The rows of the box (as shares of its height) where the ink is followed: the letters' body,
clear of the ruled line below and of the line of writing above."""
LEVEL_STROKE = 1.2
"""A level run of ink this many heights long is a ruled line or a strike, not a letter."""
STRONGEST = 97
"""Percentile of the darkness inside the box taken as the word's strongest strokes."""
AS_DARK = 0.4
"""Share of the strongest strokes' darkness that counts as the word's ink."""
LEAST_DARK = 10.0
"""Grey levels below the paper a pixel must be, at least, to be ink."""
COLUMN_INK = 0.08
"""Share of the band's rows a column's ink must fill to count."""

LONGER_NOTE = "the ink runs on past the word's end: {word} or as read"
MORE_NOTE = "the ink runs on past the word's end, and reads {read} in all"


def ink_past_the_ends(image_bgr: np.ndarray, quad: np.ndarray) -> tuple[float, float]:
    """How far (in the box's heights) the word's own ink runs on before and after its box."""
    crop = rectify(image_bgr, lengthened(quad, SEARCH, SEARCH))
    height, width = crop.shape[:2]
    if height < 8 or width <= height:
        return 0.0, 0.0
    pad = round(SEARCH * height)
    inner = (pad, 0, max(pad + 1, width - pad), height)
    own = _dark_ink(crop, inner)
    level = cv2.morphologyEx(
        own, cv2.MORPH_OPEN, np.ones((1, max(3, round(LEVEL_STROKE * height))), np.uint8)
    )
    own[level > 0] = 0
    band = own[round(BAND[0] * height) : round(BAND[1] * height)]
    inked = band.sum(axis=0) >= max(2.0, COLUMN_INK * band.shape[0])
    gap = max(2, round(GAP * height))
    inside = inked[inner[0] : inner[2]]
    before = _run(inked[: inner[0]][::-1], inside[::-1], gap)
    after = _run(inked[inner[2] :], inside, gap)
    return before / height, after / height


def _dark_ink(crop: np.ndarray, inner: tuple[int, int, int, int]) -> np.ndarray:
    """Ink (uint8 0/1) as dark against the paper as the word's own strongest strokes are,
    by :data:`AS_DARK` (a pale or blurred word is followed as well as a dark one), less any
    mark in a second pen."""
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    side = max(3, (crop.shape[0] // 2) | 1)
    paper = cv2.blur(cv2.dilate(gray, np.ones((side, side), np.uint8)), (side, side))
    darkness = paper - gray
    strongest = float(np.percentile(darkness[:, inner[0] : inner[2]], STRONGEST))
    ink = (darkness > max(LEAST_DARK, AS_DARK * strongest)).astype(np.uint8)
    second = find_ink(crop, inner).second
    ink[cv2.dilate(second, np.ones((3, 3), np.uint8)) > 0] = 0
    return ink


def _run(outside: np.ndarray, inside: np.ndarray, gap: int) -> int:
    """Columns of ink ``outside`` reaches from the word's last inked column ``inside`` (both
    read away from the word) across gaps narrower than ``gap``; 0 when it does not reach past."""
    inked_inside = np.nonzero(inside)[0]
    if not inked_inside.size:
        return 0
    empty = len(inside) - 1 - int(inked_inside[-1])  # paper between the last ink and the box's end
    reached = 0
    for column, inked in enumerate(outside):
        if inked:
            reached = column + 1
            empty = 0
        else:
            empty += 1
            if empty >= gap:
                break
    return reached


def look_past_the_ink(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    readings: list[WordReading],
    vocabulary: Vocabulary,
) -> list[WordReading]:
    """``readings`` with each word whose ink runs on past its box read again from all its ink."""
    longer: dict[int, np.ndarray] = {}
    for index, (quad, reading) in enumerate(zip(quads, readings, strict=True)):
        if reading.status == UNREAD:
            continue
        before, after = ink_past_the_ends(image, quad)
        if max(before, after) >= RUNS_ON:
            longer[index] = lengthened(
                quad,
                before + MARGIN if before >= RUNS_ON else 0.0,
                after + MARGIN if after >= RUNS_ON else 0.0,
            )
    return look_again(
        readings,
        lambda index, _reading: index in longer,
        lambda picked: [line.table for line in ocr.recognise(image, [longer[i] for i in picked])],
        lambda reading, table: _revise(reading, table, vocabulary),
    )


def _revise(reading: WordReading, table: LetterTable, vocabulary: Vocabulary) -> WordReading:
    """``reading`` revised on the table of its longer crop (the rules in the module's docstring)."""
    second = read_word_by([Evidence(table)], vocabulary)
    if settles(second, vocabulary) and _holds(second.text, reading.raw):
        if is_unsettled(reading, vocabulary):
            return longer_taken(reading, second, vocabulary)
        return _flagged(reading, second, LONGER_NOTE.format(word=second.text), first=second.text)
    if reading.status in (AS_WRITTEN, CORRECTED) and len(second.raw) > len(reading.raw):
        return _flagged(reading, second, MORE_NOTE.format(read=second.raw))
    return reading


def _flagged(reading: WordReading, second: WordReading, note: str, first: str = "") -> WordReading:
    """``reading`` flagged for a person, with the longer crop's valid words among its candidates
    (``first`` before all the others, when given)."""
    scored = {entry.word: entry for entry in (*second.candidates, *reading.candidates)}
    words = dict.fromkeys([first] if first else []) | dict.fromkeys(scored)
    candidates = tuple(scored.get(word, Scored(word, 0.0)) for word in words)
    return dataclasses.replace(reading, status=CHECK, candidates=candidates, notes=(*reading.notes, note))


def _holds(longer: str, first: str) -> bool:
    """Whether ``longer`` is ``first`` with letters added at one end or both, nothing else changed."""
    return len(longer) > len(first) > 0 and first in longer
