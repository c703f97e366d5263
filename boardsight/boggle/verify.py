"""Check single words against a board and a lexicon, without solving the whole board.

:func:`find_path` looks for one path that spells a word, walking only the cells whose
faces match the next letters, so checking a player's list of a hundred words takes a
millisecond or two instead of a full solve.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

from boardsight.boggle.board import BLOCKED, QU, Board, neighbour_table
from boardsight.boggle.rules import Rules
from boardsight.lexicon import Lexicon


class WordStatus(StrEnum):
    """Why a word stands or falls (the first reason that applies, in this order)."""

    VALID = "valid"
    TOO_SHORT = "too_short"
    NOT_ON_BOARD = "not_on_board"
    NOT_IN_LEXICON = "not_in_lexicon"

    @property
    def label(self) -> str:
        """The status in words, for people."""
        return self.value.replace("_", " ")


class WordCheck(NamedTuple):
    """The verdict on one word: its folded spelling, status and a path when it is on the board."""

    word: str
    status: WordStatus
    path: tuple[int, ...] | None


class FaceReadings(NamedTuple):
    """What each cell may stand for in a word, and how many of each letter the board can give."""

    by_cell: tuple[tuple[str, ...], ...]
    supply: dict[str, int]


def face_readings(board: Board, qu_readings: tuple[str, ...] = (QU,)) -> FaceReadings:
    """For every cell, the letters its face may stand for in a word; and the board's letter supply.

    A cell gives a letter at most as often as its longest reading holds it, so the
    supply bounds how many of each letter any path can spell.
    """
    by_cell = tuple(() if face == BLOCKED else qu_readings if face == QU else (face,) for face in board.cells)
    supply: dict[str, int] = {}
    for options in by_cell:
        for letter in set("".join(options)):
            supply[letter] = supply.get(letter, 0) + max(option.count(letter) for option in options)
    return FaceReadings(by_cell, supply)


def find_path(
    board: Board,
    word: str,
    qu_readings: tuple[str, ...] = (QU,),
    readings: FaceReadings | None = None,
) -> tuple[int, ...] | None:
    """One path of cells (row-major indices) that spells ``word`` (upper case), or None.

    ``readings`` (from :func:`face_readings`) may be passed to save recomputing it per
    word. A word that needs more of some letter than the board can give is rejected
    before any path search.
    """
    if not word:
        return None
    if readings is None:
        readings = face_readings(board, qu_readings)
    supply = readings.supply
    for letter in set(word):
        if word.count(letter) > supply.get(letter, 0):
            return None
    by_cell = readings.by_cell
    touching = neighbour_table(board.rows, board.cols)
    length = len(word)

    def extend(cell: int, position: int, used: int, path: tuple[int, ...]) -> tuple[int, ...] | None:
        if position == length:
            return path
        for near in touching[cell]:
            if used >> near & 1:
                continue
            for reading in by_cell[near]:
                if word.startswith(reading, position):
                    found = extend(near, position + len(reading), used | 1 << near, (*path, near))
                    if found:
                        return found
        return None

    for cell, cell_readings in enumerate(by_cell):
        for reading in cell_readings:
            if word.startswith(reading):
                found = extend(cell, len(reading), 1 << cell, (cell,))
                if found:
                    return found
    return None


def check_word(
    board: Board,
    word: str,
    lexicon: Lexicon,
    rules: Rules,
    readings: FaceReadings | None = None,
) -> WordCheck:
    """Judge one written word: too short, not on the board, not in the lexicon, or valid."""
    folded = lexicon.fold(word.strip())
    if len(folded) < rules.min_length:
        return WordCheck(folded, WordStatus.TOO_SHORT, find_path(board, folded, rules.qu_readings, readings))
    path = find_path(board, folded, rules.qu_readings, readings)
    if path is None:
        return WordCheck(folded, WordStatus.NOT_ON_BOARD, None)
    if folded not in lexicon.words:
        return WordCheck(folded, WordStatus.NOT_IN_LEXICON, path)
    return WordCheck(folded, WordStatus.VALID, path)


def check_words(board: Board, words: Iterable[str], lexicon: Lexicon, rules: Rules) -> list[WordCheck]:
    """Judge many words on one board (each by its own path search, no full solve)."""
    readings = face_readings(board, rules.qu_readings)
    return [check_word(board, word, lexicon, rules, readings) for word in words]
