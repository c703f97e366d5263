import json
from pathlib import Path

from labelled_sets import boggle_sidecar, make_example, scrabble_sidecar, write_sidecar
from typer.testing import CliRunner

from boardsight.cli.app import app

runner = CliRunner()


def test_clean_set_passes(tmp_path: Path) -> None:
    make_example(tmp_path, "tray", boggle_sidecar())
    make_example(tmp_path, "sub/board", scrabble_sidecar(grid=None))
    result = runner.invoke(app, ["dataset", "check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "2 examples (1 boggle, 1 scrabble; 1 with corners only)" in result.stdout
    assert "0 errors, 0 warnings" in result.stdout


def test_every_problem_is_listed(tmp_path: Path) -> None:
    make_example(tmp_path, "good", boggle_sidecar())
    make_example(
        tmp_path, "token", boggle_sidecar(grid=[["A", "B", "C", "x"], *boggle_sidecar()["grid"][1:]])
    )
    make_example(tmp_path, "size", boggle_sidecar(rows=7, cols=7))
    make_example(tmp_path, "ragged", boggle_sidecar(grid=[["A"], *boggle_sidecar()["grid"][1:]]))
    make_example(tmp_path, "outside", boggle_sidecar(corners=[[0, 0], [900, 0], [200, 160], [0, 160]]))
    make_example(tmp_path, "game", boggle_sidecar(game="chess"))
    make_example(tmp_path, "broken", {})
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    write_sidecar(tmp_path / "alone.json", boggle_sidecar())
    result = runner.invoke(app, ["dataset", "check", str(tmp_path), "--json"])
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    found = {(problem["path"], problem["kind"]) for problem in payload["problems"]}
    assert found == {
        ("token.json", "bad-token"),
        ("size.json", "bad-size"),
        ("ragged.json", "grid-shape"),
        ("outside.json", "corners-outside"),
        ("game.json", "wrong-game"),
        ("broken.json", "bad-json"),
        ("alone.json", "missing-image"),
    }
    assert payload["examples"] == 1 and payload["errors"] == 8  # rows and cols of size.json are both wrong


def test_text_output_names_file_and_problem(tmp_path: Path) -> None:
    make_example(
        tmp_path, "token", boggle_sidecar(grid=[["A", "B", "C", "x"], *boggle_sidecar()["grid"][1:]])
    )
    result = runner.invoke(app, ["dataset", "check", str(tmp_path)])
    assert result.exit_code == 1
    assert "token.json: error: bad token 'x' at row 0, col 3" in result.stdout


def test_warnings_do_not_fail(tmp_path: Path) -> None:
    make_example(tmp_path, "edge", boggle_sidecar(corners=[[0, 0], [201, 0], [200, 160], [0, 160]]))
    result = runner.invoke(app, ["dataset", "check", str(tmp_path)])
    assert result.exit_code == 0
    assert "edge.json: warning: corner 1" in result.stdout


def test_missing_folder_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["dataset", "check", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("no such folder")
