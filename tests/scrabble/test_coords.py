import pytest

from boardsight.scrabble import ACROSS, DOWN, parse_position, parse_square, position_name, square_name


@pytest.mark.parametrize(
    ("text", "expected"),
    [("8D", (7, 3, ACROSS)), ("D8", (7, 3, DOWN)), ("15o", (14, 14, ACROSS)), ("a1", (0, 0, DOWN))],
)
def test_positions_round_trip(text: str, expected: tuple[int, int, str]) -> None:
    assert parse_position(text) == expected
    assert position_name(*expected) == text.upper()


@pytest.mark.parametrize("text", ["16A", "P1", "8", "DD", "", "8D8", "0A"])
def test_malformed_or_off_board_positions_are_none(text: str) -> None:
    assert parse_position(text) is None


def test_square_names() -> None:
    assert square_name(7, 7) == "H8"
    assert parse_square("H8") == parse_square("8H") == (7, 7)
