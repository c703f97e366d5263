"""How long ``boardsight --help`` takes beside ``python -c "import typer"`` (target: at most 2.5x).

Usage: python benchmarks/bench_cli_startup.py [--runs 15]

Each is started as a fresh process ``--runs`` times, the two in turn (so that a change in the
machine's load falls on both alike); the medians and their ratio are printed.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGET_RATIO = 2.5
BOARDSIGHT = Path(sys.executable).with_name("boardsight")


def seconds(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    pairs = [
        (seconds([sys.executable, "-c", "import typer"]), seconds([str(BOARDSIGHT), "--help"]))
        for _ in range(args.runs)
    ]
    typer_s = statistics.median(pair[0] for pair in pairs)
    help_s = statistics.median(pair[1] for pair in pairs)
    ratio = help_s / typer_s
    print(f'python -c "import typer": {typer_s * 1000:.0f} ms (median of {args.runs})')
    print(f"boardsight --help:        {help_s * 1000:.0f} ms (median of {args.runs})")
    print(f"ratio {ratio:.2f} (target at most {TARGET_RATIO})")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
