import numpy as np
import pytest

from boardsight.calibration.pattern import ChessboardPattern, make_pattern, parse_grid
from boardsight.errors import BadInputError


def test_parse_grid() -> None:
    assert parse_grid("9x6") == (9, 6)
    assert parse_grid(" 7 X 5 ") == (7, 5)


@pytest.mark.parametrize("text", ["9", "9x", "x6", "9*6", "nine by six", "9x6x2"])
def test_parse_grid_rejects(text: str) -> None:
    with pytest.raises(BadInputError, match="COLSxROWS"):
        parse_grid(text)


def test_object_points_row_by_row_in_mm() -> None:
    points = ChessboardPattern(4, 3, 20.0).object_points()
    assert points.shape == (12, 3)
    np.testing.assert_allclose(points[1], [20, 0, 0])
    np.testing.assert_allclose(points[4], [0, 20, 0])
    np.testing.assert_allclose(points[-1], [60, 40, 0])


@pytest.mark.parametrize(
    ("cols", "rows", "square", "message"),
    [
        (2, 6, 25, "at least 3x3"),
        (6, 6, 25, "symmetric"),
        (9, 6, 0, "positive"),
        (9, 6, float("nan"), "positive"),
    ],
)
def test_bad_patterns(cols: int, rows: int, square: float, message: str) -> None:
    with pytest.raises(BadInputError, match=message):
        ChessboardPattern(cols, rows, square)


def test_unknown_pattern_kind() -> None:
    with pytest.raises(BadInputError, match="chessboard"):
        make_pattern("circles", "9x6", 25)
