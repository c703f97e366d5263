"""A read score sheet: its words in reading order, their marks, the written total.

Pure data and the operations on it that need no image: reading order, a person's fixes
(``3=QUIET``), the count of readings the constraint changed, and the JSON of
``boardsight lists read --json``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from boardsight.errors import BadInputError
from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, WordReading

Box = tuple[int, int, int, int]
ACCEPTED = "accepted"
"""A person chose the reading (``--accept`` or the prompt)."""
HARD_TO_READ = 0.25
"""A sheet with at least this share of its words waiting for a person (and :data:`MIN_IN_DOUBT` of
them) is read from a photo too small, faint or blurred for its hand, and the reader says so. On 510
rendered sheets in the held-out hands, the 19 with a quarter or more of their words read flagged had
43% of their words right (18 of them under 80%); the other 491, 96.5%. With strikes in doubt
waiting as well, 22 are named (49.2% of their words right), the other 488 96.4%."""
MIN_IN_DOUBT = 4
RETAKE_ADVICE = (
    "the writing may be too small, faint or blurred in this photo for its hand; "
    "a closer, sharper photo of the sheet would read better"
)
NO_WORD_READ = f"writing was found but no word could be read from it: {RETAKE_ADVICE}"
NAMED_UNREAD = 5
"""Pieces of unread writing named by their boxes in the note (the rest are counted)."""
STRUCK, NOT_STRUCK = "-", "+"
"""The fixes ``N=-`` (word N is struck through: cancelled) and ``N=+`` (it is not)."""
_FIX = re.compile(r"^\s*(\d+)\s*=\s*([A-Za-z]+|[-+])\s*$")


@dataclass(frozen=True)
class SheetWord:
    """One word of a sheet: the decision about its letters, where it was, and its marks."""

    reading: WordReading
    box: Box
    cancelled: bool = False
    circled: bool = False
    status: str = ""
    """The reading's status, or ACCEPTED once a person chose it."""
    strike_in_doubt: bool = False
    """Read as struck through on evidence that bold or blurred letters can give as well: whether
    the word is cancelled waits for a person (``N=-`` or ``N=+``)."""

    @property
    def text(self) -> str:
        return self.reading.text

    @property
    def needs_check(self) -> bool:
        """Still waiting for a person: its strike in doubt, or its reading doubtful and not accepted."""
        return self.strike_in_doubt or self.letters_in_doubt

    @property
    def letters_in_doubt(self) -> bool:
        """Its reading is doubtful and no person has chosen it (its strike aside)."""
        return self.status != ACCEPTED and self.reading.doubtful

    @property
    def counted_out(self) -> bool:
        """Cancelled, and not in doubt: the player does not claim it."""
        return self.cancelled and not self.strike_in_doubt

    def to_json(self, number: int) -> dict[str, Any]:
        return {
            "number": number,
            "text": self.text,
            "as_written": self.reading.raw,
            "status": self.status or self.reading.status,
            "confidence": round(self.reading.confidence, 4),
            "box": list(self.box),
            "cancelled": self.cancelled,
            "strike_in_doubt": self.strike_in_doubt,
            "circled": self.circled,
            "candidates": [scored.word for scored in self.reading.candidates],
            "runners_up": [
                {"text": scored.word, "probability": round(scored.probability, 4)}
                for scored in self.reading.runners_up
            ],
            "notes": list(self.reading.notes),
        }


@dataclass(frozen=True)
class ConstraintChanges:
    """How many readings the constraint changed, by direction."""

    to_valid: int = 0
    """A non-word reading replaced by a valid word the writing supports."""
    to_other_valid: int = 0
    """A valid reading replaced by another valid word the writing supports better."""
    flagged: int = 0
    """Left as written and flagged for a person."""

    def to_json(self) -> dict[str, int]:
        return {"to_valid": self.to_valid, "to_other_valid": self.to_other_valid, "flagged": self.flagged}


