"""The ``boardsight`` command line: the root group and its sub-commands.

Every command is thin: it parses options and hands over to a library function.
Errors become one line on stderr (see :mod:`boardsight.cli.errors`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from boardsight import __version__
from boardsight.cli import (
    batch,
    boggle,
    calibrate,
    dataset,
    lexicon,
    lists,
    read,
    record,
    scrabble,
    serve,
    train,
)
from boardsight.cli import eval as eval_cli
from boardsight.cli.errors import GuardedTyper

app = GuardedTyper(
    name="boardsight",
    help="Read Boggle trays and Scrabble boards from photos and judge the words on them.",
)
app.add_typer(lexicon.app, name="lexicon")
app.add_typer(dataset.app, name="dataset")
app.command("eval")(eval_cli.eval_command)
app.add_typer(calibrate.app, name="calibrate")
app.command("record")(record.record)
app.command("solve")(boggle.solve)
app.command("check")(boggle.check)
app.add_typer(boggle.tournament_app, name="tournament")
app.add_typer(scrabble.app, name="scrabble")
app.add_typer(lists.app, name="lists")
app.add_typer(train.app, name="train")
app.command("read")(read.read)
app.command("batch")(batch.batch)
app.command("serve")(serve.serve)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"boardsight {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Read Boggle trays and Scrabble boards from photos and judge the words on them."""


def main() -> None:
    """Console-script entry point."""
    app()
