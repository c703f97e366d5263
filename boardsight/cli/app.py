"""The ``boardsight`` command line: the root group and its sub-commands.

Every command is thin: it parses options and hands over to the application layer
(:mod:`boardsight.app`). Errors become one line on stderr (see
:mod:`boardsight.cli.errors`). Commands are imported only when they run
(:mod:`boardsight.cli.lazy`), so ``boardsight --help`` needs none of the image libraries.
"""

from __future__ import annotations

from typing import Annotated

import typer

from boardsight import __version__
from boardsight.cli.errors import GuardedTyper
from boardsight.cli.lazy import LazyCommand, lazy_group

# In the order --help lists them; the line of help is the command's own first line
# (tests/cli/test_lazy_commands.py keeps the two alike).
COMMANDS = {
    "eval": LazyCommand(
        "boardsight.cli.eval",
        "eval_command",
        "Run readers on every labelled photo and print cell, board, letter and corner accuracy.",
    ),
    "record": LazyCommand(
        "boardsight.cli.record", "record", "Record a Scrabble game move by move into a GCG file."
    ),
    "solve": LazyCommand(
        "boardsight.cli.boggle",
        "solve",
        "Print every word on BOARD (or the best --top N) with its points and one path, "
        "and the board's total.",
    ),
    "check": LazyCommand(
        "boardsight.cli.boggle",
        "check",
        "Judge the players' word lists for BOARD: a verdict and score per word, a raw score per player.",
    ),
    "read": LazyCommand(
        "boardsight.cli.read",
        "read",
        "Read the board in PHOTO: the grid, each cell's confidence, doubtful cells and the corners.",
    ),
    "lexicon": LazyCommand("boardsight.cli.lexicon", "app", "Inspect lexicons and check words against them."),
    "dataset": LazyCommand(
        "boardsight.cli.dataset",
        "app",
        "Make, check and inspect labelled-photo sets (the shared DATASET format).",
    ),
    "calibrate": LazyCommand(
        "boardsight.cli.calibrate",
        "app",
        "Calibrate a camera (lens distortion) and a fixed camera's view of the board.",
    ),
    "tournament": LazyCommand(
        "boardsight.cli.boggle", "tournament_app", "Tournament standings from a results file."
    ),
    "scrabble": LazyCommand(
        "boardsight.cli.scrabble",
        "app",
        "Replay Scrabble game records, find the legal moves of a position, score a move.",
    ),
    "lists": LazyCommand(
        "boardsight.cli.lists", "app", "Read players' word lists from photos of their score sheets."
    ),
    "train": LazyCommand(
        "boardsight.cli.train",
        "app",
        "Rebuild the bundled classifiers: render synthetic data, train on the CPU, export ONNX.",
    ),
    "batch": LazyCommand(
        "boardsight.cli.batch",
        "batch",
        "Read every photo and append one JSON line per photo to --out as soon as it is done.",
    ),
    "serve": LazyCommand(
        "boardsight.cli.serve",
        "serve",
        "Start the review page: see what was read in a photo, fix it in a click, get the verdicts.",
    ),
}

app = GuardedTyper(
    name="boardsight",
    help="Read Boggle trays and Scrabble boards from photos and judge the words on them.",
    cls=lazy_group(COMMANDS),
)


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
