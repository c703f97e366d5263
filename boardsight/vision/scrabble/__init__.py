"""Reading Scrabble boards from photos, one stage a module.

1. :mod:`.board_finder` finds the 15x15 playing grid (line segments from
   :mod:`.segments`, a perspective lattice from :mod:`.lattice`, the board's block
   chosen by the premium squares in :mod:`.premium`; a board-outline fallback).
"""
