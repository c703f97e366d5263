import pytest

from boardsight.scrabble.cgp import CgpError, board_to_cgp, parse_cgp, to_cgp

ISSUE_POSITION = (
    "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/5I1N3N3/"
    "3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6 AABDELT/AEEHIIL 318/341 0"
)


def test_parses_the_benchmark_position() -> None:
    position = parse_cgp(ISSUE_POSITION)
    board = position.board
    assert board.rows_text()[0] == ".......ZEP.F..."
    assert board.get(7, 11) == "b"  # a blank standing for B
    assert board.get(10, 4) == "e"
    assert position.racks == ["AABDELT", "AEEHIIL"] and position.rack == "AABDELT"
    assert position.scores == [318, 341] and position.scoreless_turns == 0
    assert to_cgp(position) == ISSUE_POSITION


def test_options_and_an_unknown_rack_round_trip() -> None:
    text = "15/15/15/15/15/15/15/6ZA7/15/15/15/15/15/15/15 AEINRST/ 22/0 3 lex NWL23; ld english;"
    position = parse_cgp(text)
    assert position.options == {"lex": "NWL23", "ld": "english"}
    assert position.racks == ["AEINRST", ""] and position.scoreless_turns == 3
    assert to_cgp(position) == text


def test_empty_board() -> None:
    position = parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0")
    assert position.board.is_empty()
    assert board_to_cgp(position.board) == "/".join(["15"] * 15)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("15/15 A/B 0/0 0", "15 rows"),
        ("16/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0", "row 1 has more than 15 squares"),
        ("15A/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0", "row 1 has 16 squares"),
        ("777777777Z/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0", "more than 15 squares"),
        ("1²/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0", "row 1: '²'"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 ²", "scoreless-turn count"),
        ("1.13/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0", "row 1: '.'"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/x 0", "whole numbers"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0/0 0", "2 racks but 3 scores"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A1/B 0/0 0", "rack 'A1'"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0", "four fields"),
    ],
)
def test_malformed_cgp(text: str, message: str) -> None:
    with pytest.raises(CgpError, match=message):
        parse_cgp(text)
