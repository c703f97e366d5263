"""Time from a 12 MP photo on disk to the board, and the time to classify a 6x6 tray's cells.

Usage: python benchmarks/bench_read.py [PHOTOS_DIR] [--count 8] [--runs 3] [--reader onnx]
       [--json OUT.json] [--compare EARLIER.json]

Without PHOTOS_DIR, renders ``--count`` synthetic 4000x3000 tray photos (sizes 4-6,
held-out fonts, seed 11) into a temporary folder first; with it, times every photo
there (e.g. ``../shared/data/real/boggle``). Prints, per photo, the wall and CPU time of
:func:`read_photo` (decode, find, read, check; the run of median wall time out of
``--runs``; target: a median of at most 50 ms), then the median of each stage over all
photos, wall and CPU side by side, and the median time to classify the 36 cells of a
6x6 tray with the bundled CNN (target < 10 ms). ``--json`` saves the figures,
``--compare`` prints a saved run's medians beside (``stage_times``). OpenCV runs on one
thread, so the CPU time is what the read costs on an idle core: on a machine whose
cores are shared, the wall time also counts waiting for them.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np
from stage_times import StageTimes, stage_parts, time_median_run

from boardsight.errors import BoardsightError
from boardsight.vision.boggle.onnx_reader import cube_classifier
from boardsight.vision.boggle.tray_reading import READ_MAX_SIDE
from boardsight.vision.reading import read_photo

SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")


def render_photos(folder: Path, count: int) -> list[Path]:
    from boardsight.datasets.synth import SynthSpec, generate
    from boardsight.datasets.synth.font_check import fonts_warning

    note = fonts_warning("boggle", "holdout")
    if note is not None:
        print(note)

    spec = SynthSpec("boggle", sizes=(4, 5, 6), width=(4000, 4000), fonts="holdout")
    return generate(spec, folder, count=count, seed=11, jobs=1)


def time_photo(path: Path, runs: int, reader: str) -> tuple[dict[str, float], dict[str, float]]:
    """Wall and CPU seconds per stage (and ``total``) of the run of median wall time."""
    return time_median_run(
        lambda: read_photo(path, game="boggle", reader=reader, max_side=READ_MAX_SIDE), runs
    )


def time_cells(runs: int = 50) -> tuple[float, float]:
    """Median wall and CPU time to classify 36 crops (one pass, as for a confident tray)."""
    classifier = cube_classifier()
    rng = np.random.default_rng(0)
    crops = [rng.integers(0, 256, (45, 45, 3), dtype=np.uint8) for _ in range(36)]
    classifier.probabilities(crops)
    samples, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        classifier.probabilities(crops)
        samples.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(samples), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photos", nargs="?", type=Path)
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reader", default="onnx")
    parser.add_argument("--json", type=Path, help="save the per-photo and median stage times here")
    parser.add_argument("--compare", type=Path, help="print the medians of a run saved with --json beside")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    times = StageTimes()
    with tempfile.TemporaryDirectory() as scratch:
        if args.photos is None:
            print(f"rendering {args.count} synthetic 12 MP tray photos ...")
            paths = render_photos(Path(scratch), args.count)
        else:
            paths = sorted(p for p in args.photos.iterdir() if p.suffix.lower() in SUFFIXES)
        read_photo(paths[0], game="boggle", reader=args.reader, max_side=READ_MAX_SIDE)  # load the model
        for path in paths:
            try:
                wall, cpu = time_photo(path, args.runs, args.reader)
            except BoardsightError as error:  # a photo the reader cannot read is reported, not timed
                print(f"{path.name}: not read ({error})")
                continue
            times.add(path.name, wall, cpu)
            parts = ", ".join(stage_parts(wall, cpu))
            print(
                f"{path.name}: {1000 * wall['total']:.0f} ms wall, {1000 * cpu['total']:.0f} ms CPU ({parts})"
            )
    if times.photos:
        print(times.table(args.compare))
        if args.json is not None:
            times.save(args.json)
    wall, cpu = time_cells()
    print(f"classify the 36 cells of a 6x6 tray: {1000 * wall:.1f} ms wall, {1000 * cpu:.1f} ms CPU")


if __name__ == "__main__":
    main()
