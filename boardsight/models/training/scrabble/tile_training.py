"""Rebuild the square classifier from nothing: render boards, cut squares, train, export.

``boardsight train scrabble`` (and ``make train-scrabble``) call :func:`train_tile_model`.
Every step is seeded, so the same command on the same code gives the same data; the
training itself is deterministic up to PyTorch's CPU kernels. Validation uses boards
drawn with the renderer's held-out fonts, so the figure it reports is for lettering
the network never saw.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from boardsight.models.training.augment import AugmentConfig
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.export import TrainingReport, export_trained
from boardsight.models.training.network import DEFAULT_WIDTHS
from boardsight.models.training.rendered_cells import cached_cell_set
from boardsight.models.training.scrabble.crop_data import CropSpec, crop_cell_set
from boardsight.models.training.scrabble.tile_data import (
    CLASS_NAMES,
    INPUT_SIZE,
    RECIPE,
    BoardSpec,
    empty_square_set,
    in_recipe_colour,
    labelled_scrabble_photos,
    photo_cell_set,
    render_cell_set,
    split_photos,
    with_colour_jitter,
)
from boardsight.models.training.trainer import TrainConfig
from boardsight.vision.scrabble.onnx_reader import MODEL_PATH  # the bundled model, rebuilt here

TASK = "scrabble-square"
RARE_COPIES = 1000  # classes with fewer training crops than this (Q, Z ...) are repeated up to it
BLANK_COPIES = 3000  # blanks more: a blank tile in the board's own colour is the hardest square to tell
AUGMENT = AugmentConfig(
    rotate_degrees=8.0,
    scale=0.15,
    shift=0.1,
    gain=0.4,
    offset=40.0,
    gamma=0.4,
    blur_probability=0.5,
    noise=8.0,
)  # stronger than the default: real photos are blurrier, and their tiles sit less neatly in the squares


@dataclass(frozen=True)
class TileTrainingPlan:
    """How much to render and how long to train; the defaults are the published model's."""

    train_boards: int = 400
    validation_boards: int = 60
    seed: int = 7
    epochs: int = 10
    batch_size: int = 256
    jobs: int = 2
    threads: int = 2
    real_photos: Path | None = None
    real_held_out_share: float = 0.5
    real_fold: int = 0
    real_held_out_sources: tuple[str, ...] = ()
    real_copies: int = 4
    crops: int = 0
    """Squares drawn straight into crops (``crop_data``), added to the rendered boards' squares."""
    widths: tuple[int, ...] = DEFAULT_WIDTHS


def _cell_set(spec: BoardSpec, cache: Path | None, jobs: int, log: Callable[[str], None]) -> CellSet:
    if spec.count == 0:
        return empty_square_set()
    return cached_cell_set(
        f"scrabble_cells_{spec.fonts}_{spec.seed}_{spec.count}.npz",
        cache,
        lambda: render_cell_set(spec, jobs=jobs),
        what=f"{spec.count} boards (seed {spec.seed}, {spec.fonts} fonts, {jobs} jobs)",
        log=log,
    )


def _crop_set(spec: CropSpec, cache: Path | None, jobs: int, log: Callable[[str], None]) -> CellSet:
    return cached_cell_set(
        f"scrabble_tile_crops_{spec.seed}_{spec.count}.npz",
        cache,
        lambda: crop_cell_set(spec, jobs=jobs),
        what=f"{spec.count} tile crops (seed {spec.seed}, train fonts, {jobs} jobs)",
        log=log,
    )


def with_rare_classes_repeated(
    cells: CellSet, minimum: int = RARE_COPIES, minimum_of: dict[str, int] | None = None
) -> CellSet:
    """The set with each class that has fewer than ``minimum`` crops repeated up to ``minimum``.

    ``minimum_of`` gives some classes their own minimum. Augmentation makes each repeat
    a different picture; without it letters that boards rarely hold (Q, Z, X, Å ...)
    would barely be learnt.
    """
    extra = []
    for index, name in enumerate(cells.class_names):
        members = np.nonzero(cells.labels == index)[0]
        wanted = (minimum_of or {}).get(name, minimum)
        if 0 < len(members) < wanted:
            extra.append(np.resize(members, wanted - len(members)))
    if not extra:
        return cells
    chosen = np.concatenate(extra)
    repeated = CellSet(cells.images[chosen], cells.labels[chosen], cells.class_names, cells.groups[chosen])
    return CellSet.concatenate([cells, repeated])


