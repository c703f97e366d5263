"""A second look at some of a sheet's words: the chosen ones read again, each decision revised."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import WordReading


def look_again(
    readings: Sequence[WordReading],
    chosen: Callable[[WordReading], bool],
    read_again: Callable[[list[int]], list[LetterTable]],
    revise: Callable[[WordReading, LetterTable], WordReading],
) -> list[WordReading]:
    """``readings`` with each ``chosen`` one revised on its new table (``read_again`` of the chosen
    indices, one table each, in order); nothing is read when none is chosen."""
    picked = [index for index, reading in enumerate(readings) if chosen(reading)]
    if not picked:
        return list(readings)
    revised = list(readings)
    for index, table in zip(picked, read_again(picked), strict=True):
        revised[index] = revise(revised[index], table)
    return revised
