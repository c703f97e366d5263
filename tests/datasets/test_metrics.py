import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardsight.datasets.metrics import (
    BoardScore,
    CellMistake,
    cell_matches,
    confusion,
    corner_error,
    dihedral_variants,
    grid_matches_up_to_symmetry,
    score_board,
    summarize,
    timing_summary,
)

TRAY = [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "QU"]]
SQUARE = np.array([[0, 0], [100, 0], [100, 100], [0, 100]], dtype=float)


@pytest.mark.parametrize(
    ("label", "predicted", "right"),
    [
        ("A", "A", True),
        ("A", "B", False),
        (".", ".", True),
        ("?", "?", True),
        ("e", "?", True),  # a designated blank read as a blank
        ("e", "e", True),
        ("e", "E", False),  # the blank is not the tile E
        ("e", "f", False),
        ("E", "e", False),
        ("?", "e", False),
        ("E", "?", False),
        ("A", None, False),
    ],
)
def test_lowercase_blank_rule(label: str, predicted: str | None, right: bool) -> None:
    assert cell_matches(label, predicted) is right


def test_the_eight_symmetries_are_distinct_and_complete() -> None:
    variants = dihedral_variants(TRAY)
    assert len(variants) == 8
    assert variants[0] == TRAY
    assert len({str(v) for v in variants}) == 8
    turned = [["G", "D", "A"], ["H", "E", "B"], ["QU", "F", "C"]]  # 90 degrees clockwise
    mirrored = [["C", "B", "A"], ["F", "E", "D"], ["QU", "H", "G"]]  # left-right
    transposed = [["A", "D", "G"], ["B", "E", "H"], ["C", "F", "QU"]]
    for variant in (turned, mirrored, transposed):
        assert variant in variants
        assert grid_matches_up_to_symmetry(TRAY, variant)


def test_symmetric_board_accuracy() -> None:
    turned = [["G", "D", "A"], ["H", "E", "B"], ["QU", "F", "C"]]
    score = score_board(TRAY, None, turned, None)
    assert score.board_right is False and score.board_right_symmetric is True
    assert score.cells_right == 1  # only the centre survives a quarter turn
    wrong = [["G", "D", "A"], ["H", "E", "B"], ["QU", "F", "X"]]
    assert score_board(TRAY, None, wrong, None).board_right_symmetric is False
    assert not grid_matches_up_to_symmetry(TRAY, [["A", "B"], ["D", "E"]])


def test_scrabble_scores_with_blanks() -> None:
    label = [[".", "c", "A"], [".", "?", "T"]]
    predicted = [[".", "?", "A"], ["X", "?", "F"]]
    score = score_board(label, None, predicted, None)
    assert (score.cells, score.cells_right) == (6, 4)
    assert (score.letters, score.letters_right) == (4, 3)
    assert score.mistakes == [CellMistake(1, 0, ".", "X"), CellMistake(1, 2, "T", "F")]
    assert score.board_right is False


def test_failures_and_wrong_sizes_count_as_wrong() -> None:
    failed = score_board(TRAY, SQUARE, None, None)
    assert failed.failed and failed.board_right is False
    assert (failed.cells, failed.cells_right) == (9, 0)
    assert failed.corner_error_px is None
    small = score_board(TRAY, None, [["A", "B"], ["D", "E"]], None)
    assert small.shape_mismatch and small.cells_right == 0 and small.mistakes == []


def test_corner_error_matches_the_corner_order() -> None:
    shifted = SQUARE + np.array([3, 4])  # every corner 5 px off
    assert corner_error(SQUARE, shifted) == pytest.approx(5.0)
    assert corner_error(SQUARE, np.roll(shifted, 1, axis=0)) == pytest.approx(5.0)
    assert corner_error(SQUARE, shifted[::-1]) == pytest.approx(5.0)
    one_off = SQUARE.copy()
    one_off[2] += [8, 0]
    score = score_board(None, SQUARE, None, np.roll(one_off, 2, axis=0))
    assert score.corner_error_px == pytest.approx(2.0)
    assert score.corner_error_share == pytest.approx(2.0 / (100 * np.sqrt(2)))
    assert not score.graded  # corners only: no cell figures


def test_summary_pools_cells_and_skips_corner_only_photos() -> None:
    scores = [
        score_board(TRAY, SQUARE, TRAY, SQUARE + np.array([1, 0])),
        score_board(
            TRAY, SQUARE, [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "Q"]], SQUARE + np.array([3, 0])
        ),
        score_board(TRAY, None, None, None),
        score_board(None, SQUARE, None, None),
    ]
    summary = summarize(scores)
    assert (summary.photos, summary.failures, summary.boards) == (4, 2, 3)
    assert (summary.cells, summary.cells_right) == (27, 17)
    assert summary.cell_accuracy == pytest.approx(17 / 27)
    assert summary.board_accuracy == pytest.approx(1 / 3)
    assert summary.corner_error_px == pytest.approx(2.0)
    assert summarize([]).cell_accuracy is None and summarize([]).corner_error_px is None


def test_confusion_ranks_the_most_frequent_mistakes() -> None:
    scores = [
        BoardScore(mistakes=[CellMistake(0, 0, "O", "Q"), CellMistake(0, 1, "M", "W")]),
        BoardScore(mistakes=[CellMistake(1, 0, "O", "Q"), CellMistake(2, 2, "I", "L")]),
    ]
    assert confusion(scores, top=2) == [("O", "Q", 2), ("I", "L", 1)]


def test_timing_median_and_p90() -> None:
    records = [{"read": t / 10, "find": 0.5, "total": 1.0} for t in range(1, 11)]
    records.append({"total": 2.0, "decode": 0.1})
    summary = timing_summary(records)
    assert list(summary) == ["decode", "find", "read", "total"]
    assert summary["read"].median == pytest.approx(0.55)
    assert summary["read"].p90 == pytest.approx(0.91)
    assert summary["total"].count == 11 and summary["total"].median == 1.0


_letters = st.sampled_from(["A", "E", "QU", "#", "Z"])


@given(
    st.integers(3, 6).flatmap(
        lambda n: st.lists(st.lists(_letters, min_size=n, max_size=n), min_size=n, max_size=n)
    )
)
def test_every_symmetry_of_a_tray_matches_up_to_symmetry(grid: list[list[str]]) -> None:
    for variant in dihedral_variants(grid):
        assert grid_matches_up_to_symmetry(grid, variant)
        assert grid_matches_up_to_symmetry(variant, grid)


@given(
    st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=4, max_size=4),
    st.integers(0, 3),
    st.booleans(),
)
def test_corner_error_ignores_where_the_order_starts(offsets, start: int, reverse: bool) -> None:
    predicted = SQUARE * 10 + np.array(offsets)
    reordered = np.roll(predicted, start, axis=0)
    if reverse:
        reordered = reordered[::-1]
    assert corner_error(SQUARE * 10, reordered) == pytest.approx(corner_error(SQUARE * 10, predicted))
