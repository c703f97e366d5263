"""``boardsight batch PHOTOS... --out results.jsonl``: read many photos, locally or on a Dask cluster."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from boardsight.batch.executors import open_pool
from boardsight.batch.photos import find_photos
from boardsight.batch.run import TRANSFERS, BatchSummary, plan_batch, run_batch, write_csv
from boardsight.batch.work import GAMES, BatchOptions
from boardsight.cli.errors import EXIT_INTERRUPTED
from boardsight.cli.options import SchedulerOption, WorkersOption
from boardsight.errors import BadInputError


def _check_paths(out: Path, csv_path: Path | None, *, force: bool) -> None:
    """A CSV of an earlier batch is its own (remade from --out); any other needs --force."""
    if out.is_dir():
        raise BadInputError(f"{out} is a folder; name the results file (results.jsonl)")
    if csv_path == out:
        raise BadInputError(
            f"--out {out} is where --csv writes its table; name the results file results.jsonl"
        )
    if csv_path is not None and csv_path.exists() and not out.exists() and not force:
        raise BadInputError(f"{csv_path} exists; pass --force to replace it")


def _progress_bar(total: int) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, unit="photo", desc="reading", file=sys.stderr, disable=not sys.stderr.isatty())


def summary_line(summary: BatchSummary, out: Path, where: str) -> str:
    """The closing line: photos read, failed and skipped, and the rate."""
    text = f"read {summary.read} photos, {summary.failed} failed"
    if summary.skipped:
        text += f", {summary.skipped} already in {out}"
    if summary.read + summary.failed == 0:
        return text
    return text + f" ({summary.rate:.2f} photos/s on {where})"


def batch(
    photos: Annotated[
        list[str], typer.Argument(help="Photos, folders of photos (searched recursively) or globs.")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Results file: one JSON line a photo.")],
    game: Annotated[
        str, typer.Option("--game", help="auto (tell each photo's game: slower), boggle or scrabble.")
    ] = "auto",
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    transfer: Annotated[
        str,
        typer.Option(
            "--transfer",
            help="How cluster workers get photos: path (a shared file system), bytes, or auto (test one).",
        ),
    ] = "auto",
    solve: Annotated[
        bool,
        typer.Option("--solve", help="Add every Boggle word and the total, or the Scrabble words' validity."),
    ] = False,
    resume: Annotated[
        bool,
        typer.Option("--resume/--force", help="Skip photos already in --out, or start --out over."),
    ] = True,
    with_csv: Annotated[bool, typer.Option("--csv", help="Also write a CSV table beside --out.")] = False,
) -> None:
    """Read every photo and append one JSON line per photo to --out as soon as it is done.

    A photo that cannot be read gets a line with its error and the batch goes on.
    Running the same command again reads only the photos missing from --out.
    """
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if transfer not in TRANSFERS:
        raise BadInputError(f"unknown transfer {transfer!r}: choose one of {', '.join(TRANSFERS)}")
    force = not resume
    csv_path = out.with_suffix(".csv") if with_csv else None
    _check_paths(out, csv_path, force=force)
    plan = plan_batch(find_photos(photos), out, force=force)
    if force and out.exists():
        typer.echo(f"starting over: replacing {out}", err=True)
    elif plan.skipped:
        typer.echo(f"resuming: {plan.skipped} of {len(plan.photos)} photos already in {out}", err=True)
    summary = BatchSummary(skipped=plan.skipped)
    where = "no workers"
    if plan.todo:
        pool = open_pool(workers=workers, scheduler=scheduler)
        where = pool.where
        with _progress_bar(len(plan.todo)) as bar:
            try:
                summary = run_batch(
                    plan,
                    pool,
                    BatchOptions(game=game, solve=solve),
                    transfer=transfer,
                    on_line=lambda _: bar.update(),
                )
            finally:
                pool.close(cancel=True)
    if csv_path is not None:
        write_csv(out, csv_path)
    typer.echo(summary_line(summary, out, where), err=True)
    if summary.interrupted:
        typer.echo("interrupted: run the same command again to read the rest", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
