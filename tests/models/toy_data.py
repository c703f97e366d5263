"""A toy task shared by the model tests: crops with a horizontal ('h') or vertical ('v') bar."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from boardsight.models.metadata import ModelMetadata
from boardsight.models.training.cell_set import CellSet

TOY_MODEL = Path(__file__).parent / "data" / "toy_bars.onnx"


def toy_metadata() -> ModelMetadata:
    return ModelMetadata(
        task="toy-bars",
        class_names=["h", "v"],
        input_size=(16, 16),
        preprocessing={"colour": "gray", "normalise": "per_image", "cell_margin": 0.1},
        training_command="python tests/models/training/make_toy_model.py",
        data="random bars, tests/models/toy_data.py",
        validation_accuracy=1.0,
    )


def bars(count: int, seed: int) -> CellSet:
    rng = np.random.default_rng(seed)
    images = np.full((count, 16, 16), 220, dtype=np.uint8)
    labels = rng.integers(0, 2, count)
    for image, label in zip(images, labels, strict=True):
        start = rng.integers(3, 10)
        if label == 0:
            image[start : start + 3, 2:14] = 30
        else:
            image[2:14, start : start + 3] = 30
    return CellSet(images, labels, ["h", "v"], np.array(["bars"] * count))
