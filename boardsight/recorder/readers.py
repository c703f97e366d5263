"""Square readers the recorder can use, by name.

``onnx``: the installed Scrabble board reader (registered as ``scrabble``/``onnx``), given
the board already rectified, so it need not search for it in every frame. ``synthetic``:
:class:`~boardsight.recorder.synthetic.TemplateSquareReader`, which reads only the flat
boards boardsight draws for its tests and demo videos.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import numpy as np

from boardsight.errors import BadInputError
from boardsight.recorder.pipeline import SquareReader
from boardsight.recorder.synthetic import TemplateSquareReader
from boardsight.vision.reading import BoardReading, available_readers, get_reader

SQUARE_READERS = ("onnx", "synthetic")


class RegisteredReader:
    """Adapts a registered Scrabble reader (picture in, :class:`BoardReading` out) to read a
    rectified board: the whole picture is the grid, so its corners are the picture's."""

    def __init__(self, read: Callable[..., BoardReading], name: str) -> None:
        self._read = read
        self.name = name
        self._takes_corners = "corners" in inspect.signature(read).parameters

    def read_squares(self, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        height, width = board.shape[:2]
        options = {}
        if self._takes_corners:
            options["corners"] = np.array(
                [[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32
            )
        reading = self._read(board, source="recorder frame", **options)
        tokens = np.array([[("." if token in ("", ".") else token) for token in row] for row in reading.grid])
        return tokens, np.asarray(reading.confidence, dtype=np.float32)


def square_reader(name: str) -> SquareReader:
    """The square reader called ``name`` (see :data:`SQUARE_READERS`)."""
    if name == "synthetic":
        return TemplateSquareReader()
    if name == "onnx":
        if ("scrabble", "onnx") not in available_readers("scrabble"):
            raise BadInputError(
                "no Scrabble board reader is installed yet ('onnx'); "
                "only boardsight's synthetic demo videos can be recorded (--reader synthetic)"
            )
        return RegisteredReader(get_reader("scrabble", "onnx"), "onnx")
    raise BadInputError(f"unknown square reader {name!r}: choose one of {', '.join(SQUARE_READERS)}")
