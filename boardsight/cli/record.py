"""``boardsight record``: record a Scrabble game from a camera or a video file into a GCG file."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Annotated

import cv2
import typer

from boardsight.app.recording import (
    SQUARE_READERS,
    find_board,
    record_frames,
    rules_and_lexicon,
    square_reader,
)
from boardsight.calibration.board import load_board_profile
from boardsight.calibration.board_finder import default_finder
from boardsight.calibration.camera_profile import load_camera_profile
from boardsight.capture.frames import CameraLostError, CameraSource, Frame, FrameSource, VideoFileSource
from boardsight.cli.errors import EXIT_INTERRUPTED
from boardsight.cli.options import CameraProfileOption
from boardsight.cli.preview import require_display
from boardsight.errors import BadInputError
from boardsight.recorder.commands import KEYS, Command
from boardsight.recorder.feed import CommandFeed
from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.preview import draw_preview
from boardsight.recorder.session import GameSession, Message

WINDOW = "boardsight record"


def _warn(text: str) -> None:
    typer.echo(f"warning: {text}", err=True)


def _say(message: Message) -> None:
    if message.kind == "move":
        typer.echo(message.text)
    else:
        label = "" if message.kind == "info" else f"{message.kind}: "
        typer.echo(f"{label}{message.text}", err=True)


def record(
    out: Annotated[Path, typer.Option("--out", help="The GCG file to write.")],
    camera_index: Annotated[int | None, typer.Option("--camera", help="Record from camera N.")] = None,
    video: Annotated[Path | None, typer.Option("--video", help="Record from a video file.")] = None,
    players: Annotated[str, typer.Option("--players", help="The players' names, in playing order.")] = (
        "Player 1,Player 2"
    ),
    rules_name: Annotated[
        str | None, typer.Option("--rules", "-r", help="naspa, wespa, swedish, casual or a rules file.")
    ] = None,
    tiles: Annotated[str | None, typer.Option("--tiles", help="english or swedish.")] = None,
    board_profile: Annotated[
        str | None, typer.Option("--board-profile", help="Where the fixed camera sees the board.")
    ] = None,
    camera_profile: CameraProfileOption = None,
    lexicon_name: Annotated[
        str | None, typer.Option("--lexicon", "-l", help="Lexicon for blanks and phony warnings.")
    ] = None,
    reader_name: Annotated[
        str, typer.Option("--reader", help=f"Square reader: {', '.join(SQUARE_READERS)}.")
    ] = ("onnx"),
    preview: Annotated[bool, typer.Option("--preview", help="Show the live view in a window.")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the game already in --out.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists.")] = False,
) -> None:
    """Record a Scrabble game move by move into a GCG file.

    Moves the camera cannot see are typed on standard input, one a line: pass,
    exchange N, challenge off, challenge stands, play 8H WORD, fix H8 Q, undo,
    note TEXT, time NAME MINUTES, end, status, help, quit (see the README).
    """
    if (camera_index is None) == (video is None):
        raise BadInputError("give exactly one of --camera N and --video FILE")
    if resume and force:
        raise BadInputError("--resume continues a file and --force replaces it: give one of them")
    if resume and not out.exists():
        raise BadInputError(f"{out} does not exist: there is nothing to resume")
    if not resume and out.exists() and not force:
        raise BadInputError(
            f"{out} already exists; pass --resume to continue that game or --force to replace it"
        )
    if preview:
        require_display()
    rules, lexicon = rules_and_lexicon(rules_name, tiles, lexicon_name, warn=_warn)
    reader = square_reader(reader_name, rules.tileset)
    board, reference, camera = None, None, None
    if board_profile is not None:
        board, reference = load_board_profile(board_profile)
        camera_profile = camera_profile or board.camera_profile
    camera = load_camera_profile(camera_profile) if camera_profile else None
    names = [name.strip() for name in players.split(",")]

    def on_event(message: str) -> None:
        typer.echo(f"warning: {message}", err=True)

    source: FrameSource = (
        CameraSource(camera_index, on_event=on_event) if camera_index is not None else VideoFileSource(video)
    )
    with source:
        early: list[Frame] = []
        finder_name, finder = default_finder()
        if board is None:
            board, early = find_board(source, camera, finder_name, finder)
            typer.echo(f"found the board ({finder_name})", err=True)
        if resume:
            session = GameSession.resume(out, rules, lexicon)
            typer.echo(f"resuming {out}: {len(session.log.events)} events so far", err=True)
        else:
            pragmas = {"title": "Recorded by boardsight", "description": f"from {source.description}"}
            if lexicon is not None:
                pragmas["lexicon"] = lexicon.name
            session = GameSession.start(out, names, rules, lexicon, force=force, pragmas=pragmas)
        recorder = Recorder(
            session, reader, board, board_reference=reference, camera_profile=camera, finder=finder
        )
        interactive = sys.stdin is not None and sys.stdin.isatty()
        if video is not None and not interactive:
            feed = CommandFeed.from_lines(sys.stdin.readlines() if sys.stdin is not None else [])
        else:
            feed = CommandFeed.from_stream(sys.stdin)
        _run(recorder, source, early, feed, preview)
    if source.skipped:
        typer.echo(f"warning: {source.skipped} frame(s) could not be decoded and were skipped", err=True)
    scores = ", ".join(f"{session.player_name(i)} {total}" for i, total in enumerate(session.log.totals))
    typer.echo(f"{len(session.log.events)} events in {out}; {scores}", err=True)
    if not session.finished:
        typer.echo(f"the game is not over: continue with --resume --out {out}", err=True)


def _run(
    recorder: Recorder, source: FrameSource, early: list[Frame], feed: CommandFeed, preview: bool
) -> None:
    session = recorder.session

    def commands(time_s: float | None) -> list[Command]:
        ready, errors = feed.due(time_s)
        for error in errors:
            typer.echo(f"error: {error}", err=True)
        return ready

    def show(_: Frame) -> None:
        cv2.imshow(WINDOW, draw_preview(recorder.last_image, recorder))
        key = cv2.waitKey(1) & 0xFF
        if key in KEYS:
            feed.put(KEYS[key])

    try:
        record_frames(
            recorder, itertools.chain(early, source), commands, _say, after_frame=show if preview else None
        )
    except CameraLostError as error:
        typer.echo(f"error: {error}", err=True)
        typer.echo(f"the game so far is safe in {session.log.path}: continue with --resume", err=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        path = session.log.path
        typer.echo(f"stopped; the game so far is in {path}: continue with --resume --out {path}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    finally:
        if preview:
            cv2.destroyAllWindows()
