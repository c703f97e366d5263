import pytest

from boardsight.scrabble import load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.layout import layout_from_table
from boardsight.scrabble.move import Placement
from boardsight.scrabble.scoring import score_placement


def one_row_layout(row: str):
    """A one-row board whose premiums are spelled as in a layout file."""
    legend = {
        ".": {"letter": 1, "word": 1},
        "d": {"letter": 2, "word": 1},
        "t": {"letter": 3, "word": 1},
        "D": {"letter": 1, "word": 2},
        "T": {"letter": 1, "word": 3},
    }
    return layout_from_table({"name": "row", "start": "A1", "rows": [row], "legend": legend}, "test")


@pytest.mark.parametrize(("row", "expected"), [("...t", 42), ("D..t", 84), ("D..T", 132), ("D.D.", 88)])
def test_official_quiz_example_and_word_premiums_multiply(row: str, expected: int) -> None:
    # QUIZ = Q10 U1 I1 Z10: the Z on a triple letter gives 42, and a double word doubles that.
    # A double and a triple word on one word: x6 (22 * 6 = 132); two doubles: x4 (22 * 4 = 88).
    board = Board(one_row_layout(row))
    assert (
        score_placement(board, Placement(0, 0, "across", "QUIZ"), load_tileset("english")).total == expected
    )


def test_first_move_doubles_on_the_star(english, placement) -> None:
    score = score_placement(Board(), placement("8G", "QAT"), english)
    assert score.total == (10 + 1 + 1) * 2
    assert [scored.word.word for scored in score.words] == ["QAT"]


def test_premiums_count_only_on_squares_covered_this_move(english, board_with, placement) -> None:
    board = board_with(("8G", "QAT"))
    # S at J8 makes QATS: the star under Q was used by the first move, so no doubling now.
    score = score_placement(board, placement("8G", "...S"), english)
    assert score.total == 13


def test_each_crossword_is_scored_on_its_own(english, board_with, placement) -> None:
    board = board_with(("8H", "AB"))
    # T on H7 (a plain square) above the A forms TA down.
    score = score_placement(board, placement("H7", "T."), english)
    assert score.total == 2  # T1 + A1, no premium on H7
    # Two tiles parallel under AB on row 9: "XI" at 9H forms AX (H8-H9) and BI (I8-I9).
    score = score_placement(board, placement("9H", "XI"), english)
    words = {scored.word.word: scored.score for scored in score.words}
    # H9 is plain, I9 is a double letter: XI = 8 + 1*2 = 10; AX = 1 + 8 = 9; BI = 3 + 2 = 5.
    assert words == {"XI": 10, "AX": 9, "BI": 5}
    assert score.total == 24


def test_blanks_score_zero_even_on_premiums(english, board_with, placement) -> None:
    assert score_placement(Board(), placement("8H", "qAT"), english).total == 4
    # A blank already on the board adds nothing to a later word.
    board = board_with(("8H", "qAT"))
    assert score_placement(board, placement("H7", "A."), english).total == 1


def test_bingo_adds_fifty_for_a_full_rack(english, naspa, placement) -> None:
    score = score_placement(Board(), placement("8D", "RETAINS"), english, naspa)
    # R E T A I N S on D8..J8: D8 is a double letter (R -> 2), H8 is the star (x2).
    assert score.bingo_bonus == 50
    assert score.total == (2 + 1 + 1 + 1 + 1 + 1 + 1) * 2 + 50
