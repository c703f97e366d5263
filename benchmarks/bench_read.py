"""Time from a 12 MP photo on disk to the board, and the time to classify a 6x6 tray's cells.

Usage: python benchmarks/bench_read.py [PHOTOS_DIR] [--count 8] [--runs 3] [--reader onnx]

Without PHOTOS_DIR, renders ``--count`` synthetic 4000x3000 tray photos (sizes 4-6,
held-out fonts, seed 11) into a temporary folder first; with it, times every photo
there (e.g. ``/work/shared/data/real/boggle``). Prints, per photo, the median over
``--runs`` of the wall time of :func:`read_photo` (decode, find, read; target < 150 ms
for 12 MP), then the median over all photos, and the median time to classify the 36
cells of a 6x6 tray with the bundled CNN (target < 10 ms). Run it on a quiet machine:
other processes on the same cores show up in the numbers.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from boardsight.vision.boggle.onnx_reader import cube_classifier
from boardsight.vision.boggle.tray_reading import READ_MAX_SIDE
from boardsight.vision.reading import read_photo

SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")


def render_photos(folder: Path, count: int) -> list[Path]:
    from boardsight.datasets.synth import SynthSpec, generate

    spec = SynthSpec("boggle", sizes=(4, 5, 6), width=(4000, 4000), fonts="holdout")
    return generate(spec, folder, count=count, seed=11, jobs=1)


def time_photo(path: Path, runs: int, reader: str) -> tuple[float, dict[str, float]]:
    samples, stages = [], []
    for _ in range(runs):
        start = time.perf_counter()
        reading = read_photo(path, game="boggle", reader=reader, max_side=READ_MAX_SIDE)
        samples.append(time.perf_counter() - start)
        stages.append(reading.timings)
    middle = stages[int(np.argsort(samples)[len(samples) // 2])]
    return statistics.median(samples), middle


def time_cells(runs: int = 50) -> float:
    classifier = cube_classifier()
    rng = np.random.default_rng(0)
    crops = [rng.integers(0, 256, (45, 45, 3), dtype=np.uint8) for _ in range(36)]
    classifier.probabilities(crops)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        classifier.probabilities(crops)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photos", nargs="?", type=Path)
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reader", default="onnx")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        if args.photos is None:
            print(f"rendering {args.count} synthetic 12 MP tray photos ...")
            paths = render_photos(Path(scratch), args.count)
        else:
            paths = sorted(p for p in args.photos.iterdir() if p.suffix.lower() in SUFFIXES)
        read_photo(paths[0], game="boggle", reader=args.reader, max_side=READ_MAX_SIDE)  # load the model
        medians = []
        for path in paths:
            try:
                median, stages = time_photo(path, args.runs, args.reader)
            except Exception as error:  # a photo the reader cannot read is reported, not timed
                print(f"{path.name}: not read ({error})")
                continue
            medians.append(median)
            parts = ", ".join(
                f"{name} {1000 * seconds:.0f}" for name, seconds in stages.items() if name != "total"
            )
            print(f"{path.name}: {1000 * median:.0f} ms ({parts})")
    if medians:
        overall = 1000 * statistics.median(medians)
        print(f"photo to board, median over {len(medians)} photos: {overall:.0f} ms")
    print(f"classify the 36 cells of a 6x6 tray: {1000 * time_cells():.1f} ms")


if __name__ == "__main__":
    main()
