"""The sheet word recogniser of boardsight's own (``boardsight/models/sheet_words.onnx``) on onnxruntime.

A CRNN trained by CTC on word crops cut from sheets rendered in the training hands
(``boardsight train sheets``). It reads the same rectified crops as PP-OCR and gives
a :class:`~boardsight.sheets.ctc.LetterTable` per crop, for the constrained decoder to
score candidate words on beside PP-OCR's own tables.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from boardsight.errors import BadInputError
from boardsight.models.metadata import ModelMetadata
from boardsight.sheets.ctc import COLUMNS, LetterTable
from boardsight.vision.sheets.word_image import by_width, word_pixels

MODEL_PATH = Path(__file__).resolve().parents[2] / "models" / "sheet_words.onnx"
TASK = "sheet-word"
BATCH = 8


class WordModelMissingError(BadInputError):
    """The word recogniser's model file is not there."""


class OwnWords:
    """One onnxruntime session of the word recogniser (:func:`own_words` caches one per process)."""

    def __init__(self, path: str | Path = MODEL_PATH) -> None:
        import onnxruntime as ort

        path = Path(path)
        if not path.is_file():
            raise WordModelMissingError(f"{path}: no such model (boardsight train sheets builds it)")
        options = ort.SessionOptions()
        options.log_severity_level = 3
        options.intra_op_num_threads = 2
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(
            str(path), sess_options=options, providers=["CPUExecutionProvider"]
        )
        props = self.session.get_modelmeta().custom_metadata_map
        self.metadata = ModelMetadata.from_props(props, source=str(path))
        if self.metadata.task != TASK or len(self.metadata.class_names) != COLUMNS:
            raise BadInputError(f"{path} is not a sheet word recogniser")
        self.input_name = self.session.get_inputs()[0].name

    def tables(self, crops: list[np.ndarray]) -> list[LetterTable]:
        """One letter table per BGR (or gray) crop, in order."""
        images = [word_pixels(crop) for crop in crops]
        probs = by_width(images, BATCH, lambda batch: self.session.run(None, {self.input_name: batch})[0])
        return [LetterTable.from_probs(table) for table in probs]


@cache
def own_words() -> OwnWords:
    """The process's word recogniser session."""
    return OwnWords()
