"""One call from a sheet photo to a decided reading: the vocabulary, the reader, a person's fixes.

This is what front ends call (``boardsight lists read``, ``boardsight check`` with photos).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from boardsight.boggle.board import Board
from boardsight.lexicon import DEFAULT_LEXICON, load_lexicon
from boardsight.sheets.model import SheetReading
from boardsight.sheets.vocabulary import vocabulary_for
from boardsight.vision.sheets.reader import Photo, read_sheet


def read_sheet_photo(
    photo: Photo,
    *,
    board: Board | None = None,
    lexicon: str | None = None,
    raw: bool = False,
    accept: Sequence[str] = (),
    source: str | None = None,
) -> SheetReading:
    """Read a sheet under the board's words and the lexicon (or the lexicon alone; or nothing if ``raw``)."""
    name = source or (str(photo) if isinstance(photo, (str, Path)) else "sheet")
    if raw:
        reading = read_sheet(photo, None, source=name, constrained_by="")
    else:
        vocabulary, described = vocabulary_for(board, load_lexicon(lexicon or DEFAULT_LEXICON))
        reading = read_sheet(photo, vocabulary, source=name, constrained_by=described)
    return reading.accept(accept) if accept else reading
