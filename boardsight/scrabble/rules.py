"""Rule sets: everything besides the board and the tiles that decides a score or the end of a game.

>>> rules = load_rules("swedish")
>>> rules.challenge.rule, rules.time.minutes_per_player, rules.overtime_penalty(61)
('swedish', 30, 20)
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from functools import cache

from boardsight.errors import BadInputError
from boardsight.scrabble.datafiles import read_data_file, require

CHALLENGE_RULES = ("double", "single", "void", "five-point", "swedish", "free")
SCORELESS_KINDS = ("pass", "exchange", "withdrawn-phony", "failed-challenge", "zero-score-placement")
GOING_OUT_RULES = ("double", "transfer")


@dataclass(frozen=True)
class ChallengeRule:
    """What a challenge costs: ``rule`` is one of :data:`CHALLENGE_RULES`."""

    rule: str
    bonus_per_word: int
    failed_penalty: int

    @property
    def failed_challenger_loses_turn(self) -> bool:
        return self.rule == "double"

    @property
    def counts_words(self) -> bool:
        """Whether what a failed challenge earns depends on how many words the play formed."""
        return self.rule == "five-point"


@dataclass(frozen=True)
class FailedChallenge:
    """What a challenge that fails (the play stands) does, by ``kind``.

    ``turn``: the challenger loses a turn (double challenge); ``bonus``: the player whose
    play was challenged scores ``points``; ``penalty``: the challenger loses ``points``;
    ``none``: nothing happens.
    """

    kind: str
    points: int = 0


def failed_challenge(rule: ChallengeRule, words: int = 1) -> FailedChallenge:
    """What a failed challenge of a play forming ``words`` words costs or earns under ``rule``.

    The one place challenge outcomes are computed: replays check recorded challenges
    against it and the recorder writes the challenges it is told of with it.
    """
    if rule.rule == "double":
        return FailedChallenge("turn")
    if rule.counts_words:
        return FailedChallenge("bonus", rule.bonus_per_word * words)
    if rule.rule == "swedish":
        return FailedChallenge("penalty", rule.failed_penalty)
    return FailedChallenge("none")


@dataclass(frozen=True)
class EndRule:
    """How a game ends without anyone going out, and how going out is scored."""

    scoreless_turns: int
    scoreless_turns_per_player: int
    scoreless_kinds: frozenset[str]
    going_out: str


@dataclass(frozen=True)
class TimeRule:
    """The clock: minutes per player (0 for none) and what overtime costs."""

    minutes_per_player: int
    overtime_penalty: int
    forfeit_after_minutes: int
    forfeit_min_spread: int


@dataclass(frozen=True)
class RuleSet:
    """A complete rule set: board, tiles, bonuses, challenges, the end of the game and the clock."""

    name: str
    description: str
    layout: str
    tileset: str
    rack_size: int
    bingo_bonus: int
    exchange_min_bag: int
    challenge: ChallengeRule
    end: EndRule
    time: TimeRule

    def scoreless_turn_limit(self, players: int = 2) -> int:
        """How many consecutive scoreless turns end the game with ``players`` players."""
        if self.end.scoreless_turns_per_player:
            return self.end.scoreless_turns_per_player * players
        return self.end.scoreless_turns

    def counts_as_scoreless(self, kind: str) -> bool:
        """True when a turn of ``kind`` (see :data:`SCORELESS_KINDS`) counts towards the scoreless end."""
        return kind in self.end.scoreless_kinds

    def can_exchange(self, tiles_in_bag: int) -> bool:
        return tiles_in_bag >= self.exchange_min_bag

    def overtime_penalty(self, seconds_over: int) -> int:
        """Points lost for ``seconds_over`` seconds of overtime: a penalty per started minute."""
        if seconds_over <= 0:
            return 0
        return math.ceil(seconds_over / 60) * self.time.overtime_penalty

    def overtime_forfeits(self, seconds_over: int) -> bool:
        """True when this much overtime loses the game outright."""
        limit = self.time.forfeit_after_minutes
        return bool(limit) and seconds_over > limit * 60

    def forfeit_spread(self, real_spread: int) -> int:
        """The losing margin of a game lost on time: the real spread, but at least the minimum."""
        return max(abs(real_spread), self.time.forfeit_min_spread)

    def going_out_adjustments(self, opponents_rack_values: list[int]) -> tuple[int, list[int]]:
        """Points for the player who went out, and for each opponent, given their racks' values."""
        total = sum(opponents_rack_values)
        if self.end.going_out == "double":
            return 2 * total, [0] * len(opponents_rack_values)
        return total, [-value for value in opponents_rack_values]


def _int(table: dict, key: str, source: str) -> int:
    value = require(table, key, int, source)
    if value < 0:
        raise BadInputError(f"{source}: {key!r} must not be negative")
    return value


def _choice(table: dict, key: str, choices: tuple[str, ...], source: str) -> str:
    value = require(table, key, str, source)
    if value not in choices:
        raise BadInputError(f"{source}: {key!r} is {value!r}; choose one of {', '.join(choices)}")
    return value


def rules_from_table(table: dict, source: str) -> RuleSet:
    """Build a :class:`RuleSet` from a parsed rule-set file, checking every field."""
    challenge = require(table, "challenge", dict, source)
    end = require(table, "end", dict, source)
    time = require(table, "time", dict, source)
    kinds = require(end, "scoreless_kinds", list, source)
    unknown = [kind for kind in kinds if kind not in SCORELESS_KINDS]
    if unknown:
        known = ", ".join(SCORELESS_KINDS)
        raise BadInputError(f"{source}: unknown scoreless kinds {unknown}; known: {known}")
    turns = end.get("scoreless_turns", 0)
    per_player = end.get("scoreless_turns_per_player", 0)
    if bool(turns) == bool(per_player):
        raise BadInputError(
            f"{source}: give exactly one of 'scoreless_turns' and 'scoreless_turns_per_player'"
        )
    return RuleSet(
        name=require(table, "name", str, source),
        description=str(table.get("description", "")),
        layout=require(table, "layout", str, source),
        tileset=require(table, "tileset", str, source),
        rack_size=_int(table, "rack_size", source),
        bingo_bonus=_int(table, "bingo_bonus", source),
        exchange_min_bag=_int(table, "exchange_min_bag", source),
        challenge=ChallengeRule(
            rule=_choice(challenge, "rule", CHALLENGE_RULES, source),
            bonus_per_word=_int(challenge, "bonus_per_word", source),
            failed_penalty=_int(challenge, "failed_penalty", source),
        ),
        end=EndRule(
            scoreless_turns=_int(end, "scoreless_turns", source) if turns else 0,
            scoreless_turns_per_player=_int(end, "scoreless_turns_per_player", source) if per_player else 0,
            scoreless_kinds=frozenset(kinds),
            going_out=_choice(end, "going_out", GOING_OUT_RULES, source),
        ),
        time=TimeRule(
            minutes_per_player=_int(time, "minutes_per_player", source),
            overtime_penalty=_int(time, "overtime_penalty", source),
            forfeit_after_minutes=_int(time, "forfeit_after_minutes", source),
            forfeit_min_spread=_int(time, "forfeit_min_spread", source),
        ),
    )


@cache
def _load(name_or_path: str) -> RuleSet:
    table, source = read_data_file("rules", name_or_path, "rule set")
    return rules_from_table(table, source)


def load_rules(name_or_path: str | os.PathLike[str] = "naspa") -> RuleSet:
    """Load a bundled rule set by name (``naspa``, ``wespa``, ``swedish``, ``casual``) or a file by path."""
    return _load(str(name_or_path))
