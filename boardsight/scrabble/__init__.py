"""The Scrabble engine: rules as data, board and game state, scoring, move generation, game records.

Layers, each using only the ones above it:

1. definitions: :mod:`~boardsight.scrabble.layout`, :mod:`~boardsight.scrabble.tileset`,
   :mod:`~boardsight.scrabble.rules` (read from the TOML files under ``data/``);
2. game entities: board, rack, bag, moves, game state;
3. algorithms: validation, scoring, move generation, board differences;
4. records: GCG and CGP reading and writing, replay.

>>> from boardsight.scrabble import load_layout, load_tileset, load_rules
>>> load_layout("standard").premium(7, 7).word
2
>>> load_tileset("swedish").value("Ä")
3
"""

from boardsight.scrabble.coords import ACROSS, DOWN, parse_position, parse_square, position_name, square_name
from boardsight.scrabble.datafiles import bundled_names
from boardsight.scrabble.layout import Layout, Premium, load_layout
from boardsight.scrabble.rules import RuleSet, load_rules
from boardsight.scrabble.tileset import BLANK, TileSet, load_tileset

__all__ = [
    "ACROSS",
    "BLANK",
    "DOWN",
    "Layout",
    "Premium",
    "RuleSet",
    "TileSet",
    "bundled_names",
    "load_layout",
    "load_rules",
    "load_tileset",
    "parse_position",
    "parse_square",
    "position_name",
    "square_name",
]
