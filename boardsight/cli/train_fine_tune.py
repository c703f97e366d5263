"""``boardsight train GAME --from-bundled --real FOLDER --name NAME``: a model fine-tuned to a user's set.

The bundled model is the starting point and is never written to; the result is stored
as a named model (:mod:`boardsight.models.named_models`) that ``read --model NAME`` uses.
"""

from __future__ import annotations

import time
from pathlib import Path

import typer

from boardsight.cli.train_common import log_line, recorded_command, require_train_extra
from boardsight.errors import BadInputError
from boardsight.models.named_models import named_model_path
from boardsight.models.training.rehearsal import DEFAULT_CROPS as DEFAULT_REHEARSAL

DEFAULT_EPOCHS = 6


def bundled_model(game: str) -> Path:
    if game == "scrabble":
        from boardsight.vision.scrabble.onnx_reader import MODEL_PATH
    else:
        from boardsight.vision.boggle.onnx_reader import MODEL_PATH
    return MODEL_PATH


def fine_tune_command(
    game: str,
    *,
    real: Path | None,
    name: str | None,
    epochs: int | None,
    threads: int,
    seed: int,
    force: bool,
    rehearsal: int = DEFAULT_REHEARSAL,
) -> None:
    """Fine-tune the bundled ``game`` model on the labelled photos in ``real``; store it as ``name``."""
    if real is None or name is None:
        raise BadInputError("--from-bundled needs --real FOLDER (labelled photos) and --name NAME")
    if not real.is_dir():
        raise BadInputError(f"--real {real}: no such folder")
    if rehearsal < 0:
        raise BadInputError(f"--rehearsal must be 0 or more, not {rehearsal}")
    out = named_model_path(game, name)
    if out.exists() and not force:
        raise BadInputError(f"a {game} model named {name!r} exists ({out}); pass --force to replace it")
    require_train_extra()
    from boardsight.models.onnx_classifier import OnnxClassifier
    from boardsight.models.training.augment import AugmentConfig
    from boardsight.models.training.fine_tune import FineTuneConfig, fine_tune_model
    from boardsight.models.training.photo_crops import labelled_photos, photo_crops
    from boardsight.models.training.rehearsal import rehearsal_cells

    started = time.perf_counter()
    base = bundled_model(game)
    photos = labelled_photos(real, game)
    metadata = OnnxClassifier(base).metadata
    cells = photo_crops(photos, game, metadata, seed=seed)
    log_line(f"{len(cells)} labelled squares of {len(photos)} photos in {real}")
    rehearsed = None
    if rehearsal:
        rehearsed = rehearsal_cells(game, metadata, rehearsal, seed=seed, jobs=threads)
        log_line(f"{len(rehearsed)} rendered squares to rehearse")
    config = FineTuneConfig(
        epochs=epochs or DEFAULT_EPOCHS,
        threads=threads,
        seed=seed,
        augment=AugmentConfig(quarter_turns=game == "boggle"),
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    names = ", ".join(photo.image_path.name for photo in photos[:20]) + (", ..." if len(photos) > 20 else "")
    report = fine_tune_model(
        base,
        cells,
        out,
        config=config,
        command=recorded_command(game),
        data=f"{len(cells)} squares of {len(photos)} labelled photos ({names})",
        log=log_line,
        rehearsal=rehearsed,
    )
    minutes = (time.perf_counter() - started) / 60
    typer.echo(
        f"{report.path}: model {name!r} for {game}, fine-tuned on {report.crops} squares of {len(photos)} "
        f"photos ({report.accuracy_before:.2%} of them read right before, {report.accuracy_after:.2%} "
        f"after; {minutes:.1f} min); read with: boardsight read PHOTO --game {game} --model {name}"
    )
