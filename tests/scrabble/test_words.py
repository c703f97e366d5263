"""The word a move is known by: the main word with the board's tiles filled in."""

from boardsight.scrabble.words import main_word


def test_the_main_word_fills_in_the_tiles_played_through(board_with) -> None:
    board = board_with(("8G", "CAT"))
    # Down through the A of CAT at H8: S on H7, the A, then T and S below.
    assert main_word(board, {(6, 7): "S", (8, 7): "T", (9, 7): "e"}, "down") == "SATe"


def test_a_single_tile_is_known_by_the_word_it_makes(board_with) -> None:
    board = board_with(("8G", "CAT"))
    assert main_word(board, {(7, 9): "S"}, "down") == "CATS"  # nothing down: the word across
    assert main_word(board, {}, "across") == ""
