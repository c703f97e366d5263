"""Recorder speed (frames per second at 1280x720) and memory over a long run.

Usage: python benchmarks/bench_record.py [--size 1280x720] [--minutes 20] [--fps 30] [--reader synthetic]

First a short game (the hand-made game of the tests: plays, a phony taken back, passes,
an exchange, a blank) is recorded from a synthetic video with a hand over the board for
each move, flicker, shake and blur; then the board is watched for ``--minutes`` more of
video time (hands passing over it, nothing played). Only the recorder's own work is
timed (making the frames is not). It prints the frames per second overall and per kind
of frame (busy: something moves; quiet: the board is read), the 50th and 95th percentile
time per frame, and the resident memory after each tenth of the long run: it must not grow.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

from boardsight.calibration.board import BoardProfile
from boardsight.capture.frames import Frame
from boardsight.lexicon import load_lexicon
from boardsight.recorder.commands import parse_command
from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.readers import square_reader
from boardsight.recorder.script import script_from_record
from boardsight.recorder.session import GameSession
from boardsight.recorder.stability import STABLE
from boardsight.recorder.synthetic import BoardView, Effects, ScriptedMove, VideoPlan, game_frames
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
    game = list(game_frames(moves, view, plan=plan, effects=effects, seed=5))
    final = moves[-1].rows
    # the long run: the finished position, hands passing over it now and then, nothing played
    idle_plan = VideoPlan(still_frames=round(args.fps * 8), reach_frames=plan.reach_frames, place_frames=2)
    idle_bank = list(
        game_frames([ScriptedMove(final)], view, plan=idle_plan, effects=effects, start=final, seed=6)
    )
    folder = Path(tempfile.mkdtemp())
    session = GameSession.start(folder / "bench.gcg", ["Anna Berg", "Bo Ek"], rules, load_lexicon("enable"))
    recorder = Recorder(
        session, square_reader(args.reader), BoardProfile("bench", (width, height), view.corners)
    )

    busy, quiet = [], []
    index = 0

    def feed(picture, typed: str) -> None:
        nonlocal index
        time_s = index / args.fps
        index += 1
        if picture is not None:
            start = time.perf_counter()
            recorder.process(Frame(index, picture, time_s))
            spent = time.perf_counter() - start
            (quiet if recorder.status.verdict.status == STABLE else busy).append(spent)
        for line in typed.split("\n"):
            command = parse_command(line)
            if command is not None:
                recorder.command(command, time_s)

    for picture, typed in game:
        feed(picture, typed)
    events = len(read_gcg(folder / "bench.gcg").events)
    print(
        f"game: {events} of {len(record.events)} events recorded from {len(game)} frames at {width}x{height}"
    )

    total = round(args.minutes * 60 * args.fps)
    tracemalloc.start()
    baseline = tracemalloc.take_snapshot()
    memory = []
    for count, (picture, _) in enumerate(itertools.islice(itertools.cycle(idle_bank), total), start=1):
        feed(picture, "")
        if count % max(1, total // 10) == 0:
            memory.append((count / args.fps / 60, resident_mb(), tracemalloc.get_traced_memory()[0] / 2**20))
    growth = tracemalloc.take_snapshot().compare_to(baseline, "lineno")[:3]
    tracemalloc.stop()

    every = busy + quiet
    print(f"frames timed: {len(every)} ({len(busy)} busy, {len(quiet)} quiet)")
    print(f"overall       {len(every) / sum(every):7.1f} frames/s   (target >= 20)")
    print(f"busy frames   {len(busy) / sum(busy):7.1f} frames/s")
    print(f"quiet frames  {len(quiet) / sum(quiet):7.1f} frames/s")
    print(
        f"per frame     median {statistics.median(every) * 1000:.1f} ms, "
        f"95th percentile {np.percentile(every, 95) * 1000:.1f} ms"
    )
    print("memory over the long run (video minutes: resident MB, Python-allocated MB):")
    for minutes, rss, python in memory:
        print(f"  {minutes:6.1f} min  {rss:8.1f} MB  {python:7.2f} MB")
    print(f"resident growth from the first tenth to the end: {memory[-1][1] - memory[0][1]:+.1f} MB")
    print("largest Python allocation changes:")
    for stat in growth:
        print(f"  {stat}")


if __name__ == "__main__":
    main()
