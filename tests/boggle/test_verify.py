from boardsight.boggle import load_rules, parse_board
from boardsight.boggle.board import Board
from boardsight.boggle.verify import WordStatus, check_words, find_path
from boardsight.lexicon import Lexicon

BOARD = parse_board("STAR/EQIN/LAMP/DOGE")


def test_find_path_reads_the_qu_cube_as_the_rules_say() -> None:
    assert find_path(BOARD, "SEQUIN", ("QU",)) == (0, 4, 5, 6, 7)
    assert find_path(BOARD, "QAT", ("QU",)) is None
    assert find_path(BOARD, "QAT", ("QU", "Q")) == (5, 2, 1)
    assert find_path(BOARD, "", ("QU",)) is None


def test_a_word_needing_more_of_a_letter_than_the_board_has_is_rejected_at_once() -> None:
    board = Board(6, 6, ("E",) * 35 + ("X",))
    assert find_path(board, "E" * 30 + "XX", ("QU",)) is None
    assert find_path(board, "E" * 36, ("QU",)) is None
    assert find_path(board, "EEX", ("QU",)) is not None


def test_check_words_gives_each_status() -> None:
    lexicon = Lexicon.from_words(["star", "sequin", "train", "at"])
    checks = check_words(BOARD, ["Star", "sequin", "tain", "train", "at"], lexicon, load_rules("ntu"))
    assert [(check.word, check.status) for check in checks] == [
        ("STAR", WordStatus.VALID),
        ("SEQUIN", WordStatus.VALID),
        ("TAIN", WordStatus.NOT_IN_LEXICON),
        ("TRAIN", WordStatus.NOT_ON_BOARD),
        ("AT", WordStatus.TOO_SHORT),
    ]
    assert checks[2].path == (1, 2, 6, 7)
    assert WordStatus.NOT_ON_BOARD.label == "not on board"
