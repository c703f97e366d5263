"""Rounds of head-to-head games: the winner, the capped spread and match points.

Under the NTU rules a round is two games between the same two players. The winner is
the player with the larger sum of raw scores over the round's games; the spread (the
difference of the sums) counts at most ``spread_cap`` points (200, rule 5.5); the
winner gets ``win`` match points (1), the loser ``loss`` (0), and equal sums give both
players ``draw`` (0.5, rule 6.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from boardsight.boggle.rules import MatchRules
from boardsight.errors import BadInputError


@dataclass(frozen=True)
class GameRecord:
    """The raw scores of one game between two players (``line``: where it was read, for messages)."""

    round: int
    game: int
    players: tuple[str, str]
    scores: tuple[int, int]
    line: int = 0


@dataclass(frozen=True)
class RoundResult:
    """One round between two players: their summed scores, the capped spread and match points."""

    round: int
    players: tuple[str, str]
    totals: tuple[int, int]
    games: int
    spread: int
    winner: str | None
    match_points: tuple[float, float]

    def _side(self, player: str) -> int:
        return self.players.index(player)

    def points_of(self, player: str) -> float:
        """Match points ``player`` earned in this round."""
        return self.match_points[self._side(player)]

    def spread_of(self, player: str) -> int:
        """The capped spread from ``player``'s side: positive for the winner, negative for the loser."""
        if self.winner is None:
            return 0
        return self.spread if self.winner == player else -self.spread


def score_round(
    round_number: int, players: tuple[str, str], games: Sequence[tuple[int, int]], match: MatchRules
) -> RoundResult:
    """Score a round from the raw scores of its games, each ``(score of players[0], score of players[1])``."""
    first = sum(score for score, _ in games)
    second = sum(score for _, score in games)
    difference = abs(first - second)
    spread = difference if match.spread_cap is None else min(difference, match.spread_cap)
    if first == second:
        winner, points = None, (match.draw, match.draw)
    elif first > second:
        winner, points = players[0], (match.win, match.loss)
    else:
        winner, points = players[1], (match.loss, match.win)
    return RoundResult(round_number, players, (first, second), len(games), spread, winner, points)


def rounds_from_games(
    records: Sequence[GameRecord], match: MatchRules, source: str = "results"
) -> list[RoundResult]:
    """Group game records into rounds (by round number and pair of players) and score each.

    Each pairing must hold exactly ``match.games_per_round`` games with distinct game
    numbers, and a player may meet only one opponent a round.
    """
    pairings: dict[tuple[int, frozenset[str]], list[GameRecord]] = {}
    opponents: dict[tuple[int, str], str] = {}
    for record in records:
        first, second = record.players
        for player, opponent in ((first, second), (second, first)):
            known = opponents.setdefault((record.round, player), opponent)
            if known != opponent:
                where = f"{source} line {record.line}"
                raise BadInputError(
                    f"{where}: {player} meets both {known} and {opponent} in round {record.round}"
                )
        pairings.setdefault((record.round, frozenset(record.players)), []).append(record)

    results = []
    for (round_number, _), games in sorted(
        pairings.items(), key=lambda item: (item[0][0], sorted(item[0][1]))
    ):
        players = games[0].players
        numbers = [game.game for game in games]
        if len(set(numbers)) != len(numbers):
            raise BadInputError(
                f"{source}: round {round_number}, {players[0]} v {players[1]} lists a game number twice"
            )
        if len(games) != match.games_per_round:
            raise BadInputError(
                f"{source}: round {round_number}, {players[0]} v {players[1]} has {len(games)} game(s); "
                f"the rules play {match.games_per_round} a round"
            )
        scores = [game.scores if game.players == players else game.scores[::-1] for game in games]
        results.append(score_round(round_number, players, scores, match))
    return results
