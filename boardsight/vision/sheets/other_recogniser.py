"""A valid word the second recogniser reads as a non-word the first found nearly as likely.

A recogniser can read a player's non-word as a valid word, sure of it: Femkeklaver's small r is
drawn as a small capital R, and PP-OCRv6 read a written HIR as HIE at 0.75 and took it. Nothing
in its own table says more than that another reading was possible; many right words have such a
runner-up. So a valid word taken as written whose first table gives some non-word within
:data:`CLOSE` of it is read once more, its plain crop by the second recogniser
(:data:`~boardsight.vision.sheets.varied_look.SECOND_OPINION`, an older model whose misreadings
are its own). When that one reads a non-word N as its likeliest string, more than :data:`CLOSE`
likelier than the word, and the first table too finds N within :data:`CLOSE` of the word, two
recognisers found those letters: the word is flagged *check*, reported as written, with N named.

It only flags, and the text stays as read, so it can make no word count that did not and no word
wrong; a right word flagged costs a person a look. A correction (a non-word read, a valid word
taken for it) is left alone: its first reading is a non-word by definition, the second
recogniser often reads the same, and the correction rule has weighed it already (asking it here
as well took back right corrections by the score: Breip's AGE, AGUE and EGGAR on one sheet of
seed 7, read ASE, ASUE and ECGAR by both).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from boardsight.sheets.ctc import LetterTable, best_strings, string_log_probs
from boardsight.sheets.decode import AS_WRITTEN, BEAM, CHECK, Vocabulary, WordReading, leading_nonword
from boardsight.sheets.second_look import look_again
from boardsight.vision.sheets.ppocr import PPOCR, rectify

CLOSE = 2.0
"""How near (natural log) a non-word must be on the first table to ask, and how far ahead of the
word the second recogniser must read it. Chosen on eight rendered sets (4,738 valid words taken,
all read again by the second recogniser): e^2 flags 15 words read right and the player's HIR read
HIE; e^1 on the first table flags 6 right words and not HIR; no bound there, 70. On all fifteen
sets it flags 20 right words and HIR."""


def taken_as_written(reading: WordReading, vocabulary: Vocabulary) -> bool:
    """A valid word read as written, not a correction."""
    return reading.status == AS_WRITTEN and vocabulary.is_valid(reading.text)


def close_nonwords(reading: WordReading, table: LetterTable, vocabulary: Vocabulary) -> list[str]:
    """The non-words among ``table``'s likeliest strings within :data:`CLOSE` of the valid word
    taken as written."""
    if not taken_as_written(reading, vocabulary):
        return []
    word = float(string_log_probs(table, [reading.text])[0])
    return [
        text
        for text, score in best_strings(table, beam=BEAM)
        if not vocabulary.is_valid(text) and word - score <= CLOSE
    ]


def doubt_by_second(
    reading: WordReading, first: LetterTable, second: LetterTable, vocabulary: Vocabulary
) -> WordReading:
    """``reading``, a valid word taken as written, flagged *check* when the ``second``
    recogniser's table reads a non-word more than :data:`CLOSE` likelier than it that the
    ``first`` table finds within :data:`CLOSE` of it; else as it is."""
    rival = leading_nonword(second, reading.text, vocabulary, CLOSE)
    if rival is None or not taken_as_written(reading, vocabulary):
        return reading
    on_first = string_log_probs(first, [rival, reading.text])
    if on_first[1] - on_first[0] > CLOSE:
        return reading
    note = f"another recogniser reads {rival}, which is not a valid word, rather than {reading.text}"
    return dataclasses.replace(reading, status=CHECK, notes=(*reading.notes, note))


def doubt_against_second_opinion(
    second: PPOCR | None,
    image: np.ndarray,
    quads: list[np.ndarray],
    readings: list[WordReading],
    vocabulary: Vocabulary,
    plain_tables: list[LetterTable | None],
) -> list[WordReading]:
    """``readings`` with each word taken on its ``plain_tables`` entry (None for a word a look
    read again) that a non-word comes close to there, and that the ``second`` recogniser reads
    as that non-word, flagged *check*."""
    if second is None:
        return list(readings)
    return look_again(
        readings,
        lambda index, reading: (
            (plain := plain_tables[index]) is not None and bool(close_nonwords(reading, plain, vocabulary))
        ),
        lambda picked: list(
            zip(
                [plain_tables[i] for i in picked],
                [
                    line.table
                    for line in second.recognise_crops(
                        [rectify(image, quads[i]) for i in picked], [quads[i] for i in picked]
                    )
                ],
                strict=True,
            )
        ),
        lambda reading, tables: doubt_by_second(reading, *tables, vocabulary),
    )
