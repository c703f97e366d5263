"""A doubled letter read once: how a player's non-word can come out as a valid word.

A recogniser whose output steps are wider than a thin letter reads two of them side by
side as one (a written YIIRDS as YIRDS, THRIIP as THRIP), with confidence: the reading is
a valid word and nothing in its probabilities says otherwise. Read again stretched wider,
the same writing gets more steps per letter and the two letters come apart. When, on that
wider reading, the word with one of its thin letters doubled is likelier than the word
itself, and is not a valid word, the word is not taken as read: it is flagged for a person
and reported as written.
"""

from __future__ import annotations

import dataclasses

from boardsight.sheets.ctc import LetterTable, string_log_probs
from boardsight.sheets.decode import CHECK, Vocabulary, WordReading, settles

NARROW = frozenset("IJL")
"""Letters thin enough for two of them to fit in one output step."""


def narrow_doubled(word: str) -> list[str]:
    """``word`` with one of its thin letters written twice."""
    return sorted({word[: i + 1] + word[i:] for i, letter in enumerate(word) if letter in NARROW})


def worth_a_wider_look(reading: WordReading, vocabulary: Vocabulary) -> bool:
    """A valid word taken or corrected to, with a thin letter two of which could be read as one."""
    return settles(reading, vocabulary) and not NARROW.isdisjoint(reading.text)


def doubt_doubled(reading: WordReading, wider: LetterTable, vocabulary: Vocabulary) -> WordReading:
    """``reading`` flagged *check* (as written) when, on the ``wider`` reading's letter table, the
    word with a thin letter doubled is likelier than the word and is not valid; else as it is."""
    if not worth_a_wider_look(reading, vocabulary):
        return reading
    rivals = [word for word in narrow_doubled(reading.text) if not vocabulary.is_valid(word)]
    if not rivals:
        return reading
    scores = string_log_probs(wider, [reading.text, *rivals])
    best = int(scores[1:].argmax())
    if scores[1 + best] <= scores[0]:
        return reading
    note = f"read wider, the writing reads {rivals[best]} rather than {reading.text}; not a valid word"
    return dataclasses.replace(reading, text=reading.raw, status=CHECK, notes=(*reading.notes, note))
