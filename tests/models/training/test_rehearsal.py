"""Rendered squares rehearsed during fine-tuning: in the model's classes and size, and in each batch."""

import dataclasses

import numpy as np
import pytest

from boardsight.errors import BadInputError
from boardsight.models.onnx_classifier import OnnxClassifier
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.fine_tune import FineTuneConfig, fine_tune_network, network_from_onnx
from boardsight.models.training.rehearsal import rehearsal_cells
from boardsight.vision.boggle.onnx_reader import MODEL_PATH as BOGGLE_MODEL
from boardsight.vision.scrabble.onnx_reader import MODEL_PATH as SCRABBLE_MODEL


@pytest.mark.parametrize(("game", "model"), [("scrabble", SCRABBLE_MODEL), ("boggle", BOGGLE_MODEL)])
def test_rehearsal_crops_are_in_the_models_classes_and_input_size(game: str, model) -> None:
    metadata = OnnxClassifier(model).metadata
    cells = rehearsal_cells(game, metadata, 30, seed=3)
    assert len(cells) >= 30 and cells.class_names == metadata.class_names
    assert cells.images.shape[1:3] == tuple(metadata.input_size)
    assert len(set(cells.labels.tolist())) > 5  # many classes, not the few a user's boards hold
    again = rehearsal_cells(game, metadata, 30, seed=3)
    np.testing.assert_array_equal(cells.images, again.images)


def test_a_model_of_another_recipe_is_refused_in_one_line() -> None:
    metadata = OnnxClassifier(SCRABBLE_MODEL).metadata
    other = dataclasses.replace(metadata, input_size=(48, 48))
    with pytest.raises(BadInputError, match="--rehearsal 0"):
        rehearsal_cells("scrabble", other, 10)
    with pytest.raises(BadInputError, match="unknown game"):
        rehearsal_cells("chess", metadata, 10)


def test_each_batch_takes_its_share_from_the_rehearsal_crops() -> None:
    network, metadata = network_from_onnx(SCRABBLE_MODEL)
    names = metadata.class_names
    own = CellSet(
        np.zeros((8, 32, 32, 3), np.uint8),
        np.full(8, names.index("."), np.int64),
        names,
        np.array(["own"] * 8),
    )
    rehearsal = rehearsal_cells("scrabble", metadata, 40)
    seen: list[int] = []
    forward = network.forward

    def counting(batch):
        seen.append(len(batch))
        return forward(batch)

    network.forward = counting
    config = FineTuneConfig(epochs=1, batch_size=8, copies=2, threads=1, rehearsal_share=0.5)
    fine_tune_network(network, own, "per_image", config, lambda _: None, rehearsal)
    assert seen == [8, 8, 8, 8]  # 8 own crops x 2 copies / 4 own crops a batch: 4 steps of 4 + 4
