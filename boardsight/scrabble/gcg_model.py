"""The content of a GCG game record: pragmas, players and events, independent of the text format."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardsight.scrabble.coords import parse_position
from boardsight.scrabble.move import ChallengeBonus, Exchange, Move, Pass, Placement, WithdrawnPhony

PLACEMENT = "placement"
EXCHANGE = "exchange"
PASS = "pass"
WITHDRAWN = "withdrawn-phony"
CHALLENGE = "challenge"
END_RACK_POINTS = "end-rack-points"
END_RACK_PENALTY = "end-rack-penalty"
TIME_PENALTY = "time-penalty"

TURN_KINDS = (PLACEMENT, EXCHANGE, PASS)
END_KINDS = (END_RACK_POINTS, END_RACK_PENALTY, TIME_PENALTY)

# Pragmas that hold one value and describe the whole game; they come before the first event.
HEADER_PRAGMAS = (
    "title",
    "description",
    "id",
    "lexicon",
    "game-type",
    "board-layout",
    "tile-set",
    "tile-distribution",
)


@dataclass(frozen=True)
class GcgPlayer:
    """A player: ``number`` from 1, the nickname events use, and the full name."""

    number: int
    nickname: str
    name: str


@dataclass
class GcgEvent:
    """One ``>nickname: ...`` line of a record (and the note attached to it).

    ``tiles`` holds the placed word (``.`` for played-through tiles), the exchanged tiles,
    or the rack tiles of an end-of-game adjustment; ``score`` is the event's signed score
    and ``cumulative`` the player's total after it, as recorded.
    """

    line: int
    player: int  # index into GcgRecord.players
    kind: str
    rack: str
    score: int
    cumulative: int
    position: str = ""
    tiles: str = ""
    exchange_count: int = 0
    note: str = ""
    comment: str = ""

    def move(self, rows: int = 15, cols: int = 15) -> Move | None:
        """The engine move of a turn or challenge event; ``None`` for end-of-game adjustments."""
        if self.kind == PLACEMENT:
            parsed = parse_position(self.position, rows=rows, cols=cols)
            if parsed is None:
                return None
            row, col, direction = parsed
            return Placement(row, col, direction, self.tiles)
        if self.kind == EXCHANGE:
            return Exchange(self.tiles, self.exchange_count)
        if self.kind == PASS:
            return Pass()
        if self.kind == WITHDRAWN:
            return WithdrawnPhony()
        if self.kind == CHALLENGE:
            return ChallengeBonus(self.score)
        return None


@dataclass
class GcgRecord:
    """A whole game record as read from (or to be written to) a GCG file."""

    players: list[GcgPlayer] = field(default_factory=list)
    events: list[GcgEvent] = field(default_factory=list)
    pragmas: dict[str, str] = field(default_factory=dict)
    other_pragmas: list[tuple[str, str]] = field(default_factory=list)
    last_racks: dict[int, str] = field(default_factory=dict)
    last_rack_lines: dict[int, int] = field(default_factory=dict)
    encoding: str = "utf-8"
    source: str = "GCG"

    def player_index(self, nickname: str) -> int | None:
        for index, player in enumerate(self.players):
            if player.nickname == nickname:
                return index
        return None

    @property
    def lexicon(self) -> str:
        return self.pragmas.get("lexicon", "")
