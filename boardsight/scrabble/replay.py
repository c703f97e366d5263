"""Replay a GCG record move by move, re-score everything and report where the record disagrees.

For each event the replay checks, in this order: that it comes from the player on turn
(challenge bonuses and withdrawn phonies follow the play they belong to); that the rack
it shows exists (with the board, it needs no more of a tile than the set holds); that a
placement is legal and uses tiles of the rack; that an exchange leaves enough tiles in the
bag; that its score is what the rules give; and that the cumulative total adds up. At the
end of the game it checks the rack adjustments (going out, or the scoreless end) and the
time penalties against the rule set. With a lexicon it also lists the words not in it
(those are reported, not counted as disagreements: a phony nobody challenged stands).
Under double challenge, an opponent's pass right after the play that went out is read as
that opponent's failed challenge of the play, as engines write it, not as a move after
the game ended.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.game import OUT, SCORELESS, GameState
from boardsight.scrabble.gcg_model import (
    CHALLENGE,
    END_RACK_PENALTY,
    END_RACK_POINTS,
    EXCHANGE,
    PASS,
    PLACEMENT,
    TURN_KINDS,
    WITHDRAWN,
    GcgEvent,
    GcgRecord,
)
from boardsight.scrabble.move import Placement
from boardsight.scrabble.rack import board_tiles, missing_from, rack_string, tiles_used
from boardsight.scrabble.rules import RuleSet, failed_challenge
from boardsight.scrabble.scoring import score_placement
from boardsight.scrabble.tileset import BLANK
from boardsight.scrabble.validation import find_violations


@dataclass(frozen=True)
class Disagreement:
    """Where the record and the rules part: the line, a short kind and a message.

    Kinds: ``turn`` (wrong player or out of order), ``rack`` (a rack that cannot be or
    lacks the tiles played), ``illegal`` (a placement that breaks a rule), ``score``,
    ``cumulative``, ``exchange``, ``challenge``, ``end`` (end-of-game adjustments), ``time``.
    """

    line: int
    kind: str
    message: str


@dataclass(frozen=True)
class InvalidWord:
    line: int
    word: str


@dataclass
class ReplayedEvent:
    """One event and what the replay made of it."""

    event: GcgEvent
    computed_score: int | None
    words: list[str] = field(default_factory=list)
    reading: str = ""  # what the event was taken for where it differs from its kind
    board: Board | None = None  # the board after the event


@dataclass
class ReplayResult:
    """The outcome of a replay: per event, disagreements, invalid words and the final state."""

    record: GcgRecord
    rules: RuleSet
    state: GameState
    events: list[ReplayedEvent]
    disagreements: list[Disagreement]
    invalid_words: list[InvalidWord]
    complete: bool
    rules_reason: str = ""  # why these rules: named by the caller, or shown by the record

    @property
    def ok(self) -> bool:
        return not self.disagreements

    @property
    def final_scores(self) -> list[int]:
        """Scores as the replay computed them."""
        return list(self.state.scores)

    @property
    def recorded_scores(self) -> list[int]:
        """The last cumulative total the record gives each player."""
        totals = [0] * len(self.record.players)
        for event in self.record.events:
            totals[event.player] = event.cumulative
        return totals

    def outcome_json(self) -> dict:
        """The verdict as JSON: disagreements, invalid words, completeness and both scores."""
        return {
            "disagreements": [
                {"line": d.line, "kind": d.kind, "message": d.message} for d in self.disagreements
            ],
            "invalid_words": [{"line": w.line, "word": w.word} for w in self.invalid_words],
            "complete": self.complete,
            "recorded_scores": self.recorded_scores,
            "computed_scores": self.final_scores,
            "agrees": self.ok,
        }


class _Replay:
    def __init__(self, record: GcgRecord, rules: RuleSet, lexicon: Lexicon | None) -> None:
        self.record = record
        self.rules = rules
        self.lexicon = lexicon
        self.state = GameState.start(rules, max(1, len(record.players)))
        self.tileset = self.state.tileset
        self.disagreements: list[Disagreement] = []
        self.invalid_words: list[InvalidWord] = []
        self.replayed: list[ReplayedEvent] = []
        self.recorded_totals = [0] * len(record.players)
        self.last_turn: GcgEvent | None = None
        self.last_placement_words: list[str] = []
        self.end_events: dict[int, list[GcgEvent]] = {}
        self.time_penalised: set[int] = set()
        self.stopped = False
        self.score_override: int | None = None
        self.reading = ""

    def flag(self, line: int, kind: str, message: str) -> None:
        self.disagreements.append(Disagreement(line, kind, message))

    def nick(self, player: int) -> str:
        return self.record.players[player].nickname

    # -- the walk ------------------------------------------------------------------------------
    def run(self) -> ReplayResult:
        for event in self.record.events:
            if self.stopped:
                break
            self.reading = ""
            computed = self.apply(event)
            words = list(self.last_placement_words)
            self.replayed.append(ReplayedEvent(event, computed, words, self.reading, self.state.board.copy()))
            self.check_cumulative(event)
        for player, rack in sorted(self.record.last_racks.items()):
            line = self.record.last_rack_lines.get(player, 0)
            self.check_rack_exists(line, rack, f"#rack{self.record.players[player].number}")
        complete = self.state.over and self.adjustments_done()
        return ReplayResult(
            self.record,
            self.rules,
            self.state,
            self.replayed,
            self.disagreements,
            self.invalid_words,
            complete,
        )

    def apply(self, event: GcgEvent) -> int | None:
        if event.kind in TURN_KINDS:
            return self.turn(event)
        if event.kind == WITHDRAWN:
            return self.withdrawn(event)
        if event.kind == CHALLENGE:
            return self.challenge(event)
        if event.kind in (END_RACK_POINTS, END_RACK_PENALTY):
            return self.end_rack(event)
        return self.time_penalty(event)

    def check_cumulative(self, event: GcgEvent) -> None:
        score = event.score if self.score_override is None else self.score_override
        self.score_override = None
        expected = self.recorded_totals[event.player] + score
        if event.cumulative != expected:
            self.flag(
                event.line,
                "cumulative",
                f"{self.nick(event.player)}'s total should be {expected} "
                f"({self.recorded_totals[event.player]} {score:+d}), the record says {event.cumulative}",
            )
        self.recorded_totals[event.player] = event.cumulative

    def check_score(self, event: GcgEvent, computed: int, what: str) -> None:
        if event.score != computed:
            self.flag(event.line, "score", f"{what} scores {computed:+d}, the record says {event.score:+d}")

    # -- turns ---------------------------------------------------------------------------------
    def turn(self, event: GcgEvent) -> int | None:
        state = self.state
        self.last_placement_words = []
        if state.over and self.failed_challenge_of_going_out(event):
            self.reading = f"{self.nick(event.player)}'s failed challenge of the last play"
            return 0
        if state.over:
            self.flag(event.line, "turn", f"{self.nick(event.player)} moves after the game ended")
            self.stopped = True
            return None
        if event.player != state.on_turn:
            self.flag(
                event.line,
                "turn",
                f"{self.nick(event.player)} moves, but it is {self.nick(state.on_turn)}'s turn",
            )
            state.on_turn = event.player
        rack = self.check_rack_exists(event.line, event.rack, "the rack") if event.rack else None
        self.last_turn = event
        if event.kind == PLACEMENT:
            return self.placement(event, rack)
        if event.kind == EXCHANGE:
            return self.exchange(event, rack)
        self.check_score(event, 0, "a pass")
        state.pass_turn()
        return 0

    def failed_challenge_of_going_out(self, event: GcgEvent) -> bool:
        """Under double challenge, an opponent's scoreless pass right after the play that went
        out (before the rack points) is that opponent's failed challenge of the play: the turn
        it loses is the one it no longer has, and engines write it so."""
        previous = self.replayed[-1].event if self.replayed else None
        return (
            self.rules.challenge.rule == "double"
            and self.state.ended_by == OUT
            and event.kind == PASS
            and event.score == 0
            and previous is not None
            and previous is self.last_turn
            and previous.kind == PLACEMENT
            and previous.player != event.player
        )

    def check_rack_exists(self, line: int, text: str, what: str) -> Counter[str] | None:
        """Parse a recorded rack and check the board leaves enough of each tile for it."""
        rack: Counter[str] = Counter()
        for char in text:
            letter = BLANK if char == BLANK else self.tileset.fold(char)
            if letter != BLANK and self.tileset.count(letter) == 0:
                self.flag(
                    line,
                    "rack",
                    f"{what} {text} holds {char}, which the {self.tileset.name} set has no tile of",
                )
                return None
            rack[letter] += 1
        available = self.tileset.full_bag() - board_tiles(self.state.board)
        lacking = missing_from(available, rack)
        if lacking:
            detail = ", ".join(
                f"{rack[tile]} {tile} but only {available[tile]} left"
                for tile in dict.fromkeys(rack_string(lacking, self.tileset))
            )
            self.flag(line, "rack", f"{what} {text} cannot be drawn: it holds {detail}")
            return None
        return rack

    def placement(self, event: GcgEvent, rack: Counter[str] | None) -> int | None:
        state = self.state
        move = event.move(state.layout.rows, state.layout.cols)
        assert isinstance(move, Placement)
        resolved, violations = find_violations(state.board, move, self.tileset, rack=rack)
        for violation in violations:
            kind = "rack" if violation.rule == "not-in-rack" else "illegal"
            self.flag(event.line, kind, f"{event.position} {event.tiles}: {violation.message}")
        if any(violation.rule != "not-in-rack" for violation in violations):
            self.stopped = True  # the board can no longer be trusted
            return None
        scored = score_placement(state.board, resolved, self.tileset, self.rules)
        words = [item.word.word for item in scored.words]
        self.last_placement_words = words
        if self.lexicon is not None:
            self.invalid_words += [
                InvalidWord(event.line, word) for word in words if word not in self.lexicon
            ]
        self.check_score(event, scored.total, f"{event.position} {event.tiles}")
        state.play(resolved, scored.total)
        return scored.total

    def exchange(self, event: GcgEvent, rack: Counter[str] | None) -> int:
        state = self.state
        if not self.rules.can_exchange(state.bag_count):
            self.flag(
                event.line,
                "exchange",
                f"an exchange with {state.bag_count} tiles in the bag (the {self.rules.name} rules need "
                f"{self.rules.exchange_min_bag})",
            )
        if rack is not None and event.tiles:
            lacking = missing_from(rack, tiles_used(event.tiles.upper()))
            if lacking:
                self.flag(
                    event.line, "rack", f"the rack {event.rack} lacks {rack_string(lacking)} to exchange"
                )
        self.check_score(event, 0, "an exchange")
        state.exchange(len(event.tiles) or event.exchange_count)
        return 0

    def withdrawn(self, event: GcgEvent) -> int | None:
        state = self.state
        previous = self.last_turn
        self.last_placement_words = []
        if previous is None or previous.kind != PLACEMENT or state.last_placement is None:
            self.flag(event.line, "turn", "a withdrawn phony (--) must follow the placement it takes back")
            return None
        if event.player != previous.player:
            self.flag(
                event.line,
                "turn",
                f"{self.nick(event.player)} withdraws a play {self.nick(previous.player)} made",
            )
            return None
        if event.rack and previous.rack and Counter(event.rack) != Counter(previous.rack):
            self.flag(
                event.line,
                "rack",
                f"the withdrawn play's rack {event.rack} differs from {previous.rack} of the play",
            )
        score = state.last_placement.score
        total_before = self.recorded_totals[event.player] - previous.score
        if event.score == 0 and score and event.cumulative == total_before:
            # Quackle writes a withdrawn phony as "-- +0" with the total from before the play.
            self.score_override = -score
        else:
            self.check_score(event, -score, "withdrawing the phony")
        state.withdraw()
        self.last_turn = event
        return -score

    def challenge(self, event: GcgEvent) -> int | None:
        previous = self.last_turn
        self.last_placement_words = []
        if previous is None or previous.kind != PLACEMENT:
            self.flag(
                event.line, "challenge", "a challenge bonus must follow the placement that was challenged"
            )
            return None
        challenge = self.rules.challenge
        if event.score >= 0 and event.player != previous.player:
            self.flag(
                event.line,
                "challenge",
                f"the challenge bonus goes to {self.nick(previous.player)}, who made the play, "
                f"not {self.nick(event.player)}",
            )
            return None
        outcome = failed_challenge(challenge)
        if outcome.kind == "bonus":
            words = max(1, len(self.replayed[-1].words) if self.replayed else 1)
            allowed = {failed_challenge(challenge, count).points for count in range(1, words + 1)}
            if event.score not in allowed:
                self.flag(
                    event.line,
                    "challenge",
                    f"a challenge bonus of {event.score:+d}; the {self.rules.name} rules give "
                    f"{challenge.bonus_per_word} a word challenged",
                )
        elif outcome.kind == "penalty":
            if event.score != -outcome.points or event.player == previous.player:
                self.flag(
                    event.line,
                    "challenge",
                    f"under the {self.rules.name} rules a failed challenger loses "
                    f"{challenge.failed_penalty} points",
                )
        else:
            self.flag(
                event.line,
                "challenge",
                f"a challenge bonus of {event.score:+d}, but the {self.rules.name} rules ({challenge.rule} "
                "challenge) give none",
            )
        self.state.challenge_bonus(event.player, event.score)
        return event.score

    # -- the end of the game -------------------------------------------------------------------
    def remaining_rack_value(self, tiles: str) -> int:
        return self.tileset.rack_value(tiles.upper() if BLANK not in tiles else tiles)

    def end_rack(self, event: GcgEvent) -> int | None:
        state = self.state
        self.last_placement_words = []
        if not state.over:
            self.flag(event.line, "end", "an end-of-game rack adjustment before the game ended")
            self.stopped = True
            return None
        if event.rack and Counter(event.rack) != Counter(event.tiles):
            self.flag(
                event.line, "end", f"the rack {event.rack} differs from the tiles ({event.tiles}) it counts"
            )
        value = self.tileset.rack_value(event.tiles)
        unseen = self.tileset.full_bag() - board_tiles(state.board)
        lacking = missing_from(unseen, tiles_used(event.tiles))
        if lacking:
            self.flag(
                event.line, "end", f"({event.tiles}) includes {rack_string(lacking)}, which is on the board"
            )
        self.end_events.setdefault(event.player, []).append(event)
        expected = self.expected_end_points(event, value)
        if expected is not None:
            self.check_score(event, expected, f"({event.tiles})")
        state.adjust(event.player, event.score)
        return expected

    def expected_end_points(self, event: GcgEvent, value: int) -> int | None:
        state = self.state
        going_out = self.rules.end.going_out
        if state.ended_by == SCORELESS:
            if event.kind != END_RACK_PENALTY:
                self.flag(
                    event.line, "end", "after a scoreless end each player loses the value of their own rack"
                )
            return -value
        if event.player == state.finisher:
            if event.kind != END_RACK_POINTS:
                self.flag(event.line, "end", f"{self.nick(event.player)} went out and loses nothing")
            return 2 * value if going_out == "double" else value
        if going_out == "double":
            self.flag(
                event.line,
                "end",
                f"under the {self.rules.name} rules only the player who went out scores the racks "
                f"(twice their value); {self.nick(event.player)}'s rack adjustment "
                f"{event.score:+d} is not one",
            )
            return None
        return -value

    def adjustments_done(self) -> bool:
        state = self.state
        if state.ended_by == OUT:
            return state.finisher in self.end_events
        return all(player in self.end_events for player in range(state.players))

    def time_penalty(self, event: GcgEvent) -> int | None:
        self.last_placement_words = []
        if not self.state.over:
            self.flag(event.line, "time", "a time penalty before the game ended")
            self.stopped = True
            return None
        if not self.adjustments_done():
            self.flag(event.line, "time", "a time penalty before the end-of-game rack adjustments")
        if event.player in self.time_penalised:
            self.flag(event.line, "time", f"a second time penalty for {self.nick(event.player)}")
        self.time_penalised.add(event.player)
        step = self.rules.time.overtime_penalty
        if event.score > 0 or (step and event.score % step) or (not step and event.score):
            self.flag(
                event.line,
                "time",
                f"a time penalty of {event.score:+d}; the {self.rules.name} rules take "
                f"{step} a started minute",
            )
        self.state.adjust(event.player, event.score)
        return event.score


def replay(record: GcgRecord, rules: RuleSet, lexicon: Lexicon | None = None) -> ReplayResult:
    """Replay ``record`` under ``rules``; with ``lexicon``, also collect the words not in it."""
    return _Replay(record, rules, lexicon).run()
