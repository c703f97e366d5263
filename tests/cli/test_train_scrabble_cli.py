"""``boardsight train scrabble`` refuses impossible options before any work starts."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--real-held-out", "1"], "--real-held-out must be at least 0 and below 1"),
        (["--real-held-out", "-0.5"], "--real-held-out must be at least 0 and below 1"),
        (["--real-fold", "2"], "--real-fold 2: no such part"),
        (["--real-fold", "-1"], "--real-fold -1: no such part"),
    ],
)
def test_bad_split_options(options: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "model.onnx"
    result = runner.invoke(app, ["train", "scrabble", "--out", str(out), *options])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_missing_real_folder(tmp_path: Path) -> None:
    result = runner.invoke(app, ["train", "scrabble", "--real", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "no such folder" in result.stderr
