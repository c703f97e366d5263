"""``boardsight dataset synth --game sheets`` then ``boardsight eval --game wordlist`` on the result."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app

pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")

runner = CliRunner()


def test_rendered_sheets_are_evaluated_raw_and_constrained(tmp_path) -> None:
    out = tmp_path / "sheets"
    made = runner.invoke(app, ["dataset", "synth", "--game", "sheets", "--out", str(out), "--count", "1"])
    assert made.exit_code == 0, made.output
    assert len(list(out.glob("*.json"))) == 1
    again = runner.invoke(app, ["dataset", "synth", "--game", "sheets", "--out", str(out), "--count", "1"])
    assert again.exit_code == 2 and "--overwrite" in again.output
    result = runner.invoke(app, ["eval", str(out), "--game", "wordlist", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    metrics = {row["metric"]: row for row in payload["metrics"]}
    assert set(metrics["words right"]) == {"metric", "ppocr constrained", "ppocr raw"}
    assert metrics["false valid verdicts"]["ppocr constrained"] == "0"
    assert payload["sheets"] == 1
    face = json.loads(next(out.glob("*.json")).read_text())["synth"]["font"]
    [hand] = payload["by_hand"]
    assert hand["hand"] == face and hand["sheets"] == "1"
    assert hand["words right"] == metrics["words right"]["ppocr constrained"]


def test_a_folder_without_sheets_is_one_line_exit_2(tmp_path) -> None:
    result = runner.invoke(app, ["eval", str(tmp_path), "--game", "wordlist"])
    assert result.exit_code == 2
    assert "no labelled word-list sheets" in result.output


def test_the_older_recogniser_is_evaluated_beside_the_default(tmp_path) -> None:
    out = tmp_path / "sheets"
    made = runner.invoke(app, ["dataset", "synth", "--game", "sheets", "--out", str(out), "--count", "1"])
    assert made.exit_code == 0, made.output
    both = runner.invoke(
        app, ["eval", str(out), "--game", "wordlist", "--reader", "ppocr", "--reader", "ppocr-v4"]
    )
    assert both.exit_code == 0, both.output
    assert "ppocr-v4 constrained" in both.output and "ppocr constrained:" in both.output
    alone = runner.invoke(app, ["eval", str(out), "--game", "wordlist", "--reader", "ppocr-v4"])
    assert alone.exit_code == 0, alone.output
    assert "ppocr-v4 constrained" in alone.output
    assert "ppocr constrained:" not in alone.output  # the default engine's changes, which it did not read
