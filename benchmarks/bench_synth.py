"""Synthetic photo throughput: images per second for a game, tray size and width.

    python benchmarks/bench_synth.py --game boggle --size 5 --count 100 --width 1600 --jobs 2

Renders into a temporary folder (deleted afterwards) and prints seconds, images per
second and the projected time for 1,000 images; also the machine's load average, since
the CPUs may be shared.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from boardsight.datasets.synth.writer import SynthSpec, generate, parse_sizes, parse_width


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="boggle", choices=["boggle", "scrabble"])
    parser.add_argument("--size", default="5")
    parser.add_argument("--tiles", default="english")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--width", default="1600")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    spec = SynthSpec(
        game=args.game,
        sizes=parse_sizes(args.size) if args.game == "boggle" else (15,),
        tiles=args.tiles,
        width=parse_width(args.width),
    )
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        began = time.perf_counter()
        generate(spec, folder, count=args.count, seed=args.seed, jobs=args.jobs)
        seconds = time.perf_counter() - began
        megabytes = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder)) / 1e6
    rate = args.count / seconds
    print(f"game={args.game} size={args.size} width={args.width} jobs={args.jobs} count={args.count}")
    print(f"seconds={seconds:.1f} images_per_second={rate:.2f} per_1000_minutes={1000 / rate / 60:.1f}")
    print(f"megabytes_written={megabytes:.1f} load_average_before={load_before:.2f} cpus={os.cpu_count()}")


if __name__ == "__main__":
    main()
