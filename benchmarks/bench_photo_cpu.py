"""CPU time to read a photo on one core, the game given and told from the photo (``--game auto``).

Usage: python benchmarks/bench_photo_cpu.py GAME PHOTOS... [--limit 12] [--every 1]

GAME is the game the photos show (boggle or scrabble); PHOTOS are folders, globs or
files as for ``boardsight batch``, e.g. ``../shared/data/real/scrabble``. Each photo is
read once as GAME and once with the game detected, in this process, as a batch worker
reads it (one thread, models loaded first); prints the median and mean CPU time of
each. CPU time moves much less than wall time when the cores are shared, so these are
the figures to plan a cluster by (docs/scaling.md).
"""

from __future__ import annotations

import argparse
import statistics
import time

from boardsight.batch.photos import find_photos
from boardsight.batch.reading import read_board
from boardsight.batch.work import prepare_process
from boardsight.errors import BoardsightError


def cpu_seconds(photo: str, game: str) -> tuple[float, bool]:
    start = time.process_time()
    try:
        read_board(photo, game=game, source=photo)
    except BoardsightError:
        return time.process_time() - start, False
    return time.process_time() - start, True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["boggle", "scrabble"])
    parser.add_argument("photos", nargs="+")
    parser.add_argument("--limit", type=int, default=12)
    parser.add_argument("--every", type=int, default=1, help="Take every N-th photo (a spread of sources).")
    args = parser.parse_args()
    prepare_process()
    photos = find_photos(args.photos)[:: args.every][: args.limit]
    for game in (args.game, "auto"):
        results = [cpu_seconds(photo, game) for photo in photos]
        times = [seconds for seconds, _ in results]
        failed = sum(1 for _, read in results if not read)
        print(
            f"{len(photos)} photos, game {game}: median {1000 * statistics.median(times):.0f} ms CPU, "
            f"mean {1000 * statistics.mean(times):.0f} ms ({failed} not read)"
        )


if __name__ == "__main__":
    main()
