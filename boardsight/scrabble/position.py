"""A position: a board, the racks, the scores and the count of consecutive scoreless turns.

This is what the CGP format holds, what ``scrabble moves`` works on, and what a photo of
a board (plus the racks someone types in) becomes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardsight.scrabble.board import Board


@dataclass
class Position:
    """Racks and scores are listed from the player on turn; ``options`` keeps CGP operations (``lex``...)."""

    board: Board
    racks: list[str] = field(default_factory=lambda: ["", ""])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    scoreless_turns: int = 0
    options: dict[str, str] = field(default_factory=dict)

    @property
    def rack(self) -> str:
        """The rack of the player on turn."""
        return self.racks[0] if self.racks else ""
