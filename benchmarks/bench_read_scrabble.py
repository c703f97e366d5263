"""Time from a photo of a Scrabble board on disk to the checked position, per stage.

Usage: python benchmarks/bench_read_scrabble.py [PHOTOS_DIR] [--count 6] [--runs 3] [--reader onnx]
       [--threads 1] [--json OUT.json] [--compare EARLIER.json]

Without PHOTOS_DIR, renders ``--count`` synthetic 4000-pixel-wide board photos (English
and Swedish tiles alternately, held-out fonts, seed 21) into a temporary folder first;
with it, times every photo there (e.g. ``../shared/data/real/scrabble``). Prints, per
photo, the wall and CPU time of :func:`read_photo` (decode, find, read, check; the run
of median wall time out of ``--runs``; target: a median of at most 150 ms), then the
median of each stage over all photos, wall and CPU side by side (``stage_times``).
``--json`` saves the figures; ``--compare`` prints a saved run's medians beside these
(run the script on the code before a change with ``--json``, then on the change with
``--compare``). The reading and OpenCV's own calls run on ``--threads`` threads (1, as in
a batch worker; 2 as a single read on a 2-core machine, where some of the work runs on
the second core, :mod:`boardsight.threads`; the CPU time counts every thread).
Wall time counts waiting for a core on a shared machine; CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import cv2
from stage_times import StageTimes, stage_parts, time_median_run

from boardsight.vision.reading import read_photo

SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")


def render_photos(folder: Path, count: int) -> list[Path]:
    from boardsight.datasets.synth import SynthSpec, generate
    from boardsight.datasets.synth.font_check import fonts_warning

    note = fonts_warning("scrabble", "holdout")
    if note is not None:
        print(note)

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


def time_photo(path: Path, runs: int, reader: str, threads: int) -> tuple[dict[str, float], dict[str, float]]:
    """Wall and CPU seconds per stage (and ``total``) of the run of median wall time."""
    return time_median_run(
        lambda: read_photo(path, game="scrabble", reader=reader, tiles=tiles_of(path), threads=threads),
        runs,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path)
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reader", default="onnx")
    parser.add_argument("--threads", type=int, default=1, help="threads a reading may use (default 1)")
    parser.add_argument("--json", type=Path, help="save the per-photo and median stage times here")
    parser.add_argument("--compare", type=Path, help="print the medians of a run saved with --json beside")
    args = parser.parse_args()
    cv2.setNumThreads(args.threads)
    times = StageTimes()
    with tempfile.TemporaryDirectory() as scratch:
        if args.folder is None:
            photos = render_photos(Path(scratch), args.count)
        else:
            photos = sorted(p for p in args.folder.rglob("*") if p.suffix.lower() in SUFFIXES)
        first = photos[0]
        read_photo(first, game="scrabble", reader=args.reader, tiles=tiles_of(first), threads=args.threads)
        for path in photos:
            wall, cpu = time_photo(path, args.runs, args.reader, args.threads)
            times.add(path.name, wall, cpu)
            parts = "  ".join(stage_parts(wall, cpu))
            total = f"{1000 * wall['total']:7.0f} ms wall {1000 * cpu['total']:5.0f} ms CPU"
            print(f"{total}  ({parts})  {path.name}")
    print(times.table(args.compare))
    medians = times.medians()
    wall, cpu = 1000 * medians["wall"]["total"], 1000 * medians["cpu"]["total"]
    print(
        f"median {wall:.0f} ms wall, {cpu:.0f} ms CPU over {len(times.photos)} photos, "
        f"{args.threads} thread(s) (target at most 150 ms)"
    )
    if args.json is not None:
        times.save(args.json)


if __name__ == "__main__":
    main()
