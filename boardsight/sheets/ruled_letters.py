"""Letters a ruled line can complete: an F standing on the paper's rule reads as an E, an I as an L.

The recogniser sees the paper as well as the ink, and a rule running along the foot of a
letter gives it the bar it lacks. So a player's MONTF on a ruled sheet read MONTE, a valid word,
with 0.96 confidence: a false valid verdict. Read again from the word's ink alone (the paper and
its rules painted out, :mod:`boardsight.vision.sheets.ink_look`) it reads MONTF.

Only a valid word is looked at again, and only when the recogniser itself found the word with an
E read as F (or an L as I), a non-word, among its runners-up: on seventeen rendered sets 171 of
10,442 words claimed as valid. The word is flagged when its ink alone reads likeliest as that
non-word (2 of the 171: MONTF, and a PROWLS whose L the ink alone read as I); the reading
itself never changes, so the look can only ask a person, never make a reading wrong.
"""

from __future__ import annotations

import dataclasses

from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import CHECK, Evidence, Vocabulary, WordReading, read_word_by, settles

COMPLETED = {"E": "F", "L": "I"}
"""A letter a rule along its foot can make, and the letter it makes it from."""


def uncompleted(word: str, vocabulary: Vocabulary) -> list[str]:
    """The non-words ``word`` is with one letter of :data:`COMPLETED` taken back to its source."""
    forms = [word[:at] + COMPLETED[ch] + word[at + 1 :] for at, ch in enumerate(word) if ch in COMPLETED]
    return [form for form in dict.fromkeys(forms) if not vocabulary.is_valid(form)]


def _looked_for(reading: WordReading, vocabulary: Vocabulary) -> list[str]:
    """The :func:`uncompleted` forms of a valid word taken or corrected to, when one of them is
    among the recogniser's runners-up; else none."""
    if not settles(reading, vocabulary):
        return []
    forms = uncompleted(reading.text, vocabulary)
    return forms if any(scored.word in forms for scored in reading.runners_up) else []


def worth_an_ink_look(reading: WordReading, vocabulary: Vocabulary) -> bool:
    """A valid word taken or corrected to, with one of its :func:`uncompleted` forms among the
    recogniser's runners-up."""
    return bool(_looked_for(reading, vocabulary))


def doubt_completed(reading: WordReading, ink: LetterTable, vocabulary: Vocabulary) -> WordReading:
    """``reading`` flagged *check* (as written) when its ``ink``-alone table reads likeliest as one
    of its :func:`uncompleted` forms; else as it is."""
    forms = _looked_for(reading, vocabulary)
    if not forms:
        return reading
    alone = read_word_by([Evidence(ink)], vocabulary).raw
    if alone not in forms:
        return reading
    note = (
        f"read in its ink alone (the paper's lines taken out), the writing reads {alone} rather than "
        f"{reading.text}; not a valid word"
    )
    return dataclasses.replace(reading, text=reading.raw, status=CHECK, notes=(*reading.notes, note))
