"""Boggle games: solve a board, judge the players' lists; a tray photo is a BOARD argument too.

Importing this module lets :func:`boardsight.boggle.parse.board_from_argument` read a board
from a photo of the tray (the engine's table of board-file readers is filled here).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from boardsight.app.reading import read_photo
from boardsight.boggle.adjudicate import GameResult, adjudicate
from boardsight.boggle.board import Board
from boardsight.boggle.parse import BOARD_FILE_READERS
from boardsight.boggle.rules import DEFAULT_RULES, Rules
from boardsight.boggle.solver import Solution, resolve_lexicon, resolve_rules, solve
from boardsight.boggle.wordlists import Challenge, PlayerList
from boardsight.lexicon import DEFAULT_LEXICON, Lexicon
from boardsight.paths import PHOTO_SUFFIXES, names_a_file


def solve_boggle(
    board: Board, *, rules: Rules | str = DEFAULT_RULES, lexicon: Lexicon | str = DEFAULT_LEXICON
) -> Solution:
    """Every word on ``board`` with its points and one path (``rules``, ``lexicon``: names or objects)."""
    return solve(board, resolve_lexicon(lexicon), resolve_rules(rules))


def judge_boggle(
    board: Board,
    lists: Sequence[PlayerList],
    *,
    rules: Rules | str = DEFAULT_RULES,
    lexicon: Lexicon | str = DEFAULT_LEXICON,
    challenges: Sequence[Challenge] = (),
    challenge_all: bool | None = None,
    missed: int = 0,
) -> GameResult:
    """Judge the players' ``lists`` for ``board``: a verdict and score per word, a raw score per player.

    ``challenge_all`` None (the default) judges every word when no ``challenges`` are given
    (the computer check of every list, NTU 4.10: someone who asks for a check wants the
    computer's verdict on each word), and only the challenged words when they are (the NTU
    challenge procedure). False judges only challenged words even when there are none.
    """
    if challenge_all is None:
        challenge_all = not challenges
    return adjudicate(
        board,
        list(lists),
        resolve_lexicon(lexicon),
        resolve_rules(rules),
        challenges=list(challenges),
        challenge_all=challenge_all,
        missed=missed,
    )


def is_photo(argument: str) -> bool:
    """Whether a BOARD (or list) argument names an existing image file (``paths.PHOTO_SUFFIXES``)."""
    path = Path(argument)
    return path.suffix.lower() in PHOTO_SUFFIXES and names_a_file(path)


def board_from_photo(path: Path) -> Board:
    """The board in the tray photo at ``path``, read with the default reader and checks."""
    return read_photo(path, game="boggle").board  # set for every Boggle reading


BOARD_FILE_READERS.update(dict.fromkeys(PHOTO_SUFFIXES, board_from_photo))
