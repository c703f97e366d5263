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

:func:`locate_game` also returns what was found, when it is what the game's reader
would find in the same image (the board of a settled first search or of the full
search, the tray of the tray finder's first look), so that the reader need not look again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from boardsight.vision.boggle.tray_finder import TrayLocation
from boardsight.vision.boggle.tray_reading import locate_tray
from boardsight.vision.reading import BoardNotFoundError
from boardsight.vision.scrabble.board_finder import SURE_SCORE, BoardLocation, find_board

Game = Literal["boggle", "scrabble"]


@dataclass(frozen=True)
class DetectedGame:
    """The game in a photo, and its board or tray when the finders' answer can be reused."""

    game: Game
    board: BoardLocation | None = None
    tray: TrayLocation | None = None

    @property
    def found(self) -> BoardLocation | TrayLocation | None:
        """The location of the detected game's board or tray, or None."""
        return self.board if self.game == "scrabble" else self.tray


def _board(image: np.ndarray, *, thorough: bool) -> BoardLocation | None:
    try:
        return find_board(image, thorough=thorough)
    except BoardNotFoundError:
        return None


def locate_game(image: np.ndarray) -> DetectedGame:
    """The game in a BGR photo and what was found of it; :class:`BoardNotFoundError` when neither."""
    first = _board(image, thorough=False)
    if first is not None and first.score >= SURE_SCORE:
        return DetectedGame("scrabble", board=first if first.settled else None)
    try:
        return DetectedGame("boggle", tray=locate_tray(image, retry=False))
    except BoardNotFoundError:
        pass
    if first is not None:
        return DetectedGame("scrabble")
    full = _board(image, thorough=True)
    if full is not None:
        return DetectedGame("scrabble", board=full)
    raise BoardNotFoundError("no Scrabble board or Boggle tray found in the photo")


def detect_game(image: np.ndarray) -> Game:
    """``"scrabble"`` or ``"boggle"`` for a BGR photo; :class:`BoardNotFoundError` when it shows neither."""
    return locate_game(image).game
