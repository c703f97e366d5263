from collections import Counter

import pytest

from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.board_diff import BoardChangeError, diff_boards
from boardsight.scrabble.validation import IllegalMoveError


def after_move(board: Board, *tiles: tuple[int, int, str]) -> Board:
    changed = board.copy()
    for row, col, tile in tiles:
        changed.set(row, col, tile)
    return changed


def test_first_move_found_and_scored(english, naspa) -> None:
    after = after_move(Board(), (7, 6, "Q"), (7, 7, "A"), (7, 8, "T"))
    move = diff_boards(Board(), after, english, rules=naspa)
    assert (move.placement.position, move.placement.tiles, move.score.total, move.words) == (
        "8G",
        "QAT",
        24,
        ["QAT"],
    )


def test_played_through_tiles_become_dots_and_hooks_extend_the_word(english, board_with) -> None:
    before = board_with(("8G", "QAT"))
    after = after_move(before, (7, 9, "S"))
    move = diff_boards(before, after, english)
    assert (move.placement.position, move.placement.tiles, move.score.total) == ("8G", "...S", 13)
    after = after_move(before, (4, 8, "A"), (5, 8, "B"), (6, 8, "E"))
    move = diff_boards(before, after, english)
    assert (move.placement.position, move.placement.tiles, move.score.total) == ("I5", "ABE.", 7)


def test_a_single_tile_takes_the_direction_of_its_longer_word(english, board_with) -> None:
    before = board_with(("8G", "QAT"))
    move = diff_boards(before, after_move(before, (8, 8, "A")), english)
    assert (move.placement.position, move.placement.tiles) == ("I8", ".A")


def test_nothing_new_is_none(english, board_with) -> None:
    before = board_with(("8G", "QAT"))
    assert diff_boards(before, before.copy(), english) is None
    # A blank marking read differently is the same tile.
    assert diff_boards(before, board_with(("8G", "QaT")), english) is None


def test_moved_or_removed_tiles_are_refused(english, board_with) -> None:
    before = board_with(("8G", "QAT"))
    with pytest.raises(BoardChangeError, match="H8 held A and is empty now"):
        diff_boards(before, after_move(before, (7, 7, "")), english)
    with pytest.raises(BoardChangeError, match="H8 held A and now holds O"):
        diff_boards(before, after_move(before, (7, 7, "O")), english)


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (((8, 6, "A"), (9, 7, "B")), "one row or one column"),
        (((9, 6, "A"), (11, 6, "B")), "gap at G11"),
        (((0, 0, "A"), (0, 1, "B")), "touch no tile"),
    ],
)
def test_tiles_that_make_no_legal_placement(english, board_with, tiles, message) -> None:
    before = board_with(("8G", "QAT"))
    with pytest.raises(IllegalMoveError, match=message):
        diff_boards(before, after_move(before, *tiles), english)


def test_rack_and_lexicon_checks(english, board_with) -> None:
    before = board_with(("8G", "QAT"))
    after = after_move(before, (7, 9, "S"))
    with pytest.raises(IllegalMoveError, match="lacks S"):
        diff_boards(before, after, english, rack=Counter("AEI"))
    with pytest.raises(IllegalMoveError, match="not in custom: QATS"):
        diff_boards(before, after, english, lexicon=Lexicon.from_words(["QAT"]))
