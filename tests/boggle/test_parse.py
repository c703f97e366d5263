import json

import pytest

from boardsight.boggle.board import Board
from boardsight.boggle.parse import apply_fixes, board_from_argument, board_from_json, parse_board
from boardsight.errors import BadInputError, NotFoundError

EXAMPLE = Board(
    5,
    5,
    (*"RNAANOMENCYTEWELIPIE", "E", "QU", "F", "T", "O"),
)


@pytest.mark.parametrize(
    "text",
    [
        "RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO",
        "rnaan/omenc/ytewe/lipie/eqfto",
        "RNAANOMENCYTEWELIPIEEQFTO",
        "R N A A N\nO M E N C\nY T E W E\nL I P I E\nE Qu F T O\n",
        "  rnaan\n\nomenc\r\nytewe\nlipie\ne(qu)fto  ",
        "R N A A N / O M E N C / Y T E W E / L I P I E / E QU F T O",
        "R N A A N O M E N C Y T E W E L I P I E E Q F T O",
    ],
)
def test_every_text_form_gives_the_same_board(text: str) -> None:
    assert parse_board(text) == EXAMPLE


def test_flat_string_of_sixteen_letters_is_four_by_four() -> None:
    board = parse_board("perslatgsineters")
    assert (board.rows, board.cols) == (4, 4)
    assert board.grid[1] == ["L", "A", "T", "G"]


def test_six_by_six_faces_and_blocked_cells() -> None:
    board = parse_board("(IN)(TH)(ER)(HE)(AN)#/ABCDEF/ABCDEF/ABCDEF/ABCDEF/ABCDE(Q)")
    assert board.cells[:6] == ("IN", "TH", "ER", "HE", "AN", "#")
    assert board.cells[-1] == "Q"


def test_text_form_round_trip() -> None:
    board = parse_board("(IN)(TH)(ER)/(HE)(AN)#/Q(Q)A")
    assert parse_board(board.to_text()) == board


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "empty board"),
        ("   \n ", "empty board"),
        ("abcdefghijklmnopq", "square number"),
        ("ABCD/EFG/HIJK", "row 2 has 3 faces"),
        ("RNAAN/OMENC/YTEWE/LIPIE/EQUFTO", "(QU)"),
        ("ABC1/DEFG/HIJK/LMNO", "unexpected character '1'"),
        ("AB(CD/EFGH", "unclosed"),
        ("A B XY C", "not a Boggle face"),
        ("(XY)BCD", "not a Boggle face"),
        ("ÅBCD/EFGH/IJKL/MNOP", "unexpected character"),
    ],
)
def test_bad_boards_say_what_was_expected_in_one_line(text: str, needle: str) -> None:
    with pytest.raises(BadInputError) as caught:
        parse_board(text)
    message = str(caught.value)
    assert needle in message
    assert "\n" not in message


def sidecar(**changes: object) -> dict:
    data = {
        "game": "boggle",
        "rows": 5,
        "cols": 5,
        "grid": [list("RNAAN"), list("OMENC"), list("YTEWE"), list("LIPIE"), ["E", "QU", "F", "T", "O"]],
        "corners": None,
        "licence": "none stated",
    }
    data.update(changes)
    return data


def test_dataset_sidecar_json() -> None:
    assert board_from_json(sidecar()) == EXAMPLE


@pytest.mark.parametrize(
    ("changes", "needle"),
    [
        ({"game": "scrabble"}, "expected 'boggle'"),
        ({"grid": None}, "not labelled"),
        ({"rows": 4}, "list of 4 rows"),
        ({"cols": "5"}, "positive whole numbers"),
        ({"grid": [list("RNAAN")] * 4 + [list("ABCD")]}, "row 5"),
        ({"grid": [list("RNAAN")] * 4 + [list("ABCD.")]}, "'.'"),
    ],
)
def test_bad_sidecars(changes: dict, needle: str) -> None:
    with pytest.raises(BadInputError) as caught:
        board_from_json(sidecar(**changes), "tray.json")
    assert needle in str(caught.value)
    assert str(caught.value).startswith("tray.json")


def test_argument_may_be_text_a_text_file_or_a_json_file(tmp_path) -> None:
    text_file = tmp_path / "board.txt"
    text_file.write_text("R N A A N\nO M E N C\nY T E W E\nL I P I E\nE Qu F T O\n")
    json_file = tmp_path / "tray_0007.json"
    json_file.write_text(json.dumps(sidecar()))
    assert board_from_argument(str(text_file)) == EXAMPLE
    assert board_from_argument(str(json_file)) == EXAMPLE
    assert board_from_argument("RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO") == EXAMPLE


def test_argument_errors(tmp_path) -> None:
    with pytest.raises(NotFoundError, match="no such board file"):
        board_from_argument(str(tmp_path / "missing.json"))
    binary = tmp_path / "board.bin"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(BadInputError, match="not a text file"):
        board_from_argument(str(binary))
    photo = tmp_path / "tray.jpg"
    photo.write_bytes(b"\xff\xd8\xff")
    with pytest.raises(BadInputError, match=r"photo|JPEG"):
        board_from_argument(str(photo))
    with pytest.raises(BadInputError, match="not a board file, nor a board"):
        board_from_argument("boards/mine")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(BadInputError, match="not valid JSON"):
        board_from_argument(str(broken))


def test_fixes_override_cells() -> None:
    board = apply_fixes(parse_board("abcdefghijklmnop"), ["B3=qu", "a1=#", "D4=(Q)"])
    assert board.grid == [
        ["#", "B", "C", "D"],
        ["E", "F", "G", "H"],
        ["I", "QU", "K", "L"],
        ["M", "N", "O", "Q"],
    ]


@pytest.mark.parametrize(
    ("fix", "needle"), [("B3", "CELL=FACE"), ("Z9=A", "off this"), ("B3=XY", "not a Boggle face")]
)
def test_bad_fixes(fix: str, needle: str) -> None:
    with pytest.raises(BadInputError, match=needle):
        apply_fixes(parse_board("abcdefghijklmnop"), [fix])


def test_a_board_too_long_to_be_a_file_name_is_a_board() -> None:
    letters = "".join("ABCDEFGHIJKLMNOP"[(7 * i) % 16] for i in range(256))
    board = board_from_argument(letters)  # 256 letters: a 16x16 board, and no file name
    assert (board.rows, board.cols) == (16, 16)
    assert "".join(board.cells) == letters


def test_a_huge_slashed_board_is_judged_as_a_board_with_a_short_message() -> None:
    argument = "/".join("AEIOURSTLN" * 10 for _ in range(100))  # 100x100, far past PATH_MAX
    with pytest.raises(BadInputError, match="at most 26 columns") as caught:
        board_from_argument(argument)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("text", ["/", "//", " / \n /"])
def test_a_board_of_separators_only_is_a_clear_error(text: str) -> None:
    with pytest.raises(BadInputError, match="no faces"):
        parse_board(text)
