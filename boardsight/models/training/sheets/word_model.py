"""Rebuild the sheet word recogniser from nothing: render sheets, cut word crops, train, export.

``boardsight train sheets`` (and ``make train-sheets``) call :func:`build_word_model`.
Rendering is seeded (training sheets and written words on ``seed``, validation sheets on
``seed + 1``, all in the renderer's training hands only); the training is bounded by steps
and minutes. Validation crops are cut from whole photographed sheets, as the reader cuts them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from boardsight.models.metadata import ModelMetadata
from boardsight.models.training.export import git_commit
from boardsight.models.training.sheets.word_crops import (
    WordCrops,
    cached_crops,
    render_crops,
    training_faces,
    written_crops,
)
from boardsight.models.training.sheets.word_export import export_word_model
from boardsight.models.training.sheets.word_training import WordTrainConfig, train_word_model
from boardsight.sheets.ctc import LETTERS
from boardsight.vision.sheets.own_words import TASK
from boardsight.vision.sheets.word_image import HEIGHT, STRIDE

CLASS_NAMES = ["blank", *LETTERS, "other"]
CHUNK = 50
"""Sheets per cache file, so an interrupted render keeps what it finished."""


@dataclass(frozen=True)
class WordTrainingPlan:
    """How much to render and how long to train; the defaults are the published model's."""

    train_sheets: int = 200
    written_words: int = 30000
    validation_sheets: int = 20
    seed: int = 11
    config: WordTrainConfig = field(default_factory=WordTrainConfig)


@dataclass
class WordTrainingReport:
    path: Path
    train_crops: int
    validation_crops: int
    validation_words: float
    steps: int
    render_seconds: float
    train_seconds: float


def _crops(sheets: int, seed: int, cache: Path | None) -> WordCrops:
    if cache is None:
        return render_crops(sheets, seed)
    crops = WordCrops([], [], [])
    for start in range(0, sheets, CHUNK):
        crops.extend(cached_crops(cache, min(CHUNK, sheets - start), seed, start=start))
    return crops


def build_word_model(
    plan: WordTrainingPlan,
    *,
    out: Path,
    command: str,
    cache: Path | None = None,
    checkpoint: Path | None = None,
    resume: bool = False,
    log: Callable[[str], None] = print,
) -> WordTrainingReport:
    """Render (or load from ``cache``), train and export to ``out``."""
    started = time.perf_counter()
    fonts = sorted(face.name for face in training_faces())
    log(
        f"rendering {plan.train_sheets} + {plan.validation_sheets} sheets and {plan.written_words} "
        f"written words in {len(fonts)} training hands"
    )
    train = _crops(plan.train_sheets, plan.seed, cache)
    sheet_words = len(train)
    train.extend(written_crops(plan.written_words, plan.seed))
    validation = _crops(plan.validation_sheets, plan.seed + 1, cache)
    rendered = time.perf_counter()
    log(f"{len(train)} training crops, {len(validation)} validation crops ({rendered - started:.0f} s)")
    trained = train_word_model(train, validation, plan.config, checkpoint=checkpoint, resume=resume, log=log)
    config = plan.config
    metadata = ModelMetadata(
        task=TASK,
        class_names=CLASS_NAMES,
        input_size=(HEIGHT, 0),
        preprocessing={"colour": "gray", "height": HEIGHT, "stride": STRIDE, "normalise": "paper_to_ink"},
        training_command=command,
        git_commit=git_commit(Path(__file__).resolve().parent),
        data=(
            f"{sheet_words} word crops from {plan.train_sheets} rendered sheets and "
            f"{len(train) - sheet_words} written words (seed {plan.seed}), "
            f"validation {len(validation)} crops from {plan.validation_sheets} sheets "
            f"(seed {plan.seed + 1}); "
            f"training hands only: {', '.join(fonts)}"
        ),
        validation_accuracy=round(trained.validation_words, 5),
        created=date.today().isoformat(),
        extras={
            "steps": trained.steps,
            "minutes": round(trained.seconds / 60, 1),
            "widths": list(config.widths),
            "hidden": config.hidden,
        },
    )
    path = export_word_model(trained.network, metadata, out)
    log(
        f"wrote {path} ({path.stat().st_size / 1024:.0f} KB), validation words {trained.validation_words:.2%}"
    )
    return WordTrainingReport(
        path,
        len(train),
        len(validation),
        trained.validation_words,
        trained.steps,
        rendered - started,
        trained.seconds,
    )
