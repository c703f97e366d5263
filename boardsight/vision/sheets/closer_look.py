"""A word still read as no valid word, read again from crops cut closer to its letters.

The detector's box takes in paper above and below the letters, and with it the strokes of the
lines around; the recogniser then misreads a letter now and then (ZEROS read ZOROS, REEQUIP
read REEQCIP) that it reads right from a crop with less of that paper. So a word flagged as a
non-word is read again from its quad with :data:`CLOSER` of its height taken off above and
below, once for each share; the closer reading is taken only when *every* closer crop settles
the word, under the usual rules (:func:`boardsight.sheets.decode.settles`), as the same valid
word, with as many letters as the word as first read. A crop cut too close drops a letter
(TTONED read TONED), and one closer reading alone now and then settles a word the player
wrote otherwise; two that agree, letter for letter, are the writing read again, not a guess.
A word settled, taken as written, or flagged while read as a valid word (two words about as
likely, a doubled letter in doubt) is never looked at: this can only settle flagged non-words.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import CHECK, Evidence, Vocabulary, WordReading, read_word_by, settles
from boardsight.sheets.second_look import look_again
from boardsight.vision.sheets.ppocr import PPOCR, rectify

CLOSER = (0.1, 0.15)
"""Shares of the quad's height cut off above and below, one closer crop each (0.05 and 0.1
together settled fewer words on the rendered sheets; 0.1 alone settled more, but one of them
as the wrong word)."""


def closer(quad: np.ndarray, share: float) -> np.ndarray:
    """The quad (TL, TR, BR, BL) with ``share`` of its height taken off at the top and the bottom."""
    quad = quad.astype(np.float64)
    left, right = quad[3] - quad[0], quad[2] - quad[1]
    return np.array(
        [quad[0] + left * share, quad[1] + right * share, quad[2] - right * share, quad[3] - left * share],
        dtype=np.float32,
    )


def worth_a_closer_look(reading: WordReading, vocabulary: Vocabulary) -> bool:
    """Whether a word is flagged as read as no valid word."""
    return reading.status == CHECK and not vocabulary.is_valid(reading.text)


def settled_closer(
    reading: WordReading, tables: list[LetterTable], vocabulary: Vocabulary
) -> WordReading | None:
    """The closer crops' reading when every one of ``tables`` settles the word as the same valid
    word of ``reading``'s length, else None."""
    decisions = [read_word_by([Evidence(table)], vocabulary) for table in tables]
    first = decisions[0]
    agreed = all(settles(d, vocabulary) and d.text == first.text for d in decisions)
    if not agreed or len(first.text) != len(reading.raw):
        return None
    note = f"read {reading.raw} at first; read again closer to its letters: {first.text}"
    return dataclasses.replace(first, notes=(note,))


def closer_tables(ocr: PPOCR, image: np.ndarray, quads: list[np.ndarray]) -> list[list[LetterTable]]:
    """Each quad's letter tables read from its crops cut closer, one a share of :data:`CLOSER`
    (all in one call to the recogniser)."""
    crops = [rectify(image, closer(quad, share)) for share in CLOSER for quad in quads]
    tables = [line.table for line in ocr.recognise_crops(crops, [quad for _ in CLOSER for quad in quads])]
    return [tables[n :: len(quads)] for n in range(len(quads))]


def look_closer(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    readings: list[WordReading],
    vocabulary: Vocabulary,
) -> list[WordReading]:
    """``readings`` with each flagged non-word that its closer crops agree on, settled so."""
    return look_again(
        readings,
        lambda reading: worth_a_closer_look(reading, vocabulary),
        lambda picked: closer_tables(ocr, image, [quads[i] for i in picked]),
        lambda reading, tables: settled_closer(reading, tables, vocabulary) or reading,
    )
