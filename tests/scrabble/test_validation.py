from collections import Counter

import pytest

from boardsight.scrabble import load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.move import Placement
from boardsight.scrabble.validation import (
    IllegalMoveError,
    check_placement,
    find_violations,
    shape_violations,
)


def rules_broken(board, move, tileset, **kwargs) -> list[str]:
    return [violation.rule for violation in find_violations(board, move, tileset, **kwargs)[1]]


def test_a_legal_first_move_passes_every_check(english, placement, tiny_lexicon) -> None:
    move = check_placement(
        Board(), placement("8G", "QAT"), english, rack=Counter("QATXYZ?"), lexicon=tiny_lexicon
    )
    assert move.tiles == "QAT"


def test_first_move_must_cover_the_start_square(english, placement) -> None:
    with pytest.raises(IllegalMoveError, match="must cover the start square H8"):
        check_placement(Board(), placement("7G", "QAT"), english)


def test_first_move_must_form_a_word(english, placement) -> None:
    with pytest.raises(IllegalMoveError, match="at least two letters"):
        check_placement(Board(), placement("8H", "A"), english)


def test_later_moves_must_touch_the_board(english, board_with, placement) -> None:
    board = board_with(("8G", "QAT"))
    with pytest.raises(IllegalMoveError, match="touch no tile already on the board"):
        check_placement(board, placement("2B", "AB"), english)


def test_occupied_squares_and_played_through_tiles(english, board_with, placement) -> None:
    board = board_with(("8G", "CAB"))
    # The real letter of a played-through tile is accepted and becomes '.'.
    assert check_placement(board, placement("8G", "CABS"), english).tiles == "...S"
    with pytest.raises(IllegalMoveError, match="H8 already holds A, so O cannot go there"):
        check_placement(board, placement("8G", "COBS"), english)
    with pytest.raises(IllegalMoveError, match="G9 as played through, but it is empty"):
        check_placement(board, placement("G8", "..S"), english)


def test_at_least_one_tile(english, board_with, placement) -> None:
    board = board_with(("8G", "CAB"))
    assert rules_broken(board, placement("8G", "CAB"), english) == ["no-tiles"]


def test_off_the_board(english, board_with, placement) -> None:
    board = board_with(("8G", "CAB"))
    with pytest.raises(IllegalMoveError, match="runs off the board"):
        check_placement(board, placement("8M", "...ABS"), english)


def test_tiles_must_come_from_the_rack(english, placement) -> None:
    with pytest.raises(IllegalMoveError, match="the rack AEIST lacks Q"):
        check_placement(Board(), placement("8G", "QAT"), english, rack=Counter("AEIST"))
    # A lower-case letter is a blank: it needs a '?' on the rack.
    with pytest.raises(IllegalMoveError, match=r"lacks \?"):
        check_placement(Board(), placement("8G", "qAT"), english, rack=Counter("QATE"))
    assert check_placement(Board(), placement("8G", "qAT"), english, rack=Counter("AT?")).tiles == "qAT"


def test_words_must_be_in_the_lexicon(english, board_with, placement, tiny_lexicon) -> None:
    board = board_with(("8G", "CAB"))
    # XU at 9F: forms XU across and UA? No: U under C... Lay "X" under A: forms AX down, fine.
    assert check_placement(board, placement("H9", "X"), english, lexicon=tiny_lexicon)
    with pytest.raises(IllegalMoveError, match="not in custom: BZ"):
        check_placement(board, placement("I9", "Z"), english, lexicon=tiny_lexicon)


def test_letters_must_belong_to_the_tile_set(placement) -> None:
    swedish = load_tileset("swedish")
    with pytest.raises(IllegalMoveError, match="only a blank \\(written q\\) can show it"):
        check_placement(Board(), placement("8G", "QI"), swedish)
    assert check_placement(Board(), placement("8G", "qI"), swedish).tiles == "qI"
    assert check_placement(Board(), placement("8G", "ÅR"), swedish).tiles == "ÅR"
    with pytest.raises(IllegalMoveError, match="not a letter of the english tile set"):
        check_placement(Board(), placement("8G", "ÅR"), load_tileset("english"))


def test_squares_in_one_line_without_gaps(board_with) -> None:
    board = board_with(("8G", "CAB"))
    assert [v.rule for v in shape_violations(board, {(8, 6): "A", (9, 7): "B"})] == ["not-in-line"]
    # G9 and G11 leave G10 empty: a gap. G7 above the C and G9 below: the C fills the gap.
    assert [v.rule for v in shape_violations(board, {(8, 6): "A", (10, 6): "B"})] == ["gap"]
    assert shape_violations(board, {(6, 6): "A", (8, 6): "B"}) == []


def test_every_broken_rule_has_its_own_message(english, board_with, placement) -> None:
    board = board_with(("8G", "CAB"))
    with pytest.raises(IllegalMoveError) as raised:
        check_placement(board, placement("1A", "ZZ"), english, rack=Counter("A"))
    rules = [violation.rule for violation in raised.value.violations]
    assert rules == ["not-connected", "not-in-rack"]
    assert len({violation.message for violation in raised.value.violations}) == 2


def test_single_tile_move_placed_on_the_board(english, board_with) -> None:
    board = board_with(("8G", "CAB"))
    move = Placement(6, 7, "down", "T.")
    assert check_placement(board, move, english).tiles == "T."
