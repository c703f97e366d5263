"""Accuracy of the Scrabble reader on real photos, split as the model's training split them.

Usage: python benchmarks/eval_scrabble_real.py [FOLDER] [--reader onnx] [--reader tesseract]

The bundled square model may have been trained on some of the labelled real photos
(``boardsight train scrabble --real FOLDER``); its metadata lists the photos it held
out. This prints, for each reader, the figures of ``boardsight eval`` on the held-out
photos (the honest measure of how the reader does on boards it never saw), on the
photos the model trained on, and on all of them, side by side. Set
``BOARDSIGHT_SCRABBLE_MODEL`` to measure another model file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from boardsight.datasets.evaluation import evaluate
from boardsight.datasets.metrics import Summary
from boardsight.vision.scrabble.onnx_reader import square_classifier
from boardsight.vision.scrabble.tile_data import labelled_scrabble_photos

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "data" / "real" / "scrabble"


def share(right: int, total: int) -> str:
    return f"{right / total:.1%} ({right}/{total})" if total else "-"


def rows(summary: Summary) -> dict[str, str]:
    return {
        "photos": str(summary.photos),
        "not read at all": str(summary.failures),
        "squares right": share(summary.cells_right, summary.cells),
        "letter tiles right": share(summary.letters_right, summary.letters),
        "boards entirely right": share(summary.boards_right, summary.boards),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--reader", action="append", help="onnx (default), tesseract; repeatable")
    arguments = parser.parse_args()
    readers = arguments.reader or ["onnx"]

    extras = square_classifier().metadata.extras
    held_out_names = set(extras.get("real_held_out_photos") or [])
    photos = labelled_scrabble_photos(arguments.folder)
    parts = {
        "held out": [photo for photo in photos if photo.image_path.name in held_out_names],
        "trained on": [photo for photo in photos if photo.image_path.name not in held_out_names],
        "all": photos,
    }
    if not held_out_names:
        print("the model lists no held-out photos: it never trained on real ones, so every photo is unseen")
    report = {}
    for reader in readers:
        print(f"\nreader {reader}, photos in {arguments.folder}")
        columns = {}
        for name, chosen in parts.items():
            if chosen:
                result = evaluate(chosen, [reader], root=arguments.folder).results[0]
                columns[name] = rows(result.summary)
        metrics = list(next(iter(columns.values())))
        width = max(len(metric) for metric in metrics)
        print(f"{'':<{width}}  " + "  ".join(f"{name:<22}" for name in columns))
        for metric in metrics:
            print(f"{metric:<{width}}  " + "  ".join(f"{column[metric]:<22}" for column in columns.values()))
        report[reader] = columns
    print("\n" + json.dumps(report))


if __name__ == "__main__":
    main()
