"""Moves: a placement, an exchange, a pass, a challenge bonus or a withdrawn phony.

A :class:`Placement` is written the GCG way: a start square, a direction and a string of
tiles, one per square from the start; ``.`` marks a tile already on the board (played
through), an upper-case letter a tile from the rack, a lower-case letter a blank standing
for that letter.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardsight.scrabble.coords import ACROSS, DOWN, position_name
from boardsight.scrabble.tileset import BLANK

PLAYED_THROUGH = "."


@dataclass(frozen=True)
class Placement:
    """Tiles laid in one line from ``(row, col)`` in ``direction`` (``"across"`` or ``"down"``)."""

    row: int
    col: int
    direction: str
    tiles: str

    kind = "placement"

    def __post_init__(self) -> None:
        if self.direction not in (ACROSS, DOWN):
            raise ValueError(f"direction must be {ACROSS!r} or {DOWN!r}, not {self.direction!r}")

    @property
    def step(self) -> tuple[int, int]:
        return (0, 1) if self.direction == ACROSS else (1, 0)

    @property
    def position(self) -> str:
        """GCG position: row first across (``8D``), column first down (``D8``)."""
        return position_name(self.row, self.col, self.direction)

    def squares(self) -> list[tuple[int, int, str]]:
        """Every square the tile string covers, as ``(row, col, tile or '.')``."""
        step_row, step_col = self.step
        return [
            (self.row + step_row * index, self.col + step_col * index, tile)
            for index, tile in enumerate(self.tiles)
        ]

    def new_tiles(self) -> list[tuple[int, int, str]]:
        """The squares that receive a tile from the rack, as ``(row, col, tile)``."""
        return [square for square in self.squares() if square[2] != PLAYED_THROUGH]

    @property
    def rack_tiles(self) -> str:
        """The rack tiles this placement uses, blanks as ``?``."""
        return "".join(BLANK if tile.islower() else tile for _, _, tile in self.new_tiles())

    def __str__(self) -> str:
        return f"{self.position} {self.tiles}"


@dataclass(frozen=True)
class Exchange:
    """Tiles put back into the bag. ``tiles`` may be empty when only ``count`` is known."""

    tiles: str
    count: int = 0

    kind = "exchange"

    @property
    def size(self) -> int:
        return len(self.tiles) if self.tiles else self.count

    def __str__(self) -> str:
        return f"-{self.tiles or self.count}"


@dataclass(frozen=True)
class Pass:
    """A turn given up (also how a lost turn after a failed challenge is recorded)."""

    kind = "pass"

    def __str__(self) -> str:
        return "-"


@dataclass(frozen=True)
class WithdrawnPhony:
    """The previous placement came off the board after a successful challenge."""

    kind = "withdrawn-phony"

    def __str__(self) -> str:
        return "--"


@dataclass(frozen=True)
class ChallengeBonus:
    """Points awarded for a challenge (five-point rule) or taken off (Swedish rule)."""

    points: int

    kind = "challenge"

    def __str__(self) -> str:
        return f"(challenge) {self.points:+d}"


Move = Placement | Exchange | Pass | WithdrawnPhony | ChallengeBonus
