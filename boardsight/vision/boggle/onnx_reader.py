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

import cv2
import numpy as np

from boardsight.models.onnx_classifier import OnnxClassifier, load_classifier
from boardsight.vision.boggle import second_look
from boardsight.vision.boggle.tray_finder import TrayLocation
from boardsight.vision.boggle.tray_reading import read_tray
from boardsight.vision.reading import BoardReading, Larger, register_reader

MODEL_PATH = Path(__file__).resolve().parents[2] / "models" / "boggle_cubes.onnx"
MODEL_ENV = "BOARDSIGHT_BOGGLE_MODEL"
SOURCE_SHARE = 0.75  # cells are cut from a decode where they have this share of the input size


def cube_classifier(model: str | Path | None = None) -> OnnxClassifier:
    """The cube-face classifier: ``model``, else ``$BOARDSIGHT_BOGGLE_MODEL``, else the bundled one."""
    return load_classifier(str(model or os.environ.get(MODEL_ENV) or MODEL_PATH))


class CnnCells:
    """The classifier as a :class:`~boardsight.vision.boggle.tray_reading.CellReader`.

    Cells are cut :data:`~boardsight.vision.boggle.second_look.CONTEXT` of a cell wider
    than the model's own margin, so that doubtful cells can be looked at again a little
    off-centre (:mod:`boardsight.vision.boggle.second_look`); the first look reads the
    middle, which is the crop the model was trained on.

    Cells are cut from a decode where they have :data:`SOURCE_SHARE` of the model's input
    (30 px for its 40), enlarged from there, rather than from a larger decode: of the 19
    evaluation trays whose cells fall at 30-40 px in the first decode (12 MP ones decoded
    at a quarter, 1600 px ones at a half), none was read otherwise, and neither at 24 px.
    """

    def __init__(self, classifier: OnnxClassifier) -> None:
        self.classifier = classifier
        self.class_names = classifier.class_names
        self.cell_px = classifier.metadata.input_size[0]
        self.source_px = round(SOURCE_SHARE * self.cell_px)
        self.model_margin = float(classifier.metadata.preprocessing.get("cell_margin", 0.0))
        self.context_px = round(second_look.CONTEXT * self.cell_px)
        self.margin = self.model_margin + self.context_px / self.cell_px
        self.shift_px = round(second_look.SHIFT * self.cell_px)
        self.gray = classifier.metadata.preprocessing.get("colour", "gray") == "gray"

    def probabilities(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """Class probabilities per context crop, with a second look at doubtful cells.

        For a model of gray crops each cell is made gray once, before its several looks (the
        conversion is per pixel, so a turned or moved window of it is what it was in colour).
        """
        if self.gray:
            crops = [cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop for crop in crops]
        return second_look.read_cells(
            crops, self.classifier.probabilities, context_px=self.context_px, shift_px=self.shift_px
        )


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
    larger: Larger | None = None,
    **_: Any,
) -> BoardReading:
    """Read a Boggle tray in a BGR image with the cube-face CNN (cut at ``corners`` when given).

    ``found``: the tray as the tray finder already found it in this image; ``larger``: how
    to ask for the photo with more pixels, for small cells.
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
        larger=larger,
    )