@dataclass(frozen=True)
class SheetReading:
    """Everything read from one sheet photo."""

    source: str
    words: tuple[SheetWord, ...]
    total: int | None = None
    total_box: Box | None = None
    total_circled: bool = False
    """The opponent circled the written total: they think it miscalculated (NTU 4.7)."""
    unread: tuple[Box, ...] = ()
    """Boxes of writing found on the sheet that were read as no word (nor as the total): a word
    there is missing from the list, so a person looks."""
    turned: int = 0
    """Clockwise degrees the photo was turned to read its writing upright."""
    constrained_by: str = ""
    """What the reading was constrained by (a board and lexicon, a lexicon, or nothing)."""
    timings: dict[str, float] = field(default_factory=dict)

    def changes(self, is_valid=None) -> ConstraintChanges:
        """Readings changed by the constraint, by direction (``is_valid`` tells a valid raw reading)."""
        to_valid = other = flagged = 0
        for word in self.words:
            reading = word.reading
            if reading.status == CHECK:
                flagged += 1
            elif reading.status == CORRECTED:
                if is_valid is not None and is_valid(reading.raw):
                    other += 1
                else:
                    to_valid += 1
        return ConstraintChanges(to_valid, other, flagged)

    def _numbers(self, test: Callable[[SheetWord], bool]) -> list[int]:
        """Numbers (1-based) of the words that pass ``test``."""
        return [number for number, word in enumerate(self.words, start=1) if test(word)]

    @property
    def waiting(self) -> list[int]:
        """Numbers (1-based) of words still waiting for a person."""
        return self._numbers(lambda word: word.needs_check)

    @property
    def letters_waiting(self) -> list[int]:
        """Numbers (1-based) of words whose letters still wait for a person."""
        return self._numbers(lambda word: word.letters_in_doubt)

    @property
    def hard_to_read(self) -> bool:
        """Whether so many words wait for a person that a better photo would read better
        (:data:`HARD_TO_READ`), or writing was found and no word read from it."""
        if not self.words:
            return True
        waiting = len(self.waiting)
        return waiting >= MIN_IN_DOUBT and waiting >= HARD_TO_READ * len(self.words)

    @property
    def retake_advice(self) -> str | None:
        """A line for the user when the sheet is :attr:`hard_to_read`, else None."""
        if not self.hard_to_read:
            return None
        if not self.words:
            return NO_WORD_READ
        return f"{len(self.waiting)} of {len(self.words)} words are in doubt: {RETAKE_ADVICE}"

    @property
    def unread_note(self) -> str | None:
        """A line for the user naming the writing found that no word was read from, else None."""
        count = len(self.unread)
        if not count:
            return None
        where = "; ".join(" ".join(map(str, box)) for box in self.unread[:NAMED_UNREAD])
        more = f"; and {count - NAMED_UNREAD} more" if count > NAMED_UNREAD else ""
        pieces, them = ("pieces", "them") if count > 1 else ("piece", "it")
        return (
            f"{count} {pieces} of writing not read as a word (x0 y0 x1 y1: {where}{more}): "
            f"look at {them} on the photo; a word there is not on the list"
        )

    def accept(self, fixes: Sequence[str]) -> SheetReading:
        """A new reading with a person's fixes applied: ``N=WORD`` (word N of the sheet reads WORD),
        ``N=-`` (word N is struck through) or ``N=+`` (it is not)."""
        words = list(self.words)
        for fix in fixes:
            match = _FIX.match(fix)
            if not match:
                raise BadInputError(
                    f"bad fix {fix!r}: write NUMBER=WORD (e.g. 3=QUIET), or NUMBER=- for a word struck "
                    "through and NUMBER=+ for one that is not"
                )
            number, text = int(match.group(1)), match.group(2).upper()
            if not 1 <= number <= len(words):
                raise BadInputError(f"bad fix {fix!r}: {self.source} has words 1 to {len(words)}")
            word = words[number - 1]
            if text in (STRUCK, NOT_STRUCK):
                words[number - 1] = replace(word, cancelled=text == STRUCK, strike_in_doubt=False)
            else:
                reading = replace(word.reading, text=text)
                words[number - 1] = replace(word, reading=reading, status=ACCEPTED)
        return replace(self, words=tuple(words))

    @property
    def strikes_in_doubt(self) -> list[int]:
        """Numbers (1-based) of words whose strike waits for a person."""
        return self._numbers(lambda word: word.strike_in_doubt)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "constrained_by": self.constrained_by,
            "words": [word.to_json(number) for number, word in enumerate(self.words, start=1)],
            "total": self.total,
            "total_box": list(self.total_box) if self.total_box else None,
            "total_circled": self.total_circled,
            "turned": self.turned,
            "waiting": self.waiting,
            "strikes_in_doubt": self.strikes_in_doubt,
            "retake_advice": self.retake_advice,
            "unread": [list(box) for box in self.unread],
            "unread_note": self.unread_note,
            "constraint_changes": self.changes().to_json(),
            "timings": {name: round(seconds, 3) for name, seconds in self.timings.items()},
        }


def overlap_of_smaller(a: Sequence[float], b: Sequence[float]) -> float:
    """The area two boxes (x0, y0, x1, y1) share, as a share of the smaller one's."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return width * height / smaller if smaller > 0 else 0.0


def reading_order(boxes: Sequence[Box]) -> list[int]:
    """Indices of ``boxes`` top to bottom, then columns left to right.

    A box joins the column whose horizontal span it overlaps most; columns are ordered by
    their left edge, words in a column by their top.
    """
    columns: list[list[int]] = []
    spans: list[list[float]] = []
    for index in sorted(range(len(boxes)), key=lambda i: boxes[i][0]):
        x0, _y0, x1, _y1 = boxes[index]
        best, best_overlap = -1, 0.0
        for number, (low, high) in enumerate(spans):
            overlap = min(x1, high) - max(x0, low)
            if overlap > best_overlap and overlap > 0.3 * min(x1 - x0, high - low):
                best, best_overlap = number, overlap
        if best < 0:
            columns.append([index])
            spans.append([x0, x1])
        else:
            columns[best].append(index)
            spans[best] = [min(spans[best][0], x0), max(spans[best][1], x1)]
    order = sorted(range(len(columns)), key=lambda n: spans[n][0])
    return [index for n in order for index in sorted(columns[n], key=lambda i: boxes[i][1])]


__all__ = [
    "ACCEPTED",
    "AS_WRITTEN",
    "ConstraintChanges",
    "SheetReading",
    "SheetWord",
    "reading_order",
]
