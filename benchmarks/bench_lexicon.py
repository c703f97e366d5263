"""Load time of the bundled lexicon in a fresh process, and lookup rates.

Usage: python benchmarks/bench_lexicon.py [--runs 15]

Prints the median wall time of a fresh Python process that loads ``enable``
(interpreter start-up included, target < 150 ms), the same for a bare interpreter
for comparison, the one-off cache build time, and membership / prefix lookups per
second.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

LOAD = "from boardsight.lexicon import load_lexicon; load_lexicon('enable')"


def time_process(code: str, env: dict[str, str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=env, check=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, BOARDSIGHT_CACHE_DIR=cache)
        build = time_process(LOAD, env, 1)
        warm = time_process(LOAD, env, args.runs)
        bare = time_process("pass", env, args.runs)
        print(f"cache build (first load ever)       {build * 1000:8.1f} ms")
        print(f"fresh process, load 'enable'         {warm * 1000:8.1f} ms   (target < 150 ms)")
        print(f"fresh process, bare interpreter      {bare * 1000:8.1f} ms")
        print(f"load itself (difference)             {(warm - bare) * 1000:8.1f} ms")

        os.environ["BOARDSIGHT_CACHE_DIR"] = cache
        from boardsight.lexicon import load_lexicon

        lexicon = load_lexicon("enable")
        rng = random.Random(7)
        words = rng.sample(lexicon.sorted_words, 50_000)
        junk = ["".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(6)) for _ in range(50_000)]
        queries = words + junk
        start = time.perf_counter()
        hits = sum(1 for word in queries if word in lexicon.words)
        elapsed = time.perf_counter() - start
        print(f"membership lookups (folded words)    {len(queries) / elapsed:12,.0f} /s   ({hits} hits)")
        start = time.perf_counter()
        hits = sum(1 for word in queries if word in lexicon)
        elapsed = time.perf_counter() - start
        print(f"membership lookups (any spelling)    {len(queries) / elapsed:12,.0f} /s")
        prefixes = [word[:3] for word in queries]
        start = time.perf_counter()
        for prefix in prefixes:
            lexicon.has_prefix(prefix)
        elapsed = time.perf_counter() - start
        print(f"prefix queries (bisect)              {len(prefixes) / elapsed:12,.0f} /s")


if __name__ == "__main__":
    main()
