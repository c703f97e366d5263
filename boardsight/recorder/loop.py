"""The recorder's frame loop: frames in, typed commands at their time, the game's messages out.

``boardsight record`` (a camera or a video, commands from the keyboard) and
:func:`boardsight.recorder.rehearsal.run_frames` (a rendered game, commands typed along
it) both run a game through :func:`play_frames`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from boardsight.capture.frames import Frame
from boardsight.recorder.commands import Command
from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.session import Message

Tick = tuple[float, Frame | None]
"""A moment of the recording: its time in seconds and the frame seen then (None: none)."""


def play_frames(
    recorder: Recorder,
    ticks: Iterable[Tick],
    commands: Callable[[float | None], Iterable[Command]],
    say: Callable[[Message], None],
    *,
    after_frame: Callable[[Frame], None] | None = None,
    stop_when_over: bool = False,
) -> int:
    """Feed each tick's frame to ``recorder``, then the commands due by then; return the frames fed.

    ``commands(time_s)`` gives the commands due at that time (``None``: every one left);
    ``say`` receives every message in order; ``after_frame`` runs after each frame's
    commands (a live preview). When the ticks run out the recorder finishes and the
    commands still waiting are applied. With ``stop_when_over`` the loop ends, without
    finishing, as soon as the game is over or a quit was typed.
    """
    session = recorder.session
    count = 0
    for time_s, frame in ticks:
        if frame is not None:
            for message in recorder.process(frame):
                say(message)
            count += 1
        for command in commands(time_s):
            for message in recorder.command(command, time_s):
                say(message)
        if frame is not None and after_frame is not None:
            after_frame(frame)
        if stop_when_over and (session.quit_requested or session.finished):
            return count
    for message in recorder.finish():
        say(message)
    for command in commands(None):
        for message in recorder.command(command, None):
            say(message)
    return count
