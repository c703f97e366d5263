"""What a classifier's ONNX file says about itself, stored in its ``metadata_props``.

Every value is a string in ONNX; structured values are JSON. Class names, input size
and preprocessing come only from here, so code never holds a second copy that can
drift from the weights.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from boardsight.errors import BoardsightError

FORMAT = "boardsight-classifier/1"
_JSON_KEYS = ("class_names", "input_size", "preprocessing", "validation_accuracy", "extras")
_TEXT_KEYS = ("task", "training_command", "git_commit", "data", "created")


class ModelMetadataError(BoardsightError):
    """A model file lacks the metadata boardsight needs, or holds it malformed."""


@dataclass
class ModelMetadata:
    """A classifier's self-description.

    ``input_size`` is (height, width); ``preprocessing`` is the recipe of
    :func:`boardsight.models.preprocess.prepare_batch` (colour, normalisation, and how
    crops were cut); ``extras`` holds anything task-specific (e.g. per-class accuracy).
    """

    task: str
    class_names: list[str]
    input_size: tuple[int, int]
    preprocessing: dict[str, Any]
    training_command: str = ""
    git_commit: str = ""
    data: str = ""
    validation_accuracy: float | None = None
    created: str = ""
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def channels(self) -> int:
        return 1 if self.preprocessing.get("colour", "gray") == "gray" else 3

    def to_props(self) -> dict[str, str]:
        """The metadata as ONNX ``metadata_props`` (string to string)."""
        props = {"format": FORMAT}
        for key in _TEXT_KEYS:
            props[key] = str(getattr(self, key))
        for key in _JSON_KEYS:
            value = getattr(self, key)
            props[key] = json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)
        return props

    @classmethod
    def from_props(cls, props: dict[str, str], *, source: str = "model") -> ModelMetadata:
        """Read metadata written by :meth:`to_props`; a clear error when it is missing or malformed."""
        if props.get("format") != FORMAT:
            raise ModelMetadataError(f"{source} is not a boardsight classifier (no {FORMAT!r} metadata)")
        try:
            values: dict[str, Any] = {key: json.loads(props[key]) for key in _JSON_KEYS}
            values.update({key: props.get(key, "") for key in _TEXT_KEYS})
            height, width = (int(side) for side in values["input_size"])
            names = [str(name) for name in values["class_names"]]
        except (KeyError, ValueError, TypeError) as error:
            raise ModelMetadataError(f"{source} has malformed metadata ({error})") from None
        if not names or len(set(names)) != len(names):
            raise ModelMetadataError(f"{source} has no or repeated class names")
        values["input_size"] = (height, width)
        values["class_names"] = names
        return cls(**values)
