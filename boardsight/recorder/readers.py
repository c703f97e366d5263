"""Square readers the recorder can use, by name.

``onnx``: the Scrabble board reader's square classifier. The recorder already knows where
the grid is and which way it reads (the board profile), so it asks the classifier only
for the 225 squares, cut from the frame at the profile's corners, and never lets the
reader search for the board or turn it. (Recording boardsight's own synthetic demo videos,
``boardsight record`` also offers the template reader of
:mod:`boardsight.datasets.synth.game_video`: see :mod:`boardsight.app.recording`.)
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from boardsight.errors import BadInputError, NotFoundError
from boardsight.recorder.pipeline import SquareReader
from boardsight.scrabble.tileset import load_tileset
from boardsight.scrabble.tokens import BLANK, EMPTY
from boardsight.vision.scrabble import board_reading, onnx_reader, squares

SQUARE_READERS = ("onnx",)
EMPTY_NAMES = (EMPTY, "", "empty")
BLANK_NAMES = (BLANK, "blank")


def _token(name: str) -> str:
    if name in EMPTY_NAMES:
        return EMPTY
    if name in BLANK_NAMES:
        return BLANK
    return name


class ClassifierReader:
    """The Scrabble square classifier on the squares at known corners, in the known orientation."""

    def __init__(self, onnx: ModuleType, squares: ModuleType, reading: ModuleType, tiles: str) -> None:
        self.model = onnx.reader_model()
        self._cut = squares.cut_squares
        self._choose = reading.read_squares
        self.tileset = load_tileset(tiles)

    def read_grid(self, image: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Tokens and confidences (15, 15) of the grid at ``corners`` (TL, TR, BR, BL as it reads)."""
        crops = self._cut(image, corners, margin=self.model.margin, cell_px=self.model.cell_px)
        names, probabilities = self._choose(self.model.classify(crops), self.model.class_names, self.tileset)
        tokens = np.array([_token(name) for name in names]).reshape(15, 15)
        return tokens, np.asarray(probabilities).max(axis=1).reshape(15, 15).astype(np.float32)

    def read_squares(self, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        height, width = board.shape[:2]
        return self.read_grid(board, np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64))


def _classifier_modules() -> tuple[ModuleType, ...]:
    """The modules :class:`ClassifierReader` is made of: the square model, cutting, choosing."""
    return onnx_reader, squares, board_reading


def square_reader(name: str, tiles: str = "english") -> SquareReader:
    """The square reader called ``name`` (see :data:`SQUARE_READERS`) for the tile set ``tiles``."""
    if name == "onnx":
        try:
            return ClassifierReader(*_classifier_modules(), tiles)
        except NotFoundError as error:
            raise NotFoundError(
                f"the Scrabble square model is missing ({error}); build it with 'make train-scrabble', "
                "or record boardsight's synthetic demo videos with --reader synthetic"
            ) from None
    raise BadInputError(f"unknown square reader {name!r}: choose one of {', '.join(SQUARE_READERS)}")
