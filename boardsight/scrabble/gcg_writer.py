"""Write GCG records: a whole record at once, or event by event while a game is played.

Files are always written as UTF-8 with a ``#character-encoding UTF-8`` first line. A
withdrawn phony is written ``--`` with its negative score; an end-of-game rack adjustment
``(TILES) +N``; a time penalty ``(time) -N``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from boardsight.errors import BadInputError
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
from boardsight.scrabble.move import Placement


def move_text(event: GcgEvent) -> str:
    """The move as a GCG line writes it (``H8 QUIET``, ``-AEI``, ``-``, ``(challenge)`` ...)."""
    if event.kind == PLACEMENT:
        return f"{event.position} {event.tiles}"
    if event.kind == EXCHANGE:
        return f"-{event.tiles or event.exchange_count}"
    if event.kind == PASS:
        return "-"
    if event.kind == WITHDRAWN:
        return "--"
    if event.kind == CHALLENGE:
        return "(challenge)"
    if event.kind in (END_RACK_POINTS, END_RACK_PENALTY):
        return f"({event.tiles})"
    if event.kind == TIME_PENALTY:
        return "(time)"
    raise ValueError(f"unknown event kind {event.kind!r}")


def format_event(event: GcgEvent, players: list[GcgPlayer]) -> str:
    """The line(s) of one event: the event itself, then its note, if any."""
    parts = [f">{players[event.player].nickname}:"]
    if event.rack:
        parts.append(event.rack)
    parts += [move_text(event), f"{event.score:+d}", str(event.cumulative)]
    if event.comment:
        parts.append(event.comment)
    lines = [" ".join(parts)]
    if event.note:
        first, *rest = event.note.split("\n")
        lines.append(f"#note {first}")
        lines.extend(rest)
    return "\n".join(lines)


def header_lines(
    players: list[GcgPlayer], pragmas: dict[str, str], other: list[tuple[str, str]] = ()
) -> list[str]:
    """The encoding line, the players, the known header pragmas, then any others."""
    lines = ["#character-encoding UTF-8"]
    lines += [f"#player{player.number} {player.nickname} {player.name}" for player in players]
    lines += [f"#{name} {pragmas[name]}".rstrip() for name in HEADER_PRAGMAS if name in pragmas]
    lines += [f"#{name} {value}".rstrip() for name, value in other]
    return lines


def write_gcg(record: GcgRecord) -> str:
    """The text of a whole record."""
    lines = header_lines(record.players, record.pragmas, record.other_pragmas)
    lines += [format_event(event, record.players) for event in record.events]
    for index, rack in sorted(record.last_racks.items()):
        lines.append(f"#rack{record.players[index].number} {rack}")
    return "\n".join(lines) + "\n"


def save_gcg(record: GcgRecord, path: str | os.PathLike[str], *, overwrite: bool = False) -> None:
    """Write ``record`` to ``path``; an existing file is only replaced when ``overwrite`` is true."""
    with _open_new(Path(path), overwrite) as handle:
        handle.write(write_gcg(record))


def _open_new(path: Path, overwrite: bool) -> TextIO:
    try:
        return path.open("w" if overwrite else "x", encoding="utf-8", newline="\n")
    except FileExistsError as error:
        raise BadInputError(f"{path} already exists; choose another name or allow overwriting") from error
    except OSError as error:
        raise BadInputError(f"cannot write {path}: {error.strerror}") from error


@dataclass(frozen=True)
class _Resumed:
    totals: list[int]
    events: list[GcgEvent]


class GcgRecorder:
    """Write a game's record while it is played: every event is appended and flushed at once.

    A crash or a power cut loses at most the move being written. Cumulative totals are kept
    here, so callers only give each event's score.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.gcg"
    >>> with GcgRecorder(path, ["Anna", "Bertil"]) as recorder:
    ...     _ = recorder.placement(0, Placement(7, 6, "across", "QAT"), 24, rack="AQTZ")
    >>> path.read_text().splitlines()[-1]
    '>Anna: AQTZ 8G QAT +24 24'
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        players: list[str] | list[GcgPlayer],
        *,
        pragmas: dict[str, str] | None = None,
        overwrite: bool = False,
        _resume: _Resumed | None = None,
    ) -> None:
        self.path = Path(path)
        self.players = [
            player if isinstance(player, GcgPlayer) else GcgPlayer(number, player.replace(" ", "_"), player)
            for number, player in enumerate(players, start=1)
        ]
        self.totals = [0] * len(self.players)
        self.events: list[GcgEvent] = []
        if _resume is not None:
            self.totals = list(_resume.totals)
            self.events = list(_resume.events)
            self._file = self.path.open("a", encoding="utf-8", newline="\n")
            return
        self._file = _open_new(self.path, overwrite)
        self._write(header_lines(self.players, pragmas or {}))

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> GcgRecorder:
        """Go on recording a game already in ``path`` (after a restart): new events are appended."""
        from boardsight.scrabble.gcg_reader import read_gcg

        record = read_gcg(path)
        if record.last_racks:
            raise BadInputError(f"{path} already ends with its final #rack lines")
        totals = [0] * len(record.players)
        for event in record.events:
            totals[event.player] = event.cumulative
        return cls(path, record.players, _resume=_Resumed(totals, record.events))

    def _write(self, lines: list[str]) -> None:
        self._file.write("\n".join(lines) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def add(self, event: GcgEvent) -> GcgEvent:
        """Append ``event`` (its cumulative total is set from the running totals) and flush it."""
        self.totals[event.player] += event.score
        event.cumulative = self.totals[event.player]
        event.line = 0
        self.events.append(event)
        self._write([format_event(event, self.players)])
        return event

    def placement(self, player: int, placement: Placement, score: int, *, rack: str = "") -> GcgEvent:
        return self.add(
            GcgEvent(0, player, PLACEMENT, rack, score, 0, position=placement.position, tiles=placement.tiles)
        )

    def exchange(self, player: int, tiles: str, *, rack: str = "", count: int = 0) -> GcgEvent:
        return self.add(
            GcgEvent(0, player, EXCHANGE, rack, 0, 0, tiles=tiles, exchange_count=count or len(tiles))
        )

    def pass_turn(self, player: int, *, rack: str = "") -> GcgEvent:
        return self.add(GcgEvent(0, player, PASS, rack, 0, 0))

    def withdrawn(self, player: int, score_taken_back: int, *, rack: str = "") -> GcgEvent:
        return self.add(GcgEvent(0, player, WITHDRAWN, rack, -abs(score_taken_back), 0))

    def challenge_bonus(self, player: int, points: int, *, rack: str = "") -> GcgEvent:
        return self.add(GcgEvent(0, player, CHALLENGE, rack, points, 0))

    def end_rack(self, player: int, tiles: str, points: int, *, rack: str = "") -> GcgEvent:
        kind = END_RACK_POINTS if points >= 0 else END_RACK_PENALTY
        return self.add(GcgEvent(0, player, kind, rack, points, 0, tiles=tiles))

    def time_penalty(self, player: int, points: int, *, rack: str = "") -> GcgEvent:
        return self.add(GcgEvent(0, player, TIME_PENALTY, rack, -abs(points), 0))

    def note(self, text: str) -> None:
        """Attach a note to the last event."""
        if not self.events:
            raise BadInputError("a note belongs to an event: record a move first")
        first, *rest = text.split("\n")
        self.events[-1].note = text
        self._write([f"#note {first}", *rest])

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> GcgRecorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
