"""``boardsight train scrabble``: rebuild the bundled square classifier (needs the ``train`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardsight.cli.options import ForceOption
from boardsight.cli.train_common import (
    FromBundledOption,
    NameOption,
    RehearsalOption,
    echo_result,
    log_line,
    model_destination,
    recorded_command,
    require_train_extra,
)
from boardsight.cli.train_fine_tune import DEFAULT_REHEARSAL, fine_tune_command
from boardsight.errors import BadInputError


def scrabble(
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Where to write the model (default: scrabble_tiles.onnx here)."),
    ] = None,
    boards: Annotated[int, typer.Option("--boards", help="Synthetic boards to train on.")] = 400,
    validation_boards: Annotated[
        int, typer.Option("--validation-boards", help="Boards (held-out fonts) to validate on.")
    ] = 60,
    epochs: Annotated[
        int | None,
        typer.Option("--epochs", help="Passes over the training squares (default 10; 6 to fine-tune)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the rendered data and the training.")] = 7,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes rendering boards.")] = 2,
    threads: Annotated[int, typer.Option("--threads", help="CPU threads for training.")] = 2,
    cache: Annotated[
        Path | None, typer.Option("--cache", help="Keep (and reuse) the rendered squares in this folder.")
    ] = None,
    real: Annotated[
        Path | None,
        typer.Option("--real", help="A labelled-photo set of real boards to train on as well."),
    ] = None,
    real_held_out: Annotated[
        float,
        typer.Option("--real-held-out", help="Share of --real's positions kept out of training."),
    ] = 0.5,
    real_fold: Annotated[
        int,
        typer.Option(
            "--real-fold", help="Which part of that share is held out (0, 1, ...: cross-validation)."
        ),
    ] = 0,
    real_held_out_source: Annotated[
        list[str] | None,
        typer.Option(
            "--real-held-out-source",
            help="Hold out every photo of this source (the sidecar's source_repo); repeatable.",
        ),
    ] = None,
    crops: Annotated[
        int,
        typer.Option("--crops", help="Squares drawn one by one (fast, broad) to add to the boards' squares."),
    ] = 0,
    widths: Annotated[
        str | None,
        typer.Option(
            "--widths",
            help="Channels of the network's stages, comma-separated (default 16,32,64,96).",
        ),
    ] = None,
    from_bundled: FromBundledOption = False,
    rehearsal: RehearsalOption = DEFAULT_REHEARSAL,
    name: NameOption = None,
    force: ForceOption = False,
) -> None:
    """Train the square classifier from synthetic boards (the bundled one: scrabble_tiles.onnx).

    The bundled model is replaced only with --out boardsight/models/scrabble_tiles.onnx --force.

    With --from-bundled, fine-tune the bundled model on the labelled photos of --real
    instead (all of them) and store it as a named model (read --model NAME uses it).
    """
    if from_bundled:
        fine_tune_command(
            "scrabble",
            real=real,
            name=name,
            epochs=epochs,
            threads=threads,
            seed=seed,
            force=force,
            rehearsal=rehearsal,
        )
        return
    if not 0 <= real_held_out < 1:
        raise BadInputError(f"--real-held-out must be at least 0 and below 1, not {real_held_out}")
    if real_fold < 0 or (real_fold and real_fold * real_held_out >= 1):
        raise BadInputError(f"--real-fold {real_fold}: no such part with --real-held-out {real_held_out}")
    if real is not None and not real.is_dir():
        raise BadInputError(f"--real {real}: no such folder")
    if crops < 0:
        raise BadInputError(f"--crops must be 0 or more, not {crops}")
    stage_widths = _widths(widths)
    destination = model_destination(out, "scrabble_tiles.onnx", force=force)
    require_train_extra()
    from boardsight.models.training.scrabble.tile_training import TileTrainingPlan, train_tile_model

    plan = TileTrainingPlan(
        train_boards=boards,
        validation_boards=validation_boards,
        seed=seed,
        epochs=epochs or 10,
        jobs=jobs,
        threads=threads,
        real_photos=real,
        real_held_out_share=real_held_out,
        real_fold=real_fold,
        real_held_out_sources=tuple(real_held_out_source or ()),
        crops=crops,
        widths=stage_widths or TileTrainingPlan.widths,
    )
    report = train_tile_model(
        plan, out=destination, command=recorded_command("scrabble"), cache=cache, log=log_line
    )
    if report.real_held_out_accuracy is not None:
        typer.echo(f"held-out real squares: {report.real_held_out_accuracy:.4%}")
    echo_result(report.path, report.validation_accuracy, report.render_seconds + report.train_seconds)


def _widths(text: str | None) -> tuple[int, ...] | None:
    """``--widths`` as a tuple of positive channel counts (None: the default network)."""
    if text is None:
        return None
    try:
        widths = tuple(int(part) for part in text.split(","))
    except ValueError:
        widths = ()
    if not widths or min(widths) < 1:
        raise BadInputError(f"--widths {text!r}: give positive channel counts such as 16,32,64,96")
    return widths
