"""The sheet word recogniser: its crops, the held-out-font guard, training end to end, export, reading."""

from __future__ import annotations

import numpy as np
import pytest

from boardsight.datasets.synth.fonts import FontFace
from boardsight.datasets.synth.handwriting import HAND_FACES
from boardsight.errors import BoardsightError
from boardsight.models.training.sheets import word_crops
from boardsight.models.training.sheets.word_crops import WordCrops, training_faces, written_crops
from boardsight.vision.sheets.word_image import HEIGHT

pytest.importorskip("torch", reason="training needs the train extra (PyTorch)")
pytest.importorskip("onnx", reason="export needs the train extra (onnx)")

HELD_OUT = {face.name for face in HAND_FACES if face.split == "holdout"}


def test_training_crops_never_draw_a_held_out_font() -> None:
    assert HELD_OUT
    assert not {face.name for face in training_faces()} & HELD_OUT
    crops = written_crops(60, seed=3)
    assert len(crops) == 60
    assert not set(crops.fonts) & HELD_OUT


def test_a_held_out_font_among_the_training_hands_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    leaked = (FontFace("Breip", "Breip.ttf", "hand", "holdout"),)
    monkeypatch.setattr(word_crops, "hand_fonts", lambda split: leaked)
    with pytest.raises(BoardsightError, match="held-out"):
        training_faces()


def test_written_crops_are_recogniser_sized_with_their_words_in_capitals() -> None:
    crops = written_crops(20, seed=4)
    for image, word in zip(crops.images, crops.words, strict=True):
        assert image.shape[0] == HEIGHT and image.dtype == np.float32
        assert word.isupper() and word.isalpha()
        assert float(image.max()) > 0.5  # ink is bright, paper near 0
        assert abs(float(np.median(image))) < 0.3


def test_crops_survive_a_save_and_load(tmp_path) -> None:
    crops = written_crops(5, seed=5)
    crops.save(tmp_path / "crops.npz")
    loaded = WordCrops.load(tmp_path / "crops.npz")
    assert loaded.words == crops.words and loaded.fonts == crops.fonts
    for a, b in zip(loaded.images, crops.images, strict=True):
        assert a.shape == b.shape
        assert np.allclose(a, b, atol=0.011)


def test_training_end_to_end_exports_a_model_that_loads_and_reads(tmp_path) -> None:
    from boardsight.models.metadata import ModelMetadata
    from boardsight.models.training.sheets.word_export import export_word_model
    from boardsight.models.training.sheets.word_model import CLASS_NAMES
    from boardsight.models.training.sheets.word_training import WordTrainConfig, train_word_model
    from boardsight.sheets.ctc import COLUMNS
    from boardsight.vision.sheets.own_words import TASK, OwnWords

    train = written_crops(64, seed=6)
    validation = written_crops(8, seed=7)
    config = WordTrainConfig(max_steps=30, batch_size=16, validate_every=15, widths=(8, 8, 16, 16), hidden=16)
    checkpoint = tmp_path / "state.pt"
    trained = train_word_model(train, validation, config, checkpoint=checkpoint, log=lambda line: None)
    assert trained.steps == 30 and checkpoint.is_file()
    assert trained.history[-1]["loss"] < trained.history[0]["loss"] or trained.history[0]["loss"] < 5
    resumed = train_word_model(
        train,
        validation,
        WordTrainConfig(max_steps=35, batch_size=16, validate_every=5, widths=(8, 8, 16, 16), hidden=16),
        checkpoint=checkpoint,
        resume=True,
        log=lambda line: None,
    )
    assert resumed.steps == 35
    metadata = ModelMetadata(
        task=TASK, class_names=CLASS_NAMES, input_size=(HEIGHT, 0), preprocessing={"colour": "gray"}
    )
    path = export_word_model(resumed.network, metadata, tmp_path / "words.onnx")
    reader = OwnWords(path)
    crops = [np.full((40, 120, 3), 245, np.uint8), np.full((30, 50), 240, np.uint8)]
    crops[0][15:25, 10:110] = 30
    tables = reader.tables(crops)
    assert [table.frames for table in tables] == [24, 14]  # 32 rows high: 96 and 53 -> 56 columns, / 4
    for table in tables:
        assert table.log_probs.shape[1] == COLUMNS
        assert np.allclose(np.exp(table.log_probs).sum(axis=1), 1.0)


def test_a_missing_or_foreign_model_is_one_clear_error(tmp_path) -> None:
    from boardsight.errors import BadInputError
    from boardsight.vision.sheets.own_words import OwnWords

    with pytest.raises(BadInputError, match="no such model"):
        OwnWords(tmp_path / "absent.onnx")
