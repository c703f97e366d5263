import json
from pathlib import Path

import pytest
from batch_photos import make_labelled_set
from labelled_sets import boggle_sidecar, install_fake_readers, make_example, scrabble_sidecar
from typer.testing import CliRunner

from boardsight.cli.app import app

runner = CliRunner()


@pytest.fixture
def photos(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    install_fake_readers(monkeypatch)
    folder = tmp_path / "photos"
    make_example(folder, "tray_1", boggle_sidecar())
    make_example(folder, "tray_dark", boggle_sidecar())
    make_example(folder, "board", scrabble_sidecar())
    return folder


def test_table_with_readers_side_by_side(photos: Path) -> None:
    result = runner.invoke(app, ["eval", str(photos), "-r", "perfect", "-r", "sloppy", "-r", "blind"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("3 photos (2 boggle, 1 scrabble)")
    header = next(line for line in lines if line.startswith("metric"))
    assert header.split() == ["metric", "perfect", "sloppy", "blind"]
    cells = next(line for line in lines if line.startswith("cell accuracy"))
    assert cells.split() == ["cell", "accuracy", "100.0%", "(32/32)", "93.8%", "(30/32)", "50.0%", "(16/32)"]
    assert any(line.startswith("board accuracy up to symmetry") for line in lines)
    assert "most frequent mistakes (boggle, sloppy)" in result.stdout
    assert (
        "not read at all (boggle, blind)\n  tray_dark.png: no boggle board found in tray_dark.png"
        in result.stdout
    )


def test_json_and_game_filter(photos: Path) -> None:
    result = runner.invoke(app, ["eval", str(photos), "--reader", "sloppy", "--game", "scrabble", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["left_out"] == {"other_games": 2, "limit": 0}
    (only,) = payload["results"]
    assert (only["game"], only["reader"], only["metrics"]["photos"]) == ("scrabble", "sloppy", 1)
    assert set(only["timings_ms"]) == {"decode", "find", "read", "total"}


def test_limit(photos: Path) -> None:
    result = runner.invoke(app, ["eval", str(photos), "--reader", "perfect", "--limit", "1", "--json"])
    assert json.loads(result.stdout)["photos"] == 1


def test_report_and_mistakes(photos: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.md"
    mistakes = tmp_path / "mistakes"
    args = [
        "eval",
        str(photos),
        "-r",
        "sloppy",
        "-r",
        "blind",
        "--report",
        str(report),
        "--mistakes",
        str(mistakes),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert report.read_text(encoding="utf-8").startswith("# boardsight eval")
    cells = sorted(path.name for path in (mistakes / "sloppy" / "cells").iterdir())
    assert cells == [
        "board_r00c00_true-empty_read-X.png",
        "tray_1_r00c00_true-A_read-X.png",
        "tray_dark_r00c00_true-A_read-X.png",
    ]
    assert sorted(path.name for path in (mistakes / "blind" / "boards").iterdir()) == ["tray_dark.jpg"]
    assert not (mistakes / "blind" / "cells").exists()
    assert "wrote 3 cell crops and 4 board overlays" in result.stderr
    # Never over a user's files without --force.
    again = runner.invoke(app, args)
    assert again.exit_code == 2 and "exists; pass --force" in again.stderr
    report.unlink()
    again = runner.invoke(app, args)
    assert again.exit_code == 2 and "is not empty" in again.stderr
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0


def test_bad_input_is_one_line(photos: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["eval", str(photos), "--reader", "onnx"])
    assert result.exit_code == 2 and "no 'onnx' reader for boggle" in result.stderr
    result = runner.invoke(app, ["eval", str(photos), "--game", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.stderr
    result = runner.invoke(app, ["eval", str(photos), "--limit", "0"])
    assert result.exit_code == 2 and "--limit must be at least 1" in result.stderr
    result = runner.invoke(app, ["eval", str(tmp_path / "empty_dir_missing")])
    assert result.exit_code == 2 and "no such folder" in result.stderr
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, ["eval", str(tmp_path / "empty"), "--reader", "perfect"])
    assert result.exit_code == 2 and "no labelled photos" in result.stderr
    make_example(photos, "broken", boggle_sidecar(rows=9))
    result = runner.invoke(app, ["eval", str(photos), "--reader", "perfect"])
    assert result.exit_code == 2 and "broken.json: rows is 9" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_two_local_workers_evaluate_as_one_process(tmp_path: Path) -> None:
    folder = make_labelled_set(tmp_path / "set")
    here = runner.invoke(app, ["eval", str(folder), "--json"])
    assert here.exit_code == 0, here.stderr
    pooled = runner.invoke(app, ["eval", str(folder), "--json", "--workers", "2"])
    assert pooled.exit_code == 0, pooled.stderr
    one, two = json.loads(here.stdout), json.loads(pooled.stdout)
    for payload in (one, two):
        for result in payload["results"]:
            result.pop("timings_ms")
            for photo in result["photos"]:
                photo.pop("timings_ms")
    assert one == two and one["photos"] == 3
