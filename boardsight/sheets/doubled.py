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
PLAIN_DOUBLED = 5.0
"""A doubled non-word within this (natural log) of the word on its first table is doubt enough.
A flag here never makes a word wrong (the word is reported as written, and as written it is the
valid word read), it costs a person a look; a doubled letter read once is a false valid verdict.
On eleven rendered sets (2,673 valid readings with a thin letter), the doubled non-words read
once lie e^0.4 (DIIRE), e^3.9 (IINCOG, seed 23) and e^4.2 (FIIL, seed 47) behind; the nearest
doubled rivals of words read right are OILER's e^2.4, TOPHI's e^3.0, MINX's e^4.5 and FILO's
e^4.7 (all four flagged, still read right), then WIN's e^5.4. The bound was e^4 until seed 47's
FIIL, rendered after it was set, went past it."""


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
