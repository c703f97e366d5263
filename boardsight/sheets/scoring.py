"""Score a sheet reading against its label: words right, marks found, false valid verdicts.

Readings are matched to labelled words by box overlap when both have boxes, else in order
by sequence alignment. A *false valid* is a reading that would make a word count (valid,
not cancelled, not waiting for a person) where the labelled word would not; a *false penalty*
is its mirror, a reading taken without asking that would not count where the labelled word
would (the player loses a word they wrote right). A *misreading taken* is any word read wrong
and not asked of a person: what a person reviewing the flagged words never sees. A flagged
word read wrong is *offered first* when its first candidate is the labelled word: one click
puts it right. A word read as
struck through with the strike in doubt is asked of a person, so it is counted apart, by
what it truly is, and not as a false cancelled mark.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from boardsight.sheets.label import LabelledWord, SheetLabel
from boardsight.sheets.model import SheetReading, SheetWord, overlap_of_smaller

MIN_OVERLAP = 0.3
_COUNTS = (
    "words",
    "right",
    "missed_words",
    "missed_named",
    "extra_words",
    "flagged",
    "false_valid",
    "false_penalty",
    "misread_taken",
    "offered_first",
    "letters",
    "letter_errors",
)
"""The whole-number fields of a :class:`SheetScore`, summed over sheets."""


@dataclass
class SheetScore:
    """Counts over one or more sheets."""

    words: int = 0
    right: int = 0
    missed_words: int = 0
    missed_named: int = 0
    """Words not found that lie in writing the reading names as not read (a person looks there)."""
    extra_words: int = 0
    flagged: int = 0
    marks: dict[str, list[int]] = field(
        default_factory=lambda: {"cancelled": [0, 0, 0], "circled": [0, 0, 0]}
    )
    """Per mark: found, missed, false (a strike in doubt is not a false mark: a person is asked)."""
    strikes_in_doubt: list[int] = field(default_factory=lambda: [0, 0])
    """Strikes read in doubt: on words struck through, on words that are not."""
    false_valid: int = 0
    false_valid_words: list[str] = field(default_factory=list)
    false_penalty: int = 0
    """Readings taken without asking that do not count where the written word does."""
    misread_taken: int = 0
    """Words read wrong and not asked of a person (not cancelled, not flagged)."""
    offered_first: int = 0
    """Flagged words read wrong whose first candidate is the written word."""
    totals: list[int] = field(default_factory=lambda: [0, 0])
    """Written totals: read right, labelled."""
    total_circles: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Circled totals: found, missed, false."""
    letters: int = 0
    letter_errors: int = 0

    def add(self, other: SheetScore) -> None:
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for mark, counts in other.marks.items():
            self.marks[mark] = [a + b for a, b in zip(self.marks[mark], counts, strict=True)]
        self.false_valid_words += other.false_valid_words
        self.totals = [a + b for a, b in zip(self.totals, other.totals, strict=True)]
        self.total_circles = [a + b for a, b in zip(self.total_circles, other.total_circles, strict=True)]
        self.strikes_in_doubt = [
            a + b for a, b in zip(self.strikes_in_doubt, other.strikes_in_doubt, strict=True)
        ]

    @property
    def word_accuracy(self) -> float:
        return self.right / self.words if self.words else 0.0

    @property
    def letter_accuracy(self) -> float:
        return 1 - self.letter_errors / self.letters if self.letters else 0.0

    def mark_recall(self) -> float:
        found = sum(counts[0] for counts in self.marks.values())
        labelled = found + sum(counts[1] for counts in self.marks.values())
        return found / labelled if labelled else 1.0


def match_words(labelled: Sequence[LabelledWord], read: Sequence[SheetWord]) -> list[tuple[int, int | None]]:
    """(label index, reading index or None) for every labelled word."""
    if labelled and all(word.box is not None for word in labelled):
        # The best-overlapping pairs first: on a tilted photo the boxes of neighbouring lines
        # overlap, and a word matched in list order can take its neighbour's reading.
        overlaps = sorted(
            (
                (-overlap, index, n)
                for index, word in enumerate(labelled)
                for n, candidate in enumerate(read)
                if (overlap := overlap_of_smaller(word.box, candidate.box)) >= MIN_OVERLAP  # type: ignore[arg-type]
            ),
        )
        matched: dict[int, int] = {}
        used: set[int] = set()
        for _, index, n in overlaps:
            if index not in matched and n not in used:
                matched[index] = n
                used.add(n)
        return [(index, matched.get(index)) for index in range(len(labelled))]
    matcher = difflib.SequenceMatcher(
        a=[word.text or "" for word in labelled], b=[word.text for word in read], autojunk=False
    )
    mapping: dict[int, int] = {}
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag in ("equal", "replace"):
            for offset in range(min(a1 - a0, b1 - b0)):
                mapping[a0 + offset] = b0 + offset
    return [(index, mapping.get(index)) for index in range(len(labelled))]


def edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def score_sheet(
    label: SheetLabel, reading: SheetReading, counts: Callable[[str], bool] | None = None
) -> SheetScore:
    """Score one reading; ``counts`` says whether a word is valid (board and lexicon) for false valids."""
    score = SheetScore()
    pairs = match_words(label.words, reading.words)
    matched = {n for _i, n in pairs if n is not None}
    score.extra_words = len(reading.words) - len(matched)
    for index, found in pairs:
        truth = label.words[index]
        if truth.text is None:
            continue
        score.words += 1
        score.letters += len(truth.text)
        if found is None:
            score.missed_words += 1
            score.missed_named += truth.box is not None and any(
                overlap_of_smaller(truth.box, box) >= MIN_OVERLAP for box in reading.unread
            )
            score.letter_errors += len(truth.text)
            for mark in ("cancelled", "circled"):
                if getattr(truth, mark):
                    score.marks[mark][1] += 1
            continue
        word = reading.words[found]
        score.right += word.text == truth.text
        score.letter_errors += edit_distance(word.text, truth.text)
        score.flagged += word.needs_check
        for mark in ("cancelled", "circled"):
            want, got = getattr(truth, mark), getattr(word, mark)
            if want and got:
                score.marks[mark][0] += 1
            elif want:
                score.marks[mark][1] += 1
            elif got and not (mark == "cancelled" and word.strike_in_doubt):
                score.marks[mark][2] += 1
        if word.strike_in_doubt:
            score.strikes_in_doubt[0 if truth.cancelled else 1] += 1
        claimed = not word.cancelled and not word.needs_check
        wrong = word.text != truth.text
        score.misread_taken += claimed and wrong
        candidates = word.reading.candidates
        score.offered_first += (
            word.needs_check and wrong and bool(candidates) and candidates[0].word == truth.text
        )
        if counts is not None and claimed and wrong:
            if counts(word.text) and not counts(truth.text):
                score.false_valid += 1
                score.false_valid_words.append(f"{truth.text}->{word.text}")
            elif counts(truth.text) and not counts(word.text):
                score.false_penalty += 1
    if label.total is not None:
        score.totals = [int(reading.total == label.total), 1]
    want, got = label.total_circled, reading.total_circled
    score.total_circles = [int(want and got), int(want and not got), int(got and not want)]
    return score
