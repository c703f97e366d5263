"""Games the engine plays against itself, as GCG records: test material for any tile set.

Each turn the player draws up to a full rack from a seeded bag and plays one of the best
few placements (:func:`~boardsight.scrabble.movegen.generate_placements`), exchanges when
it has none and the bag allows, else passes. The game stops after ``turns`` turns, or
when a player goes out (then the rack adjustment of the rules is written).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.dawg import load_dawg
from boardsight.scrabble.gcg_model import (
    END_RACK_PENALTY,
    END_RACK_POINTS,
    EXCHANGE,
    PASS,
    PLACEMENT,
    GcgEvent,
    GcgPlayer,
    GcgRecord,
)
from boardsight.scrabble.movegen import generate_placements
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.scoring import score_placement
from boardsight.scrabble.tileset import BLANK, load_tileset


def self_play(
    rules: RuleSet,
    lexicon: Lexicon,
    *,
    seed: int,
    turns: int = 20,
    players: tuple[str, str] = ("Ada", "Bo"),
    choose_from: int = 3,
) -> GcgRecord:
    """A game of up to ``turns`` turns between two copies of the engine, as a GCG record."""
    tileset = load_tileset(rules.tileset)
    rng = np.random.default_rng(seed)
    bag = list(tileset.full_bag().elements())
    rng.shuffle(bag)
    racks: list[Counter[str]] = [Counter(), Counter()]
    board = Board()
    dawg = load_dawg(lexicon)
    totals = [0, 0]
    record = GcgRecord(
        players=[GcgPlayer(number, name, name) for number, name in enumerate(players, start=1)],
        pragmas={"title": f"boardsight self-play, {rules.name} rules, seed {seed}", "lexicon": lexicon.name},
    )

    def draw(player: int) -> None:
        while sum(racks[player].values()) < rules.rack_size and bag:
            racks[player][bag.pop()] += 1

    def add(player: int, kind: str, score: int = 0, **fields: object) -> None:
        totals[player] += score
        record.events.append(GcgEvent(0, player, kind, "", score, totals[player], **fields))  # type: ignore[arg-type]

    for turn in range(turns):
        player = turn % 2
        draw(player)
        rack = "".join(racks[player].elements())
        moves = generate_placements(board, rack, lexicon, tileset, rules, dawg=dawg)
        if moves:
            move = moves[int(rng.integers(min(choose_from, len(moves))))]
            placement = move.placement
            score = score_placement(board, placement, tileset, rules).total  # the scoring rules decide
            for row, col, tile in placement.new_tiles():
                board.set(row, col, tile)
                racks[player][BLANK if tile.islower() else tile] -= 1
            racks[player] = +racks[player]
            add(player, PLACEMENT, score, position=placement.position, tiles=placement.tiles)
            if not racks[player] and not bag:
                left = "".join(sorted(racks[1 - player].elements()))
                gained, lost = rules.going_out_adjustments([tileset.rack_value(left)])
                if lost[0]:
                    add(1 - player, END_RACK_PENALTY, lost[0], tiles=left)
                add(player, END_RACK_POINTS, gained, tiles=left)
                break
        elif rules.can_exchange(len(bag)):
            returned = "".join(sorted(racks[player].elements()))[: rules.rack_size]
            bag.extend(returned)
            rng.shuffle(bag)
            racks[player] = Counter()
            draw(player)
            add(player, EXCHANGE, tiles=returned, exchange_count=len(returned))
        else:
            add(player, PASS)
    return record
