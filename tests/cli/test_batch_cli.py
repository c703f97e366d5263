import csv
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from batch_photos import make_photos, press_ctrl_c
from typer.testing import CliRunner

from boardsight.cli.app import app

runner = CliRunner()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("photos")
    make_photos(folder, rendered=1, scrabble=False)
    return folder


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_batch_writes_lines_a_csv_and_a_summary_then_resumes(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    command = ["batch", str(folder), "--out", str(out), "--workers", "1", "--solve", "--csv"]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.stderr
    assert "read 2 photos, 1 failed" in result.stderr and "photos/s on 1 local worker" in result.stderr
    lines = lines_of(out)
    assert sorted(Path(line["photo"]).name for line in lines) == [
        "boggle_tray.jpg",
        "damaged.jpg",
        "rendered_0.jpg",
    ]
    rows = list(csv.DictReader(out.with_suffix(".csv").read_text(encoding="utf-8").splitlines()))
    tray = next(row for row in rows if row["photo"].endswith("boggle_tray.jpg"))
    assert tray["game"] == "boggle" and tray["grid"].count("/") == 4 and int(tray["points"]) > 0
    assert next(row for row in rows if row["photo"].endswith("damaged.jpg"))["error"]

    again = runner.invoke(app, command)
    assert again.exit_code == 0, again.stderr
    assert "resuming: 3 of 3 photos already in" in again.stderr
    assert lines_of(out) == lines

    over = runner.invoke(app, [*command, "--force", "--game", "boggle"])
    assert over.exit_code == 0, over.stderr
    assert "starting over" in over.stderr
    assert len(lines_of(out)) == 3


def test_a_file_that_holds_no_results_is_left_alone(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "notes.jsonl"
    out.write_text("my own notes\n", encoding="utf-8")
    result = runner.invoke(app, ["batch", str(folder), "--out", str(out)])
    assert result.exit_code == 2
    assert "line 1 is not a batch result; pass --force" in result.stderr
    assert out.read_text(encoding="utf-8") == "my own notes\n"


def test_an_existing_csv_is_not_replaced_without_force(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.with_suffix(".csv").write_text("mine\n", encoding="utf-8")
    result = runner.invoke(app, ["batch", str(folder / "damaged.jpg"), "--out", str(out), "--csv"])
    assert result.exit_code == 2
    assert "results.csv exists; pass --force" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "--workers sizes the local pool"),
        (["--transfer", "ftp"], "unknown transfer 'ftp'"),
    ],
)
def test_bad_options_are_one_line(folder: Path, tmp_path: Path, arguments: list[str], message: str) -> None:
    result = runner.invoke(app, ["batch", str(folder), "--out", str(tmp_path / "r.jsonl"), *arguments])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_naming_no_photos_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    for target, message in [
        ("empty", "no photos in"),
        ("missing", "no such file or folder"),
        ("*.png", "no file"),
    ]:
        result = runner.invoke(app, ["batch", str(tmp_path / target), "--out", str(tmp_path / "r.jsonl")])
        assert result.exit_code == 2
        assert message in result.stderr


def test_a_missing_cluster_extra_names_the_install_command(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    command = ["batch", str(folder), "--out", str(tmp_path / "r.jsonl"), "--scheduler", "tcp://127.0.0.1:1"]
    result = runner.invoke(app, command)
    assert result.exit_code == 1
    assert "pip install 'boardsight[cluster]'" in result.stderr


def test_ctrl_c_leaves_a_valid_file_that_the_next_run_completes(tmp_path: Path) -> None:
    folder = tmp_path / "photos"
    truth = make_photos(folder, rendered=1, scrabble=False)
    tray = next(photo for photo in truth if photo.endswith("rendered_0.jpg"))
    for copy in range(40):
        (folder / f"copy_{copy:02d}.jpg").write_bytes(Path(tray).read_bytes())
    out = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "boardsight", "batch", str(folder), "--out", str(out), "--workers", "1"]
    process = subprocess.Popen(
        [*command, "--game", "boggle"], stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while (not out.exists() or not out.read_text(encoding="utf-8")) and time.monotonic() < deadline:
        time.sleep(0.02)
    stderr = press_ctrl_c(process)
    assert process.returncode == 130, stderr
    assert "interrupted: run the same command again" in stderr and "Traceback" not in stderr
    text = out.read_text(encoding="utf-8")
    assert text.endswith("\n")
    done = [json.loads(line) for line in text.splitlines()]
    assert 1 <= len(done) < 43
    finished = subprocess.run([*command, "--game", "boggle"], capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    photos = [line["photo"] for line in lines_of(out)]
    assert sorted(photos) == sorted(str(path) for path in folder.iterdir()) and len(photos) == 43
