"""The GCG file of a recording: events appended and flushed one by one, resumable, undoable.

A new file is created only when no file of that name exists (or when ``force`` says it may
be replaced). Every event is written, flushed and synced to disk as soon as it is known,
so a crash loses nothing already committed. ``resume`` reopens a recording and appends to
it; ``drop_last`` takes the last event back by cutting the file where it began (its note
goes with it), which needs no rewrite of what came before.
"""

from __future__ import annotations

import os
from pathlib import Path

from boardsight.errors import BadInputError
from boardsight.scrabble.gcg_model import GcgEvent, GcgPlayer, GcgRecord
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.gcg_writer import format_event, header_lines


def nickname_for(name: str) -> str:
    """A GCG nickname for a player's name: no spaces or colons."""
    cleaned = "_".join(name.split()).replace(":", "_")
    if not cleaned:
        raise BadInputError("a player's name must not be empty")
    return cleaned


class GcgLog:
    """An open GCG file of a game being recorded; build it with :meth:`create` or :meth:`resume`."""

    def __init__(
        self, path: Path, players: list[GcgPlayer], events: list[GcgEvent], offsets: list[int]
    ) -> None:
        self.path = path
        self.players = players
        self.events = events
        self._offsets = offsets  # byte offset in the file where each event's line starts
        self.totals = [0] * len(players)
        for event in events:
            self.totals[event.player] += event.score

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        players: list[str],
        *,
        pragmas: dict[str, str] | None = None,
        force: bool = False,
    ) -> GcgLog:
        """Start a record at ``path`` with its header; an existing file is replaced only with ``force``."""
        target = Path(path)
        if len(players) < 2:
            raise BadInputError("a game needs at least two players")
        nicknames = [nickname_for(name) for name in players]
        if len(set(nicknames)) != len(nicknames):
            raise BadInputError(f"two players share a name: {', '.join(players)}")
        gcg_players = [
            GcgPlayer(number, nickname, name.strip())
            for number, (nickname, name) in enumerate(zip(nicknames, players, strict=True), start=1)
        ]
        text = "\n".join(header_lines(gcg_players, pragmas or {})) + "\n"
        try:
            with target.open("w" if force else "x", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        except FileExistsError:
            raise BadInputError(
                f"{target} already exists; pass --resume to continue that game or --force to replace it"
            ) from None
        except OSError as error:
            raise BadInputError(f"cannot write {target}: {error.strerror}") from None
        return cls(target, gcg_players, [], [])

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[GcgLog, GcgRecord]:
        """Reopen a record to go on appending to it; returns the log and the record as read."""
        target = Path(path)
        record = read_gcg(target)
        if len(record.players) < 2:
            raise BadInputError(f"{target}: a record to resume needs its #player1 and #player2 lines")
        if record.last_racks:
            raise BadInputError(f"{target}: the game is over (it ends with #rack lines)")
        data = target.read_bytes()
        if data and not data.endswith(b"\n"):
            with target.open("ab") as handle:
                handle.write(b"\n")
            data += b"\n"
        line_starts = [0]
        for index, byte in enumerate(data):
            if byte == 0x0A:
                line_starts.append(index + 1)
        offsets = [line_starts[event.line - 1] for event in record.events]
        return cls(target, list(record.players), list(record.events), offsets), record

    def append(self, event: GcgEvent) -> GcgEvent:
        """Write ``event`` (its cumulative total set from the running totals) and sync it to disk."""
        self.totals[event.player] += event.score
        event.cumulative = self.totals[event.player]
        offset = self.path.stat().st_size
        self._write(format_event(event, self.players) + "\n")
        self.events.append(event)
        self._offsets.append(offset)
        return event

    def note(self, text: str) -> None:
        """Attach a note to the last event."""
        if not self.events:
            raise BadInputError("a note belongs to a move: record one first")
        first, *rest = text.strip().split("\n")
        self.events[-1].note = text.strip()
        self._write("\n".join([f"#note {first}", *rest]) + "\n")

    def drop_last(self) -> GcgEvent:
        """Take the last event (and its note) out of the file and return it."""
        if not self.events:
            raise BadInputError("there is no move to undo")
        event = self.events.pop()
        offset = self._offsets.pop()
        with self.path.open("r+b") as handle:
            handle.truncate(offset)
            handle.flush()
            os.fsync(handle.fileno())
        self.totals[event.player] -= event.score
        return event

    def record(self) -> GcgRecord:
        """The record so far, as the engine's replay takes it."""
        return GcgRecord(players=list(self.players), events=list(self.events), source=str(self.path))

    def _write(self, text: str) -> None:
        with self.path.open("a", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
