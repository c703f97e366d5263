"""``boardsight lists read SHEET``: read a photo of a player's score sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardsight.cli.errors import GuardedTyper
from boardsight.cli.options import JsonOption
from boardsight.cli.output import emit_json, format_table
from boardsight.sheets.model import SheetReading

app = GuardedTyper(help="Read players' word lists from photos of their score sheets.")


def sheet_text(reading: SheetReading) -> str:
    """The words of a reading as a table, then the total and what waits for a person."""
    rows = []
    for number, word in enumerate(reading.words, start=1):
        cancelled = "cancelled?" if word.strike_in_doubt else "cancelled"
        marks = ", ".join(name for name, on in ((cancelled, word.cancelled), ("circled", word.circled)) if on)
        status = word.status or word.reading.status
        if word.letters_in_doubt:
            status = "check this word"
        elif word.strike_in_doubt:
            status = "check the strike"
        others = ", ".join(scored.word for scored in word.reading.candidates if scored.word != word.text)
        written = [f"written {word.reading.raw}"] if word.reading.changed else []
        note = "; ".join([*written, *word.reading.notes])
        rows.append(
            [
                number,
                word.text,
                f"{word.reading.confidence:.2f}",
                status.replace("_", " "),
                marks,
                others,
                note,
            ]
        )
    count = len(reading.words)
    what = reading.constrained_by or "unconstrained"
    lines = [f"{reading.source}: {count} word{'s' if count != 1 else ''} ({what})"]
    if rows:
        lines.append(
            format_table(
                ["#", "word", "conf", "status", "marks", "close valid words", "note"], rows, align="rlrllll"
            )
        )
    circled = " (circled by the opponent: challenged as miscalculated)" if reading.total_circled else ""
    lines.append(f"written total: {reading.total if reading.total is not None else 'none found'}{circled}")
    if reading.constrained_by:
        changes = reading.changes()
        lines.append(
            f"the constraint changed {changes.to_valid} reading{'s' if changes.to_valid != 1 else ''} "
            f"to a valid word and flagged {changes.flagged} as written"
        )
    waiting = reading.letters_waiting
    if waiting:
        numbers = ", ".join(map(str, waiting))
        plural = "s" if len(waiting) != 1 else ""
        lines.append(f"{len(waiting)} word{plural} to check ({numbers}): fix with --accept NUMBER=WORD")
    strikes = reading.strikes_in_doubt
    if strikes:
        numbers = ", ".join(map(str, strikes))
        lines.append(
            f"struck through or not? ({numbers}): the line may be the letters' own strokes run together; "
            "settle with --accept NUMBER=- (cancelled) or NUMBER=+ (it counts)"
        )
    if reading.unread_note:
        lines.append(reading.unread_note)
    if reading.retake_advice:
        lines.append(reading.retake_advice)
    return "\n".join(lines)


@app.command("read")
def read(
    sheet: Annotated[
        Path, typer.Argument(help="Photo of a score sheet, or the crop of one word.", show_default=False)
    ],
    board: Annotated[
        str | None,
        typer.Option("--board", "-b", help="The board the list was written for (text, file or tray photo)."),
    ] = None,
    lexicon_name: Annotated[
        str | None, typer.Option("--lexicon", "-l", help="Lexicon to read against (default: enable).")
    ] = None,
    raw: Annotated[
        bool, typer.Option("--raw", help="Read without any vocabulary (letters as seen).")
    ] = False,
    accept: Annotated[
        list[str] | None,
        typer.Option("--accept", help="Word NUMBER reads WORD, e.g. --accept 3=QUIET. Repeatable."),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Read each word of SHEET: text, confidence, box, cancelled or circled, runner-up readings, the total."""
    from boardsight import app
    from boardsight.cli.boggle import board_for
    from boardsight.lexicon import DEFAULT_LEXICON

    judged = board_for(board, None) if board is not None else None
    reading = app.read_sheet(
        sheet, board=judged, lexicon=lexicon_name or DEFAULT_LEXICON, raw=raw, accept=accept or ()
    )
    if json_output:
        emit_json(reading.to_json())
    else:
        typer.echo(sheet_text(reading))
