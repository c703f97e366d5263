import json

import numpy as np
import pytest
from toy_data import TOY_MODEL, bars, toy_metadata

from boardsight.errors import BoardsightError, NotFoundError
from boardsight.models.metadata import ModelMetadata, ModelMetadataError
from boardsight.models.onnx_classifier import OnnxClassifier, softmax
from boardsight.models.preprocess import normalise, prepare_batch
from boardsight.models.training.cell_set import CellSet


def test_metadata_round_trip_and_errors() -> None:
    metadata = toy_metadata()
    metadata.class_names = ["A", "QU", "#"]
    props = metadata.to_props()
    assert json.loads(props["class_names"]) == ["A", "QU", "#"]
    again = ModelMetadata.from_props(props)
    assert again == metadata and again.channels == 1
    with pytest.raises(ModelMetadataError, match="not a boardsight classifier"):
        ModelMetadata.from_props({})
    with pytest.raises(ModelMetadataError, match="malformed"):
        ModelMetadata.from_props(dict(props, input_size="[16]"))
    with pytest.raises(ModelMetadataError, match="repeated"):
        ModelMetadata.from_props(dict(props, class_names='["A", "A"]'))


def test_prepare_batch_shapes_and_normalisation() -> None:
    rng = np.random.default_rng(0)
    crops = [rng.integers(0, 256, (30, 28, 3), dtype=np.uint8) for _ in range(3)]
    batch = prepare_batch(crops, (16, 16), {"colour": "gray", "normalise": "per_image"})
    assert batch.shape == (3, 1, 16, 16) and batch.dtype == np.float32
    np.testing.assert_allclose(batch.mean(axis=(1, 2, 3)), 0, atol=1e-4)
    colour = prepare_batch(crops, (8, 12), {"colour": "bgr", "normalise": "unit"})
    assert colour.shape == (3, 3, 8, 12) and colour.max() <= 1.0
    assert prepare_batch([], (16, 16), {"colour": "bgr"}).shape == (0, 3, 16, 16)
    flat = normalise(np.full((1, 1, 4, 4), 100, dtype=np.uint8), "per_image")
    assert np.all(flat == 0)  # a flat crop stays flat instead of blowing up noise
    with pytest.raises(ValueError, match="unknown normalisation"):
        normalise(flat, "nope")


def test_classifier_reads_its_own_metadata_and_classifies() -> None:
    classifier = OnnxClassifier(TOY_MODEL)
    assert classifier.class_names == ["h", "v"]
    assert classifier.metadata.input_size == (16, 16)
    assert classifier.metadata.preprocessing["cell_margin"] == 0.1
    cells = bars(100, 5)
    # Crops of another size are resized by the classifier, as photos' cells will be.
    crops = [np.kron(image, np.ones((3, 3), dtype=np.uint8)) for image in cells.images]
    classifier.batch_size = 32  # several batches
    probabilities = classifier.probabilities(crops)
    assert probabilities.shape == (100, 2)
    np.testing.assert_allclose(probabilities.sum(axis=1), 1, atol=1e-5)
    names = [name for name, _ in classifier.classify(crops)]
    assert np.mean(np.array(names) == np.array(["h", "v"])[cells.labels]) > 0.97
    assert classifier.probabilities([]).shape == (0, 2)
    # on threads, each batch of 32 is run as on one thread: the very same numbers
    assert np.array_equal(classifier.probabilities(crops, threads=3), probabilities)
    assert classifier.probabilities([], threads=2).shape == (0, 2)


def test_softmax_is_stable() -> None:
    out = softmax(np.array([[1000.0, 0.0], [0.0, 0.0]]))
    np.testing.assert_allclose(out, [[1.0, 0.0], [0.5, 0.5]])


def test_classifier_file_errors(tmp_path) -> None:
    with pytest.raises(NotFoundError):
        OnnxClassifier(tmp_path / "missing.onnx")
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(b"not a model")
    with pytest.raises(BoardsightError, match="cannot load model"):
        OnnxClassifier(bad)


def test_cell_set_save_load_and_split(tmp_path) -> None:
    cells = bars(10, 3)
    cells.groups[:4] = "held"
    cells.save(tmp_path / "cells.npz")
    again = CellSet.load(tmp_path / "cells.npz")
    np.testing.assert_array_equal(again.images, cells.images)
    kept, held = again.split_by_group({"held"})
    assert (len(kept), len(held)) == (6, 4)
    assert sum(CellSet.concatenate([kept, held]).class_counts().values()) == 10
