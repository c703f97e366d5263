"""Rebuild the cube-face classifier from nothing: render trays, cut cells, train, export.

``boardsight train boggle`` (and ``make train-boggle``) call :func:`train_cube_model`.
Every step is seeded, so the same command on the same code gives the same data; the
training itself is deterministic up to PyTorch's CPU kernels.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from boardsight.models.training.augment import AugmentConfig
from boardsight.models.training.boggle.cube_data import (
    CLASS_NAMES,
    INPUT_SIZE,
    RECIPE,
    TraySpec,
    render_cell_set,
)
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.export import TrainingReport, export_trained
from boardsight.models.training.rendered_cells import cached_cell_set
from boardsight.models.training.trainer import TrainConfig
from boardsight.vision.boggle.onnx_reader import MODEL_PATH  # the bundled model, rebuilt here

TASK = "boggle-cube-face"


CUBE_AUGMENT = AugmentConfig(quarter_turns=True, aspect=0.12, shear=0.15, stroke_probability=0.5)
"""Cube faces come in any turn; stretch, slant and stroke weight stand for faces no training font has."""


@dataclass(frozen=True)
class CubeTrainingPlan:
    """How much to render and how long to train; the defaults are the published model's."""

    train_trays: int = 1400
    validation_trays: int = 160
    seed: int = 2024
    epochs: int = 20
    batch_size: int = 256
    jobs: int = 2
    threads: int = 2
    augment: AugmentConfig = field(default_factory=lambda: CUBE_AUGMENT)


def _cell_set(spec: TraySpec, cache: Path | None, jobs: int, log: Callable[[str], None]) -> CellSet:
    return cached_cell_set(
        f"boggle_cells_{spec.fonts}_{spec.seed}_{spec.count}.npz",
        cache,
        lambda: render_cell_set(spec, jobs=jobs),
        what=f"{spec.count} trays (seed {spec.seed}, {spec.fonts} fonts, {jobs} jobs)",
        log=log,
    )


def train_cube_model(
    plan: CubeTrainingPlan,
    *,
    out: Path = MODEL_PATH,
    command: str = "boardsight train boggle",
    cache: Path | None = None,
    log: Callable[[str], None] = print,
) -> TrainingReport:
    """Render, train and export; returns where the model went and how well it validated."""
    from boardsight.models.training.trainer import train_classifier

    started = time.perf_counter()
    train_spec = TraySpec(count=plan.train_trays, seed=plan.seed)
    validation_spec = TraySpec(count=plan.validation_trays, seed=plan.seed + 1, balanced_share=0.5)
    train = _cell_set(train_spec, cache, plan.jobs, log)
    validation = _cell_set(validation_spec, cache, plan.jobs, log)
    rendered = time.perf_counter()
    log(f"{len(train)} training cells, {len(validation)} validation cells")
    config = TrainConfig(
        epochs=plan.epochs,
        batch_size=plan.batch_size,
        threads=plan.threads,
        seed=plan.seed,
        normalise=RECIPE["normalise"],
        augment=plan.augment,
    )
    trained = train_classifier(train, validation, config, log=log)
    data = (
        f"{len(train)} cells of {plan.train_trays} synthetic trays (boardsight dataset synth, train fonts, "
        f"seed {plan.seed}, sizes 4-6, widths {train_spec.width[0]}-{train_spec.width[1]} px, "
        f"{train_spec.balanced_share:.0%} rolled from balanced dice); validation: {len(validation)} cells "
        f"of {plan.validation_trays} trays (seed {plan.seed + 1}); cells cut from the labelled corners "
        "and augmented with quarter turns, small rotations, scale, stretch, slant, shift, stroke weight, "
        "light, blur and noise"
    )
    return export_trained(
        trained,
        task=TASK,
        class_names=CLASS_NAMES,
        input_size=INPUT_SIZE,
        preprocessing=RECIPE,
        command=command,
        data=data,
        epochs=plan.epochs,
        widths=config.widths,
        started=started,
        rendered=rendered,
        train_cells=len(train),
        validation_cells=len(validation),
        out=out,
        log=log,
    )
