"""``boardsight train sheets``: rebuild the bundled sheet word recogniser (needs the ``train`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardsight.cli.options import ForceOption
from boardsight.cli.train_common import (
    echo_result,
    log_line,
    model_destination,
    recorded_command,
    require_train_extra,
)
from boardsight.errors import BadInputError


def sheets(
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Where to write the model (default: sheet_words.onnx here)."),
    ] = None,
    sheets_count: Annotated[
        int, typer.Option("--sheets", help="Rendered sheets whose detected words are training crops.")
    ] = 200,
    written: Annotated[
        int, typer.Option("--written", help="Single written words to train on besides.")
    ] = 30000,
    validation_sheets: Annotated[
        int, typer.Option("--validation-sheets", help="Sheets to validate on.")
    ] = 20,
    minutes: Annotated[float, typer.Option("--minutes", help="Longest training time (minutes).")] = 30.0,
    steps: Annotated[int, typer.Option("--steps", help="Most training steps.")] = 20000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the rendered data and the training.")] = 11,
    threads: Annotated[int, typer.Option("--threads", help="CPU threads for training.")] = 1,
    cache: Annotated[
        Path | None, typer.Option("--cache", help="Keep (and reuse) the rendered sheet crops in this folder.")
    ] = None,
    checkpoint: Annotated[
        Path | None, typer.Option("--checkpoint", help="Write the training state here every two minutes.")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Go on from --checkpoint.")] = False,
    force: ForceOption = False,
) -> None:
    """Train the score-sheet word recogniser on word crops in the renderer's training hands.

    The bundled model is replaced only with --out boardsight/models/sheet_words.onnx --force.
    """
    if minutes <= 0 or steps < 1:
        raise BadInputError("--minutes must be above 0 and --steps at least 1")
    if sheets_count < 0 or written < 0 or validation_sheets < 0 or sheets_count + written == 0:
        raise BadInputError("--sheets, --written and --validation-sheets must be at least 0, and not all 0")
    if resume and checkpoint is None:
        raise BadInputError("--resume needs --checkpoint")
    destination = model_destination(out, "sheet_words.onnx", force=force)
    require_train_extra()
    from boardsight.models.training.sheets.word_model import WordTrainingPlan, build_word_model
    from boardsight.models.training.sheets.word_training import WordTrainConfig

    plan = WordTrainingPlan(
        train_sheets=sheets_count,
        written_words=written,
        validation_sheets=validation_sheets,
        seed=seed,
        config=WordTrainConfig(max_steps=steps, max_minutes=minutes, threads=threads, seed=seed),
    )
    report = build_word_model(
        plan,
        out=destination,
        command=recorded_command("sheets"),
        cache=cache,
        checkpoint=checkpoint,
        resume=resume,
        log=log_line,
    )
    echo_result(report.path, report.validation_words, report.render_seconds + report.train_seconds)
