"""What fine-tuning to a set gains on photos of that set it was not tuned on.

Usage: python benchmarks/eval_fine_tune.py FOLDER --source REPO [--base MODEL] [--train 3] [--folds 4]
       [--epochs 6] [--out DIR]

Takes the labelled Scrabble photos of one source (the sidecar's ``source_repo``) in
FOLDER and groups them by position (a photo and its warped copy are one position). In
fold ``f`` the base model (the bundled one unless ``--base``) is fine-tuned, as
``boardsight train scrabble --from-bundled`` does, on the photos of ``--train``
positions (positions ``f*train ...``, wrapping round), and both models read every photo
of the other positions, with no checks and with the default checks. Prints per fold
and pooled: squares, letter tiles and whole boards right, and the fine-tuning time.

Say which photos the base model trained on next to any figure: the bundled model never
saw ``DeclanFinerty/scrabble-vision`` but trained on ``kwwangkw/scrabble-solver``; for
the latter pass a base trained without it.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from boardsight.datasets.metrics import score_board
from boardsight.models.onnx_classifier import OnnxClassifier
from boardsight.models.training.augment import AugmentConfig
from boardsight.models.training.fine_tune import FineTuneConfig, fine_tune_model
from boardsight.models.training.photo_crops import labelled_photos, photo_crops
from boardsight.models.training.rehearsal import DEFAULT_CROPS, rehearsal_cells
from boardsight.models.training.scrabble.tile_data import position_key
from boardsight.vision.image_io import decode_image_scaled, read_image_bytes
from boardsight.vision.reading import DEFAULT_MAX_SIDE
from boardsight.vision.scrabble.board_reading import checked_reading, classify_board
from boardsight.vision.scrabble.onnx_reader import MODEL_PATH, reader_model

CONFIGS = {"no checks": (), "checks": None}


def read_scores(model: Path, photos: list, rows: list, fold: int, name: str) -> dict[str, list[int]]:
    """Per configuration: [cells right, cells, letters right, letters, boards right, boards]."""
    reader = reader_model(model)
    totals: dict[str, list[int]] = defaultdict(lambda: [0] * 6)
    for photo in photos:
        image, _ = decode_image_scaled(
            read_image_bytes(photo.image_path), source=str(photo.image_path), max_side=DEFAULT_MAX_SIDE
        )
        board = classify_board(image, reader)
        for config, checks in CONFIGS.items():
            reading = checked_reading(board, reader="onnx", checks=checks)
            score = score_board(photo.label.grid, None, reading.grid, None)
            found = [score.cells_right, score.cells, score.letters_right, score.letters, score.board_right, 1]
            totals[config] = [a + b for a, b in zip(totals[config], found, strict=True)]
            rows.append(
                {
                    "fold": fold,
                    "model": name,
                    "config": config,
                    "photo": photo.image_path.name,
                    "cells_right": score.cells_right,
                    "letters_right": score.letters_right,
                    "letters": score.letters,
                    "mistakes": [[m.row, m.col, m.label, m.predicted] for m in score.mistakes],
                }
            )
    return totals


def share(right: int, total: int) -> str:
    return f"{right / total:.1%} ({right}/{total})" if total else "-"


def show(title: str, totals: dict[str, dict[str, list[int]]]) -> None:
    print(f"\n{title}")
    for name, configs in totals.items():
        for config, t in configs.items():
            print(
                f"  {name:<10} {config:<10} squares {share(t[0], t[1]):<22} letters {share(t[2], t[3]):<20} "
                f"boards {t[4]}/{t[5]}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument(
        "--source", required=True, help="source_repo of the photos, e.g. kwwangkw/scrabble-solver"
    )
    parser.add_argument("--base", type=Path, default=MODEL_PATH)
    parser.add_argument("--train", type=int, default=3, help="positions to fine-tune on per fold")
    parser.add_argument("--folds", type=int, default=1)
    parser.add_argument("--first-fold", type=int, default=0, help="start at this fold (to split a long run)")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--rehearsal",
        type=int,
        default=DEFAULT_CROPS,
        help="drawn crops rehearsed while fine-tuning, as train --from-bundled does (0: none)",
    )
    parser.add_argument("--out", type=Path, help="write per-photo JSON lines here")
    arguments = parser.parse_args()

    photos = [
        p
        for p in labelled_photos(arguments.folder, "scrabble")
        if p.label.extras.get("source_repo") == arguments.source
    ]
    positions: dict[str, list] = defaultdict(list)
    for photo in photos:
        positions[position_key(photo.label.grid)].append(photo)
    keys = sorted(positions)
    print(
        f"{len(photos)} photos of {len(keys)} positions from {arguments.source}; base {arguments.base.name}"
    )
    metadata = OnnxClassifier(arguments.base).metadata
    pooled: dict[str, dict[str, list[int]]] = {
        "base": defaultdict(lambda: [0] * 6),
        "fine-tuned": defaultdict(lambda: [0] * 6),
    }
    rows: list[dict] = []
    for fold in range(arguments.first_fold, arguments.folds):
        chosen = {keys[(fold * arguments.train + i) % len(keys)] for i in range(arguments.train)}
        train = [p for key in sorted(chosen) for p in positions[key]]
        test = [p for key in keys if key not in chosen for p in positions[key]]
        cells = photo_crops(train, "scrabble", metadata, seed=fold)
        rehearsal = (
            rehearsal_cells("scrabble", metadata, arguments.rehearsal, seed=fold, jobs=arguments.threads)
            if arguments.rehearsal
            else None
        )
        config = FineTuneConfig(
            epochs=arguments.epochs, threads=arguments.threads, seed=fold, augment=AugmentConfig()
        )
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            report = fine_tune_model(
                arguments.base,
                cells,
                Path(folder) / "tuned.onnx",
                config=config,
                command="eval_fine_tune",
                data="benchmark",
                log=lambda _: None,
                rehearsal=rehearsal,
            )
            seconds = time.perf_counter() - started
            totals = {
                "base": read_scores(arguments.base, test, rows, fold, "base"),
                "fine-tuned": read_scores(report.path, test, rows, fold, "fine-tuned"),
            }
        names = ", ".join(p.image_path.name for p in train)
        show(
            f"fold {fold}: tuned on {len(cells)} squares of {names} in {seconds:.0f} s; "
            f"read {len(test)} other photos",
            totals,
        )
        for name, configs in totals.items():
            for key, t in configs.items():
                pooled[name][key] = [a + b for a, b in zip(pooled[name][key], t, strict=True)]
    show("all folds", pooled)
    if arguments.out:
        arguments.out.mkdir(parents=True, exist_ok=True)
        source = arguments.source.replace("/", "+")
        name = f"fine_tune_{source}_folds_{arguments.first_fold}-{arguments.folds - 1}"
        path = arguments.out / f"{name}.jsonl"
        path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
