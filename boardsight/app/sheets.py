"""Score sheets: a player's list read from a photo of the sheet they wrote it on.

The sheet is read under the board's words and the lexicon; cancelled words are not
claimed, circled words are the opponent's challenges, and words still doubtful wait for a
person (``accept`` settles them as ``NUMBER=WORD``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from boardsight.boggle.board import Board
from boardsight.lexicon import DEFAULT_LEXICON
from boardsight.sheets.model import SheetReading
from boardsight.sheets.players import SheetList, sheet_list
from boardsight.vision.sheets.read_photo import read_sheet_photo


def read_sheet(
    photo: str | Path | bytes | np.ndarray,
    *,
    board: Board | None = None,
    lexicon: str = DEFAULT_LEXICON,
    raw: bool = False,
    accept: Sequence[str] = (),
    source: str | None = None,
) -> SheetReading:
    """Every word of a sheet photo with its marks and the written total (``boardsight lists read``).

    Read under the board's words and the lexicon, the lexicon alone without a board, or
    nothing at all with ``raw``; ``accept`` settles doubtful words (``["3=QUIET"]``).
    """
    return read_sheet_photo(photo, board=board, lexicon=lexicon, raw=raw, accept=accept, source=source)


def read_score_sheet(
    photo: str | Path | bytes | np.ndarray,
    player: str,
    *,
    board: Board | None = None,
    lexicon: str = DEFAULT_LEXICON,
    accept: Sequence[str] = (),
    source: str | None = None,
) -> SheetList:
    """``player``'s list from the photo of their sheet (a path, image-file bytes or a BGR array)."""
    return sheet_list(read_sheet(photo, board=board, lexicon=lexicon, accept=accept, source=source), player)
