"""Time full move generation: the issue's CGP position and seeded random mid-game positions.

Usage: python benchmarks/bench_movegen.py [--positions N] [--seed S] [--repeat R]

Prints the number of moves and the median time a position (and the spread) for:
1. the benchmark position (rack AABDELT, ENABLE2K), generated ``--repeat`` times;
2. ``--positions`` random mid-game positions, each made by playing 6 to 16 turns of
   random legal moves (the best of the top ten) from a seeded random bag, then drawing the
   next rack from that bag; every position is generated ``--repeat`` times, its median kept.

The compiled DAWG is loaded before timing (a fresh process loads it from the cache).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardsight.lexicon import load_lexicon
from boardsight.scrabble import load_rules, load_tileset
from boardsight.scrabble.board import Board, place_tiles
from boardsight.scrabble.cgp import parse_cgp, to_cgp
from boardsight.scrabble.dawg import load_dawg
from boardsight.scrabble.movegen import generate_placements
from boardsight.scrabble.position import Position
from boardsight.scrabble.rack import tiles_used

BENCHMARK_CGP = (
    "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/5I1N3N3/"
    "3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6 AABDELT/AEEHIIL 318/341 0"
)


def random_position(rng: random.Random, lexicon, tileset, rules, dawg) -> Position:
    """Play 6-16 random turns from a shuffled bag; return the board and the next rack."""
    bag = list(tileset.full_bag().elements())
    rng.shuffle(bag)
    board = Board()
    rack: list[str] = []
    for _turn in range(rng.randint(6, 16)):
        while len(rack) < rules.rack_size and bag:
            rack.append(bag.pop())
        moves = generate_placements(board, "".join(rack), lexicon, tileset, rules, dawg=dawg)
        if not moves:
            break
        move = rng.choice(moves[:10])
        new_tiles = move.placement.new_tiles()
        place_tiles(board, new_tiles)
        for tile in tiles_used(tile for _, _, tile in new_tiles).elements():
            rack.remove(tile)
    while len(rack) < rules.rack_size and bag:
        rack.append(bag.pop())
    return Position(board, ["".join(rack), ""], [0, 0], 0)


def time_position(
    board: Board, rack: str, lexicon, tileset, rules, dawg, repeat: int
) -> tuple[float, int, float, float]:
    """Median wall time, move count, median CPU time and fastest wall time of ``repeat`` runs.

    On a shared machine the wall time includes waiting for a core; the CPU time of this
    process and the fastest run show what the code itself costs.
    """
    timings, cpu = [], []
    count = 0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        moves = generate_placements(board, rack, lexicon, tileset, rules, dawg=dawg)
        timings.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        count = len(moves)
    return statistics.median(timings), count, statistics.median(cpu), min(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    start = time.perf_counter()
    lexicon = load_lexicon("enable")
    dawg = load_dawg(lexicon)
    print(f"lexicon and DAWG loaded in {time.perf_counter() - start:.2f} s ({len(dawg.children):,} nodes)")
    tileset, rules = load_tileset("english"), load_rules("naspa")

    position = parse_cgp(BENCHMARK_CGP)
    median, count, cpu, fastest = time_position(
        position.board, position.rack, lexicon, tileset, rules, dawg, args.repeat * 5
    )
    best = generate_placements(position.board, position.rack, lexicon, tileset, rules, dawg=dawg)[0]
    print(
        f"benchmark position, rack {position.rack}: {count} moves, best {best}; "
        f"median {median * 1000:.2f} ms "
        f"(CPU {cpu * 1000:.2f} ms), fastest {fastest * 1000:.2f} ms"
    )

    rng = random.Random(args.seed)
    medians = []
    cpu_medians = []
    blank_medians = []
    counts = []
    for _ in range(args.positions):
        random_pos = random_position(rng, lexicon, tileset, rules, dawg)
        median, count, cpu, _fastest = time_position(
            random_pos.board, random_pos.rack, lexicon, tileset, rules, dawg, args.repeat
        )
        medians.append(median)
        cpu_medians.append(cpu)
        counts.append(count)
        if "?" in random_pos.rack:
            blank_medians.append(median)
    medians.sort()
    median_ms = statistics.median(medians) * 1000
    print(
        f"{args.positions} random mid-game positions (seed {args.seed}): median {median_ms:.2f} ms "
        f"(CPU {statistics.median(cpu_medians) * 1000:.2f} ms), "
        f"90th percentile {medians[int(0.9 * (len(medians) - 1))] * 1000:.2f} ms, "
        f"slowest {medians[-1] * 1000:.2f} ms; median {statistics.median(counts):.0f} moves"
    )
    if blank_medians:
        blank_ms = statistics.median(blank_medians) * 1000
        print(f"  of which {len(blank_medians)} racks with a blank: median {blank_ms:.2f} ms")
    print(f"last random position: {to_cgp(random_pos)}")


if __name__ == "__main__":
    main()
