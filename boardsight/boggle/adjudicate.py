"""Judge the word lists of one game: a verdict and a score for every word, a raw score per player.

Every written word gets a status (valid, too short, not on the board, not in the
lexicon, or repeated in the same list) from :mod:`boardsight.boggle.verify`. What the
status is worth depends on the rules:

- ``judging = "all"`` (Hasbro): every word is judged; an invalid word scores nothing
  and costs nothing.
- ``judging = "challenge"`` (NTU 5.1-5.4): only challenged words are judged. A
  successful challenge (the word is invalid) takes the word's points and the penalty
  for its length off the challenged player; an unsuccessful one (the word is valid)
  gives the penalty to the challenged player. An invalid word that nobody challenged
  keeps its points and draws no penalty. ``challenge_all`` is the computer check of
  every list (NTU 4.10): each invalid word is treated as successfully challenged, and
  valid words stand without a bonus, since no player made an unsuccessful challenge.
- A word written again in the same list is counted once; the repeat scores nothing
  and draws no penalty (NTU 3.10).
- ``shared_words = "cancel"``: a word that would stand but is on more than one
  player's list is crossed off every list and scores for nobody. Challenge penalties
  still apply to it.

A player's raw score = points of the words that stand - penalties + bonuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from boardsight.boggle.board import Board
from boardsight.boggle.rules import Rules
from boardsight.boggle.solver import FoundWord, Solution, solve
from boardsight.boggle.verify import WordCheck, WordStatus, check_word, face_readings
from boardsight.boggle.wordlists import Challenge, PlayerList
from boardsight.errors import BadInputError
from boardsight.lexicon import Lexicon

REPEATED = "repeated"


class ChallengeOutcome(StrEnum):
    """How a challenge of a word ended."""

    SUCCESSFUL = "successful"
    UNSUCCESSFUL = "unsuccessful"


@dataclass(frozen=True)
class WordVerdict:
    """The judgement of one written word.

    ``status`` is a :class:`WordStatus` value or ``"repeated"``; ``points`` is what the
    word is worth by its length; ``score`` is what it adds to the raw score, penalty
    or bonus included.
    """

    written: str
    word: str
    line: int
    status: str
    path: tuple[int, ...] | None
    points: int
    judged: bool
    counted: bool
    shared_with: tuple[str, ...]
    crossed_off: bool
    challenge: ChallengeOutcome | None
    penalty: int
    bonus: int
    score: int

    def as_json(self, board: Board) -> dict[str, Any]:
        return {
            "written": self.written,
            "word": self.word,
            "line": self.line,
            "status": self.status,
            "path": board.path_names(self.path) if self.path else None,
            "points": self.points,
            "judged": self.judged,
            "counted": self.counted,
            "shared_with": list(self.shared_with),
            "crossed_off": self.crossed_off,
            "challenge": self.challenge.value if self.challenge else None,
            "penalty": self.penalty,
            "bonus": self.bonus,
            "score": self.score,
        }


@dataclass(frozen=True)
class PlayerResult:
    """One player's verdicts and raw score, with its breakdown."""

    name: str
    verdicts: tuple[WordVerdict, ...]
    word_points: int
    penalties: int
    bonuses: int

    @property
    def raw_score(self) -> int:
        """Points of the words that stand, minus penalties, plus bonuses."""
        return self.word_points - self.penalties + self.bonuses

    def count(self, status: str) -> int:
        """How many written words have ``status``."""
        return sum(1 for verdict in self.verdicts if verdict.status == status)

    def as_json(self, board: Board) -> dict[str, Any]:
        statuses = [*(status.value for status in WordStatus), REPEATED]
        return {
            "name": self.name,
            "raw_score": self.raw_score,
            "breakdown": {
                "word_points": self.word_points,
                "penalties": self.penalties,
                "bonuses": self.bonuses,
                "words_written": len(self.verdicts),
                "words_counted": sum(1 for verdict in self.verdicts if verdict.counted),
                **{status: self.count(status) for status in statuses},
                "crossed_off": sum(1 for verdict in self.verdicts if verdict.crossed_off),
                "challenges_successful": sum(
                    1 for verdict in self.verdicts if verdict.challenge is ChallengeOutcome.SUCCESSFUL
                ),
                "challenges_unsuccessful": sum(
                    1 for verdict in self.verdicts if verdict.challenge is ChallengeOutcome.UNSUCCESSFUL
                ),
            },
            "words": [verdict.as_json(board) for verdict in self.verdicts],
        }


@dataclass(frozen=True)
class GameResult:
    """The judgement of one game: every player's result and the best words nobody wrote."""

    board: Board
    rules: Rules
    lexicon_name: str
    players: tuple[PlayerResult, ...]
    challenge_all: bool
    missed: tuple[FoundWord, ...] = ()
    board_words: int | None = None
    board_points: int | None = None

    @property
    def leaders(self) -> tuple[str, ...]:
        """The player or players with the highest raw score."""
        best = max(player.raw_score for player in self.players)
        return tuple(player.name for player in self.players if player.raw_score == best)

    def player(self, name: str) -> PlayerResult:
        """The result of the player called ``name`` (any case)."""
        for player in self.players:
            if player.name.casefold() == name.casefold():
                return player
        raise KeyError(name)

    def as_json(self) -> dict[str, Any]:
        return {
            "board": self.board.as_json(),
            "board_text": self.board.to_text(),
            "rules": self.rules.name,
            "lexicon": self.lexicon_name,
            "judging": "every word"
            if self.challenge_all or self.rules.judging == "all"
            else "challenged words",
            "players": [player.as_json(self.board) for player in self.players],
            "leaders": list(self.leaders),
            "board_words": self.board_words,
            "board_points": self.board_points,
            "missed": [
                {"word": found.word, "points": found.points, "path": self.board.path_names(found.path)}
                for found in self.missed
            ],
        }


