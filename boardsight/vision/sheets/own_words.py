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
from boardsight.vision.sheets.word_image import pad_batch, word_pixels

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
        order = sorted(range(len(images)), key=lambda i: images[i].shape[1])
        tables: list[LetterTable | None] = [None] * len(images)
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            batch, frames = pad_batch([images[i] for i in chunk])
            probs = self.session.run(None, {self.input_name: batch})[0]
            for row, index in enumerate(chunk):
                tables[index] = LetterTable.from_probs(probs[row, : frames[row]])
        return [table for table in tables if table is not None]


@cache
def own_words() -> OwnWords:
    """The process's word recogniser session."""
    return OwnWords()
