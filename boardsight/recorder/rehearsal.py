"""Play a recorded game in front of the recorder and compare what it writes with the record.

Used by the tests (a short hand-made game) and by ``benchmarks/record_games.py`` (real
game records rendered as videos). A recording agrees with its source when every event
has the same player, kind, tiles laid, score and running total; a withdrawn phony is
compared by its running total only (some programs write it ``+0``), the end-of-game rack
by its tiles as a set.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from boardsight.capture.frames import Frame
from boardsight.recorder.commands import Command, parse_command
from boardsight.recorder.loop import Tick, play_frames
from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.session import Message
from boardsight.scrabble.board import Board
from boardsight.scrabble.gcg_model import (
    END_RACK_PENALTY,
    END_RACK_POINTS,
    EXCHANGE,
    PLACEMENT,
    WITHDRAWN,
    GcgRecord,
)
from boardsight.scrabble.move import Placement
from boardsight.scrabble.replay import replay
from boardsight.scrabble.rules import RuleSet, load_rules
from boardsight.scrabble.tileset import TileSet, load_tileset
from boardsight.scrabble.validation import resolve_placement

RULES_TO_TRY = ("naspa", "wespa", "casual", "swedish")


def _new_tiles(record: GcgRecord, tileset: TileSet) -> list[frozenset | None]:
    """For each event, the tiles a placement laid (square and tile), from a replay of the board."""
    board = Board()
    laid: list[frozenset | None] = []
    last: list[tuple[int, int, str]] = []
    for event in record.events:
        move = event.move()
        if event.kind == PLACEMENT and isinstance(move, Placement):
            resolved, _ = resolve_placement(board, move, tileset)
            last = resolved.new_tiles()
            for row, col, tile in last:
                board.set(row, col, tile)
            laid.append(frozenset(last))
            continue
        if event.kind == WITHDRAWN:
            for row, col, _ in last:
                board.set(row, col, "")
            last = []
        laid.append(None)
    return laid


def event_keys(record: GcgRecord, tileset: TileSet) -> list[tuple]:
    """What must agree between a source event and a recorded one, event by event.

    A placement is compared by the tiles it laid (so ``8D`` with a played-through tile
    written ``.`` or as its letter, or a one-tile play written across or down, agree).
    """
    keys = []
    for event, laid in zip(record.events, _new_tiles(record, tileset), strict=True):
        who = record.players[event.player].name
        if event.kind == WITHDRAWN:
            keys.append((who, event.kind, event.cumulative))
        elif event.kind in (END_RACK_POINTS, END_RACK_PENALTY):
            keys.append(
                (who, "end-rack", "".join(sorted(event.tiles.upper())), event.score, event.cumulative)
            )
        elif event.kind == EXCHANGE:
            keys.append((who, event.kind, event.tiles.upper() or event.exchange_count, event.cumulative))
        elif event.kind == PLACEMENT:
            keys.append((who, event.kind, tuple(sorted(laid or ())), event.score, event.cumulative))
        else:
            keys.append((who, event.kind, event.score, event.cumulative))
    return keys


def compare_records(source: GcgRecord, recorded: GcgRecord, tileset: TileSet | None = None) -> list[str]:
    """Every disagreement between the two records, one line each (empty when they agree)."""
    tileset = tileset or load_tileset("english")
    want_keys, got_keys = event_keys(source, tileset), event_keys(recorded, tileset)
    problems = []
    for index in range(max(len(want_keys), len(got_keys))):
        want = want_keys[index] if index < len(want_keys) else None
        got = got_keys[index] if index < len(got_keys) else None
        if want != got:
            event = source.events[index] if index < len(source.events) else recorded.events[index]
            problems.append(f"event {index + 1} (line {event.line}): expected {want}, recorded {got}")
    return problems


def rules_for(record: GcgRecord) -> RuleSet | None:
    """The first rule set under which the record replays with no disagreement, or ``None``."""
    for name in RULES_TO_TRY:
        rules = load_rules(name)
        if not replay(record, rules).disagreements:
            return rules
    return None


@dataclass
class Rehearsal:
    """What a recording of frames produced: the messages, and how many frames were seen."""

    messages: list[Message]
    frames: int


def run_frames(recorder: Recorder, frames: Iterable[tuple[np.ndarray | None, str]], fps: float) -> Rehearsal:
    """Feed ``(picture or None, typed lines)`` pairs to ``recorder`` at ``fps``; apply the lines."""
    messages: list[Message] = []
    typed_now: list[str] = []

    def ticks() -> Iterator[Tick]:
        for index, (picture, typed) in enumerate(frames):
            typed_now[:] = typed.split("\n")
            time_s = index / fps
            yield time_s, None if picture is None else Frame(index, picture, time_s)

    def commands(_: float | None) -> list[Command]:
        lines, typed_now[:] = list(typed_now), []
        return [command for command in map(parse_command, lines) if command is not None]

    count = play_frames(recorder, ticks(), commands, messages.append)
    return Rehearsal(messages, count)
