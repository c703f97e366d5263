"""Parse a plain word-list file: one word a line, UTF-8 or Latin-1.

Pure functions over bytes, so every edge case (encodings, CRLF endings, blank lines,
apostrophes, binary junk) can be tested without touching the disk.
"""

from __future__ import annotations

import codecs
from dataclasses import asdict, astuple, dataclass, field

from boardsight.errors import BadInputError
from boardsight.lexicon.folding import Folding, fold_word

_BINARY_SNIFF_BYTES = 8192
_MAX_CONTROL_SHARE = 0.05
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v")
_APOSTROPHES = frozenset("'’‘`´")
_HYPHENS = frozenset("-‐‑–—")
MAX_WORD_LETTERS = 64  # far past any dictionary word; longer entries are junk, not words


@dataclass
class DroppedCounts:
    """How many entries of a word list were dropped, and why."""

    digits: int = 0
    spaces: int = 0
    hyphens: int = 0
    apostrophes: int = 0
    other: int = 0
    proper_nouns: int = 0
    too_long: int = 0

    @property
    def total(self) -> int:
        return sum(astuple(self))

    def as_dict(self) -> dict[str, int]:
        """Each reason's count, in field order, then the ``total``."""
        return {**asdict(self), "total": self.total}


@dataclass
class ParsedWordList:
    """The folded, sorted, de-duplicated words of a list and what was left out."""

    words: list[str]
    encoding: str
    dropped: DroppedCounts = field(default_factory=DroppedCounts)
    duplicates: int = 0
    blank_lines: int = 0


def detect_encoding(data: bytes) -> str:
    """Name the encoding of a word list: UTF-16 by its BOM, UTF-8 when it decodes, else Latin-1."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "latin-1"
    return "utf-8"


def looks_binary(data: bytes) -> bool:
    """True when ``data`` is not plain text: NUL bytes or many control characters."""
    sample = data[:_BINARY_SNIFF_BYTES]
    if sample.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return False
    if b"\x00" in sample:
        return True
    controls = sum(1 for byte in sample if byte < 32 and byte not in _TEXT_CONTROLS)
    return bool(sample) and controls / len(sample) > _MAX_CONTROL_SHARE


def _drop_reason(entry: str) -> str | None:
    if len(entry) > MAX_WORD_LETTERS:
        return "too_long"
    if any(ch.isdigit() for ch in entry):
        return "digits"
    if any(ch.isspace() for ch in entry):
        return "spaces"
    if any(ch in _HYPHENS for ch in entry):
        return "hyphens"
    if any(ch in _APOSTROPHES for ch in entry):
        return "apostrophes"
    if not entry.isalpha():
        return "other"
    return None


def parse_word_list(
    data: bytes,
    *,
    folding: Folding = "english",
    drop_proper_nouns: bool = False,
    source: str = "word list",
) -> ParsedWordList:
    """Parse the bytes of a word list into folded words.

    Entries with digits, inner spaces, hyphens or apostrophes (or any other
    non-letter), and entries longer than :data:`MAX_WORD_LETTERS`, are dropped and
    counted; blank lines are skipped; words that fold to the same letters are merged.
    With ``drop_proper_nouns``, capitalised entries (how some dictionaries mark names)
    are dropped too.

    Raises :class:`BadInputError` for a binary or empty list.
    """
    if not data.strip():
        raise BadInputError(f"{source} is empty: expected one word a line")
    if looks_binary(data):
        raise BadInputError(f"{source} looks like a binary file, not a word list of one word a line")
    encoding = detect_encoding(data)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:  # a UTF-16 byte-order mark over bytes that are not UTF-16
        raise BadInputError(f"{source} is not valid {encoding.upper()} text ({error.reason})") from error
    dropped = DroppedCounts()
    blank_lines = 0
    kept: set[str] = set()
    kept_entries = 0
    for line in text.splitlines():
        entry = line.strip()
        if not entry:
            blank_lines += 1
            continue
        reason = _drop_reason(entry)
        if reason is None and drop_proper_nouns and entry[0].isupper():
            reason = "proper_nouns"
        if reason is not None:
            setattr(dropped, reason, getattr(dropped, reason) + 1)
            continue
        kept.add(fold_word(entry, folding))
        kept_entries += 1
    if not kept:
        raise BadInputError(f"{source} holds no usable words ({dropped.total} entries dropped)")
    return ParsedWordList(
        words=sorted(kept),
        encoding=encoding.removesuffix("-sig"),
        dropped=dropped,
        duplicates=kept_entries - len(kept),
        blank_lines=blank_lines,
    )


def guess_folding(data: bytes) -> Folding:
    """Swedish folding for lists that use Å, Ä or Ö, English folding otherwise."""
    text = data.decode(detect_encoding(data), errors="replace")
    return "swedish" if any(ch in text for ch in "åäöÅÄÖ") else "english"
