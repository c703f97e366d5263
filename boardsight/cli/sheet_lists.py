"""Sheet photos where ``boardsight check`` takes word lists: read them, ask about doubtful words.

A list argument that names a photo (``alice=alice.jpg``) is read as a score sheet under the
board being judged; ``--accept alice:3=QUIET`` settles a doubtful word (``alice:3=-`` and
``alice:3=+`` a word that may or may not be struck through), and on a terminal each
remaining doubtful word is asked about. Words still doubtful are left out of the
judging and listed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import typer

from boardsight.app.sheets import read_player_lists
from boardsight.boggle.board import Board
from boardsight.boggle.wordlists import PlayerList
from boardsight.sheets.model import SheetReading
from boardsight.sheets.players import SheetList


def _ask(reading: SheetReading, name: str) -> SheetReading:
    """Ask on the terminal about each word still waiting; Enter keeps the reading as written."""
    fixes = []
    for number in reading.waiting:
        word = reading.words[number - 1]
        if word.strike_in_doubt:
            struck = typer.confirm(
                f"{name} word {number}: {word.text} looks struck through, but the line may be its "
                "letters run together; is it cancelled?",
                default=True,
                err=True,
            )
            fixes.append(f"{number}={'-' if struck else '+'}")
            if struck or not word.letters_in_doubt:
                continue
        close = ", ".join(scored.word for scored in word.reading.candidates) or "none"
        why = "".join(f"; {note}" for note in word.reading.notes)
        answer = typer.prompt(
            f"{name} word {number}: read as {word.reading.raw} (close valid words: {close}{why}); as written",
            default=word.reading.raw,
            err=True,
        )
        fixes.append(f"{number}={answer.strip()}")
    return reading.accept(fixes) if fixes else reading


def _interactive() -> bool:
    """Whether a person is at the terminal to answer (both stdin and stderr are a TTY)."""
    return sys.stdin.isatty() and sys.stderr.isatty()


def read_lists(
    arguments: Sequence[str], board: Board, lexicon: str, accept: Sequence[str]
) -> tuple[list[PlayerList], list[SheetList]]:
    """The players' lists (text files or sheet photos) and the sheets among them; on a terminal,
    each doubtful word left is asked about."""
    return read_player_lists(
        arguments, board=board, lexicon=lexicon, accept=accept, settle=_ask if _interactive() else None
    )


def sheet_lines(sheets: Sequence[SheetList], raw_scores: dict[str, int]) -> list[str]:
    """What the human output says about the sheets: cancelled, waiting, the written totals."""
    lines = []
    for sheet in sheets:
        name = sheet.player.name
        if sheet.cancelled:
            lines.append(f"{name}: cancelled, not claimed: {', '.join(sheet.cancelled)}")
        if sheet.waiting:
            listed = ", ".join(
                f"{number}:{text}{' (struck through?)' if number in sheet.strikes_in_doubt else ''}"
                for number, text in sheet.waiting
            )
            strikes = f", or {name}:NUMBER=- / {name}:NUMBER=+ for a strike" if sheet.strikes_in_doubt else ""
            lines.append(
                f"{name}: check these words (left out of the judging): {listed}; "
                f"settle with --accept {name}:NUMBER=WORD{strikes}"
            )
        if sheet.reading.unread_note:
            lines.append(f"{name}: {sheet.reading.unread_note}")
        if sheet.reading.retake_advice:
            lines.append(f"{name}: {sheet.reading.retake_advice}")
        note = sheet.total_note(raw_scores.get(name, 0))
        if note:
            lines.append(note)
    return lines
