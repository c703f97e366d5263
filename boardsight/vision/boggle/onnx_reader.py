"""The Boggle reader ``onnx``: the bundled cube-face CNN, run with onnxruntime.

The model (``boardsight/models/boggle_cubes.onnx``) says in its own metadata which
classes it knows, its input size, and how its cells were cut; set
``BOARDSIGHT_BOGGLE_MODEL`` to read with another model file.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.models.onnx_classifier import OnnxClassifier, load_classifier
from boardsight.vision.boggle.tray_finder import TrayLocation
from boardsight.vision.boggle.tray_reading import read_tray
from boardsight.vision.reading import BoardReading, register_reader

MODEL_PATH = Path(__file__).resolve().parents[2] / "models" / "boggle_cubes.onnx"
MODEL_ENV = "BOARDSIGHT_BOGGLE_MODEL"
SECOND_LOOK_BELOW = 0.99  # cells read with less confidence are read again in their other three turns


def cube_classifier(model: str | Path | None = None) -> OnnxClassifier:
    """The cube-face classifier: ``model``, else ``$BOARDSIGHT_BOGGLE_MODEL``, else the bundled one."""
    return load_classifier(str(model or os.environ.get(MODEL_ENV) or MODEL_PATH))


class CnnCells:
    """The classifier as a :class:`~boardsight.vision.boggle.tray_reading.CellReader`."""

    def __init__(self, classifier: OnnxClassifier) -> None:
        self.classifier = classifier
        self.class_names = classifier.class_names
        self.margin = float(classifier.metadata.preprocessing.get("cell_margin", 0.0))
        self.cell_px = classifier.metadata.input_size[0]

    def probabilities(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """Class probabilities per crop; doubtful crops are also read turned by 90, 180 and 270
        degrees (a cube's token does not change with its turn) and the four readings averaged."""
        probabilities = self.classifier.probabilities(crops)
        doubtful = np.flatnonzero(probabilities.max(axis=1) < SECOND_LOOK_BELOW)
        if len(doubtful):
            turned = [np.rot90(crops[index], turns) for index in doubtful for turns in (1, 2, 3)]
            extra = self.classifier.probabilities(turned).reshape(len(doubtful), 3, -1)
            probabilities[doubtful] = (probabilities[doubtful] + extra.sum(axis=1)) / 4
        return probabilities


@register_reader("boggle", "onnx")
def read_with_cnn(
    image: np.ndarray,
    *,
    source: str = "the photo",
    size: int | str | None = "auto",
    dice: str = "auto",
    model: str | Path | None = None,
    corners: np.ndarray | None = None,
    found: TrayLocation | None = None,
    **_: Any,
) -> BoardReading:
    """Read a Boggle tray in a BGR image with the cube-face CNN (cut at ``corners`` when given).

    ``found``: the tray as the tray finder already found it in this image.
    """
    return read_tray(
        image,
        lambda: CnnCells(cube_classifier(model)),
        reader="onnx",
        source=source,
        size=size,
        dice=dice,
        corners=corners,
        found=found,
    )
