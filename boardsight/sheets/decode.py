"""Constrained reading of one written word: never invent a valid word.

The recogniser's unconstrained best reading (``raw``) is what the pen wrote as far as the
image shows. Candidate words (the words the board can form, and lexicon words one edit
from a reading) are scored by the CTC forward probability on the same letter table; a
*valid* word is one the vocabulary counts (on the board, or in the lexicon when no board
is given). The decision:

- a valid raw reading stands, unless another reading, valid or not, is about as likely
  (within ``ambiguity``): then it is flagged *check*;
- a raw reading that is not valid becomes the best valid candidate only when the writing
  itself supports that word: it is within ``support`` of the raw reading and has at least
  ``supported`` probability of its own, no second valid word is about as likely, it does
  not differ from the reading only by an I for an L or an L for an I (drawn alike), and it
  puts in no L where the reading had no letter that, as an I, would make no valid word (a
  lone upright stroke the recogniser left out may as well be an I);
- otherwise it stays as written: flagged *check* (with the close valid candidates) when a
  valid word is near or the reading is unsure, else taken as the clearly written non-word
  it is (a player's mistake, for the verdict to judge).

The constraint never turns a reading into a non-valid word, and never changes a valid one.
With two recognisers (:func:`read_word_by`) every reading is scored under both together and
the same rules decide; and a valid word they settle on is still flagged *check* when one of
them reads a non-word more than ``support`` likelier than it, more than that recogniser alone
would give up to correct its own reading (two must not outvote a letter one of them saw).
"""

from __future__ import annotations

import difflib
import math
import string
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from boardsight.sheets.ctc import NEG_INF, LetterTable, best_strings, greedy_reading, string_log_probs

AS_WRITTEN = "as_written"
"""Reported as read: a valid word well ahead of any other, or a clearly written non-word with no
valid word near it (a player's mistake, left for the verdict)."""
CORRECTED = "corrected"
"""The raw reading was replaced by a candidate the writing supports about as well."""
CHECK = "check"
"""Doubtful: reported as written (never as a valid word it might not be); a person decides."""
UNREAD = "unread"
"""No letters could be read at all."""

DEFAULT_SUPPORT = 1.0
"""A candidate may replace the raw reading when at most e^1 (about 2.7) times less likely (e^2,
with 0.1 below, read 6 more words on the PP-OCRv6 tuning sheets, but made 2 false valid verdicts
on the report sheets: ATTLRE read ATTIRE, GIITS read GITS)."""
DEFAULT_AMBIGUITY = 0.7
"""Two valid readings within e^0.7 (about 2) of each other: too close to call."""
SUPPORTED = 0.25
"""...and only when the writing gives it at least this probability itself (not two poor readings alike)."""
NEAR = 8.0
"""A valid candidate within e^8 of a non-word reading makes that reading worth a person's look."""
CONFIDENT = 0.5
"""A non-word reading at least this probable, with no valid word near, is taken as written."""
DRAWN_ALIKE = frozenset("IL")
"""Letters a hand or a print face may draw with the same strokes: a capital I and a small l."""
MAX_LENGTH_CHANGE = 2
RUNNERS_UP = 4
BEAM = 6
"""Strings each recogniser proposes for a word."""


@dataclass(frozen=True)
class Scored:
    """A reading and the natural log of its probability under the recogniser."""

    word: str
    log_prob: float

    @property
    def probability(self) -> float:
        return math.exp(max(self.log_prob, -700.0))


@dataclass(frozen=True)
class Vocabulary:
    """What a reading is constrained by: ``is_valid`` (counts as a word) and the candidates to try.

    ``board_words`` are tried against every reading (a short list: what the board can form);
    ``in_lexicon`` finds lexicon words one edit from a reading.
    """

    is_valid: Callable[[str], bool]
    board_words: tuple[str, ...] = ()
    in_lexicon: Callable[[str], bool] | None = None
    shortest: int = 1
    """Fewest letters of a word that counts (a board's rules: 3 in Boggle); 1 when any may."""

    @classmethod
    def of_words(cls, words: Iterable[str]) -> Vocabulary:
        """A vocabulary of a fixed word set (tests, a lexicon-only reading of a short list)."""
        words = frozenset(word.upper() for word in words)
        return cls(is_valid=words.__contains__, board_words=tuple(sorted(words)))


