"""``boardsight dataset synth`` writes a set, reproducibly, and never overwrites unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app
from boardsight.datasets.synth import fonts

RUNNER = CliRunner()
ARGS = [
    "dataset",
    "synth",
    "--game",
    "boggle",
    "--size",
    "4",
    "--count",
    "2",
    "--width",
    "320",
    "--jobs",
    "1",
]


def test_synth_writes_images_and_sidecars(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, [*ARGS, "--seed", "3", "--out", str(tmp_path / "a")])
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == ["boggle_000000.jpg", "boggle_000000.json", "boggle_000001.jpg", "boggle_000001.json"]
    again = RUNNER.invoke(app, [*ARGS, "--seed", "3", "--out", str(tmp_path / "b")])
    assert again.exit_code == 0
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_synth_refuses_to_overwrite(tmp_path: Path) -> None:
    assert RUNNER.invoke(app, [*ARGS, "--out", str(tmp_path)]).exit_code == 0
    result = RUNNER.invoke(app, [*ARGS, "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "exists; pass --force" in result.stderr
    assert RUNNER.invoke(app, [*ARGS, "--out", str(tmp_path), "--force"]).exit_code == 0
    assert RUNNER.invoke(app, [*ARGS, "--out", str(tmp_path), "--overwrite"]).exit_code == 0  # the old name


def test_synth_rejects_bad_options(tmp_path: Path) -> None:
    for bad in (["--size", "7"], ["--width", "wide"], ["--fonts", "some"], ["--game", "chess"]):
        result = RUNNER.invoke(app, [*ARGS, "--out", str(tmp_path), *bad])
        assert result.exit_code == 2, bad
        assert result.stderr.startswith("boardsight: error:")


def test_sheets_in_a_split_not_installed_are_rendered_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fonts, "_installed_files", lambda: {})
    sheets = ["dataset", "synth", "--game", "sheets", "--count", "1", "--width", "400"]
    sheets += ["--out", str(tmp_path)]
    result = RUNNER.invoke(app, [*sheets, "--fonts", "holdout"])
    assert result.exit_code == 0, result.stderr
    assert "warning: none of the holdout fonts is installed" in result.stderr
    bad = RUNNER.invoke(app, [*sheets, "--fonts", "some", "--force"])
    assert bad.exit_code == 2 and bad.stderr.startswith("boardsight: error: unknown font split")


def test_two_workers_write_the_same_set_as_one(tmp_path: Path) -> None:
    one = RUNNER.invoke(app, [*ARGS, "--seed", "4", "--out", str(tmp_path / "one")])
    assert one.exit_code == 0, one.stderr
    two = RUNNER.invoke(app, [*ARGS[:-2], "--workers", "2", "--seed", "4", "--out", str(tmp_path / "two")])
    assert two.exit_code == 0, two.stderr
    assert "2 jobs" in two.stdout
    names = sorted(path.name for path in (tmp_path / "one").iterdir())
    assert names == sorted(path.name for path in (tmp_path / "two").iterdir()) and len(names) == 4
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
