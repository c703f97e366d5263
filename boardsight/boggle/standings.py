"""Tournament standings from scored rounds (NTU 7.1).

Players are ranked by match points, then by spread (the sum of their capped round
spreads), then by the progressive tiebreak: the sum, over every round of the
tournament, of the player's cumulative match points after that round. A player who
did not play a round keeps the cumulative total of the round before. Players equal on
all three share a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardsight.boggle.match import RoundResult


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings."""

    rank: int
    player: str
    match_points: float
    spread: int
    progressive: float
    rounds: int
    wins: int
    draws: int
    losses: int

    def as_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "match_points": self.match_points,
            "spread": self.spread,
            "progressive": self.progressive,
            "rounds": self.rounds,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
        }


def standings(results: Sequence[RoundResult]) -> list[Standing]:
    """Rank every player of ``results`` (see the module docstring for the order)."""
    round_numbers = sorted({result.round for result in results})
    players = sorted({player for result in results for player in result.players})
    rows = []
    for player in players:
        played = [result for result in results if player in result.players]
        by_round: dict[int, float] = {}
        for result in played:
            by_round[result.round] = by_round.get(result.round, 0.0) + result.points_of(player)
        cumulative = progressive = 0.0
        for number in round_numbers:
            cumulative += by_round.get(number, 0.0)
            progressive += cumulative
        rows.append(
            {
                "player": player,
                "match_points": cumulative,
                "spread": sum(result.spread_of(player) for result in played),
                "progressive": progressive,
                "rounds": len(played),
                "wins": sum(1 for result in played if result.winner == player),
                "draws": sum(1 for result in played if result.winner is None),
                "losses": sum(1 for result in played if result.winner not in (None, player)),
            }
        )
    rows.sort(key=lambda row: (-row["match_points"], -row["spread"], -row["progressive"], row["player"]))
    ranked = []
    for position, row in enumerate(rows, start=1):
        key = (row["match_points"], row["spread"], row["progressive"])
        previous = ranked[-1] if ranked else None
        same = previous and (previous.match_points, previous.spread, previous.progressive) == key
        ranked.append(Standing(rank=previous.rank if same else position, **row))
    return ranked