@dataclass(frozen=True)
class WordReading:
    """The decision about one written word."""

    text: str
    raw: str
    status: str
    confidence: float
    candidates: tuple[Scored, ...] = ()
    """Valid readings, most likely first (for *check*: what a person chooses from)."""
    runners_up: tuple[Scored, ...] = ()
    """Other readings of the writing, valid or not, most likely first."""
    notes: tuple[str, ...] = field(default=())

    @property
    def changed(self) -> bool:
        """Whether the constraint changed the reading (raw -> text)."""
        return self.text != self.raw

    @property
    def doubtful(self) -> bool:
        return self.status in (CHECK, UNREAD)


def settles(reading: WordReading, vocabulary: Vocabulary) -> bool:
    """Whether a second look's reading settles a word: as a valid word, taken as written or corrected."""
    return reading.status in (AS_WRITTEN, CORRECTED) and vocabulary.is_valid(reading.text)


def is_unsettled(reading: WordReading, vocabulary: Vocabulary) -> bool:
    """Whether a reading leaves the word open: read (not *unread*), but not settled as a valid word
    (flagged, or taken as written as no valid word)."""
    return reading.status != UNREAD and not settles(reading, vocabulary)


def edits1(word: str) -> set[str]:
    """Every string one deletion, substitution, insertion or swap of neighbours away."""
    letters = string.ascii_uppercase
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in letters}
    inserts = {a + c + b for a, b in splits for c in letters}
    return (deletes | swaps | replaces | inserts) - {word}


def candidate_words(readings: Collection[str], vocabulary: Vocabulary, frames: int) -> list[str]:
    """Words worth scoring: board words of a similar length, valid lexicon words an edit away."""
    lengths = [len(word) for word in readings] or [0]
    low, high = min(lengths) - MAX_LENGTH_CHANGE, max(lengths) + MAX_LENGTH_CHANGE
    found = {word for word in vocabulary.board_words if low <= len(word) <= high and len(word) <= frames}
    found.update(word for word in readings if vocabulary.is_valid(word))
    if vocabulary.in_lexicon is not None:
        for reading in readings:
            found.update(word for word in edits1(reading) if vocabulary.in_lexicon(word))
    return sorted(found)


def read_word(
    table: LetterTable,
    vocabulary: Vocabulary | None,
    *,
    support: float = DEFAULT_SUPPORT,
    ambiguity: float = DEFAULT_AMBIGUITY,
    supported: float = SUPPORTED,
) -> WordReading:
    """Decide what one word image says from one recogniser's table (see the module docstring)."""
    return read_word_by(
        [Evidence(table)], vocabulary, support=support, ambiguity=ambiguity, supported=supported
    )


@dataclass(frozen=True)
class Evidence:
    """One recogniser's letter table of a word image and the weight its log-probabilities get."""

    table: LetterTable
    weight: float = 1.0


def joint_log_probs(evidence: Sequence[Evidence], words: list[str]) -> list[float]:
    """Log-score of words under every recogniser: the weighted sum of each one's CTC log-probability.

    With weights summing to 1 this is a geometric mean of the recognisers' probabilities: two
    that agree on a word at p give it p, so the thresholds mean what they mean for one.
    """
    total = sum(item.weight for item in evidence)
    combined = np.zeros(len(words))
    for item in evidence:
        combined += item.weight / total * np.maximum(string_log_probs(item.table, words), NEG_INF)
    return [float(value) for value in combined]


def read_word_by(
    evidence: Sequence[Evidence],
    vocabulary: Vocabulary | None,
    *,
    support: float = DEFAULT_SUPPORT,
    ambiguity: float = DEFAULT_AMBIGUITY,
    supported: float = SUPPORTED,
    nonword_raw: bool = False,
) -> WordReading:
    """Decide what one word image says from one or more recognisers' tables of it.

    Each recogniser proposes its most likely strings; every string and candidate word is
    scored under all of them together (:func:`joint_log_probs`), and the decision is the one of the
    module docstring on those scores: the same rules, as strict, whatever the engines.

    ``nonword_raw``: the raw reading is the likeliest string that is *not* a valid word (for
    tables re-read under the sheet's hand, of a word whose plain reading was no valid word:
    the hand may make the valid word the likeliest string, and it is still a correction,
    decided by the rule for corrections against every non-word reading).
    """
    greedy = next(
        (text for text in (greedy_reading(item.table).replace("?", "") for item in evidence) if text), ""
    )
    own_beams = [best_strings(item.table, beam=BEAM) for item in evidence]
    proposed = sorted({word for own_beam in own_beams for word, _ in own_beam})
    beam = sorted(
        (
            Scored(word, value)
            for word, value in zip(proposed, joint_log_probs(evidence, proposed), strict=True)
        ),
        key=lambda scored: -scored.log_prob,
    )[:BEAM]
    if not beam or not greedy:
        return WordReading(greedy, greedy, UNREAD, 0.0)
    raw = beam[0]
    if nonword_raw and vocabulary is not None:
        raw = next((scored for scored in beam if not vocabulary.is_valid(scored.word)), raw)
    if vocabulary is None:
        return WordReading(raw.word, raw.word, AS_WRITTEN, raw.probability, (), tuple(beam[1:RUNNERS_UP]))
    frames = max(item.table.frames for item in evidence)
    words = candidate_words([scored.word for scored in beam[:3]], vocabulary, frames)
    scored_words = sorted(
        (Scored(word, value) for word, value in zip(words, joint_log_probs(evidence, words), strict=True)),
        key=lambda scored: -scored.log_prob,
    )
    decision = _decide(raw, beam, scored_words, vocabulary, support, ambiguity, supported)
    if (
        len(evidence) > 1
        and decision.status in (AS_WRITTEN, CORRECTED)
        and vocabulary.is_valid(decision.text)
    ):
        dissent = _dissent(evidence, own_beams, decision.text, vocabulary, support)
        if dissent is not None:
            note = f"one recogniser reads {dissent}, which is not a valid word"
            return WordReading(
                decision.raw,
                decision.raw,
                CHECK,
                raw.probability,
                decision.candidates,
                decision.runners_up,
                (note,),
            )
    return decision


