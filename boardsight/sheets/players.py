"""From a read sheet to what the adjudicator takes: the claimed words, the challenges, the total.

Cancelled words are not claimed (NTU 4.2); circled words are the opponent's challenges
(4.6); a word still waiting for a person (its reading doubtful, or whether it is struck
through) is left out of the judging and listed, so no verdict is given on a reading nobody
confirmed. The written total is compared with the
computed raw score: a difference is reported, never penalised (4.9), and a total the
opponent circled (4.7) is said to be challenged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardsight.boggle.wordlists import Challenge, PlayerList
from boardsight.errors import BadInputError
from boardsight.sheets.model import SheetReading


@dataclass(frozen=True)
class SheetList:
    """One player's list as read from a sheet."""

    player: PlayerList
    challenges: tuple[Challenge, ...]
    cancelled: tuple[str, ...]
    waiting: tuple[tuple[int, str], ...]
    """(number on the sheet, reading as written) of each word a person still has to check."""
    reading: SheetReading

    @property
    def strikes_in_doubt(self) -> tuple[int, ...]:
        """The numbers among :attr:`waiting` whose strike is in doubt: cancelled or not, a person says."""
        return tuple(self.reading.strikes_in_doubt)

    @property
    def written_total(self) -> int | None:
        """The total the player wrote, when one was read."""
        return self.reading.total

    @property
    def total_circled(self) -> bool:
        """The opponent circled the written total: they think it miscalculated (NTU 4.7)."""
        return self.reading.total_circled

    def total_note(self, raw_score: int) -> str | None:
        """A line about the written total, or None when none was written."""
        if self.written_total is None:
            return None
        name = self.player.name
        challenged = ", which the opponent circled (NTU 4.7)" if self.total_circled else ""
        if self.written_total == raw_score:
            return f"{name} wrote a total of {self.written_total}{challenged}: it matches"
        return (
            f"{name} wrote a total of {self.written_total}{challenged}, the computed raw score is "
            f"{raw_score}: a miscalculation (reported, not penalised)"
        )

    def to_json(self, raw_score: int | None = None) -> dict[str, Any]:
        return {
            "player": self.player.name,
            "source": self.reading.source,
            "cancelled": list(self.cancelled),
            "challenged": [challenge.word for challenge in self.challenges],
            "waiting": [
                {"number": number, "as_written": text, "strike_in_doubt": number in self.strikes_in_doubt}
                for number, text in self.waiting
            ],
            "retake_advice": self.reading.retake_advice,
            "unread_note": self.reading.unread_note,
            "written_total": self.written_total,
            "total_circled": self.total_circled,
            "total_matches": None
            if self.written_total is None or raw_score is None
            else self.written_total == raw_score,
        }


def sheet_list(reading: SheetReading, name: str) -> SheetList:
    """The player's list, the circled words as challenges on it, and what waits for a person."""
    words, lines, cancelled, waiting, challenges = [], [], [], [], []
    for number, word in enumerate(reading.words, start=1):
        if word.counted_out:
            cancelled.append(word.text)
            continue
        if word.needs_check:
            # A word waiting only for its strike to be settled reads as decided.
            waiting.append((number, word.reading.raw if word.letters_in_doubt else word.text))
            continue
        words.append(word.text)
        lines.append(number)
        if word.circled:
            challenges.append(Challenge(name, word.text, number, reading.source))
    if not words and not waiting:
        advice = f"; {reading.retake_advice}" if reading.retake_advice else ""
        raise BadInputError(f"{reading.source}: no claimed words on the sheet{advice}")
    return SheetList(
        player=PlayerList(name, tuple(words), tuple(lines), reading.source),
        challenges=tuple(challenges),
        cancelled=tuple(cancelled),
        waiting=tuple(waiting),
        reading=reading,
    )


def split_accept(fixes: list[str], players: list[str]) -> dict[str, list[str]]:
    """``PLAYER:N=WORD`` (or ``N=WORD`` when there is one sheet; ``N=-`` and ``N=+`` for a strike
    in doubt) -> fixes per player."""
    per_player: dict[str, list[str]] = {name: [] for name in players}
    for fix in fixes:
        player, sep, rest = fix.partition(":")
        if not sep:
            if len(players) != 1:
                raise BadInputError(f"--accept {fix!r}: name the player, e.g. --accept {players[0]}:{fix}")
            player, rest = players[0], fix
        match = next((name for name in players if name.casefold() == player.strip().casefold()), None)
        if match is None:
            raise BadInputError(f"--accept {fix!r}: no sheet of a player called {player.strip()!r}")
        per_player[match].append(rest)
    return per_player
