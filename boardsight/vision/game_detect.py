"""Tell a photo of a Scrabble board from one of a Boggle tray.

Both finders are asked. A Scrabble board is a block of 15x15 squares coloured in the
premium layout's pattern, which no Boggle tray has; a Boggle tray is a small grid of
cube tops. When both answer (a tray on a chequered cloth, say), the premium pattern
decides: a clear pattern means Scrabble, a faint one means the tray.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from boardsight.vision.boggle.tray_finder import find_tray
from boardsight.vision.reading import BoardNotFoundError
from boardsight.vision.scrabble.board_finder import SURE_SCORE, find_board

Game = Literal["boggle", "scrabble"]


def detect_game(image: np.ndarray) -> Game:
    """``"scrabble"`` or ``"boggle"`` for a BGR photo; :class:`BoardNotFoundError` when it shows neither."""
    try:
        board_score = find_board(image).score
    except BoardNotFoundError:
        board_score = None
    if board_score is not None and board_score >= SURE_SCORE:
        return "scrabble"
    if find_tray(image) is not None:
        return "boggle"
    if board_score is not None:
        return "scrabble"
    raise BoardNotFoundError("no Scrabble board or Boggle tray found in the photo")
