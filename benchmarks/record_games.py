"""Record synthetic videos of real games and check every placement and score against the record.

Usage:
    python benchmarks/record_games.py ../shared/data/gcg/games [--renderer flat|3d]
        [--reader synthetic|onnx|truth] [--size 1280x720] [--fps 10] [--limit N] [--save DIR]
    python benchmarks/record_games.py --self-play swedish [--games 3] [--turns 16] [...]

Each GCG file (or every *.gcg of a folder) is replayed by the engine to pick its rules
(naspa, wespa, casual or swedish; files that replay under none are skipped and said so),
or games are played by the engine itself (``--self-play RULES``, for Swedish tiles), turned
into a script of board states and typed commands, rendered frame by frame (a hand for
each move, light flicker, small shake, motion blur while the hand moves, dropped frames),
and recorded. Per game it prints the events matched, the first disagreement, and the
frames per second of the recorder (rendering excluded); at the end the totals.

``--renderer flat`` draws boardsight's own flat boards, which ``--reader synthetic`` reads;
``--renderer 3d`` uses the synthetic renderer's 3D boards and needs a real square reader
(``--reader onnx``). ``--reader truth`` reads every square right (it knows what was drawn)
whenever the recorder asks, which is only when nothing moves over the board: it measures
the rest of the recorder (motion, cover, stability, the game logic) on any renderer,
apart from the reading.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from boardsight.calibration.board import BoardProfile
from boardsight.calibration.board_finder import default_finder
from boardsight.datasets.synth.game_script import script_from_record
from boardsight.datasets.synth.game_video import (
    EMPTY_ROWS,
    BoardView,
    Effects,
    VideoPlan,
    game_frames,
    render_view,
    table_texture,
)
from boardsight.datasets.synth.selfplay import self_play
from boardsight.errors import BoardsightError
from boardsight.lexicon import load_lexicon
from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.readers import square_reader
from boardsight.recorder.rehearsal import compare_records, rules_for, run_frames
from boardsight.recorder.session import GameSession
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.rules import load_rules
from boardsight.scrabble.tileset import load_tileset


class TruthReader:
    """Knows the board last drawn (see :meth:`render`), and reads it perfectly."""

    def __init__(self) -> None:
        self.rows: tuple[str, ...] | None = None

    def watching(self, render):
        def draw(rows: tuple[str, ...]):
            self.rows = rows
            return render(rows)

        return draw

    def read_squares(self, board):
        tokens = np.array([list(row) for row in self.rows], dtype="<U1")
        return tokens, np.full(tokens.shape, 0.95, np.float32)


def recorded_games(files: list[Path]):
    """``(name, record, rules)`` for each file; ``rules`` is None (and ``record`` why) when skipped."""
    for path in files:
        try:
            record = read_gcg(path)
        except BoardsightError as error:
            yield path.name, str(error), None
            continue
        rules = rules_for(record) if len(record.players) == 2 else None
        why = "not a two-player game that replays under a shipped rule set"
        yield path.name, (record if rules else why), rules


def self_play_games(args: argparse.Namespace):
    rules = load_rules(args.self_play)
    lexicon = load_lexicon(load_tileset(rules.tileset).lexicon)
    for index in range(args.games):
        seed = args.seed + index
        yield (
            f"self-play {rules.name} seed {seed}",
            self_play(rules, lexicon, seed=seed, turns=args.turns),
            rules,
        )


def game_files(paths: list[str]) -> list[Path]:
    found = []
    for text in paths:
        path = Path(text)
        found += sorted(path.glob("*.gcg")) if path.is_dir() else [path]
    return found


def timed(frames, clock: list[float]):
    """Pass frames through, adding the time spent making them to ``clock[0]``."""
    iterator = iter(frames)
    while True:
        start = time.perf_counter()
        try:
            item = next(iterator)
        except StopIteration:
            return
        clock[0] += time.perf_counter() - start
        yield item


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument(
        "--self-play", metavar="RULES", help="record games the engine plays itself (e.g. swedish)"
    )
    parser.add_argument("--games", type=int, default=3, help="how many self-play games")
    parser.add_argument("--turns", type=int, default=16, help="turns of each self-play game")
    parser.add_argument("--renderer", choices=("flat", "3d"), default="flat")
    parser.add_argument("--reader", default="synthetic")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--fps", type=float, default=10.0)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="also write each video (MJPG .avi) and recorded GCG here")
    args = parser.parse_args()
    width, height = (int(value) for value in args.size.lower().split("x"))
    truth = TruthReader() if args.reader == "truth" else None
    finder_name, finder = default_finder()
    print(f"board finder: {finder_name}; reader: {args.reader}; renderer: {args.renderer}")
    lexicons = {"english": load_lexicon("enable")}
    plan = VideoPlan(
        still_frames=round(args.fps * 6),
        reach_frames=round(args.fps * 0.8),
        place_frames=round(args.fps * 0.5),
        drop_every=23,
    )
    games = list(self_play_games(args) if args.self_play else recorded_games(game_files(args.paths)))
    totals = {"games": 0, "clean": 0, "events": 0, "matched": 0, "frames": 0, "seconds": 0.0}
    header = ("game", "rules", "events", "matched", "fps", "corner px")
    print("{:42} {:6} {:>6} {:>7} {:>6} {:>9}  first disagreement".format(*header))
    for name, record, rules in games[: args.limit or None]:
        if rules is None:
            print(f"{name:42} skipped: {record}")
            continue
        tiles = rules.tileset
        if tiles not in lexicons:
            lexicons[tiles] = load_lexicon(load_tileset(tiles).lexicon)
        lexicon = lexicons[tiles]
        reader = truth or square_reader(args.reader, tiles)
        moves = script_from_record(record, rules)
        effects = Effects(flicker=0.08, shake_px=0.4, noise=2.0, seed=args.seed)
        if args.renderer == "3d":
            from boardsight.datasets.synth.game_scene import SceneRenderer, make_scene

            scene = make_scene(args.seed, tiles=tiles, size=(width, height))
            corners = scene.grid_corners
            render = SceneRenderer(scene)
            view = BoardView((width, height), corners)
        else:
            view = BoardView.tilted(width, height)
            corners = view.corners
            background = table_texture(width, height, seed=args.seed)

            def render(rows, view=view, background=background, tiles=tiles):
                return render_view(rows, view, background, tiles=tiles)

        if truth is not None:
            render = truth.watching(render)
        found = finder(render(EMPTY_ROWS))  # the board as the recorder finds it, not as drawn
        corner_error = float(np.max(np.linalg.norm(found - corners, axis=1)))
        corners = found
        frames = game_frames(moves, view, plan=plan, effects=effects, seed=args.seed, render=render)
        folder = args.save or Path(tempfile.mkdtemp())
        folder.mkdir(parents=True, exist_ok=True)
        out = folder / f"{Path(name).stem}.recorded.gcg"
        session = GameSession.start(out, [p.name for p in record.players], rules, lexicon, force=True)
        recorder = Recorder(session, reader, BoardProfile("synthetic", (width, height), corners))
        if args.save:
            writer = cv2.VideoWriter(
                str(folder / f"{Path(name).stem}.avi"),
                cv2.VideoWriter_fourcc(*"MJPG"),
                args.fps,
                (width, height),
            )
            frames = ((writer.write(p) if p is not None else None, (p, c))[1] for p, c in frames)
        making = [0.0]
        start = time.perf_counter()
        rehearsal = run_frames(recorder, timed(frames, making), args.fps)
        seconds = time.perf_counter() - start - making[0]
        problems = compare_records(record, read_gcg(out))
        matched = sum(
            1
            for index in range(len(record.events))
            if not any(p.startswith(f"event {index + 1} ") for p in problems)
        )
        fps = rehearsal.frames / max(seconds, 1e-9)
        first = problems[0] if problems else ""
        row = (name, rules.name, len(record.events), matched, fps, corner_error)
        print("{:42} {:6} {:6} {:7} {:6.1f} {:9.1f}  ".format(*row) + first)
        totals["games"] += 1
        totals["clean"] += not problems
        totals["events"] += len(record.events)
        totals["matched"] += matched
        totals["frames"] += rehearsal.frames
        totals["seconds"] += seconds
    if totals["games"]:
        print(
            f"\n{totals['clean']} of {totals['games']} games reproduced exactly; "
            f"{totals['matched']} of {totals['events']} events; "
            f"recorder {totals['frames'] / max(totals['seconds'], 1e-9):.1f} frames/s at {width}x{height}"
        )
    return 0 if totals["clean"] == totals["games"] else 1


if __name__ == "__main__":
    sys.exit(main())
