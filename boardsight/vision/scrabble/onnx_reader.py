"""The Scrabble reader ``onnx``: the bundled square CNN, run with onnxruntime.

The model (``boardsight/models/scrabble_tiles.onnx``) says in its own metadata which
classes it knows, its input size, and how its squares were cut; set
``BOARDSIGHT_SCRABBLE_MODEL`` to read with another model file.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Collection
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.lexicon import Lexicon
from boardsight.models.onnx_classifier import OnnxClassifier, load_classifier
from boardsight.vision.reading import BoardReading, register_reader
from boardsight.vision.scrabble.board_finder import BoardLocation
from boardsight.vision.scrabble.board_reading import ReaderModel, read_board

MODEL_PATH = Path(__file__).resolve().parents[2] / "models" / "scrabble_tiles.onnx"
MODEL_ENV = "BOARDSIGHT_SCRABBLE_MODEL"


def square_classifier(model: str | Path | None = None) -> OnnxClassifier:
    """The square classifier: ``model``, else ``$BOARDSIGHT_SCRABBLE_MODEL``, else the bundled one."""
    return load_classifier(str(model or os.environ.get(MODEL_ENV) or MODEL_PATH))


def reader_model(model: str | Path | None = None, *, threads: int = 1) -> ReaderModel:
    """The reader's model, classifying batches of crops on up to ``threads`` threads."""
    classifier = square_classifier(model)
    return ReaderModel(
        classify=functools.partial(classifier.probabilities, threads=threads),
        class_names=classifier.class_names,
        cell_px=classifier.metadata.input_size[0],
        margin=float(classifier.metadata.preprocessing.get("cell_margin", 0.0)),
    )


@register_reader("scrabble", "onnx")
def read_with_cnn(
    image: np.ndarray,
    *,
    source: str = "the photo",
    tiles: str = "auto",
    lexicon: str | Lexicon | None = "auto",
    model: str | Path | None = None,
    corners: np.ndarray | None = None,
    checks: Collection[str] | None = None,
    found: BoardLocation | None = None,
    threads: int = 1,
    **_: Any,
) -> BoardReading:
    """Read a Scrabble board in a BGR image with the square CNN (cut at ``corners`` when given).

    ``found``: the board as the board finder already found it in this image. ``threads``:
    how many threads the reading may use (:mod:`boardsight.threads`; the same reading).
    """
    return read_board(
        image,
        reader_model(model, threads=threads),
        reader="onnx",
        tiles=tiles,
        lexicon=lexicon,
        source=source,
        corners=corners,
        checks=checks,
        found=found,
        threads=threads,
    )
