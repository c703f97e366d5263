"""Typed commands on their way to the recorder: read from a stream, released when due.

A command line may carry ``@SECONDS`` (see :mod:`boardsight.recorder.commands`): it is
released once the frames reach that time, so a session typed along a video can be
replayed exactly. Lines from an interactive terminal are read by a background thread so
the frame loop never waits for the keyboard; a script piped in alongside a video file is
read whole at the start, so its timing does not depend on thread scheduling.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable
from typing import TextIO

from boardsight.errors import BadInputError
from boardsight.recorder.commands import Command, parse_command


class CommandFeed:
    """Commands waiting for their time; bad lines come out as one-line errors instead."""

    def __init__(self) -> None:
        self._incoming: queue.Queue[str] = queue.Queue()
        self._waiting: list[Command] = []
        self.closed = False

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> CommandFeed:
        feed = cls()
        for line in lines:
            feed._incoming.put(line)
        feed.closed = True
        return feed

    @classmethod
    def from_stream(cls, stream: TextIO) -> CommandFeed:
        """Read ``stream`` line by line in the background."""
        feed = cls()

        def pump() -> None:
            try:
                for line in stream:
                    feed._incoming.put(line)
            except (OSError, ValueError):
                pass
            feed.closed = True

        threading.Thread(target=pump, name="boardsight-commands", daemon=True).start()
        return feed

    def put(self, line: str) -> None:
        """Add a line (a key pressed in the preview window arrives this way)."""
        self._incoming.put(line)

    def due(self, time_s: float | None) -> tuple[list[Command], list[str]]:
        """The commands due at ``time_s`` (``None``: all of them), and the errors of bad lines."""
        errors = []
        while True:
            try:
                line = self._incoming.get_nowait()
            except queue.Empty:
                break
            try:
                command = parse_command(line)
            except BadInputError as error:
                errors.append(f"{line.strip()}: {error}")
                continue
            if command is not None:
                self._waiting.append(command)
        ready = [c for c in self._waiting if c.at_s is None or time_s is None or c.at_s <= time_s]
        self._waiting = [c for c in self._waiting if c not in ready]
        ready.sort(key=lambda command: -1.0 if command.at_s is None else command.at_s)
        return ready, errors
