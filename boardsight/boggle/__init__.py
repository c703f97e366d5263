"""Boggle: boards, rules as data, the solver, word checks and list adjudication.

>>> from boardsight.boggle import parse_board, solve
>>> solution = solve(parse_board("perslatgsineters"), rules="hasbro")
>>> len(solution), solution.total_points
(1045, 3625)
"""

from boardsight.boggle.board import Board
from boardsight.boggle.parse import apply_fixes, board_from_argument, parse_board
from boardsight.boggle.rules import BUNDLED_RULES, DEFAULT_RULES, Rules, load_rules
from boardsight.boggle.solver import FoundWord, Solution, solve

__all__ = [
    "BUNDLED_RULES",
    "DEFAULT_RULES",
    "Board",
    "FoundWord",
    "Rules",
    "Solution",
    "apply_fixes",
    "board_from_argument",
    "load_rules",
    "parse_board",
    "solve",
]
