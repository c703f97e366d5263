"""``boardsight dataset synth``: render a labelled set of synthetic tray or board photos."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from boardsight.batch.executors import default_workers, task_runner
from boardsight.cli.options import ForceOption, OverwriteAlias, SchedulerOption
from boardsight.errors import BadInputError


def synth(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write images and sidecars into.")],
    game: Annotated[
        str, typer.Option("--game", help="boggle, scrabble, or sheets (players' score sheets).")
    ] = "boggle",
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
    jobs: Annotated[
        int, typer.Option("--workers", "--jobs", "-j", help="Local worker processes (0: one per core).")
    ] = 0,
    scheduler: SchedulerOption = None,
    force: ForceOption = False,
    overwrite: OverwriteAlias = False,
) -> None:
    """Render synthetic photos with exact labels (the shared labelled-photo format)."""
    from boardsight.datasets.synth.writer import SynthSpec, generate, parse_sizes, parse_width

    overwrite = force or overwrite

    _warn_of_missing_fonts(game, fonts)
    if game == "sheets":
        _synth_sheets(out, count, seed, start, parse_width(width), fonts, overwrite)
        return

    spec = SynthSpec(
        game=game,
        sizes=parse_sizes(size) if game == "boggle" else (15,),
        tiles=tiles,
        width=parse_width(width),
        fonts=fonts,
        clutter=clutter,
        balanced_dice=balanced_dice,
    )
    if jobs < 0:
        raise BadInputError(f"--workers must be at least 1 (or 0: one per core), not {jobs}")
    workers = None if scheduler is not None else min(jobs or default_workers(), max(1, count))
    began = time.perf_counter()
    with (
        task_runner(workers=workers, scheduler=scheduler, load_models=False) as run,
        typer.progressbar(length=count, label=f"Rendering {game}", file=sys.stderr) as bar,
    ):
        paths = generate(
            spec, out, count=count, seed=seed, start=start, overwrite=overwrite, on_done=bar.update, run=run
        )
    seconds = time.perf_counter() - began
    rate = len(paths) / seconds if seconds > 0 else 0.0
    where = f"the Dask cluster at {scheduler}" if scheduler is not None else f"{workers} jobs"
    typer.echo(f"wrote {len(paths)} photos to {out} in {seconds:.1f} s ({rate:.2f}/s, {where})")


def _warn_of_missing_fonts(game: str, split: str) -> None:
    """Refuse an unknown split; say on stderr when its faces are not all installed (the set would
    measure other faces)."""
    from boardsight.datasets.synth.font_check import fonts_warning

    note = fonts_warning(game, split)
    if note is not None:
        typer.echo(note, err=True)


def _synth_sheets(
    out: Path, count: int, seed: int, start: int, width: tuple[int, int], fonts: str, overwrite: bool
) -> None:
    from boardsight.datasets.synth.sheet_writer import generate_sheets

    began = time.perf_counter()
    with typer.progressbar(length=count, label="Rendering sheets", file=sys.stderr) as bar:
        paths = generate_sheets(
            out,
            count=count,
            seed=seed,
            start=start,
            fonts=fonts,
            width=width,
            overwrite=overwrite,
            on_done=bar.update,
        )
    typer.echo(f"wrote {len(paths)} sheet photos to {out} in {time.perf_counter() - began:.1f} s")
