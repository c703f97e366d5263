from pathlib import Path

import pytest
from labelled_sets import boggle_sidecar, install_fake_readers, make_example, readers_on, scrabble_sidecar

from boardsight.datasets import iter_examples
from boardsight.datasets.eval_report import render_markdown, to_json
from boardsight.datasets.evaluation import evaluate, select_examples
from boardsight.errors import BadInputError


@pytest.fixture
def mixed_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    install_fake_readers(monkeypatch)
    make_example(tmp_path, "boggle/tray_1", boggle_sidecar())
    make_example(tmp_path, "boggle/tray_dark", boggle_sidecar())
    make_example(tmp_path, "scrabble/board", scrabble_sidecar())
    make_example(tmp_path, "scrabble/corners_dark", scrabble_sidecar(grid=None))
    return tmp_path


def test_select_examples_by_game_and_limit(mixed_set: Path) -> None:
    examples = list(iter_examples(mixed_set))
    chosen, other, past = select_examples(examples, "scrabble", 1)
    assert [e.stem for e in chosen] == ["board"] and (other, past) == (2, 1)
    assert len(select_examples(examples)[0]) == 4
    with pytest.raises(BadInputError, match="unknown game"):
        select_examples(examples, "chess")


def test_readers_side_by_side(mixed_set: Path) -> None:
    evaluation = evaluate(
        *readers_on(list(iter_examples(mixed_set)), ["perfect", "sloppy", "blind"]), root=mixed_set
    )
    assert evaluation.games == ["boggle", "scrabble"]
    perfect, sloppy, blind = evaluation.for_game("boggle")
    assert perfect.summary.cell_accuracy == 1.0 and perfect.summary.board_accuracy == 1.0
    assert sloppy.summary.cells_right == 30 and sloppy.summary.board_accuracy == 0.0
    assert sloppy.confusion() == [("A", "X", 2)]
    assert sloppy.summary.corner_error_px == pytest.approx(5.0)
    # The photo the blind reader could not read is a failure and a wrong board.
    assert [o.example.stem for o in blind.failures] == ["tray_dark"]
    assert blind.failures[0].error == "no boggle board found in tray_dark.png"
    assert (blind.summary.boards, blind.summary.boards_right, blind.summary.cells_right) == (2, 1, 16)
    assert set(perfect.timings) == {"decode", "find", "read", "total"}
    assert perfect.timings["find"].median == pytest.approx(0.010)
    scrabble_perfect, _, scrabble_blind = evaluation.for_game("scrabble")
    # The corner-only photo counts toward corner error alone (and as a failure when not read).
    assert scrabble_perfect.summary.boards == 1 and len(scrabble_perfect.summary.corner_errors_px) == 2
    assert scrabble_blind.summary.failures == 1 and scrabble_blind.summary.board_accuracy == 1.0


def test_missing_reader_fails_before_reading(mixed_set: Path) -> None:
    with pytest.raises(BadInputError, match="no 'onnx' reader for boggle"):
        evaluate(*readers_on(list(iter_examples(mixed_set)), ["perfect", "onnx"]), root=mixed_set)


def test_reports_carry_the_same_figures(mixed_set: Path) -> None:
    evaluation = evaluate(*readers_on(list(iter_examples(mixed_set)), ["perfect", "sloppy"]), root=mixed_set)
    payload = to_json(evaluation)
    sloppy_boggle = payload["results"][1]
    assert (sloppy_boggle["game"], sloppy_boggle["reader"]) == ("boggle", "sloppy")
    assert sloppy_boggle["metrics"]["cell_accuracy"] == pytest.approx(30 / 32)
    assert sloppy_boggle["metrics"]["board_accuracy_symmetric"] == 0.0
    assert sloppy_boggle["confusion"] == [{"true": "A", "read": "X", "count": 2}]
    assert sloppy_boggle["photos"][0]["mistakes"] == [[0, 0, "A", "X"]]
    scrabble = payload["results"][3]["metrics"]
    assert (
        scrabble["letters"] == 5 and scrabble["letter_accuracy"] == 1.0
    )  # the mistake is on an empty square
    markdown = render_markdown(evaluation)
    assert "| cell accuracy | 100.0% (32/32) | 93.8% (30/32) |" in markdown
    assert "| letter accuracy | 100.0% (5/5) | 100.0% (5/5) |" in markdown
    assert "| scrabble/corners_dark.png | - | corners only | 5.0 |" in markdown
