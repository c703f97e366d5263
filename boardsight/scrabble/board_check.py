"""Checks of a whole board, as a photo of one needs: its words and their validity, and its tile counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board, BoardWord
from boardsight.scrabble.tileset import TileSet


@dataclass(frozen=True)
class JudgedWord:
    """A word on the board and whether the lexicon holds it (``None`` without a lexicon)."""

    word: BoardWord
    valid: bool | None


def judge_words(board: Board, lexicon: Lexicon | None = None) -> list[JudgedWord]:
    """Every word on the board (runs of two or more tiles, across then down), judged by ``lexicon``."""
    return [JudgedWord(word, None if lexicon is None else word.word in lexicon) for word in board.words()]


def tile_count_problems(board: Board, tileset: TileSet) -> list[str]:
    """Why the tiles on ``board`` cannot all come from one ``tileset``; empty when they can.

    A lower-case tile is a blank. An upper-case letter beyond the set's count, or one the
    set has no tile of, must also be a blank, so together they may not exceed the blanks.
    """
    problems: list[str] = []
    letters = Counter(tile for _, _, tile in board.tiles() if tile.isupper())
    declared_blanks = sum(1 for _, _, tile in board.tiles() if tile.islower())
    unknown = sorted(letter for letter in letters if not tileset.is_letter(letter))
    if unknown:
        problems.append(f"{', '.join(unknown)} is no letter of the {tileset.name} tile set")
    excess = {
        letter: count - tileset.count(letter)
        for letter, count in letters.items()
        if tileset.is_letter(letter) and count > tileset.count(letter)
    }
    blanks_needed = declared_blanks + sum(excess.values())
    if blanks_needed > tileset.blanks:
        detail = ", ".join(
            f"{letters[letter]} {letter} (the set has {tileset.count(letter)})" for letter in excess
        )
        reason = f"{declared_blanks} blanks" + (f" plus {detail}" if detail else "")
        problems.append(f"{reason} need {blanks_needed} blanks; the {tileset.name} set has {tileset.blanks}")
    if sum(1 for _ in board.tiles()) > tileset.total_tiles:
        problems.append(
            f"{board.tile_count()} tiles on the board; the {tileset.name} set has {tileset.total_tiles}"
        )
    return problems
