"""A doubled letter read once: how a player's non-word can come out as a valid word.

A recogniser whose output steps are wider than a thin letter reads two of them side by
side as one (a written YIIRDS as YIRDS, THRIIP as THRIP), with confidence: the reading is
a valid word and nothing in its probabilities says otherwise. Read again stretched wider,
the same writing gets more steps per letter and the two letters come apart. When, on that
wider reading, the word with one of its thin letters doubled is likelier than the word
itself, and is not a valid word, the word is not taken as read: it is flagged for a person
and reported as written. So it is, too, when the recogniser's own table, as first read, gives
that doubled non-word nearly as much as the word (:data:`PLAIN_DOUBLED`): the two letters may
have come apart only in part.
"""

from __future__ import annotations

import dataclasses

from boardsight.sheets.ctc import LetterTable, string_log_probs
from boardsight.sheets.decode import CHECK, Vocabulary, WordReading, settles

NARROW = frozenset("IJL")
"""Letters thin enough for two of them to fit in one output step."""
PLAIN_DOUBLED = 4.0
"""A doubled non-word within this (natural log) of the word on its first table is doubt enough.
On seven rendered sets, of the 1,774 valid words read right that have a thin letter, the
nearest doubled rivals are OILER's e^2.4 (seed 13; flagged by this, still read as written)
and MINX's e^4.5 (seed 17); a written IINCOG read INCOG (seed 23) has IINCOG e^3.9 behind,
and the wider reading does not see it. Seed 29's 242 such words, read after the bound was
chosen on the other six sets: e^6.8 at the nearest; on seeds 31 and 37, also rendered after, it
flags one word, TOPHI, still reported as written and so still read right."""


def narrow_doubled(word: str) -> list[str]:
    """``word`` with one of its thin letters written twice."""
    return sorted({word[: i + 1] + word[i:] for i, letter in enumerate(word) if letter in NARROW})


def worth_a_wider_look(reading: WordReading, vocabulary: Vocabulary) -> bool:
    """A valid word taken or corrected to, with a thin letter two of which could be read as one."""
    return settles(reading, vocabulary) and not NARROW.isdisjoint(reading.text)


def doubt_doubled(reading: WordReading, wider: LetterTable, vocabulary: Vocabulary) -> WordReading:
    """``reading`` flagged *check* (as written) when, on the ``wider`` reading's letter table, the
    word with a thin letter doubled is likelier than the word and is not valid; else as it is."""
    return _doubt(reading, wider, vocabulary, 0.0, "read wider, the writing reads {rival} rather than {word}")


def doubt_doubled_plain(reading: WordReading, plain: LetterTable, vocabulary: Vocabulary) -> WordReading:
    """``reading`` flagged *check* (as written) when, on the ``plain`` table it was decided on,
    the word with a thin letter doubled is within :data:`PLAIN_DOUBLED` of the word and is not
    valid; else as it is."""
    says = "the writing may read {rival} rather than {word}"
    return _doubt(reading, plain, vocabulary, PLAIN_DOUBLED, says)


def _doubt(
    reading: WordReading, table: LetterTable, vocabulary: Vocabulary, margin: float, says: str
) -> WordReading:
    if not worth_a_wider_look(reading, vocabulary):
        return reading
    rivals = [word for word in narrow_doubled(reading.text) if not vocabulary.is_valid(word)]
    if not rivals:
        return reading
    scores = string_log_probs(table, [reading.text, *rivals])
    best = int(scores[1:].argmax())
    if scores[1 + best] <= scores[0] - margin:
        return reading
    note = says.format(rival=rivals[best], word=reading.text) + "; not a valid word"
    return dataclasses.replace(reading, text=reading.raw, status=CHECK, notes=(*reading.notes, note))
