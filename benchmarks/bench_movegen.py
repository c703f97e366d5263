"""Time full move generation: the issue's CGP position and seeded random mid-game positions.

Usage: python benchmarks/bench_movegen.py [--positions N] [--seed S] [--repeat R] [--no-blank-set]

Prints the number of moves and the median time a position, wall clock and CPU time of
this process (the machine is shared: the CPU time and the fastest run show what the code
itself costs, the wall time adds the wait for a core), for:
1. the benchmark position (rack AABDELT, ENABLE2K), generated ``5 * --repeat`` times;
2. ``--positions`` random mid-game positions, each made by playing 6 to 16 turns of
   random legal moves (the best of the top ten) from a seeded random bag, then drawing the
   next rack from that bag, so racks hold blanks as often as the real bag gives them (2
   blanks in 100 tiles: about 14% of full racks drawn from a full bag hold one); every
   position is generated ``--repeat`` times, its median kept. Racks with and without a
   blank are also reported apart;
3. unless ``--no-blank-set``: the same positions with the first tile of each rack made a
   blank (one blank a rack), a steadier figure for blank racks than the few the bag gives.

The compiled DAWG is loaded before timing (a fresh process loads it from the cache); the
load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
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


def time_position(board: Board, rack: str, lexicon, tileset, rules, dawg, repeat: int) -> dict:
    """Median wall and CPU time (seconds), fastest wall time and move count of ``repeat`` runs."""
    wall, cpu = [], []
    count = 0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        moves = generate_placements(board, rack, lexicon, tileset, rules, dawg=dawg)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        count = len(moves)
    return {
        "wall": statistics.median(wall),
        "cpu": statistics.median(cpu),
        "fastest": min(wall),
        "moves": count,
    }


def summary(label: str, timings: list[dict]) -> str:
    """One line: how many positions, median wall and CPU time, 90th percentile and slowest (wall)."""
    if not timings:
        return f"{label}: none"
    walls = sorted(item["wall"] for item in timings)
    cpu = statistics.median(item["cpu"] for item in timings)
    moves = statistics.median(item["moves"] for item in timings)
    count = f"{len(timings)} position{'s' if len(timings) != 1 else ''}"
    return (
        f"{label}: {count}, median {statistics.median(walls) * 1000:.2f} ms "
        f"(CPU {cpu * 1000:.2f} ms), 90th percentile {walls[int(0.9 * (len(walls) - 1))] * 1000:.2f} ms, "
        f"slowest {walls[-1] * 1000:.2f} ms; median {moves:.0f} moves"
    )


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--no-blank-set", dest="blank_set", action="store_false")
    args = parser.parse_args()

    print(f"load average {load_average()} on {os.cpu_count()} cores")
    start = time.perf_counter()
    lexicon = load_lexicon("enable")
    dawg = load_dawg(lexicon)
    print(f"lexicon and DAWG loaded in {time.perf_counter() - start:.2f} s ({len(dawg.children):,} nodes)")
    tileset, rules = load_tileset("english"), load_rules("naspa")

    position = parse_cgp(BENCHMARK_CGP)
    timing = time_position(position.board, position.rack, lexicon, tileset, rules, dawg, args.repeat * 5)
    best = generate_placements(position.board, position.rack, lexicon, tileset, rules, dawg=dawg)[0]
    print(
        f"benchmark position, rack {position.rack}: {timing['moves']} moves, best {best}; "
        f"median {timing['wall'] * 1000:.2f} ms (CPU {timing['cpu'] * 1000:.2f} ms), "
        f"fastest {timing['fastest'] * 1000:.2f} ms"
    )

    rng = random.Random(args.seed)
    positions = [random_position(rng, lexicon, tileset, rules, dawg) for _ in range(args.positions)]
    timings = [time_position(p.board, p.rack, lexicon, tileset, rules, dawg, args.repeat) for p in positions]
    with_blank = [timing for p, timing in zip(positions, timings, strict=True) if "?" in p.rack]
    without = [timing for p, timing in zip(positions, timings, strict=True) if "?" not in p.rack]
    print(summary(f"random mid-game positions (seed {args.seed})", timings))
    print(summary("  racks without a blank", without))
    print(summary("  racks with a blank", with_blank))
    if args.blank_set:
        one_blank = [
            time_position(
                p.board, "?" + p.rack.replace("?", "")[1:], lexicon, tileset, rules, dawg, args.repeat
            )
            for p in positions
        ]
        print(summary("the same positions, one blank a rack", one_blank))
    print(f"last random position: {to_cgp(positions[-1])}")
    print(f"load average {load_average()}")


if __name__ == "__main__":
    main()