def _real_cells(plan: TileTrainingPlan, log: Callable[[str], None]) -> tuple[CellSet, CellSet, list[str]]:
    """Crops of the labelled photos to train on, of those held out, and the held-out photos' names."""
    if plan.real_photos is None:
        empty = empty_square_set()
        return empty, empty, []
    photos = labelled_scrabble_photos(plan.real_photos)
    train, held_out = split_photos(
        photos, plan.real_held_out_share, plan.real_fold, held_out_sources=plan.real_held_out_sources
    )
    log(f"{len(train)} labelled photos to train on, {len(held_out)} held out, from {plan.real_photos}")
    names = sorted(example.image_path.name for example in held_out)
    return photo_cell_set(train, seed=plan.seed), photo_cell_set(held_out, seed=plan.seed + 1), names


def train_tile_model(
    plan: TileTrainingPlan,
    *,
    out: Path = MODEL_PATH,
    command: str = "boardsight train scrabble",
    cache: Path | None = None,
    log: Callable[[str], None] = print,
) -> TrainingReport:
    """Render, train and export; returns where the model went and how well it validated."""
    from boardsight.models.training.trainer import accuracy, train_classifier

    started = time.perf_counter()
    train_spec = BoardSpec(count=plan.train_boards, seed=plan.seed)
    validation_spec = BoardSpec(count=plan.validation_boards, seed=plan.seed + 1, fonts="holdout")
    train = in_recipe_colour(_cell_set(train_spec, cache, plan.jobs, log))
    validation = in_recipe_colour(_cell_set(validation_spec, cache, plan.jobs, log))
    real_train, real_held_out, held_out_names = _real_cells(plan, log)
    rendered = time.perf_counter()
    counts = train.class_counts()
    log(f"{len(train)} training squares, {len(validation)} validation squares; per class: {counts}")
    train = with_colour_jitter(with_rare_classes_repeated(train, minimum_of={"?": BLANK_COPIES}), plan.seed)
    if plan.crops:
        crops = _crop_set(CropSpec(plan.crops, plan.seed), cache, plan.jobs, log)
        train = CellSet.concatenate([train, in_recipe_colour(crops)])
    if len(real_train):
        train = CellSet.concatenate([train, *[real_train] * plan.real_copies])
    config = TrainConfig(
        epochs=plan.epochs,
        batch_size=plan.batch_size,
        threads=plan.threads,
        seed=plan.seed,
        normalise=RECIPE["normalise"],
        augment=AUGMENT,
        widths=plan.widths,
    )
    trained = train_classifier(train, validation, config, log=log)
    real_accuracy = None
    if len(real_held_out):
        real_accuracy = accuracy(trained.network, real_held_out, config.normalise)
        log(f"held-out real photos: {real_accuracy:.4%} of {len(real_held_out)} squares")
    data = (
        f"{sum(counts.values())} squares of {plan.train_boards} synthetic boards (boardsight dataset synth "
        f"--game scrabble, half English and half Swedish tiles, train fonts, seed {plan.seed}, widths "
        f"{train_spec.width[0]}-{train_spec.width[1]} px; every tile, a quarter of the empty squares, and "
        f"turned copies of half the tiles; classes under {RARE_COPIES} crops, and blanks under "
        f"{BLANK_COPIES}, repeated); validation: "
        f"{len(validation)} squares of {plan.validation_boards} boards with held-out fonts (seed "
        f"{plan.seed + 1}); squares cut from the labelled corners and augmented with small rotations, "
        f"scale, shift, light, blur, noise and a tint per crop; read in {RECIPE['colour']}"
    )
    if plan.crops:
        data += (
            f"; plus {plan.crops} squares drawn one by one (boardsight.datasets.synth.tile_crops, seed "
            f"{plan.seed}: train fonts and their regular weights, tile looks and materials, scores, bevels, "
            f"lifted tiles, neighbours, premium prints, 15-50 px a square, blur, glare, JPEG)"
        )
    if len(real_train):
        data += (
            f"; plus {len(real_train)} squares (every tile, half the empty squares, turned copies of half "
            f"the tiles) of the labelled photos in {plan.real_photos}, repeated {plan.real_copies} times, "
            f"from the positions not held out (share held out: {plan.real_held_out_share}, "
            f"part {plan.real_fold}; sources held out whole: "
            f"{', '.join(plan.real_held_out_sources) or 'none'})"
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
        extras={
            "per_class_accuracy": {
                name: round(value, 4) for name, value in trained.per_class_accuracy.items()
            },
            "real_held_out_photos": held_out_names,
            "real_held_out_sources": list(plan.real_held_out_sources),
            "real_held_out_accuracy": None if real_accuracy is None else round(real_accuracy, 5),
        },
        real_held_out_accuracy=real_accuracy,
    )
