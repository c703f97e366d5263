"""Read GCG game records (the Poslfit format used by Quackle, Macondo, MAGPIE and Woogles).

Lines are pragmas (``#player1 nick Full Name``, ``#title ...``, ``#note ...``, ``#rack1 ...``)
or events (``>nick: RACK 8D WORD +24 24``). Every error names the file and the line and says
what is wrong; nothing here knows the board, so legality is left to
:mod:`boardsight.scrabble.replay`.

Encoding: ``#character-encoding`` (UTF-8 or ISO-8859-1) must be the first line when present.
Without it a file is read as UTF-8 when it decodes, else as ISO-8859-1.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from boardsight.errors import BadInputError, NotFoundError
from boardsight.scrabble.coords import parse_position
from boardsight.scrabble.gcg_model import (
    CHALLENGE,
    END_RACK_PENALTY,
    END_RACK_POINTS,
    EXCHANGE,
    HEADER_PRAGMAS,
    PASS,
    PLACEMENT,
    TIME_PENALTY,
    WITHDRAWN,
    GcgEvent,
    GcgPlayer,
    GcgRecord,
)

ENCODINGS = {
    "utf-8": "utf-8",
    "utf8": "utf-8",
    "iso-8859-1": "latin-1",
    "iso8859-1": "latin-1",
    "latin-1": "latin-1",
}
SUPPORTED_GAME_TYPES = ("classic",)

_EVENT = re.compile(r"^>(?P<nick>[^:\s]+):(?P<rest>.*)$")
_PRAGMA = re.compile(r"^#(?P<name>[A-Za-z][\w-]*)(?:\s+(?P<value>.*?))?\s*$")
_PLAYER = re.compile(r"^player(?P<number>\d+)$")
_RACK_PRAGMA = re.compile(r"^rack(?P<number>\d+)$")
_SCORE = re.compile(r"^[+-]?\d+$")
_CUMULATIVE = re.compile(r"^-?\d+$")


class GcgError(BadInputError):
    """A GCG file that cannot be read: the message names the file and the line."""

    def __init__(self, source: str, line: int, message: str) -> None:
        self.source = source
        self.line = line
        self.reason = message
        super().__init__(f"{source} line {line}: {message}" if line else f"{source}: {message}")


def _is_rack(token: str) -> bool:
    return all(char == "?" or char.isalpha() for char in token)


def _declared_encoding(first_line: str, source: str) -> str | None:
    """The encoding a ``#character-encoding`` first line declares (``None`` when there is none)."""
    match = re.match(r"^#character-encoding(?:\s+(\S*))?", first_line.strip())
    if not match:
        return None
    name = (match.group(1) or "").lower()
    if name not in ENCODINGS:
        raise GcgError(source, 1, f"unsupported character encoding {name!r}: use UTF-8 or ISO-8859-1")
    return ENCODINGS[name]


def _decode(data: bytes, source: str) -> tuple[str, str]:
    """Decode a GCG file: its encoding pragma (first line) decides, else UTF-8 with a Latin-1 fallback."""
    if not data.strip():
        raise GcgError(source, 1, "the file is empty: a GCG record starts with #player lines")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    encoding = _declared_encoding(data.split(b"\n", 1)[0].decode("latin-1"), source)
    if encoding:
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError as error:
            raise GcgError(
                source,
                data.count(b"\n", 0, error.start) + 1,
                "the file says UTF-8 but this line is not UTF-8",
            ) from error
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


