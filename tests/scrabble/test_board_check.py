from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.board_check import judge_words, tile_count_problems


def test_words_on_a_board_and_their_validity(board_with) -> None:
    board = board_with(("8G", "QAT"), ("I5", "ABE."))
    judged = judge_words(board, Lexicon.from_words(["QAT"]))
    assert [(item.word.word, item.word.position, item.valid) for item in judged] == [
        ("QAT", "8G", True),
        ("ABET", "I5", False),
    ]
    assert all(item.valid is None for item in judge_words(board))


def test_tile_counts(board_with, english) -> None:
    assert tile_count_problems(board_with(("8G", "QAT")), english) == []
    # Two Zs: one must be a blank. Three Zs and a declared blank: three blanks needed.
    assert tile_count_problems(board_with(("8G", "ZZ")), english) == []
    problems = tile_count_problems(board_with(("8G", "ZZZa")), english)
    assert problems == ["1 blanks plus 3 Z (the set has 1) need 3 blanks; the english set has 2"]


def test_swedish_blank_only_letters_need_blanks() -> None:
    swedish = load_tileset("swedish")
    board = Board.from_rows(["." * 15] * 7 + ["......QWÜ......"] + ["." * 15] * 7)
    assert tile_count_problems(board, swedish) == [
        "0 blanks plus 1 Q (the set has 0), 1 W (the set has 0), 1 Ü (the set has 0) need 3 blanks; "
        "the swedish set has 2"
    ]
    assert (
        tile_count_problems(Board.from_rows(["." * 15] * 7 + ["......qå......."] + ["." * 15] * 7), swedish)
        == []
    )
