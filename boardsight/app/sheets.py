"""Score sheets: a player's list read from a photo of the sheet they wrote it on.

The sheet is read under the board's words and the lexicon; cancelled words are not
claimed, circled words are the opponent's challenges, and words still doubtful wait for a
person (``accept`` settles them as ``NUMBER=WORD``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from boardsight.app.boggle import is_photo
from boardsight.boggle.board import Board
from boardsight.boggle.wordlists import PlayerList, read_player_list, split_list_argument
from boardsight.errors import BadInputError
from boardsight.lexicon import DEFAULT_LEXICON
from boardsight.sheets.model import SheetReading
from boardsight.sheets.players import SheetList, sheet_list, split_accept
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


def read_player_lists(
    arguments: Sequence[str],
    *,
    board: Board,
    lexicon: str = DEFAULT_LEXICON,
    accept: Sequence[str] = (),
    settle: Callable[[SheetReading, str], SheetReading] | None = None,
) -> tuple[list[PlayerList], list[SheetList]]:
    """The players' lists of ``[NAME=]PATH`` arguments (word-list files or score-sheet photos)
    and the sheets among them, in argument order.

    ``accept`` settles doubtful sheet words (``alice:3=QUIET``, or ``3=QUIET`` with one sheet);
    ``settle`` (a front end asking a person) is given each sheet reading whose words still
    wait, with the player's name, and returns it settled.
    """
    named = [split_list_argument(argument) for argument in arguments]
    sheet_players = [name for name, path in named if is_photo(str(path))]
    if accept and not sheet_players:
        raise BadInputError("--accept fixes words read from sheet photos; no list here is a photo")
    fixes = split_accept(list(accept), sheet_players) if accept else {}
    lists: list[PlayerList] = []
    sheets: list[SheetList] = []
    for argument, (name, path) in zip(arguments, named, strict=True):
        if not is_photo(str(path)):
            lists.append(read_player_list(argument))
            continue
        reading = read_sheet(path, board=board, lexicon=lexicon, accept=fixes.get(name, ()))
        if settle is not None and reading.waiting:
            reading = settle(reading, name)
        sheet = sheet_list(reading, name)
        sheets.append(sheet)
        lists.append(sheet.player)
    return lists, sheets
