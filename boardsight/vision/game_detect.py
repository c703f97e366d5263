"""Tell a photo of a Scrabble board from one of a Boggle tray.

Both finders may be asked. A Scrabble board is a block of 15x15 squares coloured in the
premium layout's pattern, which no Boggle tray has; a Boggle tray is a small grid of
cube tops. When both answer (a tray on a chequered cloth, say), the premium pattern
decides: a clear pattern means Scrabble, a faint one means the tray.

The cheap questions come first. The board finder's plain first search (a fraction of
its full time) settles most board photos; the tray finder is quick on a tray photo,
where the board finder's full search spends most of a second failing. So the full
board search runs only when the first search leaves doubt and no tray turns up. A
tray found beside a board whose pattern only the full search would make out is
taken for the tray, as any tray beside a faint pattern is.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from boardsight.vision.boggle.tray_finder import find_tray
from boardsight.vision.reading import BoardNotFoundError
from boardsight.vision.scrabble.board_finder import SURE_SCORE, find_board

Game = Literal["boggle", "scrabble"]


def _board_score(image: np.ndarray, *, thorough: bool) -> float | None:
    try:
        return find_board(image, thorough=thorough).score
    except BoardNotFoundError:
        return None


def detect_game(image: np.ndarray) -> Game:
    """``"scrabble"`` or ``"boggle"`` for a BGR photo; :class:`BoardNotFoundError` when it shows neither."""
    first = _board_score(image, thorough=False)
    if first is not None and first >= SURE_SCORE:
        return "scrabble"
    if find_tray(image) is not None:
        return "boggle"
    if first is not None or _board_score(image, thorough=True) is not None:
        return "scrabble"
    raise BoardNotFoundError("no Scrabble board or Boggle tray found in the photo")
