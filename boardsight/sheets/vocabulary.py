"""The vocabulary a sheet is read under: the board's words and the lexicon, or the lexicon alone."""

from __future__ import annotations

from boardsight.boggle.board import Board
from boardsight.boggle.rules import DEFAULT_RULES, Rules
from boardsight.boggle.solver import Solution, solve
from boardsight.lexicon import Lexicon
from boardsight.sheets.decode import Vocabulary


def board_vocabulary(solution: Solution, lexicon: Lexicon) -> Vocabulary:
    """Valid means on the board (and so in the lexicon); lexicon words off the board are candidates too."""
    return Vocabulary(
        is_valid=solution.__contains__,
        board_words=tuple(found.word for found in solution.words),
        in_lexicon=lexicon.words.__contains__,
        shortest=solution.rules.min_length,
    )


def lexicon_vocabulary(lexicon: Lexicon) -> Vocabulary:
    """Valid means in the lexicon (no board given)."""
    return Vocabulary(is_valid=lexicon.__contains__, in_lexicon=lexicon.words.__contains__)


def vocabulary_for(
    board: Board | None, lexicon: Lexicon, rules: Rules | str = DEFAULT_RULES
) -> tuple[Vocabulary, str]:
    """The vocabulary and a phrase saying what it is (for ``constrained_by``)."""
    if board is None:
        return lexicon_vocabulary(lexicon), f"lexicon {lexicon.name}"
    solution = solve(board, lexicon, rules)
    return board_vocabulary(solution, lexicon), f"board {board.to_text()} and lexicon {lexicon.name}"