class _Reader:
    def __init__(self, source: str, rows: int, cols: int) -> None:
        self.source = source
        self.rows = rows
        self.cols = cols
        self.record = GcgRecord(source=source)
        self.player_numbers: dict[int, GcgPlayer] = {}
        self.in_note = False

    def fail(self, line: int, message: str) -> GcgError:
        return GcgError(self.source, line, message)

    def read(self, text: str, encoding: str) -> GcgRecord:
        self.record.encoding = encoding
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.rstrip("\r\n")
            stripped = line.strip()
            if stripped.startswith("#"):
                self.in_note = False
                self.pragma(number, stripped)
            elif stripped.startswith(">"):
                self.in_note = False
                self.event(number, stripped)
            elif not stripped:
                continue
            elif self.in_note:
                event = self.record.events[-1]
                event.note += "\n" + line.rstrip()
            else:
                raise self.fail(number, f"not a pragma (#...) or an event (>...): {stripped[:40]!r}")
        self.record.players = [self.player_numbers[number] for number in sorted(self.player_numbers)]
        return self.record

    # -- pragmas -------------------------------------------------------------------------------
    def pragma(self, number: int, text: str) -> None:
        match = _PRAGMA.match(text)
        if not match:
            raise self.fail(number, f"malformed pragma {text[:40]!r}")
        name, value = match.group("name").lower(), (match.group("value") or "")
        events = self.record.events
        if self.record.last_racks and not _RACK_PRAGMA.match(name) and name != "note":
            raise self.fail(number, f"#{name} after the final #rack lines")
        if name == "character-encoding":
            if number != 1:
                raise self.fail(number, "#character-encoding must be the first line of the file")
            return
        if name == "note":
            if not events:
                raise self.fail(number, "#note before any event: a note belongs to the event before it")
            event = events[-1]
            event.note = f"{event.note}\n{value}" if event.note else value
            self.in_note = True
            return
        player = _PLAYER.match(name)
        if player:
            self.player(number, int(player.group("number")), value, bool(events))
            return
        rack = _RACK_PRAGMA.match(name)
        if rack:
            self.last_rack(number, int(rack.group("number")), value)
            return
        if name in HEADER_PRAGMAS:
            if events:
                raise self.fail(
                    number, f"#{name} after the first event: header pragmas come before the moves"
                )
            if name in self.record.pragmas:
                raise self.fail(number, f"#{name} appears twice")
            if name == "game-type" and value.lower() not in SUPPORTED_GAME_TYPES:
                raise self.fail(number, f"unsupported game type {value!r} (supported: classic)")
            self.record.pragmas[name] = value
            return
        self.record.other_pragmas.append((name, value))

    def player(self, number: int, player_number: int, value: str, after_events: bool) -> None:
        if after_events:
            raise self.fail(number, f"#player{player_number} after the first event")
        if player_number < 1:
            raise self.fail(number, "players are numbered from 1")
        if player_number in self.player_numbers:
            raise self.fail(number, f"#player{player_number} appears twice")
        parts = value.split(None, 1)
        if not parts:
            raise self.fail(number, f"#player{player_number} needs a nickname and a name")
        nickname = parts[0]
        name = parts[1].strip() if len(parts) > 1 else nickname
        for other in self.player_numbers.values():
            if other.nickname == nickname:
                raise self.fail(number, f"two players share the nickname {nickname!r}")
            if other.name == name:
                raise self.fail(number, f"two players share the name {name!r}")
        self.player_numbers[player_number] = GcgPlayer(player_number, nickname, name)

    def last_rack(self, number: int, player_number: int, value: str) -> None:
        if player_number not in self.player_numbers:
            raise self.fail(number, f"#rack{player_number} names no player")
        index = sorted(self.player_numbers).index(player_number)
        if index in self.record.last_racks:
            raise self.fail(number, f"#rack{player_number} appears twice")
        rack = value.strip()
        if not _is_rack(rack):
            raise self.fail(number, f"malformed rack {rack!r} in #rack{player_number}")
        self.record.last_racks[index] = rack
        self.record.last_rack_lines[index] = number

    # -- events --------------------------------------------------------------------------------
    def event(self, number: int, text: str) -> None:
        match = _EVENT.match(text)
        if not match:
            raise self.fail(number, "an event starts with '>nickname:'")
        if not self.player_numbers:
            raise self.fail(number, "an event before the #player lines")
        if self.record.last_racks:
            raise self.fail(number, "an event after the final #rack lines")
        nickname = match.group("nick")
        players = [self.player_numbers[key] for key in sorted(self.player_numbers)]
        index = next((i for i, player in enumerate(players) if player.nickname == nickname), None)
        if index is None:
            known = ", ".join(player.nickname for player in players)
            raise self.fail(number, f"no player has the nickname {nickname!r} (players: {known})")
        tokens = match.group("rest").split()
        self.record.events.append(self.parse_event(number, index, tokens))

    def parse_event(self, number: int, player: int, tokens: list[str]) -> GcgEvent:
        rack = ""
        if tokens and _is_rack(tokens[0]) and len(tokens) > 1 and not tokens[0].startswith("("):
            rack = tokens.pop(0)
        elif tokens and not self.starts_move(tokens[0]):
            raise self.fail(number, f"malformed rack {tokens[0]!r}: letters and ? only")
        if not tokens:
            raise self.fail(number, "the event has no move")
        head = tokens[0]
        tiles, position, exchange_count, rest = "", "", 0, tokens[1:]
        if head.startswith("("):
            kind, tiles, rest = self.parenthesised(number, head, rest)
        elif head == "--":
            kind = WITHDRAWN
        elif head == "-":
            kind = PASS
        elif head.startswith("-"):
            kind = EXCHANGE
            tiles, exchange_count = self.exchanged(number, head[1:])
        else:
            if len(tokens) < 2:
                raise self.fail(number, f"expected a position and a word, got {' '.join(tokens)!r}")
            kind, position, tiles, rest = PLACEMENT, head, tokens[1], tokens[2:]
            self.check_placement(number, position, tiles)
        score, cumulative, comment = self.scores(number, rest)
        if kind == END_RACK_POINTS and score < 0:
            kind = END_RACK_PENALTY
        return GcgEvent(
            line=number,
            player=player,
            kind=kind,
            rack=rack,
            score=score,
            cumulative=cumulative,
            position=position.upper() if kind == PLACEMENT else "",
            tiles=tiles,
            exchange_count=exchange_count,
            comment=comment,
        )

    def starts_move(self, token: str) -> bool:
        return token.startswith(("(", "-")) or parse_position(token, rows=99, cols=26) is not None

    def parenthesised(self, number: int, head: str, rest: list[str]) -> tuple[str, str, list[str]]:
        if not head.endswith(")"):
            raise self.fail(number, f"unclosed parenthesis in {head!r}")
        inner = head[1:-1]
        if inner.lower() == "challenge":
            return CHALLENGE, "", rest
        if inner.lower() == "time":
            return TIME_PENALTY, "", rest
        if not inner or not _is_rack(inner):
            raise self.fail(number, f"malformed rack {inner!r} in an end-of-game adjustment")
        return END_RACK_POINTS, inner, rest

    def exchanged(self, number: int, text: str) -> tuple[str, int]:
        if text.isdigit():
            return "", int(text)
        if not text or not _is_rack(text):
            raise self.fail(number, f"malformed exchange -{text}: letters and ? only, or a tile count")
        return text, len(text)

    def check_placement(self, number: int, position: str, tiles: str) -> None:
        if parse_position(position, rows=self.rows, cols=self.cols) is None:
            raise self.fail(number, f"{position!r} is not a position on the board (8D across, D8 down)")
        if not all(char == "." or char.isalpha() for char in tiles):
            raise self.fail(
                number,
                f"malformed play {tiles!r}: letters, lower case for blanks, '.' for tiles on the board",
            )

    def scores(self, number: int, rest: list[str]) -> tuple[int, int, str]:
        if len(rest) < 2:
            raise self.fail(number, "expected a score and a cumulative total after the move")
        score_text, total_text = rest[0], rest[1]
        if not _SCORE.match(score_text):
            raise self.fail(number, f"malformed score {score_text!r}")
        if not _CUMULATIVE.match(total_text):
            raise self.fail(number, f"malformed cumulative total {total_text!r}")
        return int(score_text), int(total_text), " ".join(rest[2:])


def parse_gcg(data: bytes | str, *, source: str = "GCG", rows: int = 15, cols: int = 15) -> GcgRecord:
    """Parse the bytes (or text) of a GCG file into a :class:`GcgRecord`; raise :class:`GcgError`."""
    if isinstance(data, str):
        if not data.strip():
            raise GcgError(source, 1, "the file is empty: a GCG record starts with #player lines")
        text, encoding = data, "utf-8"
        _declared_encoding(text.split("\n", 1)[0], source)
    else:
        text, encoding = _decode(data, source)
    return _Reader(source, rows, cols).read(text, encoding)


def read_gcg(path: str | os.PathLike[str], *, rows: int = 15, cols: int = 15) -> GcgRecord:
    """Read a GCG file from disk."""
    file_path = Path(path)
    try:
        data = file_path.read_bytes()
    except FileNotFoundError as error:
        raise NotFoundError(f"{file_path}: no such file") from error
    except IsADirectoryError as error:
        raise BadInputError(f"{file_path} is a folder, not a GCG file") from error
    except OSError as error:
        raise BadInputError(f"cannot read {file_path}: {error.strerror}") from error
    return parse_gcg(data, source=str(file_path), rows=rows, cols=cols)
