"""``boardsight dataset synth``: render a labelled set of synthetic tray or board photos."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from boardsight.cli.options import ForceOption, OverwriteAlias


def synth(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write images and sidecars into.")],
    game: Annotated[str, typer.Option("--game", help="boggle or scrabble.")] = "boggle",
    size: Annotated[
        str, typer.Option("--size", help="Boggle tray size 4, 5 or 6, or a mix such as 4,5,6.")
    ] = "5",
    tiles: Annotated[str, typer.Option("--tiles", help="Scrabble tile set: english or swedish.")] = "english",
    count: Annotated[int, typer.Option("--count", "-n", help="How many photos to make.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed makes the same files.")] = 0,
    start: Annotated[int, typer.Option("--start", help="Index of the first photo (to extend a set).")] = 0,
    width: Annotated[
        str, typer.Option("--width", help="Image width in pixels, or a range such as 640-4000.")
    ] = "1600",
    fonts: Annotated[
        str, typer.Option("--fonts", help="Font split: train, holdout (never in train) or all.")
    ] = "train",
    balanced_dice: Annotated[
        float,
        typer.Option(
            "--balanced-dice", help="Share of trays rolled from made-up dice with every face equally likely."
        ),
    ] = 0.0,
    clutter: Annotated[
        bool, typer.Option("--clutter/--no-clutter", help="Lid, timer, score sheet, hand near the board.")
    ] = True,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (0: one per CPU).")] = 0,
    force: ForceOption = False,
    overwrite: OverwriteAlias = False,
) -> None:
    """Render synthetic photos with exact labels (the shared labelled-photo format)."""
    from boardsight.datasets.synth.writer import SynthSpec, generate, parse_sizes, parse_width

    spec = SynthSpec(
        game=game,
        sizes=parse_sizes(size) if game == "boggle" else (15,),
        tiles=tiles,
        width=parse_width(width),
        fonts=fonts,
        clutter=clutter,
        balanced_dice=balanced_dice,
    )
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    began = time.perf_counter()
    with typer.progressbar(length=count, label=f"Rendering {game}", file=sys.stderr) as bar:
        paths = generate(
            spec,
            out,
            count=count,
            seed=seed,
            start=start,
            jobs=workers,
            overwrite=force or overwrite,
            on_done=bar.update,
        )
    seconds = time.perf_counter() - began
    rate = len(paths) / seconds if seconds > 0 else 0.0
    typer.echo(f"wrote {len(paths)} photos to {out} in {seconds:.1f} s ({rate:.2f}/s, {workers} jobs)")
