"""``boardsight train``: rebuild the bundled classifiers from nothing (needs the ``train`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardsight.cli import train_scrabble, train_sheets
from boardsight.cli.errors import GuardedTyper
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

app = GuardedTyper(
    help="Rebuild the bundled classifiers: render synthetic data, train on the CPU, export ONNX."
)


@app.command("boggle")
def boggle(
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Where to write the model (default: boggle_cubes.onnx here)."),
    ] = None,
    trays: Annotated[int, typer.Option("--trays", help="Synthetic trays to train on.")] = 1400,
    validation_trays: Annotated[int, typer.Option("--validation-trays", help="Trays to validate on.")] = 160,
    epochs: Annotated[
        int | None,
        typer.Option("--epochs", help="Passes over the training cells (default 20; 6 to fine-tune)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the rendered data and the training.")] = 2024,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes rendering trays.")] = 2,
    threads: Annotated[int, typer.Option("--threads", help="CPU threads for training.")] = 2,
    cache: Annotated[
        Path | None, typer.Option("--cache", help="Keep (and reuse) the rendered cells in this folder.")
    ] = None,
    from_bundled: FromBundledOption = False,
    rehearsal: RehearsalOption = DEFAULT_REHEARSAL,
    real: Annotated[
        Path | None, typer.Option("--real", help="Labelled tray photos to fine-tune on (--from-bundled).")
    ] = None,
    name: NameOption = None,
    force: ForceOption = False,
) -> None:
    """Train the cube-face classifier from synthetic trays (the bundled one: boggle_cubes.onnx).

    The bundled model is replaced only with --out boardsight/models/boggle_cubes.onnx --force.

    With --from-bundled, fine-tune the bundled model on your own labelled photos instead
    and store it as a named model (read --model NAME uses it).
    """
    if from_bundled:
        fine_tune_command(
            "boggle",
            real=real,
            name=name,
            epochs=epochs,
            threads=threads,
            seed=seed,
            force=force,
            rehearsal=rehearsal,
        )
        return
    destination = model_destination(out, "boggle_cubes.onnx", force=force)
    require_train_extra()
    from boardsight.models.training.boggle.cube_training import CubeTrainingPlan, train_cube_model

    plan = CubeTrainingPlan(
        train_trays=trays,
        validation_trays=validation_trays,
        seed=seed,
        epochs=epochs or CubeTrainingPlan.epochs,
        jobs=jobs,
        threads=threads,
    )
    report = train_cube_model(
        plan, out=destination, command=recorded_command("boggle"), cache=cache, log=log_line
    )
    echo_result(report.path, report.validation_accuracy, report.render_seconds + report.train_seconds)


app.command("scrabble")(train_scrabble.scrabble)
app.command("sheets")(train_sheets.sheets)
