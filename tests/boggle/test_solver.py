from pathlib import Path

import pytest
from boggle_paths import spelled

from boardsight.boggle import load_rules, parse_board, solve
from boardsight.boggle.board import Board
from boardsight.boggle.verify import find_path
from boardsight.lexicon import Lexicon, load_lexicon

GOLDEN = Path(__file__).parent / "golden" / "board-5x5-ntu-enable.txt"
EXAMPLE = "RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO"


def by_path_search(board: Board, lexicon: Lexicon, rules_name: str) -> dict[str, int]:
    """Every lexicon word found by checking each candidate word on its own (an independent method)."""
    rules = load_rules(rules_name)
    letters = set("".join("".join(rules.qu_readings) if face == "QU" else face for face in board.cells))
    found = {}
    for word in lexicon.sorted_words:
        if (
            len(word) >= rules.min_length
            and set(word) <= letters
            and find_path(board, word, rules.qu_readings)
        ):
            found[word] = rules.points(word)
    return found


@pytest.mark.parametrize(
    ("board", "words", "points"),
    [("perslatgsineters", 1045, 3625), ("ligdrmanesietildsracsepes", 2344, 10406)],
)
def test_reference_results_enable_hasbro(board: str, words: int, points: int) -> None:
    solution = solve(parse_board(board), "enable", "hasbro")
    assert len(solution) == words
    assert solution.total_points == points
    assert sum(found.points for found in solution.words) == points


def test_reference_board_agrees_with_word_by_word_checking() -> None:
    board = parse_board("perslatgsineters")
    solution = solve(board, "enable", "hasbro")
    assert {found.word: found.points for found in solution.words} == by_path_search(
        board, load_lexicon("enable"), "hasbro"
    )


def test_golden_example_board_under_ntu() -> None:
    board = parse_board(EXAMPLE)
    solution = solve(board, "enable", "ntu")
    expected = {}
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            word, points = line.split()
            expected[word] = int(points)
    assert {found.word: found.points for found in solution.words} == expected
    assert expected == by_path_search(board, load_lexicon("enable"), "ntu")
    for found in solution.words:
        assert spelled(board, found.path, found.word, ("QU", "Q"))


def test_qu_cube_may_read_as_q_under_ntu_only() -> None:
    lexicon = Lexicon.from_words(["suq", "suqs", "qat", "quate", "squat"])
    board = parse_board("S U Q / X A T / X X E")
    ntu = solve(board, lexicon, "ntu")
    hasbro = solve(board, lexicon, "hasbro")
    assert sorted(found.word for found in ntu.words) == ["QAT", "QUATE", "SUQ"]
    assert sorted(found.word for found in hasbro.words) == ["QUATE"]
    assert ntu.path("suq") == (0, 1, 2)
    assert ntu.path("QAT") == (2, 4, 5)
    assert hasbro.path("QUATE") == (2, 4, 5, 8)


def test_two_letter_faces_and_blocked_cells() -> None:
    lexicon = Lexicon.from_words(["then", "thin", "hen", "thine", "ten"])
    board = parse_board("(TH)(IN)E/#EN/ABC")
    words = {found.word: found for found in solve(board, lexicon, "hasbro").words}
    assert set(words) == {"THEN", "THIN", "THINE"}  # HEN needs an H face: TH reads only as TH
    assert words["THINE"].path == (0, 1, 2)
    assert words["THIN"].points == 1


def test_blocked_cell_breaks_a_word() -> None:
    lexicon = Lexicon.from_words(["cat"])
    assert solve(parse_board("C#T/#A#/###"), lexicon, "hasbro").path("CAT") == (0, 4, 2)
    assert len(solve(parse_board("C#X/#XT/AXX"), lexicon, "hasbro")) == 0


def test_big_boggle_needs_four_letters() -> None:
    lexicon = Lexicon.from_words(["tea", "teas", "eat", "seat"])
    board = parse_board("teas/xxxx/xxxx/xxxx")
    assert sorted(found.word for found in solve(board, lexicon, "big-boggle").words) == ["TEAS"]
    assert sorted(found.word for found in solve(board, lexicon, "hasbro").words) == ["TEA", "TEAS"]


def test_a_word_found_on_many_paths_is_listed_once() -> None:
    lexicon = Lexicon.from_words(["eee"])
    solution = solve(parse_board("eeee/eeee/eeee/eeee"), lexicon, "hasbro")
    assert [found.word for found in solution.words] == ["EEE"]


def test_single_face_words_when_the_rules_allow(tmp_path) -> None:
    rules_file = tmp_path / "tiny.toml"
    rules_file.write_text(
        'name = "tiny"\nmin_length = 1\nqu = "qu"\nshared_words = "score"\njudging = "all"\n[points]\n1 = 1\n'
    )
    lexicon = Lexicon.from_words(["a", "qu", "aqu"])
    words = {
        found.word: found.path
        for found in solve(parse_board("A(QU)/##"), lexicon, load_rules(rules_file)).words
    }
    assert words == {"A": (0,), "QU": (1,), "AQU": (0, 1)}


def test_solution_json_has_paths_as_cell_names() -> None:
    lexicon = Lexicon.from_words(["quip"])
    payload = solve(parse_board("(QU)IPX/XXXX/XXXX/XXXX"), lexicon, "ntu").as_json()
    assert payload["words"] == [{"word": "QUIP", "points": 1, "path": ["A1", "B1", "C1"]}]
    assert payload["count"] == 1 and payload["total_points"] == 1
    assert payload["board"]["grid"][0] == ["QU", "I", "P", "X"]
