"""Time from a 12 MP photo of a Scrabble board on disk to the checked position.

Usage: python benchmarks/bench_read_scrabble.py [PHOTOS_DIR] [--count 6] [--runs 3] [--reader onnx]

Without PHOTOS_DIR, renders ``--count`` synthetic 4000-pixel-wide board photos (English
and Swedish tiles alternately, held-out fonts, seed 21) into a temporary folder first;
with it, times every photo there (e.g. ``../shared/data/real/scrabble``). Prints, per
photo, the median over ``--runs`` of the wall time of :func:`read_photo` (decode, find,
read, check; target < 300 ms for 12 MP) with its stages, then the median over all
photos. Run it on a quiet machine: other processes on the same cores show up in the
numbers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from boardsight.vision.reading import read_photo

SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")


def render_photos(folder: Path, count: int) -> list[Path]:
    from boardsight.datasets.synth import SynthSpec, generate

    paths = []
    for index in range(count):
        tiles = "swedish" if index % 2 else "english"
        spec = SynthSpec("scrabble", tiles=tiles, width=(4000, 4000), fonts="holdout")
        paths += generate(spec, folder / tiles, count=1, seed=21, start=index, jobs=1)
    return paths


def tiles_of(path: Path) -> str:
    sidecar = path.with_suffix(".json")
    if sidecar.is_file():
        return json.loads(sidecar.read_text(encoding="utf-8")).get("synth", {}).get("tiles", "english")
    return "english"


def time_photo(path: Path, runs: int, reader: str) -> tuple[float, dict[str, float]]:
    samples, stages = [], []
    for _ in range(runs):
        start = time.perf_counter()
        reading = read_photo(path, game="scrabble", reader=reader, tiles=tiles_of(path))
        samples.append(time.perf_counter() - start)
        stages.append(reading.timings)
    middle = stages[int(np.argsort(samples)[len(samples) // 2])]
    return statistics.median(samples), middle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path)
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reader", default="onnx")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        if args.folder is None:
            photos = render_photos(Path(scratch), args.count)
        else:
            photos = sorted(p for p in args.folder.rglob("*") if p.suffix.lower() in SUFFIXES)
        read_photo(photos[0], game="scrabble", reader=args.reader, tiles=tiles_of(photos[0]))  # warm up
        totals = []
        for path in photos:
            seconds, stages = time_photo(path, args.runs, args.reader)
            totals.append(seconds)
            parts = "  ".join(
                f"{stage} {1000 * value:.0f}" for stage, value in stages.items() if stage != "total"
            )
            print(f"{1000 * seconds:7.0f} ms  ({parts})  {path.name}")
        print(f"median {1000 * statistics.median(totals):.0f} ms over {len(totals)} photos (target < 300 ms)")


if __name__ == "__main__":
    main()