def _dissent(
    evidence: Sequence[Evidence],
    own_beams: list[list[tuple[str, float]]],
    word: str,
    vocabulary: Vocabulary,
    support: float,
) -> str | None:
    """A recogniser's own best reading that is no valid word and that it finds likelier than
    ``word`` by more than ``support``: more than it would let go of to correct its own reading.

    Two recognisers together may outvote one that read a letter more (a doubled letter the
    other merged): a valid word is then not taken as read, it is a person's to check.
    """
    for item, own_beam in zip(evidence, own_beams, strict=True):
        rival = leading_nonword(item.table, word, vocabulary, support, own_beam)
        if rival is not None:
            return rival
    return None


def leading_nonword(
    table: LetterTable,
    word: str,
    vocabulary: Vocabulary,
    margin: float,
    own_beam: list[tuple[str, float]] | None = None,
) -> str | None:
    """``table``'s own likeliest reading (from ``own_beam``, its :func:`best_strings`, when given)
    when it is no valid word and more than ``margin`` likelier than ``word`` there, else None:
    what that recogniser read against ``word``."""
    own_beam = best_strings(table, beam=BEAM) if own_beam is None else own_beam
    if not own_beam or vocabulary.is_valid(own_beam[0][0]):
        return None
    best, best_score = own_beam[0]
    return best if best_score - float(string_log_probs(table, [word])[0]) > margin else None


def _decide(
    raw: Scored,
    beam: list[Scored],
    scored_words: list[Scored],
    vocabulary: Vocabulary,
    support: float,
    ambiguity: float,
    supported: float,
) -> WordReading:
    """The decision of the module docstring on scored readings and candidates."""
    valid = [s for s in scored_words if vocabulary.is_valid(s.word) and raw.log_prob - s.log_prob <= NEAR]
    shown = tuple(valid[:RUNNERS_UP])
    runners = _unique(s for s in [*beam, *scored_words] if s.word != raw.word)[:RUNNERS_UP]
    best = valid[0] if valid else None
    second = valid[1] if len(valid) > 1 else None
    if vocabulary.is_valid(raw.word):
        return _valid_raw(
            raw,
            second if best is not None and best.word == raw.word else best,
            beam,
            vocabulary,
            shown,
            runners,
            ambiguity,
        )
    if best is not None and raw.log_prob - best.log_prob <= support and best.probability >= supported:
        if second is not None and best.log_prob - second.log_prob < ambiguity:
            note = f"{best.word} and {second.word} are about equally likely"
            return WordReading(raw.word, raw.word, CHECK, raw.probability, shown, runners, (note,))
        if i_or_l_in_doubt(raw.word, best.word, vocabulary):
            return WordReading(
                raw.word, raw.word, CHECK, raw.probability, shown, runners, (i_or_l_note(best.word),)
            )
        return WordReading(best.word, raw.word, CORRECTED, best.probability, shown, runners)
    doubtful = best is not None or raw.probability < CONFIDENT
    return WordReading(raw.word, raw.word, CHECK if doubtful else AS_WRITTEN, raw.probability, shown, runners)


