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


@pytest.mark.parametrize("game", ["boggle", "scrabble", "sheets"])
def test_an_existing_out_file_is_never_replaced_without_force(game: str, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = runner.invoke(app, ["train", game, "--out", str(notes)])
    assert result.exit_code == 2
    assert f"{notes} exists; pass --force to replace it" in result.stderr
    assert notes.read_text() == "my notes\n"


@pytest.mark.parametrize("game", ["boggle", "scrabble"])
def test_the_default_destination_is_the_current_folder_not_the_bundled_model(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardsight.cli.train_common import model_destination

    monkeypatch.chdir(tmp_path)
    name = {"boggle": "boggle_cubes.onnx", "scrabble": "scrabble_tiles.onnx"}[game]
    assert model_destination(None, name, force=False) == Path(name)
    (tmp_path / name).write_bytes(b"an earlier model")
    result = runner.invoke(app, ["train", game])
    assert result.exit_code == 2 and f"{name} exists; pass --force" in result.stderr
