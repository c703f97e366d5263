"""Where a position comes from: a CGP string, a GCG record at some turn, or a photo.

Every command that works on a position goes through :func:`load_position`; a kind of
source file is read by the reader registered for its suffix with
:func:`register_position_reader` (importing :mod:`boardsight.app` registers board photos).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from boardsight.errors import BadInputError
from boardsight.scrabble.cgp import parse_cgp
from boardsight.scrabble.gcg_model import TURN_KINDS, GcgRecord
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.layout import load_layout
from boardsight.scrabble.position import Position
from boardsight.scrabble.replay import replay
from boardsight.scrabble.rules import RuleSet


@dataclass(frozen=True)
class PositionRequest:
    """What the caller wants from a source: the rules, and for a game record, which turn."""

    rules: RuleSet
    turn: int | None = None


PositionReader = Callable[[Path, PositionRequest], Position]
_READERS: dict[str, PositionReader] = {}


def register_position_reader(suffixes: tuple[str, ...], reader: PositionReader) -> None:
    """Make :func:`load_position` read files with these suffixes (``".jpg"``...) with ``reader``."""
    for suffix in suffixes:
        _READERS[suffix.lower()] = reader


def position_before_turn(record: GcgRecord, rules: RuleSet, turn: int | None = None) -> Position:
    """The position before turn ``turn`` (1 = the first move) of a record; without one, after the last event.

    The rack is the one the record shows for that turn (or the ``#rack`` line for the end).
    """
    turns = [index for index, event in enumerate(record.events) if event.kind in TURN_KINDS]
    if turn is None:
        events = record.events
        on_turn_event = None
    else:
        if not 1 <= turn <= len(turns):
            raise BadInputError(f"{record.source} has {len(turns)} turns; --turn must be 1 to {len(turns)}")
        events = record.events[: turns[turn - 1]]
        on_turn_event = record.events[turns[turn - 1]]
    result = replay(replace(record, events=list(events)), rules)
    if result.disagreements and any(item.kind == "illegal" for item in result.disagreements):
        first = next(item for item in result.disagreements if item.kind == "illegal")
        raise BadInputError(f"{record.source} line {first.line}: {first.message}")
    state = result.state
    player = on_turn_event.player if on_turn_event is not None else state.on_turn
    rack = on_turn_event.rack if on_turn_event is not None else record.last_racks.get(player, "")
    order = [(player + offset) % state.players for offset in range(state.players)]
    racks = [rack] + [""] * (state.players - 1)
    return Position(
        board=state.board,
        racks=racks,
        scores=[state.scores[index] for index in order],
        scoreless_turns=state.scoreless_turns,
        options={"lex": record.lexicon} if record.lexicon else {},
    )


def _from_gcg(path: Path, request: PositionRequest) -> Position:
    layout = load_layout(request.rules.layout)
    record = read_gcg(path, rows=layout.rows, cols=layout.cols)
    return position_before_turn(record, request.rules, request.turn)


register_position_reader((".gcg",), _from_gcg)


def load_position(
    source: str | Path | None = None,
    *,
    cgp: str | None = None,
    rules: RuleSet,
    turn: int | None = None,
) -> Position:
    """A position from exactly one of a file ``source`` (by its suffix) or a ``cgp`` string."""
    if (source is None) == (cgp is None):
        raise BadInputError("give either a game file or a CGP position (--cgp), not both or neither")
    if cgp is not None:
        if turn is not None:
            raise BadInputError("--turn applies to a game record, not to a CGP position")
        return parse_cgp(cgp, load_layout(rules.layout))
    path = Path(source)
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        known = ", ".join(sorted(_READERS))
        raise BadInputError(f"cannot read a position from {path.name}: known kinds of file are {known}")
    if not path.exists():
        raise BadInputError(f"{path}: no such file")
    return reader(path, PositionRequest(rules=rules, turn=turn))
