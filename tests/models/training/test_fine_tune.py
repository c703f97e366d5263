"""Fine-tuning a bundled model on a user's labelled photos, end to end on tiny rendered sets."""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app
from boardsight.datasets.metrics import score_board
from boardsight.datasets.synth import SynthSpec, generate
from boardsight.models.named_models import MODELS_DIR_ENV
from boardsight.models.onnx_classifier import OnnxClassifier
from boardsight.models.training.fine_tune import network_from_onnx
from boardsight.models.training.trainer import predict_logits
from boardsight.vision.boggle.onnx_reader import MODEL_PATH as BOGGLE_MODEL
from boardsight.vision.scrabble.onnx_reader import MODEL_PATH as SCRABBLE_MODEL

runner = CliRunner()
BUNDLED = {"scrabble": SCRABBLE_MODEL, "boggle": BOGGLE_MODEL}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("game", ["scrabble", "boggle"])
def test_the_torch_network_rebuilt_from_the_onnx_file_computes_the_same(game: str) -> None:
    network, metadata = network_from_onnx(BUNDLED[game])
    classifier = OnnxClassifier(BUNDLED[game])
    height, width = metadata.input_size
    shape = (8, height, width, 3) if metadata.channels == 3 else (8, height, width)
    crops = np.random.default_rng(0).integers(0, 256, shape, dtype=np.uint8)
    logits = predict_logits(network, crops, metadata.preprocessing["normalise"])
    exp = np.exp(logits - logits.max(axis=1, keepdims=True))
    np.testing.assert_allclose(
        exp / exp.sum(axis=1, keepdims=True), classifier.probabilities(list(crops)), atol=1e-4
    )


@pytest.fixture
def models_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "models"
    monkeypatch.setenv(MODELS_DIR_ENV, str(folder))
    return folder


@pytest.mark.parametrize(("game", "width"), [("scrabble", (900, 900)), ("boggle", (700, 700))])
def test_fine_tune_stores_a_named_model_that_read_uses(
    game: str, width: tuple[int, int], tmp_path: Path, models_dir: Path
) -> None:
    photos = tmp_path / "my_boards"
    [photo] = generate(SynthSpec(game, width=width), photos, count=1, seed=5)
    before = digest(BUNDLED[game])
    options = ["--name", "club", "--epochs", "1", "--rehearsal", "40"]
    result = runner.invoke(app, ["train", game, "--from-bundled", "--real", str(photos), *options])
    assert result.exit_code == 0, result.stderr
    stored = models_dir / game / "club.onnx"
    assert stored.is_file() and f"model 'club' for {game}" in result.stdout
    assert digest(BUNDLED[game]) == before  # the bundled model is never written to
    extras = OnnxClassifier(stored).metadata.extras
    assert extras["fine_tuned_from"] == BUNDLED[game].name
    assert extras["fine_tune_rehearsal_crops"] >= 40 and "rendered squares to rehearse" in result.stderr

    read = runner.invoke(
        app, ["read", str(photo), "--game", game, "--model", "club", "--json", "--no-checks"]
    )
    assert read.exit_code == 0, read.stderr
    label = json.loads(photo.with_suffix(".json").read_text())
    score = score_board(label["grid"], None, json.loads(read.stdout)["grid"], None)
    assert score.cells_right >= 0.9 * score.cells

    again = runner.invoke(app, ["train", game, "--from-bundled", "--real", str(photos), "--name", "club"])
    assert again.exit_code == 2 and "pass --force to replace it" in again.stderr


def test_fine_tune_needs_photos_and_a_good_name(tmp_path: Path, models_dir: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    cases = [
        (["--real", str(empty), "--name", "club"], "no labelled scrabble photos"),
        (["--real", str(empty), "--name", "../up"], "bad model name"),
        (["--name", "club"], "--from-bundled needs --real FOLDER"),
        (["--real", str(empty), "--name", "club", "--rehearsal", "-1"], "--rehearsal must be 0 or more"),
    ]
    for options, message in cases:
        result = runner.invoke(app, ["train", "scrabble", "--from-bundled", *options])
        assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert not models_dir.exists() or not any(models_dir.rglob("*.onnx"))


def test_read_with_an_unknown_model_name_is_one_line(tmp_path: Path, models_dir: Path) -> None:
    photo = tmp_path / "x.png"
    photo.write_bytes(b"not read")
    result = runner.invoke(app, ["read", str(photo), "--game", "scrabble", "--model", "nosuch"])
    assert result.exit_code == 2
    assert "no scrabble model named 'nosuch'" in result.stderr
