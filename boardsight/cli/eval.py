"""``boardsight eval DIR``: run readers over a labelled-photo set and print the format's metrics."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from boardsight.batch.executors import task_runner
from boardsight.cli.options import JsonOption, SchedulerOption
from boardsight.cli.output import emit_json, format_table
from boardsight.datasets import iter_examples
from boardsight.datasets.eval_report import counts_line, failure_lines, metric_rows, render_markdown, to_json
from boardsight.datasets.evaluation import (
    AUTO,
    Evaluation,
    check_selection,
    evaluate,
    example_games,
    select_examples,
)
from boardsight.datasets.mistakes import prepare_folder, write_mistakes
from boardsight.errors import BadInputError
from boardsight.vision.reading import DEFAULT_MAX_SIDE, photo_readers


def render_text(evaluation: Evaluation, *, top: int = 10) -> str:
    """The results as plain-text tables: metrics per game, then mistakes and failures per reader."""
    lines = [counts_line(evaluation)]
    for game in evaluation.games:
        results = evaluation.for_game(game)
        lines += ["", game, format_table(["metric", *evaluation.readers], metric_rows(game, results))]
        for result in results:
            mistakes = result.confusion(top)
            if mistakes:
                lines += ["", f"most frequent mistakes ({game}, {result.reader})"]
                rows = [[label, predicted, str(count)] for label, predicted, count in mistakes]
                lines.append(format_table(["true", "read", "count"], rows, align="llr"))
            if result.failures:
                lines += ["", f"not read at all ({game}, {result.reader})"]
                lines += ["  " + line for line in failure_lines(result, evaluation.root)]
    return "\n".join(lines)


def _check_report_path(report: Path, *, force: bool) -> None:
    if report.exists() and not force:
        raise BadInputError(f"{report} exists; pass --force to replace it")
    if report.is_dir():
        raise BadInputError(f"{report} is a folder; name a Markdown file")


def eval_command(
    folder: Annotated[Path, typer.Argument(help="Labelled-photo set (searched recursively).")],
    game: Annotated[
        str,
        typer.Option("--game", "-g", help="auto (each photo's label says), boggle, scrabble or wordlist."),
    ] = AUTO,
    readers: Annotated[
        list[str] | None,
        typer.Option(
            "--reader",
            help="Reader to evaluate (onnx, tesseract; for word-list sheets ppocr, ppocr-v4, own, ppocr+own, "
            "tesseract); repeat to compare readers.",
        ),
    ] = None,
    old_readers: Annotated[list[str] | None, typer.Option("-r", hidden=True)] = None,
    json_output: JsonOption = False,
    report: Annotated[
        Path | None, typer.Option("--report", help="Also write the results as Markdown.")
    ] = None,
    mistakes: Annotated[
        Path | None,
        typer.Option("--mistakes", help="Write crops of wrong cells and overlays of wrong boards here."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write into a non-empty --mistakes folder, replace --report.")
    ] = False,
    limit: Annotated[int | None, typer.Option("--limit", help="Evaluate only the first N photos.")] = None,
    top: Annotated[int, typer.Option("--top", help="Rows of the most-frequent-mistakes table.")] = 10,
    max_side: Annotated[
        int, typer.Option("--max-side", help="Decode photos no smaller than this on the long side.")
    ] = DEFAULT_MAX_SIDE,
    workers: Annotated[
        int | None,
        typer.Option("--workers", help="Local worker processes (default: read here, one at a time)."),
    ] = None,
    scheduler: SchedulerOption = None,
) -> None:
    """Run readers on every labelled photo and print cell, board, letter and corner accuracy.

    Several --reader options evaluate readers side by side on the same photos (one
    column each). Photos a reader cannot read at all are listed and count as wrong.
    --workers or --scheduler read the photos on local processes or a Dask cluster
    (whose workers must see FOLDER at the same path).
    """
    if game == "wordlist":
        from boardsight.cli.eval_sheets import eval_sheets

        eval_sheets(folder, readers, limit=limit, json_output=json_output)
        return
    check_selection(game, limit)
    if report is not None:
        _check_report_path(report, force=force)
    if mistakes is not None:
        prepare_folder(mistakes, force=force)
    if scheduler is not None:
        folder = folder.resolve()  # the cluster's workers open the photos by this path
    examples, other_games, past_limit = select_examples(list(iter_examples(folder)), game, limit)
    if not examples:
        wanted = "" if game == AUTO else f" of {game}"
        raise BadInputError(f"{folder}: no labelled photos{wanted} to evaluate")
    names = [*(readers or []), *(old_readers or [])] or ["onnx"]  # -r was --reader's short name
    show_progress = not json_output and sys.stderr.isatty()
    with (
        task_runner(workers=workers, scheduler=scheduler) as run,
        typer.progressbar(
            length=len(examples) * len(names), label="reading", file=sys.stderr, hidden=not show_progress
        ) as bar,
    ):
        evaluation = evaluate(
            examples,
            photo_readers(names, example_games(examples), max_side=max_side),
            root=folder,
            skipped_other_games=other_games,
            skipped_by_limit=past_limit,
            progress=lambda: bar.update(1),
            run=run,
        )
    if json_output:
        emit_json(to_json(evaluation, top=top))
    else:
        typer.echo(render_text(evaluation, top=top))
    if report is not None:
        report.write_text(render_markdown(evaluation, top=top), encoding="utf-8")
    if mistakes is not None:
        written = write_mistakes(evaluation, mistakes)
        message = f"wrote {written.cells} cell crops and {written.boards} board overlays to {mistakes}"
        if written.cells_without_corners:
            message += f" ({written.cells_without_corners} wrong cells had no corners to crop by)"
        typer.echo(message, err=True)
