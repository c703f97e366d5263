"""Drawn tile crops as a training set, and the square model trained on them end to end."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from boardsight.models.training.scrabble.crop_data import CropSpec, crop_cell_set, crop_chunk
from boardsight.models.training.scrabble.tile_data import CLASS_NAMES, INPUT_SIZE


def test_crops_come_at_the_model_input_size_with_every_kind_of_class() -> None:
    pixels, labels, group = crop_chunk(3, 0, 300)
    assert pixels.shape == (300, *INPUT_SIZE, 3) and pixels.dtype == np.uint8
    assert labels.shape == (300,) and group == "tile-crops"
    names = {CLASS_NAMES[label] for label in labels}
    assert {".", "?", "turned"} <= names
    assert len(names - {".", "?", "turned"}) > 20  # letters drawn evenly
    empty_share = float(np.mean(labels == CLASS_NAMES.index(".")))
    assert 0.12 < empty_share < 0.32


def test_a_crop_set_does_not_depend_on_how_it_was_split_into_tasks() -> None:
    whole = crop_cell_set(CropSpec(40, seed=4))
    first, first_labels, _ = crop_chunk(4, 0, 25)
    rest, rest_labels, _ = crop_chunk(4, 25, 15)
    assert np.array_equal(whole.images, np.concatenate([first, rest]))
    assert np.array_equal(whole.labels, np.concatenate([first_labels, rest_labels]))


def test_training_on_drawn_crops_alone_gives_a_model_that_loads_and_reads(tmp_path: Path) -> None:
    from boardsight.models.onnx_classifier import load_classifier
    from boardsight.models.training.scrabble.tile_training import TileTrainingPlan, train_tile_model

    plan = TileTrainingPlan(
        train_boards=0, validation_boards=0, epochs=1, jobs=1, threads=1, crops=300, widths=(8, 8, 16, 16)
    )
    report = train_tile_model(plan, out=tmp_path / "tiles.onnx", log=lambda _line: None)
    classifier = load_classifier(str(report.path))
    assert classifier.class_names == CLASS_NAMES
    assert "drawn one by one" in classifier.metadata.data
    pixels, _labels, _group = crop_chunk(9, 0, 5)
    probabilities = classifier.probabilities(list(pixels))
    assert probabilities.shape == (5, len(CLASS_NAMES))
    assert np.allclose(probabilities.sum(axis=1), 1, atol=1e-4)
