import numpy as np
import pytest

from boardsight.vision.scrabble.orientation import (
    TIE_MARGIN,
    choose_orientation,
    clear_winner,
    turn_scores,
    valid_share,
)
from boardsight.vision.scrabble.squares import reading_corners, turn_crops, turn_order

CORNERS = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], dtype=float)


@pytest.mark.parametrize("upright", range(4))
def test_the_turn_whose_tiles_look_least_turned_wins(upright: int) -> None:
    turned = np.full((4, 20), 0.9)
    turned[upright] = 0.05
    choice = choose_orientation(turned)
    assert choice.quarter_turns == upright and not choice.by_lexicon


def test_a_close_call_goes_to_the_lexicon() -> None:
    turned = np.array([[0.30] * 5, [0.31] * 5, [0.9] * 5, [0.9] * 5])
    assert turn_scores(turned)[0] - turn_scores(turned)[1] < TIE_MARGIN
    choice = choose_orientation(turned, word_validity=lambda turn: {0: 0.2, 1: 1.0}.get(turn, 0.0))
    assert choice.quarter_turns == 1 and choice.by_lexicon


def test_a_clear_winner_ignores_the_lexicon() -> None:
    turned = np.array([[0.01] * 5, [0.95] * 5, [0.95] * 5, [0.95] * 5])
    assert choose_orientation(turned, word_validity=lambda turn: float(turn == 2)).quarter_turns == 0


def test_a_clear_winner_needs_a_wide_lead_over_every_other_turn() -> None:
    turned = np.array([[0.01] * 8, [0.99] * 8, [0.99] * 8, [0.99] * 8])
    assert clear_winner(turned)
    turned[2] = 0.3  # one other turn barely looks turned: more votes are needed
    assert not clear_winner(turned)
    assert not clear_winner(np.zeros((4, 0)))


def test_no_tiles_means_no_turn() -> None:
    assert choose_orientation(np.zeros((4, 0))).quarter_turns == 0


def test_valid_share() -> None:
    assert valid_share(["CAT", "XQZ"], lambda word: word == "CAT") == 0.5
    assert valid_share([], lambda word: True) == 0.0


def test_turn_order_moves_the_top_left_square_to_the_top_right() -> None:
    order = turn_order(1)
    assert order[14] == 0  # row 0, last column now holds the square that was top-left
    assert order[0] == 14 * 15  # and the old bottom-left square is now top-left
    np.testing.assert_array_equal(turn_order(4), np.arange(225))


def test_turn_crops_turns_each_crop_too() -> None:
    crops = [np.zeros((2, 2), dtype=int) for _ in range(225)]
    crops[0][0, 0] = 1  # a mark in the top-left pixel of the top-left square
    turned = turn_crops(crops, 1)
    assert turned[14][0, 1] == 1  # after a clockwise turn: top-right pixel of the top-right square
    assert sum(int(crop.sum()) for crop in turned) == 1


@pytest.mark.parametrize("turns", range(4))
def test_reading_corners_start_where_the_turned_board_starts(turns: int) -> None:
    corners = reading_corners(CORNERS, turns)
    # turning the board clockwise brings its bottom-left corner to the top-left
    assert tuple(corners[0]) == tuple(CORNERS[(-turns) % 4])
