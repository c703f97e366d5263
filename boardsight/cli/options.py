"""Option types shared by several commands, so every command spells them alike."""

from __future__ import annotations

from typing import Annotated

import typer

JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]
LexiconOption = Annotated[
    str,
    typer.Option("--lexicon", "-l", help="Lexicon name (enable, yawl, sv) or path of a word list."),
]
CameraProfileOption = Annotated[
    str | None,
    typer.Option(
        "--camera-profile",
        help="Undistort pictures with this saved camera profile (name or path; see 'calibrate list').",
    ),
]
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", help="Local worker processes (default: one per core)."),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Run on the Dask cluster of this scheduler (tcp://HOST:PORT) instead of local processes.",
    ),
]
ForceOption = Annotated[bool, typer.Option("--force", help="Replace files that already exist.")]
OverwriteAlias = Annotated[bool, typer.Option("--overwrite", hidden=True, help="The old name of --force.")]
