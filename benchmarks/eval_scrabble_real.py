"""Accuracy of the Scrabble reader on real photos, split as the model's training split them.

Usage: python benchmarks/eval_scrabble_real.py [FOLDER] [--model FILE ...] [--tesseract]

A square model may have been trained on some of the labelled real photos
(``boardsight train scrabble --real FOLDER``); its metadata lists the photos it held
out. For each model (the bundled one by default) this prints the figures of
``boardsight eval`` on its held-out photos (the honest measure: boards it never saw), on
the photos it trained on, and on all of them, side by side. Given the models of a
cross-validation (``--real-fold 0`` and ``--real-fold 1``), it also adds up their
held-out photos: every photo then counts once, read by the model that never saw it.
``--tesseract`` adds the Tesseract reader on all the photos as the baseline.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from boardsight.datasets.evaluation import evaluate
from boardsight.datasets.metrics import Summary
from boardsight.datasets.store import Example
from boardsight.models.training.scrabble.tile_data import labelled_scrabble_photos
from boardsight.vision.reading import photo_readers
from boardsight.vision.scrabble.onnx_reader import MODEL_ENV, MODEL_PATH, square_classifier

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "data" / "real" / "scrabble"
COUNTS = ("photos", "failures", "cells_right", "cells", "letters_right", "letters", "boards_right", "boards")


def share(right: int, total: int) -> str:
    return f"{right / total:.1%} ({right}/{total})" if total else "-"


def counts(summary: Summary) -> dict[str, int]:
    return {name: getattr(summary, name) for name in COUNTS}


def rows(found: dict[str, int]) -> dict[str, str]:
    return {
        "photos": str(found["photos"]),
        "not read at all": str(found["failures"]),
        "squares right": share(found["cells_right"], found["cells"]),
        "letter tiles right": share(found["letters_right"], found["letters"]),
        "boards entirely right": share(found["boards_right"], found["boards"]),
    }


def measure(photos: list[Example], reader: str, root: Path) -> dict[str, int]:
    """The summary counts of ``reader`` on ``photos`` (all zero for no photos)."""
    if not photos:
        return dict.fromkeys(COUNTS, 0)
    return counts(evaluate(photos, photo_readers([reader], ["scrabble"]), root=root).results[0].summary)


def print_table(title: str, columns: dict[str, dict[str, int]]) -> None:
    shown = {name: rows(found) for name, found in columns.items() if found["photos"]}
    metrics = list(next(iter(shown.values())))
    width = max(len(metric) for metric in metrics)
    print(f"\n{title}")
    print(f"{'':<{width}}  " + "  ".join(f"{name:<22}" for name in shown))
    for metric in metrics:
        print(f"{metric:<{width}}  " + "  ".join(f"{column[metric]:<22}" for column in shown.values()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--model", action="append", type=Path, help="square model file; repeatable")
    parser.add_argument("--tesseract", action="store_true", help="add the Tesseract reader as a baseline")
    arguments = parser.parse_args()
    photos = labelled_scrabble_photos(arguments.folder)
    models = arguments.model or [Path(os.environ.get(MODEL_ENV) or MODEL_PATH)]

    pooled = dict.fromkeys(COUNTS, 0)
    for model in models:
        os.environ[MODEL_ENV] = str(model)
        held_out_names = set(square_classifier(model).metadata.extras.get("real_held_out_photos") or [])
        held_out = [photo for photo in photos if photo.image_path.name in held_out_names]
        seen = [photo for photo in photos if photo.image_path.name not in held_out_names]
        columns = {
            "held out": measure(held_out, "onnx", arguments.folder),
            "trained on": measure(seen, "onnx", arguments.folder),
        }
        columns["all"] = {name: columns["held out"][name] + columns["trained on"][name] for name in COUNTS}
        print_table(f"model {model.name} (reader onnx) on {arguments.folder}", columns)
        for name in COUNTS:
            pooled[name] += columns["held out"][name]
    if len(models) > 1:
        print_table("every model on the photos it held out, added up", {"held out": pooled})
    if arguments.tesseract:
        print_table("reader tesseract (no training)", {"all": measure(photos, "tesseract", arguments.folder)})


if __name__ == "__main__":
    main()
