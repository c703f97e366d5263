"""Run a boardsight classifier (an ONNX file with its own metadata) on batches of crops."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import onnxruntime

from boardsight.errors import BoardsightError, NotFoundError
from boardsight.models.metadata import ModelMetadata
from boardsight.models.preprocess import prepare_batch
from boardsight.threads import map_threads

DEFAULT_BATCH = 64


class OnnxClassifier:
    """A classifier whose class names, input size and preprocessing come from its own file.

    >>> classifier = OnnxClassifier("boardsight/models/boggle_cubes.onnx")  # doctest: +SKIP
    >>> probabilities = classifier.probabilities(crops)  # (N, len(classifier.class_names))
    """

    def __init__(self, path: str | Path, *, threads: int = 1, batch_size: int = DEFAULT_BATCH) -> None:
        path = Path(path)
        if not path.is_file():
            raise NotFoundError(f"model file {path} not found")
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        try:
            self._session = onnxruntime.InferenceSession(
                str(path), sess_options=options, providers=["CPUExecutionProvider"]
            )
        except Exception as error:  # onnxruntime raises its own untyped errors for bad files
            raise BoardsightError(f"cannot load model {path}: {str(error).splitlines()[0]}") from None
        props = dict(self._session.get_modelmeta().custom_metadata_map)
        self.metadata = ModelMetadata.from_props(props, source=str(path))
        self.path = path
        self.batch_size = batch_size
        self._input = self._session.get_inputs()[0].name

    @property
    def class_names(self) -> list[str]:
        return self.metadata.class_names

    def logits(self, inputs: np.ndarray) -> np.ndarray:
        """Raw scores (N, classes) for an already prepared float32 batch (N, C, H, W)."""
        outputs = [
            self._session.run(None, {self._input: inputs[start : start + self.batch_size]})[0]
            for start in range(0, len(inputs), self.batch_size)
        ]
        if not outputs:
            return np.zeros((0, len(self.class_names)), dtype=np.float32)
        return np.concatenate(outputs)

    def probabilities(self, crops: Sequence[np.ndarray], *, threads: int = 1) -> np.ndarray:
        """Class probabilities (N, classes) for crops of any size (uint8, gray or BGR).

        With ``threads`` > 1 the parts of ``batch_size`` crops that the model runs one at a
        time are prepared and run on up to that many threads at once (one part's preparation
        beside another's run); each part is what one thread makes of it, so the numbers are too.
        """
        if threads > 1 and len(crops) > self.batch_size:
            size = self.batch_size
            parts = [crops[start : start + size] for start in range(0, len(crops), size)]
            return softmax(np.concatenate(map_threads(self._part_logits, parts, threads)))
        return softmax(self._part_logits(crops))

    def _part_logits(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        return self.logits(prepare_batch(crops, self.metadata.input_size, self.metadata.preprocessing))

    def classify(self, crops: Sequence[np.ndarray]) -> list[tuple[str, float]]:
        """The most likely class name and its probability for each crop."""
        probabilities = self.probabilities(crops)
        best = probabilities.argmax(axis=1)
        return [
            (self.class_names[index], float(row[index]))
            for index, row in zip(best, probabilities, strict=True)
        ]


def softmax(logits: np.ndarray) -> np.ndarray:
    """Row-wise softmax of (N, classes) scores."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


@functools.cache
def load_classifier(path: str) -> OnnxClassifier:
    """A classifier loaded once per process and path."""
    return OnnxClassifier(path)
