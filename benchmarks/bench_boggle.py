"""Boggle solver speed: random boards solved per second, and checking a 100-word list.

Usage: python benchmarks/bench_boggle.py [--boards 2000] [--runs 5] [--rules hasbro]

Solves a fixed, seeded set of random 4x4 and 5x5 boards (every face drawn uniformly
from A-Z, Q being the Qu cube) with ENABLE2K, one board at a time through the public
``solve()``, and prints the median boards per second over ``--runs`` runs (targets:
8,200 4x4 and 3,800 5x5 boards/s), by wall time and by the process's own CPU time
(which leaves out the time spent waiting while other work holds the cores). It also
prints the rate when every solution is unpacked into words with paths and a total,
the time a fresh process takes to load the compiled word list from the cache, and the
median time to check a 100-word list on a 5x5 board (target < 5 ms). The machine's
load average is printed with the numbers, since other work on the same cores slows
every figure.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardsight.boggle import Board, load_rules, solve
from boardsight.boggle.board import QU
from boardsight.boggle.parse import parse_board
from boardsight.boggle.verify import check_words
from boardsight.lexicon import load_lexicon

SEED = 20240601
LOAD = (
    "from boardsight.lexicon import load_lexicon; from boardsight.boggle.automaton import automaton_for;"
    "automaton_for(load_lexicon('enable'), 3)"
)


def random_boards(side: int, count: int, seed: int = SEED) -> list[Board]:
    """``count`` boards of ``side`` x ``side`` faces drawn uniformly from A-Z (Q is the Qu cube)."""
    rng = random.Random(seed + side)
    boards = []
    for _ in range(count):
        faces = tuple(
            QU if letter == "Q" else letter for letter in rng.choices(string.ascii_uppercase, k=side * side)
        )
        boards.append(Board(side, side, faces))
    return boards


def boards_per_second(boards: list[Board], lexicon, rules, *, unpack: bool) -> tuple[float, float]:
    """Boards per second of wall time and per second of this process's CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    if unpack:
        for board in boards:
            solution = solve(board, lexicon, rules)
            solution.words  # noqa: B018
            solution.total_points  # noqa: B018
    else:
        for board in boards:
            solve(board, lexicon, rules)
    return len(boards) / (time.perf_counter() - wall), len(boards) / (time.process_time() - cpu)


def fresh_process_load_ms(runs: int) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    with tempfile.TemporaryDirectory() as cache:
        env["BOARDSIGHT_CACHE_DIR"] = cache
        subprocess.run([sys.executable, "-c", LOAD], env=env, check=True)
        samples = []
        bare = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", LOAD], env=env, check=True)
            samples.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", "from boardsight.lexicon import load_lexicon; load_lexicon('enable')"],
                env=env,
                check=True,
            )
            bare.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000, statistics.median(bare) * 1000


def hundred_words(lexicon, rules) -> tuple[Board, list[str]]:
    """A 5x5 board and a 100-word list: 70 words on it, 15 not on it, 15 not words."""
    board = parse_board("ligdrmanesietildsracsepes")
    on_board = sorted(solve(board, lexicon, rules)._codes)
    rng = random.Random(SEED)
    words = rng.sample(on_board, 70)
    words += rng.sample([w for w in lexicon.sorted_words[::50] if len(w) >= 4 and w not in on_board], 15)
    words += ["".join(rng.choices("AEIRSTLN", k=rng.randint(4, 8))) + "Q" for _ in range(15)]
    rng.shuffle(words)
    return board, [word.lower() for word in words]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=2000, help="boards of each size (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed")
    parser.add_argument("--rules", default="hasbro", help="rules (default hasbro: the Qu cube reads QU)")
    args = parser.parse_args()

    lexicon = load_lexicon("enable")
    rules = load_rules(args.rules)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    load_ms, lexicon_ms = fresh_process_load_ms(max(3, args.runs))
    print(f"fresh process, load enable + automaton {load_ms:7.1f} ms (lexicon alone {lexicon_ms:.1f} ms)")

    for side, target in ((4, 8200), (5, 3800)):
        boards = random_boards(side, args.boards)
        solve(boards[0], lexicon, rules)
        plain = [boards_per_second(boards, lexicon, rules, unpack=False) for _ in range(args.runs)]
        full = [boards_per_second(boards, lexicon, rules, unpack=True) for _ in range(args.runs)]
        words = statistics.mean(len(solve(board, lexicon, rules)) for board in boards[:500])
        walls = sorted(wall for wall, _ in plain)
        print(
            f"{side}x{side} ({words:.1f} words/board): solve() {statistics.median(walls):7,.0f} boards/s "
            f"(target {target:,}; runs {', '.join(f'{x:,.0f}' for x in walls)}), "
            f"{statistics.median(cpu for _, cpu in plain):7,.0f} per CPU-second; "
            f"with words+paths+total {statistics.median(wall for wall, _ in full):7,.0f} boards/s, "
            f"{statistics.median(cpu for _, cpu in full):7,.0f} per CPU-second"
        )

    board, words = hundred_words(lexicon, rules)
    samples = []
    for _ in range(max(20, args.runs)):
        start = time.perf_counter()
        check_words(board, words, lexicon, rules)
        samples.append(time.perf_counter() - start)
    print(f"check a 100-word list on a 5x5 board: {statistics.median(samples) * 1000:.2f} ms (target < 5 ms)")
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