def _challenged_words(
    challenges: Sequence[Challenge], lists: Sequence[PlayerList], lexicon: Lexicon
) -> set[tuple[str, str]]:
    by_name = {player.name.casefold(): player for player in lists}
    written = {player.name.casefold(): {lexicon.fold(word) for word in player.words} for player in lists}
    challenged = set()
    for challenge in challenges:
        key = challenge.player.casefold()
        if key not in by_name:
            names = ", ".join(player.name for player in lists)
            raise BadInputError(
                f"{challenge.where()}: no list for player {challenge.player!r} (players: {names})"
            )
        word = lexicon.fold(challenge.word)
        if word not in written[key]:
            raise BadInputError(f"{challenge.where()}: {by_name[key].name} did not write {challenge.word!r}")
        challenged.add((key, word))
    return challenged


def _check_players(lists: Sequence[PlayerList]) -> None:
    if not lists:
        raise BadInputError("no word lists to judge")
    seen: dict[str, str] = {}
    for player in lists:
        key = player.name.casefold()
        if key in seen:
            raise BadInputError(f"two lists are named {player.name!r}: give names with NAME=PATH")
        seen[key] = player.name


def adjudicate(
    board: Board,
    lists: Sequence[PlayerList],
    lexicon: Lexicon,
    rules: Rules,
    *,
    challenges: Sequence[Challenge] = (),
    challenge_all: bool = False,
    missed: int = 0,
    solution: Solution | None = None,
) -> GameResult:
    """Judge every list of one game on ``board`` (see the module docstring for the rules).

    ``missed`` asks for that many of the best words on the board that nobody wrote;
    ``solution`` may pass a solve of the board already made.
    """
    _check_players(lists)
    if challenges and challenge_all:
        raise BadInputError("give a challenge file or challenge every word, not both")
    if challenges and rules.judging != "challenge":
        raise BadInputError(f"the {rules.name} rules judge every word: challenges do not apply")
    challenged = _challenged_words(challenges, lists, lexicon)
    judge_everything = rules.judging == "all"

    readings = face_readings(board, rules.qu_readings)
    checks: dict[str, WordCheck] = {}
    writers: dict[str, list[str]] = {}
    for player in lists:
        for word in dict.fromkeys(lexicon.fold(written) for written in player.words):
            writers.setdefault(word, []).append(player.name)

    results = []
    for player in lists:
        key = player.name.casefold()
        seen: set[str] = set()
        verdicts = []
        for written, line in zip(player.words, player.lines, strict=True):
            word = lexicon.fold(written)
            check = checks.get(word)
            if check is None:
                check = checks[word] = check_word(board, word, lexicon, rules, readings)
            points = rules.points(word)
            if word in seen:
                verdicts.append(
                    WordVerdict(
                        written,
                        word,
                        line,
                        REPEATED,
                        check.path,
                        points,
                        False,
                        False,
                        (),
                        False,
                        None,
                        0,
                        0,
                        0,
                    )
                )
                continue
            seen.add(word)
            valid = check.status is WordStatus.VALID
            shared_with = tuple(name for name in writers[word] if name != player.name)
            was_challenged = (key, word) in challenged
            judged = judge_everything or challenge_all or was_challenged
            stands = valid or not judged
            crossed_off = stands and bool(shared_with) and rules.shared_words == "cancel"
            counted = stands and not crossed_off
            outcome = None
            penalty = bonus = 0
            if not judge_everything and (was_challenged or (challenge_all and not valid)):
                outcome = ChallengeOutcome.UNSUCCESSFUL if valid else ChallengeOutcome.SUCCESSFUL
                if valid:
                    bonus = rules.penalty(word)
                else:
                    penalty = rules.penalty(word)
            score = (points if counted else 0) - penalty + bonus
            verdicts.append(
                WordVerdict(
                    written,
                    word,
                    line,
                    check.status.value,
                    check.path,
                    points,
                    judged,
                    counted,
                    shared_with,
                    crossed_off,
                    outcome,
                    penalty,
                    bonus,
                    score,
                )
            )
        results.append(
            PlayerResult(
                player.name,
                tuple(verdicts),
                word_points=sum(verdict.points for verdict in verdicts if verdict.counted),
                penalties=sum(verdict.penalty for verdict in verdicts),
                bonuses=sum(verdict.bonus for verdict in verdicts),
            )
        )

    best: tuple[FoundWord, ...] = ()
    board_words = board_points = None
    if missed > 0 or solution is not None:
        if solution is None:
            solution = solve(board, lexicon, rules)
        best = tuple(found for found in solution.words if found.word not in writers)[:missed]
        board_words, board_points = len(solution), solution.total_points
    return GameResult(
        board, rules, lexicon.name, tuple(results), challenge_all, best, board_words, board_points
    )
