"""Game state: the board, the scores, whose turn it is, how many tiles each player holds and the bag.

The state only counts tiles (a rack's letters are often unknown to a recorder); it applies
moves that have already been checked and scored, and says when the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardsight.scrabble.board import Board, place_tiles
from boardsight.scrabble.layout import Layout, load_layout
from boardsight.scrabble.move import Placement
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.tileset import TileSet, load_tileset

OUT = "out"
SCORELESS = "scoreless"
ZERO_SCORE_PLACEMENT = "zero-score-placement"


@dataclass
class _Undo:
    """What a placement changed, so a withdrawn phony can put it back."""

    player: int
    placement: Placement
    score: int
    drawn: int
    scoreless_before: int


@dataclass
class GameState:
    """The state of a game in progress; build it with :meth:`start`."""

    rules: RuleSet
    layout: Layout
    tileset: TileSet
    board: Board
    scores: list[int]
    rack_sizes: list[int]
    bag_count: int
    on_turn: int = 0
    scoreless_turns: int = 0
    ended_by: str | None = None
    finisher: int | None = None
    last_placement: _Undo | None = field(default=None, repr=False)

    @classmethod
    def start(cls, rules: RuleSet, players: int = 2) -> GameState:
        """A new game: empty board, each player holding a full rack drawn from a full bag."""
        layout = load_layout(rules.layout)
        tileset = load_tileset(rules.tileset)
        bag = tileset.total_tiles
        sizes = []
        for _ in range(players):
            drawn = min(rules.rack_size, bag)
            sizes.append(drawn)
            bag -= drawn
        return cls(rules, layout, tileset, Board(layout), [0] * players, sizes, bag)

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def over(self) -> bool:
        return self.ended_by is not None

    def _next_turn(self) -> None:
        self.on_turn = (self.on_turn + 1) % self.players

    def _draw(self, player: int, wanted: int) -> int:
        drawn = min(wanted, self.bag_count)
        self.bag_count -= drawn
        self.rack_sizes[player] += drawn
        return drawn

    def _scoreless(self, kind: str) -> None:
        if self.rules.counts_as_scoreless(kind):
            self.scoreless_turns += 1
        else:
            self.scoreless_turns = 0
        if self.scoreless_turns >= self.rules.scoreless_turn_limit(self.players):
            self.ended_by = SCORELESS

    def play(self, placement: Placement, score: int) -> None:
        """Apply a checked placement (played-through squares as ``.``) worth ``score`` points.

        A placement worth nothing (blanks making words of blanks) is a scoreless turn where
        the rules count ``zero-score-placement`` among the scoreless kinds.
        """
        player = self.on_turn
        new_tiles = placement.new_tiles()
        place_tiles(self.board, new_tiles)
        self.scores[player] += score
        self.rack_sizes[player] = max(0, self.rack_sizes[player] - len(new_tiles))
        drawn = self._draw(player, len(new_tiles))
        self.last_placement = _Undo(player, placement, score, drawn, self.scoreless_turns)
        if score == 0:
            self._scoreless(ZERO_SCORE_PLACEMENT)
        else:
            self.scoreless_turns = 0
        if self.rack_sizes[player] == 0 and self.bag_count == 0:
            self.ended_by, self.finisher = OUT, player
        self._next_turn()

    def withdraw(self) -> Placement:
        """Take the last placement off the board (a phony challenged off): its player scores nothing."""
        undo = self.last_placement
        if undo is None:
            raise ValueError("no placement to withdraw")
        for row, col, _ in undo.placement.new_tiles():
            self.board.set(row, col, "")
        self.scores[undo.player] -= undo.score
        self.bag_count += undo.drawn
        self.rack_sizes[undo.player] += len(undo.placement.new_tiles()) - undo.drawn
        self.ended_by = self.finisher = None
        self.last_placement = None
        self.scoreless_turns = undo.scoreless_before
        self._scoreless("withdrawn-phony")
        return undo.placement

    def exchange(self, count: int) -> None:
        """The player on turn puts ``count`` tiles back and draws as many."""
        self.last_placement = None
        self._scoreless("exchange")
        self._next_turn()

    def pass_turn(self) -> None:
        self.last_placement = None
        self._scoreless("pass")
        self._next_turn()

    def adjust(self, player: int, points: int) -> None:
        """Add (or take off) points outside a turn: challenge bonuses, end-of-game racks, time penalties."""
        self.scores[player] += points

    def challenge_bonus(self, player: int, points: int) -> None:
        """Points for a challenge of the last placement (five-point bonus, or a failed challenger's penalty).

        A bonus to the player of a zero-score placement makes that turn score after all: it
        no longer counts as scoreless.
        """
        self.adjust(player, points)
        undo = self.last_placement
        if points > 0 and undo is not None and undo.player == player and undo.score == 0:
            self.scoreless_turns = 0
            if self.ended_by == SCORELESS:
                self.ended_by = None
