"""The Boggle reader ``onnx``: the bundled cube-face CNN, run with onnxruntime.

The model (``boardsight/models/boggle_cubes.onnx``) says in its own metadata which
classes it knows, its input size, and how its cells were cut; set
``BOARDSIGHT_BOGGLE_MODEL`` to read with another model file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.models.onnx_classifier import OnnxClassifier, load_classifier
from boardsight.vision.boggle.tray_reading import read_tray
from boardsight.vision.reading import BoardReading, register_reader

MODEL_PATH = Path(__file__).resolve().parents[2] / "models" / "boggle_cubes.onnx"
MODEL_ENV = "BOARDSIGHT_BOGGLE_MODEL"


def cube_classifier(model: str | Path | None = None) -> OnnxClassifier:
    """The cube-face classifier: ``model``, else ``$BOARDSIGHT_BOGGLE_MODEL``, else the bundled one."""
    return load_classifier(str(model or os.environ.get(MODEL_ENV) or MODEL_PATH))


@register_reader("boggle", "onnx")
def read_with_cnn(
    image: np.ndarray,
    *,
    source: str = "the photo",
    size: int | str | None = "auto",
    dice: str = "auto",
    model: str | Path | None = None,
    **_: Any,
) -> BoardReading:
    """Read a Boggle tray in a BGR image with the cube-face CNN."""
    classifier = cube_classifier(model)
    height, _width = classifier.metadata.input_size
    return read_tray(
        image,
        classifier.probabilities,
        classifier.class_names,
        reader="onnx",
        margin=float(classifier.metadata.preprocessing.get("cell_margin", 0.0)),
        cell_px=height,
        source=source,
        size=size,
        dice=dice,
    )
