"""The tokens of a Scrabble board written as a grid of squares, and the board's size.

Readings, labelled photos and the recorder write a board as rows of tokens: a letter
for a tile, a lower-case letter for a blank standing for that letter, :data:`EMPTY`
for an empty square and :data:`BLANK` for a blank whose letter is not known (also a
blank on a rack). The square classifiers have one more class, :data:`TURNED`, for a tile
seen at a quarter turn. Every module uses these names rather than spelling them out.
"""

from __future__ import annotations

from boardsight.scrabble.layout import load_layout

BOARD_SIZE = load_layout("standard").rows  # squares a side of the standard board: 15
EMPTY = "."
BLANK = "?"
TURNED = "turned"
