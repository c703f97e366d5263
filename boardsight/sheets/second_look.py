"""A second look at some of a sheet's words: the chosen ones read again, each decision revised."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from boardsight.sheets.decode import WordReading

Look = TypeVar("Look")
"""What a second look gives for one word: a letter table, or several (one a crop)."""


def look_again(
    readings: Sequence[WordReading],
    chosen: Callable[[int, WordReading], bool],
    read_again: Callable[[list[int]], list[Look]],
    revise: Callable[[WordReading, Look], WordReading],
) -> list[WordReading]:
    """``readings`` with each ``chosen`` one (by its index and reading) revised on what it was read
    again as (``read_again`` of the chosen indices, one look each, in order); nothing is read when
    none is chosen."""
    picked = [index for index, reading in enumerate(readings) if chosen(index, reading)]
    if not picked:
        return list(readings)
    revised = list(readings)
    for index, look in zip(picked, read_again(picked), strict=True):
        revised[index] = revise(revised[index], look)
    return revised