def drawn_alike(read: str, word: str) -> bool:
    """Whether ``word`` differs from ``read`` only by letters a hand or a print face may draw
    alike (:data:`DRAWN_ALIKE`): a correction the writing cannot support, as the recogniser picks
    between the same strokes by what it expects (MLL in a sans-serif print, its small l drawn as
    a capital I, read MII and corrected to MIL)."""
    return (
        len(read) == len(word)
        and read != word
        and all(a == b or {a, b} == DRAWN_ALIKE for a, b in zip(read, word, strict=True))
    )


def puts_in_an_l(read: str, word: str, vocabulary: Vocabulary) -> bool:
    """Whether ``word`` has an L where ``read`` has no letter, that as an I would make no valid
    word: the recogniser leaves out a thin upright stroke, and a correction that puts it back
    cannot tell which of the two it was (a written IEE, read EE, corrected to LEE)."""
    matcher = difflib.SequenceMatcher(a=read, b=word, autojunk=False)
    for tag, _a0, _a1, b0, b1 in matcher.get_opcodes():
        if tag != "insert":
            continue
        for at in range(b0, b1):
            if word[at] == "L" and not vocabulary.is_valid(word[:at] + "I" + word[at + 1 :]):
                return True
    return False


def i_or_l_in_doubt(read: str, word: str, vocabulary: Vocabulary) -> bool:
    """Whether ``word`` is reached from ``read`` by a stroke that may as well be an I as an L:
    only an I for an L or an L for an I (:func:`drawn_alike`), or an L put in where an I would
    make no valid word (:func:`puts_in_an_l`). Such a change is the writing's to settle, not the
    recogniser's guess."""
    return drawn_alike(read, word) or puts_in_an_l(read, word, vocabulary)


def i_or_l_note(word: str) -> str:
    """The note on a word flagged because ``word`` turns on an I or an L."""
    return f"I and L may be drawn alike: {word} or as written"


RINGED_NOTE = "circled: a ring round a word can hide a letter at its ends, or be read as one"


def doubt_ringed_nonword(reading: WordReading, vocabulary: Vocabulary) -> WordReading:
    """``reading`` flagged *check* when it is a non-word taken as written and the word is
    circled (challenged): there the ring hides a letter at the word's ends or is read as one
    often enough (on seventeen rendered sets, 15 of the 94 circled words taken as written as
    non-words were misread, 10 of them valid words, against 52 of 1,010 not circled) that the
    verdict on a challenge is a person's. The text stays as read."""
    if reading.status != AS_WRITTEN or vocabulary.is_valid(reading.text):
        return reading
    return replace(reading, status=CHECK, notes=(*reading.notes, RINGED_NOTE))


SHORT_NOTE = "shorter than any word that counts: a letter may be lost, or the word cut in two"


def doubt_too_short(reading: WordReading, vocabulary: Vocabulary) -> WordReading:
    """``reading`` flagged *check* when it is taken as written with fewer letters than any word
    that counts: nobody scores by writing one, so a letter lost in the reading (a word split at
    a wide gap, a box cut short) is far likelier than a word written so (on eleven rendered sets,
    all 15 readings of two letters or fewer were wrong, and no word written had so few). The
    text stays as read."""
    if reading.status != AS_WRITTEN or len(reading.text) >= vocabulary.shortest:
        return reading
    return replace(reading, status=CHECK, notes=(*reading.notes, SHORT_NOTE))


def _valid_raw(
    raw: Scored,
    other_valid: Scored | None,
    beam: list[Scored],
    vocabulary: Vocabulary,
    shown: tuple[Scored, ...],
    runners: tuple[Scored, ...],
    ambiguity: float,
) -> WordReading:
    """A valid raw reading stands unless another reading, valid or not, is about as likely."""
    if other_valid is not None and raw.log_prob - other_valid.log_prob < ambiguity:
        note = f"{raw.word} and {other_valid.word} are about equally likely"
        return WordReading(raw.word, raw.word, CHECK, raw.probability, shown, runners, (note,))
    rival = next((s for s in beam if not vocabulary.is_valid(s.word)), None)
    if rival is not None and raw.log_prob - rival.log_prob < ambiguity:
        note = f"the writing may also read {rival.word}, which is not a valid word"
        return WordReading(raw.word, raw.word, CHECK, raw.probability, shown, runners, (note,))
    return WordReading(raw.word, raw.word, AS_WRITTEN, raw.probability, shown, runners)


def _unique(scored: Iterable[Scored]) -> tuple[Scored, ...]:
    seen: dict[str, Scored] = {}
    for item in scored:
        if item.word not in seen or item.log_prob > seen[item.word].log_prob:
            seen[item.word] = item
    return tuple(sorted(seen.values(), key=lambda item: -item.log_prob))
