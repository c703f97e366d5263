"""What each reading check does on real photos, alone and together, per source of photos.

Usage: python benchmarks/eval_checks.py [--scrabble FOLDER] [--boggle FOLDER] [--out DIR] [--tag NAME]

Every photo is found and classified once; then each check is run alone on that
classification, then the five Scrabble checks that change squares together
(``misreads``: look, counts, words, hidden-blanks, lone), then the default checks (those
and ``blanks``, which names the letter of each blank in the reading's ``blanks`` and
words; the grid keeps the blank as ``?``). For each source
(the sidecar's ``source_repo``) and each configuration this prints the squares (cells),
letter tiles and whole boards right, and the squares the checks fixed (wrong as the
classifier read them, right after) and broke (right before, wrong after). A check that
breaks more than it fixes on some source should not run by default.

With ``--out`` it also writes one JSON line per photo for the classifier alone and
after the default checks (truth, reading, mistakes, corrections, flags, wall and CPU
times per stage) to
``DIR/<game>_checks_<tag>.jsonl`` and the table to ``DIR/<game>_checks_<tag>_summary.json``,
so a change's effect shows in review. The model is the bundled one unless ``BOARDSIGHT_SCRABBLE_MODEL`` /
``BOARDSIGHT_BOGGLE_MODEL`` name another; say which photos it was trained on next to
any figure (the bundled Scrabble model trained on the kwwangkw photos).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stage_times import STAGES, StageTimes

from boardsight.datasets.metrics import cell_matches
from boardsight.datasets.store import Example, iter_examples
from boardsight.errors import BoardsightError
from boardsight.vision.image_io import read_image_bytes
from boardsight.vision.reading import DEFAULT_MAX_SIDE, BoardReading, Larger, decode_photo
from boardsight.vision.stage_clock import StageClock

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "real"


@dataclass
class Tally:
    """Counts of one configuration on one source."""

    photos: int = 0
    cells: int = 0
    cells_right: int = 0
    letters: int = 0
    letters_right: int = 0
    boards_right: int = 0
    fixed: int = 0
    broken: int = 0
    changed: int = 0
    flagged: int = 0
    check_ms: list[float] = field(default_factory=list)


def source_of(example: Example) -> str:
    repo = example.label.extras.get("source_repo")
    if repo is None and "__" in example.image_path.name:
        repo = example.image_path.name.split("__")[0]
    return str(repo or f"{example.image_path.parent.name} (no source_repo)").replace("/", "+")


def right_cells(truth: list[list[str]], grid: list[list[str]]) -> list[list[bool]]:
    if len(truth) != len(grid) or any(len(a) != len(b) for a, b in zip(truth, grid, strict=True)):
        return [[False] * len(line) for line in truth]  # a tray read at another size: every cell wrong
    return [
        [cell_matches(t, g) for t, g in zip(tr, gr, strict=True)] for tr, gr in zip(truth, grid, strict=True)
    ]


def _token(grid: list[list[str]], row: int, col: int) -> str | None:
    return grid[row][col] if row < len(grid) and col < len(grid[row]) else None


def _lines(grid: list[list[str]]) -> list[str]:
    """A grid as text, a line a row: tokens run together, or spaced where one is longer than a letter."""
    return ["".join(line) if all(len(t) == 1 for t in line) else " ".join(line) for line in grid]


Times = tuple[dict[str, float], dict[str, float]]  # wall and CPU seconds per stage


def photo_row(
    example: Example, config: str, reading: BoardReading, before: list[list[bool]], times: Times
) -> tuple[dict[str, Any], list[list[bool]]]:
    truth = example.label.grid
    right = right_cells(truth, reading.grid)
    mistakes = [
        {"row": r, "col": c, "truth": truth[r][c], "read": _token(reading.grid, r, c)}
        for r, line in enumerate(right)
        for c, ok in enumerate(line)
        if not ok
    ]
    row = {
        "photo": example.image_path.name,
        "source": source_of(example),
        "config": config,
        "truth": _lines(truth),
        "reading": _lines(reading.grid),
        "cells_right": sum(map(sum, right)),
        "cells": sum(map(len, right)),
        "letters_right": sum(
            ok for tl, rl in zip(truth, right, strict=True) for t, ok in zip(tl, rl, strict=True) if t != "."
        ),
        "letters": sum(t != "." for line in truth for t in line),
        "board_right": all(map(all, right)),
        "fixed": sum(
            not b and a for bl, al in zip(before, right, strict=True) for b, a in zip(bl, al, strict=True)
        ),
        "broken": sum(
            b and not a for bl, al in zip(before, right, strict=True) for b, a in zip(bl, al, strict=True)
        ),
        "mistakes": mistakes,
        "corrections": reading.corrections,
        "flags": reading.extras.get("flags", []),
        "times_ms": {stage: round(1000 * seconds, 2) for stage, seconds in times[0].items()},
        "cpu_ms": {stage: round(1000 * seconds, 2) for stage, seconds in times[1].items()},
    }
    return row, right


def add(tally: Tally, row: dict[str, Any], reading: BoardReading) -> None:
    tally.photos += 1
    for name in ("cells", "cells_right", "letters", "letters_right", "fixed", "broken"):
        setattr(tally, name, getattr(tally, name) + row[name])
    tally.boards_right += row["board_right"]
    tally.changed += len(reading.corrections)
    tally.flagged += len(reading.extras.get("flags", []))
    tally.check_ms.append(row["times_ms"].get("check", 0.0))


def share(right: int, total: int) -> str:
    return f"{right / total:6.1%} ({right}/{total})" if total else "-"


def print_tallies(game: str, tallies: dict[str, dict[str, Tally]]) -> None:
    for source, configs in sorted(tallies.items()):
        print(f"\n{game}: {source}")
        print(f"{'checks':<16} {'cells':<22} {'letters':<22} {'boards':<14} fixed broken changed flagged")
        for config, t in configs.items():
            print(
                f"{config:<16} {share(t.cells_right, t.cells):<22} {share(t.letters_right, t.letters):<22} "
                f"{t.boards_right}/{t.photos:<12} {t.fixed:>5} {t.broken:>6} {t.changed:>7} {t.flagged:>7}"
            )


def evaluate_game(
    game: str,
    examples: Iterable[Example],
    classify: Callable[[Example], tuple[Any, Times]],
    check: Callable[[Any, tuple[str, ...] | None], BoardReading],
    configs: dict[str, tuple[str, ...] | None],
    out: Path | None,
    tag: str,
) -> None:
    tallies: dict[str, dict[str, Tally]] = defaultdict(lambda: {name: Tally() for name in configs})
    rows = []
    stage_times = StageTimes()
    for example in examples:
        try:
            classified, times = classify(example)
        except BoardsightError as error:
            print(f"{example.image_path.name}: not read ({error})")
            continue
        before = None
        for name, checks in configs.items():
            reading = check(classified, checks)
            seconds = ({**times[0], **reading.timings}, {**times[1], **reading.cpu_timings})
            row, right = photo_row(
                example, name, reading, before or right_cells(example.label.grid, reading.grid), seconds
            )
            before = before or right
            for source in (source_of(example), "all sources"):
                add(tallies[source][name], row, reading)
            if name in ("none", "default"):
                rows.append(row)
            if name == "default":
                stage_times.add(row["photo"], *_with_total(seconds))
    print_tallies(game, tallies)
    print(f"\n{game}: time per stage, default checks (wall counts waiting for a shared core)")
    print(stage_times.table())
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{game}_checks_{tag}.jsonl"
        path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
        summary = {
            source: {
                name: {k: v for k, v in vars(t).items() if k != "check_ms"} for name, t in configs.items()
            }
            for source, configs in tallies.items()
        }
        summary_path = out / f"{game}_checks_{tag}_summary.json"
        summary_path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        print(f"\nwrote {len(rows)} rows (no checks, default checks) to {path}, the table to {summary_path}")


def _with_total(times: Times) -> Times:
    """The stage times with ``total``: the sum of the stages decode, find, read and check."""
    wall, cpu = ({**stages, "total": sum(stages.get(s, 0.0) for s in STAGES[:-1])} for stages in times)
    return wall, cpu


def decoded(example: Example, max_side: int) -> tuple[Any, Larger, StageClock]:
    """The photo decoded as the reader decodes it, how a larger decode is had (:data:`Larger`),
    and a clock that has timed the decode."""
    clock = StageClock()
    data = read_image_bytes(example.image_path)
    image, _, larger = decode_photo(data, source=str(example.image_path), max_side=max_side)
    clock.lap("decode")
    return image, larger, clock


def scrabble(folder: Path, out: Path | None, tag: str, second_look: bool = True) -> None:
    from boardsight.models.training.scrabble.tile_data import labelled_scrabble_photos
    from boardsight.vision.scrabble import board_reading
    from boardsight.vision.scrabble.onnx_reader import reader_model

    model = reader_model()
    names = board_reading.CHECK_GROUPS["misreads"]

    def classify(example: Example) -> tuple[Any, Times]:
        image, _, clock = decoded(example, DEFAULT_MAX_SIDE)
        board = board_reading.classify_board(image, model, second_look=second_look)
        return board, ({**clock.wall, **board.timings}, {**clock.cpu, **board.cpu_timings})

    def check(board: Any, checks: tuple[str, ...] | None) -> BoardReading:
        return board_reading.checked_reading(board, reader="onnx", checks=checks)

    configs: dict[str, tuple[str, ...] | None] = {"none": ()}
    configs.update({name: (name,) for name in names})
    configs["misreads"] = tuple(names)
    configs["default"] = None
    evaluate_game("scrabble", labelled_scrabble_photos(folder), classify, check, configs, out, tag)


def boggle(folder: Path, out: Path | None, tag: str) -> None:
    from boardsight.vision.boggle import tray_reading
    from boardsight.vision.boggle.onnx_reader import CnnCells, cube_classifier

    cells = CnnCells(cube_classifier())
    examples = [e for e in iter_examples(folder) if e.game == "boggle" and e.label.has_grid]

    def classify(example: Example) -> tuple[Any, Times]:
        image, larger, clock = decoded(example, tray_reading.READ_MAX_SIDE)
        location = tray_reading.locate_tray(image, source=str(example.image_path), larger=larger)
        clock.lap("find")
        probabilities = tray_reading.read_cells(image, location, cells, larger)
        clock.lap("read")
        return (location, probabilities), (clock.wall, clock.cpu)

    def check(classified: Any, checks: tuple[str, ...] | None) -> BoardReading:
        location, probabilities = classified
        clock = StageClock()
        reading = tray_reading.assemble_reading(
            location, probabilities, cells.class_names, reader="onnx", checks=checks
        )
        clock.lap("check")
        reading.timings.update(clock.wall)
        reading.cpu_timings.update(clock.cpu)
        return reading

    configs: dict[str, tuple[str, ...] | None] = {"none": (), "dice": ("dice",), "default": None}
    evaluate_game("boggle", examples, classify, check, configs, out, tag)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scrabble", type=Path, default=SHARED / "scrabble")
    parser.add_argument("--boggle", type=Path, default=SHARED / "boggle")
    parser.add_argument("--game", choices=("scrabble", "boggle", "both"), default="both")
    parser.add_argument("--out", type=Path, help="write per-photo JSON lines here")
    parser.add_argument("--tag", default="bundled", help="name of this run in the output file names")
    parser.add_argument(
        "--no-second-look", action="store_true", help="Scrabble: no second look at doubtful squares"
    )
    arguments = parser.parse_args()
    if arguments.game in ("scrabble", "both"):
        scrabble(arguments.scrabble, arguments.out, arguments.tag, not arguments.no_second_look)
    if arguments.game in ("boggle", "both"):
        boggle(arguments.boggle, arguments.out, arguments.tag)


if __name__ == "__main__":
    main()
