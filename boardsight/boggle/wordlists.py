"""Players' word lists and challenge files: the text formats and reading them from disk.

**Word list** (one file per player): one word a line, as the player wrote it, in any
case. Blank lines and lines starting with ``#`` are ignored. A line must hold one
word of letters only; anything else is an error that names the file and line. The
player's name is the file's stem (``alice.txt`` is alice) unless the command line
says ``NAME=PATH``.

**Challenge file**: one line per challenged player, naming the player whose list holds
the words, a colon, and the challenged words separated by spaces or commas::

    # challenges of game 1
    bob: QI ZEE
    alice: tae

Player names and words are matched without regard to case; a player may appear on
several lines. Blank lines and ``#`` comments are ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from boardsight.errors import BadInputError, NotFoundError

MAX_LIST_BYTES = 1 << 20
_CONTROL_SHARE = 0.05
_TEXT_CONTROLS = frozenset("\t\n\r\f\v")
_WORD_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class PlayerList:
    """The words one player wrote, in order, with the line each came from."""

    name: str
    words: tuple[str, ...]
    lines: tuple[int, ...]
    source: str = ""


@dataclass(frozen=True)
class Challenge:
    """A challenge of ``word`` on ``player``'s list (``line`` of ``source``, for messages)."""

    player: str
    word: str
    line: int = 0
    source: str = ""

    def where(self) -> str:
        return f"{self.source} line {self.line}" if self.source else "challenge"


def decode_text(raw: bytes, source: str) -> str:
    """Decode a small text file: UTF-8 (a BOM is dropped) or else Latin-1; binary data is an error."""
    if b"\x00" in raw:
        raise BadInputError(f"{source}: looks like a binary file, not a text file of words")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    controls = sum(1 for char in text if ord(char) < 32 and char not in _TEXT_CONTROLS)
    if text and controls / len(text) > _CONTROL_SHARE:
        raise BadInputError(f"{source}: looks like a binary file, not a text file of words")
    return text


def read_text_file(path: Path, what: str) -> str:
    """Read a small text file, turning every failure into a one-line error."""
    try:
        if path.stat().st_size > MAX_LIST_BYTES:
            raise BadInputError(f"{path}: too large for a {what}")
        raw = path.read_bytes()
    except FileNotFoundError as error:
        raise NotFoundError(f"{path}: no such {what}") from error
    except IsADirectoryError as error:
        raise BadInputError(f"{path} is a folder, not a {what}") from error
    except OSError as error:
        raise BadInputError(f"cannot read {what} {path}: {error.strerror}") from error
    return decode_text(raw, str(path))


def parse_player_list(text: str, name: str, source: str = "") -> PlayerList:
    """Parse the text of one player's list (see the module docstring)."""
    where = source or f"{name}'s list"
    words = []
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        word = line.strip()
        if not word or word.startswith("#"):
            continue
        if not word.isalpha():
            raise BadInputError(f"{where} line {number}: {word!r} is not one word of letters")
        words.append(word)
        lines.append(number)
    if not words:
        raise BadInputError(f"{where}: no words (expected one word a line)")
    return PlayerList(name, tuple(words), tuple(lines), source)


def split_list_argument(argument: str) -> tuple[str, Path]:
    """``NAME=PATH`` -> (NAME, PATH); a plain path -> (its stem, PATH)."""
    path = Path(argument)
    name, sep, rest = argument.partition("=")
    if sep and not path.exists() and name.strip() and rest.strip():
        return name.strip(), Path(rest.strip())
    return path.stem, path


def read_player_list(argument: str) -> PlayerList:
    """Read a list named on the command line as ``PATH`` or ``NAME=PATH``."""
    name, path = split_list_argument(argument)
    if not name:
        raise BadInputError(f"{argument!r}: cannot tell the player's name; write NAME=PATH")
    return parse_player_list(read_text_file(path, "word list"), name, str(path))


def parse_challenges(text: str, source: str = "challenges") -> list[Challenge]:
    """Parse a challenge file (see the module docstring)."""
    challenges = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.strip()
        if not content or content.startswith("#"):
            continue
        player, sep, rest = content.partition(":")
        words = [word for word in _WORD_SEPARATORS.split(rest) if word]
        if not sep or not player.strip() or not words:
            raise BadInputError(
                f"{source} line {number}: expected 'PLAYER: WORD [WORD ...]', got {content!r}"
            )
        for word in words:
            if not word.isalpha():
                raise BadInputError(f"{source} line {number}: {word!r} is not a word of letters")
            challenges.append(Challenge(player.strip(), word, number, source))
    return challenges


def read_challenges(path: Path) -> list[Challenge]:
    """Read a challenge file from disk."""
    return parse_challenges(read_text_file(path, "challenge file"), str(path))
