"""Recorder speed (frames per second at 1280x720) and memory over a long run.

Usage: python benchmarks/bench_record.py [--size 1280x720] [--minutes 20] [--fps 30] [--reader synthetic]

First a short game (the hand-made game of the tests: plays, a phony taken back, passes,
an exchange, a blank) is recorded from a synthetic video with a hand over the board for
each move, flicker, shake and blur; then the board is watched for ``--minutes`` more of
video time (a hand passing over it every ten seconds, nothing played). Only the recorder's own work is
timed (making the frames is not). It prints the frames per second overall and per kind
of frame (busy: something moves; quiet: the board is read), the 50th and 95th percentile
time per frame, and the resident memory after each tenth of the long run: it must not grow.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

from boardsight.calibration.board import BoardProfile
from boardsight.capture.frames import Frame
from boardsight.datasets.synth.game_script import script_from_record
from boardsight.datasets.synth.game_video import (
    BoardView,
    Effects,
    Hand,
    VideoPlan,
    game_frames,
    render_view,
    square_centre,
    table_texture,
)
from boardsight.lexicon import load_lexicon
from boardsight.recorder.commands import parse_command
from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.readers import square_reader
from boardsight.recorder.session import GameSession
from boardsight.recorder.stability import STABLE
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.rules import load_rules

GAME = Path(__file__).resolve().parents[1] / "tests" / "recorder" / "data" / "short_game.gcg"


def resident_mb() -> float:
    """Resident memory of this process in MB (Linux), else the peak."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        import os

        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--minutes", type=float, default=20.0, help="video minutes of the long run")
    parser.add_argument("--fps", type=float, default=30.0, help="the video's frame rate")
    parser.add_argument("--reader", default="synthetic")
    args = parser.parse_args()
    width, height = (int(value) for value in args.size.lower().split("x"))
    rules = load_rules("naspa")
    record = read_gcg(GAME)
    view = BoardView.tilted(width, height)
    plan = VideoPlan(
        still_frames=round(args.fps * 6),
        reach_frames=round(args.fps * 0.8),
        place_frames=round(args.fps * 0.5),
    )
    effects = Effects(flicker=0.08, shake_px=0.4, noise=2.0, seed=5)
    moves = script_from_record(record, rules)
    game = game_frames(moves, view, plan=plan, effects=effects, seed=5)  # made as they are used
    final = moves[-1].rows
    # the long run: the finished position, a hand passing over it every 10 s, nothing played;
    # a few distinct still frames are repeated, so the frames in memory stay few
    board = render_view(final, view, table_texture(width, height, seed=5))
    still = [effects.apply(board, index) for index in range(8)]
    goal = square_centre(view, 7, 7)
    hand = []
    for step in [*range(1, plan.reach_frames + 1), *range(plan.reach_frames, 0, -1)]:
        picture = board.copy()
        share = step / plan.reach_frames
        Hand((goal[0], height + 60 + share * (goal[1] - height - 60)), height * 0.09).draw(picture)
        hand.append(effects.apply(picture, step))
    cycle = [still[index % len(still)] for index in range(round(args.fps * 10) - len(hand))] + hand
    folder = Path(tempfile.mkdtemp())
    session = GameSession.start(folder / "bench.gcg", ["Anna Berg", "Bo Ek"], rules, load_lexicon("enable"))
    recorder = Recorder(
        session, square_reader(args.reader), BoardProfile("bench", (width, height), view.corners)
    )

    # preallocated, so that the benchmark's own bookkeeping does not grow either
    spent_ms = np.zeros(200_000, np.float32)
    was_quiet = np.zeros(200_000, bool)
    timed = 0
    index = 0

    def feed(picture, typed: str) -> None:
        nonlocal index, timed
        time_s = index / args.fps
        index += 1
        if picture is not None:
            start = time.perf_counter()
            recorder.process(Frame(index, picture, time_s))
            slot = timed % len(spent_ms)
            spent_ms[slot] = (time.perf_counter() - start) * 1000
            was_quiet[slot] = recorder.status.verdict.status == STABLE
            timed += 1
        for line in typed.split("\n"):
            command = parse_command(line)
            if command is not None:
                recorder.command(command, time_s)

    for picture, typed in game:
        feed(picture, typed)
    events = len(read_gcg(folder / "bench.gcg").events)
    print(f"game: {events} of {len(record.events)} events recorded from {index} frames at {width}x{height}")

    total = round(args.minutes * 60 * args.fps)
    package = [tracemalloc.Filter(True, "*/boardsight/*")]
    tracemalloc.start()
    baseline = tracemalloc.take_snapshot().filter_traces(package)
    memory = []
    for count, picture in enumerate(itertools.islice(itertools.cycle(cycle), total), start=1):
        feed(picture, "")
        if count % max(1, total // 10) == 0:
            snapshot = tracemalloc.take_snapshot().filter_traces(package)
            traced = sum(stat.size for stat in snapshot.statistics("filename"))
            memory.append((count / args.fps / 60, resident_mb(), traced / 2**20))
    growth = tracemalloc.take_snapshot().filter_traces(package).compare_to(baseline, "lineno")[:3]
    tracemalloc.stop()

    every = spent_ms[: min(timed, len(spent_ms))]
    quiet = every[was_quiet[: len(every)]]
    busy = every[~was_quiet[: len(every)]]
    print(f"frames timed: {timed} ({len(busy)} busy, {len(quiet)} quiet, of the last {len(every)})")
    print(f"overall       {1000 * len(every) / every.sum():7.1f} frames/s   (target >= 20)")
    print(f"busy frames   {1000 * len(busy) / busy.sum():7.1f} frames/s")
    print(f"quiet frames  {1000 * len(quiet) / quiet.sum():7.1f} frames/s")
    print(
        f"per frame     median {np.median(every):.1f} ms, 95th percentile {np.percentile(every, 95):.1f} ms"
    )
    print("memory over the long run (video minutes: resident MB, MB allocated by boardsight's Python code):")
    for minutes, rss, python in memory:
        print(f"  {minutes:6.1f} min  {rss:8.1f} MB  {python:7.2f} MB")
    print(f"resident growth from the first tenth to the end: {memory[-1][1] - memory[0][1]:+.1f} MB")
    print("largest changes of boardsight's Python allocations over the long run:")
    for stat in growth:
        print(f"  {stat}")


if __name__ == "__main__":
    main()
