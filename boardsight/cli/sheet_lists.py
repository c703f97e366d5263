"""Sheet photos where ``boardsight check`` takes word lists: read them, ask about doubtful words.

A list argument that names a photo (``alice=alice.jpg``) is read as a score sheet under the
board being judged; ``--accept alice:3=QUIET`` settles a doubtful word, and on a terminal
each remaining doubtful word is asked about. Words still doubtful are left out of the
judging and listed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import typer

from boardsight.boggle.board import Board
from boardsight.boggle.wordlists import PlayerList, read_player_list, split_list_argument
from boardsight.cli.read_boggle import is_photo
from boardsight.errors import BadInputError
from boardsight.sheets.model import SheetReading
from boardsight.sheets.players import SheetList, sheet_list, split_accept


def _ask(reading: SheetReading, name: str) -> SheetReading:
    """Ask on the terminal about each word still waiting; Enter keeps the reading as written."""
    fixes = []
    for number in reading.waiting:
        word = reading.words[number - 1]
        close = ", ".join(scored.word for scored in word.reading.candidates) or "none"
        answer = typer.prompt(
            f"{name} word {number}: read as {word.reading.raw} (close valid words: {close}); as written",
            default=word.reading.raw,
            err=True,
        )
        fixes.append(f"{number}={answer.strip()}")
    return reading.accept(fixes) if fixes else reading


def read_lists(
    arguments: Sequence[str], board: Board, lexicon: str, accept: Sequence[str]
) -> tuple[list[PlayerList], list[SheetList]]:
    """The players' lists (text files or sheet photos) and the sheets among them."""
    from boardsight import app

    named = [split_list_argument(argument) for argument in arguments]
    sheet_players = [name for name, path in named if is_photo(str(path))]
    if accept and not sheet_players:
        raise BadInputError("--accept fixes words read from sheet photos; no list here is a photo")
    fixes = split_accept(list(accept), sheet_players) if accept else {}
    interactive = sys.stdin.isatty() and sys.stderr.isatty()
    lists: list[PlayerList] = []
    sheets: list[SheetList] = []
    for argument, (name, path) in zip(arguments, named, strict=True):
        if not is_photo(str(path)):
            lists.append(read_player_list(argument))
            continue
        reading = app.read_sheet(path, board=board, lexicon=lexicon, accept=fixes.get(name, ()))
        if interactive and reading.waiting:
            reading = _ask(reading, name)
        sheet = sheet_list(reading, name)
        sheets.append(sheet)
        lists.append(sheet.player)
    return lists, sheets


def sheet_lines(sheets: Sequence[SheetList], raw_scores: dict[str, int]) -> list[str]:
    """What the human output says about the sheets: cancelled, waiting, the written totals."""
    lines = []
    for sheet in sheets:
        name = sheet.player.name
        if sheet.cancelled:
            lines.append(f"{name}: cancelled, not claimed: {', '.join(sheet.cancelled)}")
        if sheet.waiting:
            listed = ", ".join(f"{number}:{text}" for number, text in sheet.waiting)
            lines.append(
                f"{name}: check these words (left out of the judging): {listed}; "
                f"settle with --accept {name}:NUMBER=WORD"
            )
        note = sheet.total_note(raw_scores.get(name, 0))
        if note:
            lines.append(note)
    return lines
