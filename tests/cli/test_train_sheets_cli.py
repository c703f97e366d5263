"""``boardsight train sheets``: bad options refused before any work, and a tiny run end to end."""

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--minutes", "0"], "--minutes must be above 0"),
        (["--steps", "0"], "--steps at least 1"),
        (["--sheets", "0", "--written", "0"], "not all 0"),
        (["--written", "-3"], "must be at least 0"),
        (["--resume"], "--resume needs --checkpoint"),
    ],
)
def test_bad_options_are_one_line(options: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "words.onnx"
    result = runner.invoke(app, ["train", "sheets", "--out", str(out), *options])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_a_tiny_run_renders_trains_and_exports_a_model_that_reads(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="training needs the train extra (PyTorch)")
    pytest.importorskip("rapidocr_onnxruntime", reason="sheet crops are cut by the PP-OCR detector")
    from boardsight.vision.sheets.own_words import OwnWords

    out, cache = tmp_path / "words.onnx", tmp_path / "cache"
    options = ["--sheets", "1", "--written", "40", "--validation-sheets", "1", "--steps", "4"]
    result = runner.invoke(app, ["train", "sheets", "--out", str(out), "--cache", str(cache), *options])
    assert result.exit_code == 0, result.stderr
    assert f"{out}: validation accuracy" in result.stdout
    assert sorted(path.name for path in cache.iterdir()) == [
        "crops_seed11_start0_n1.npz",
        "crops_seed12_start0_n1.npz",
    ]
    from boardsight.models.training.sheets.word_crops import WordCrops

    sheet = WordCrops.load(cache / "crops_seed11_start0_n1.npz")
    assert len(sheet) >= 8  # a rendered sheet holds 12 to 40 words; most are found and matched
    assert all(word.isalpha() and word.isupper() for word in sheet.words)
    reader = OwnWords(out)
    assert "training hands only" in reader.metadata.data
    assert reader.metadata.extras["steps"] == 4
    (table,) = reader.tables([np.full((30, 90, 3), 250, np.uint8)])
    assert table.frames == 24
