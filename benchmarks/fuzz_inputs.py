"""The fuzz tests of the input readers, run far longer than in the test suite.

Usage: python benchmarks/fuzz_inputs.py [--examples 3000] [--memory-mb 3072]

Runs the suite's fuzz tests (the GCG reader and replay, the CGP parser, the board parser,
the word-list reader, the image decoder: real inputs mutated, cut short, or random bytes)
with ``--examples`` examples each, in a child process whose address space is capped at
``--memory-mb``, so that an input which makes a reader allocate without bound fails
instead of exhausting the machine. Prints, per test, its time and outcome, then the peak
memory of the run.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FUZZ_TESTS = (
    "tests/scrabble/test_records_fuzz.py",
    "tests/boggle/test_parse_fuzz.py",
    "tests/lexicon/test_wordlist_fuzz.py",
    "tests/vision/test_image_io_fuzz.py",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3000, help="examples per fuzz test")
    parser.add_argument("--memory-mb", type=int, default=3072, help="address-space cap of the run")
    args = parser.parse_args()
    limit = args.memory_mb * 1024 * 1024

    def cap_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    env = {**os.environ, "BOARDSIGHT_FUZZ_EXAMPLES": str(args.examples)}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=0", *FUZZ_TESTS]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, preexec_fn=cap_memory, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    lines = done.stdout.splitlines()
    print(f"{args.examples} examples per test, address space capped at {args.memory_mb} MB")
    print("\n".join(line for line in lines if " call " in line or "passed" in line or "failed" in line))
    if done.returncode != 0:
        print("\n".join(lines[-60:]))
    print(f"total {elapsed:.1f} s, peak memory {peak_mb:.0f} MB, exit status {done.returncode}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
