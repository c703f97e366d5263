"""Realistic Scrabble positions, played move by move with the Scrabble engine.

Two players draw racks from a shuffled bag and take turns: each turn the engine lists
every legal placement (:func:`boardsight.scrabble.movegen.generate_placements`) and the
player takes the best one or, like people do, one of the next best; with no placement
it exchanges (or passes when the bag is low). Play stops when the board holds the tile
count wanted for an early, mid or late game position. The result is a grid of
shared-format tokens (a letter, ``.`` for an empty square, a lowercase letter for a blank
with its designated letter) and the racks and bag left over.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from boardsight.lexicon import Lexicon, load_lexicon
from boardsight.scrabble import TileSet, load_layout, load_tileset
from boardsight.scrabble.board import Board, place_tiles
from boardsight.scrabble.dawg import Dawg, load_dawg
from boardsight.scrabble.movegen import generate_placements
from boardsight.scrabble.tokens import BOARD_SIZE, EMPTY

SIZE = BOARD_SIZE
RACK = 7
PHASES = {"early": (4, 22), "mid": (23, 60), "late": (61, 92)}
MAX_IDLE_TURNS = 4


@dataclass(frozen=True)
class Engine:
    """What the players need: the word list, its DAWG and the tile set."""

    lexicon: Lexicon
    dawg: Dawg
    tileset: TileSet


@cache
def default_engine(tiles: str) -> Engine:
    """The usual lexicon of a tile set (ENABLE for English, the Swedish list for Swedish)."""
    lexicon = load_lexicon(load_tileset(tiles).lexicon)
    return Engine(lexicon, load_dawg(lexicon), load_tileset(tiles))


@dataclass
class PlayedPosition:
    """A position after some turns: the grid, the players' racks and the bag (``?`` = blank)."""

    grid: list[list[str]]
    racks: list[list[str]]
    bag: list[str]
    turns: int

    @property
    def tiles(self) -> int:
        return sum(token != EMPTY for row in self.grid for token in row)


def _draw(rack: list[str], bag: list[str]) -> None:
    while len(rack) < RACK and bag:
        rack.append(bag.pop())


def play_position(
    rng: np.random.Generator,
    engine: Engine,
    target_tiles: int,
    *,
    players: int = 2,
    best_share: float = 0.4,
    top: int = 15,
) -> PlayedPosition:
    """Play a game until the board holds about ``target_tiles`` tiles (or the game stalls).

    Each turn the player takes the top-scoring move with probability ``best_share``,
    otherwise one of the ``top`` best at random.
    """
    tileset = engine.tileset
    bag = [tile for tile, count in sorted(tileset.full_bag().items()) for _ in range(count)]
    rng.shuffle(bag)
    racks: list[list[str]] = [[] for _ in range(players)]
    for rack in racks:
        _draw(rack, bag)
    board = Board(load_layout("standard"))
    player, idle, turns = 0, 0, 0
    while board.tile_count() < target_tiles and idle < MAX_IDLE_TURNS and all(racks):
        rack = racks[player]
        moves = generate_placements(board, "".join(rack), engine.lexicon, tileset, dawg=engine.dawg)
        if moves:
            pick = 0 if rng.random() < best_share else int(rng.integers(min(top, len(moves))))
            placement = moves[pick].placement
            place_tiles(board, placement.new_tiles())
            for tile in placement.rack_tiles:
                rack.remove(tile)
            _draw(rack, bag)
            idle = 0
        else:
            if len(bag) >= RACK:
                returned, rack[:] = rack[:], []
                _draw(rack, bag)
                bag.extend(returned)
                rng.shuffle(bag)
            idle += 1
        turns += 1
        player = (player + 1) % players
    grid = [[board.get(row, col) or EMPTY for col in range(SIZE)] for row in range(SIZE)]
    return PlayedPosition(grid=grid, racks=racks, bag=bag, turns=turns)


def random_phase_target(rng: np.random.Generator) -> tuple[str, int]:
    """A game phase (early, mid, late) and a tile count typical of it."""
    phase = str(rng.choice(list(PHASES), p=[0.3, 0.4, 0.3]))
    low, high = PHASES[phase]
    return phase, int(rng.integers(low, high + 1))
