import pytest

from boardsight.boggle.board import Board, neighbour_table
from boardsight.errors import BadInputError


def make(rows: list[str]) -> Board:
    return Board.from_rows([list(row) for row in rows])


def test_cell_names_are_column_letter_then_row_number() -> None:
    board = make(["ABC", "DEF", "GHI", "JKL"])
    assert board.cell_name(0) == "A1"
    assert board.cell_name(7) == "B3"
    assert board.face(2, 1) == "H"
    assert board.cell_index("B3") == 7
    assert board.cell_index(" c4 ") == 11


@pytest.mark.parametrize("name", ["", "3B", "B", "BB3", "D1", "A5", "A0"])
def test_bad_cell_names_are_one_line_errors(name: str) -> None:
    board = make(["ABC", "DEF", "GHI", "JKL"])
    with pytest.raises(BadInputError) as caught:
        board.cell_index(name)
    assert "\n" not in str(caught.value)


def test_neighbours_of_corner_edge_and_middle() -> None:
    table = neighbour_table(3, 3)
    assert table[0] == (1, 3, 4)
    assert table[1] == (0, 2, 3, 4, 5)
    assert table[4] == (0, 1, 2, 3, 5, 6, 7, 8)


def test_text_form_round_trips_every_kind_of_face() -> None:
    board = Board(2, 3, ("QU", "A", "#", "TH", "Q", "N"))
    assert board.to_text() == "(QU)A#/(TH)(Q)N"


def test_render_labels_rows_and_columns() -> None:
    board = Board(2, 2, ("QU", "A", "#", "IN"))
    assert board.render().splitlines() == ["   A  B", "1  Qu A", "2  #  In"]


@pytest.mark.parametrize(
    ("rows", "cols", "cells"),
    [(0, 4, ()), (2, 2, ("A", "B", "C")), (1, 2, ("A", "XY")), (1, 27, ("A",) * 27)],
)
def test_invalid_boards_are_rejected(rows: int, cols: int, cells: tuple[str, ...]) -> None:
    with pytest.raises(BadInputError):
        Board(rows, cols, cells)


def test_with_face_replaces_one_cell() -> None:
    board = make(["AB", "CD"])
    assert board.with_face(3, "QU").cells == ("A", "B", "C", "QU")
    assert board.cells == ("A", "B", "C", "D")
