"""Present an :class:`~boardsight.datasets.evaluation.Evaluation`: a text table, Markdown, JSON.

Every format shows the same figures: one column per reader, one section per game.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from boardsight.datasets.evaluation import Evaluation, Outcome, ReaderResult
from boardsight.datasets.metrics import StageTiming, Summary

TIMED_STAGES = ("find", "read", "total")
NONE = "-"


def relative_name(path: Path, root: Path) -> str:
    """``path`` relative to the set's folder, for display."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _share(right: int, total: int) -> str:
    return f"{100 * right / total:.1f}% ({right}/{total})" if total else NONE


def _timing(timing: StageTiming | None) -> str:
    return f"{1000 * timing.median:.1f} / {1000 * timing.p90:.1f}" if timing else NONE


def _corner_px(summary: Summary) -> str:
    if summary.corner_error_px is None:
        return NONE
    return f"{summary.corner_error_px:.1f} (n={len(summary.corner_errors_px)})"


def _corner_share(summary: Summary) -> str:
    share = summary.corner_error_share
    return NONE if share is None else f"{100 * share:.2f}%"


def metric_rows(game: str, results: list[ReaderResult]) -> list[list[str]]:
    """The metrics table of one game: one row a figure, one column a reader."""
    summaries = [result.summary for result in results]
    rows: list[list[str]] = [
        ["photos", *(str(s.photos) for s in summaries)],
        ["cell accuracy", *(_share(s.cells_right, s.cells) for s in summaries)],
    ]
    if game == "scrabble":
        rows.append(["letter accuracy", *(_share(s.letters_right, s.letters) for s in summaries)])
    rows.append(["board accuracy", *(_share(s.boards_right, s.boards) for s in summaries)])
    if game == "boggle":
        rows.append(
            [
                "board accuracy up to symmetry",
                *(_share(s.boards_right_symmetric, s.boards) for s in summaries),
            ]
        )
    rows += [
        ["corner error (px)", *(_corner_px(s) for s in summaries)],
        ["corner error (share of diagonal)", *(_corner_share(s) for s in summaries)],
        ["not read at all", *(str(s.failures) for s in summaries)],
    ]
    for stage in TIMED_STAGES:
        rows.append([f"{stage} median / p90 (ms)", *(_timing(r.timings.get(stage)) for r in results)])
    return rows


def counts_line(evaluation: Evaluation) -> str:
    per_game = Counter()
    for result in evaluation.results:
        if result.reader == evaluation.readers[0]:
            per_game[result.game] += len(result.outcomes)
    games = ", ".join(f"{count} {game}" for game, count in per_game.items())
    line = (
        f"{evaluation.photos} photos ({games}) in {evaluation.root}; readers: {', '.join(evaluation.readers)}"
    )
    left_out = []
    if evaluation.skipped_other_games:
        left_out.append(f"{evaluation.skipped_other_games} of other games")
    if evaluation.skipped_by_limit:
        left_out.append(f"{evaluation.skipped_by_limit} past --limit")
    return line + (f" (left out: {'; '.join(left_out)})" if left_out else "")


def failure_lines(result: ReaderResult, root: Path) -> list[str]:
    return [f"{relative_name(o.example.image_path, root)}: {o.error}" for o in result.failures]


def _markdown_table(headers: list[str], rows: list[list[str]]) -> list[str]:
    def escape(cell: str) -> str:
        return cell.replace("|", "\\|")

    lines = ["| " + " | ".join(escape(h) for h in headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(escape(cell) for cell in row) + " |" for row in rows]
    return lines


def _example_row(outcome: Outcome, root: Path) -> list[str]:
    score = outcome.score
    if score.graded:
        board = (
            "right"
            if score.board_right
            else ("right up to symmetry" if score.board_right_symmetric else "wrong")
        )
        cells = f"{score.cells_right}/{score.cells}"
    else:
        board, cells = "corners only", NONE
    corner = NONE if score.corner_error_px is None else f"{score.corner_error_px:.1f}"
    total = outcome.reading.timings.get("total") if outcome.reading is not None else None
    return [
        relative_name(outcome.example.image_path, root),
        cells,
        board,
        corner,
        NONE if total is None else f"{1000 * total:.0f}",
        outcome.error or "",
    ]


def render_markdown(evaluation: Evaluation, *, top: int = 10) -> str:
    """The results as a Markdown report, with one row per photo at the end."""
    lines = ["# boardsight eval", "", counts_line(evaluation)]
    for game in evaluation.games:
        results = evaluation.for_game(game)
        lines += ["", f"## {game}", ""]
        lines += _markdown_table(["metric", *evaluation.readers], metric_rows(game, results))
        for result in results:
            mistakes = result.confusion(top)
            if mistakes:
                lines += ["", f"### Most frequent mistakes ({result.reader})", ""]
                rows = [[f"`{label}`", f"`{predicted}`", str(count)] for label, predicted, count in mistakes]
                lines += _markdown_table(["true", "read", "count"], rows)
            if result.failures:
                lines += ["", f"### Not read at all ({result.reader})", ""]
                lines += [f"- {line}" for line in failure_lines(result, evaluation.root)]
        for result in results:
            lines += ["", f"### Every photo ({result.reader})", ""]
            rows = [_example_row(outcome, evaluation.root) for outcome in result.outcomes]
            lines += _markdown_table(
                ["photo", "cells right", "board", "corner error (px)", "total (ms)", "error"], rows
            )
    return "\n".join(lines) + "\n"


def _summary_dict(game: str, summary: Summary) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "photos": summary.photos,
        "not_read": summary.failures,
        "cells": summary.cells,
        "cells_right": summary.cells_right,
        "cell_accuracy": summary.cell_accuracy,
        "boards": summary.boards,
        "boards_right": summary.boards_right,
        "board_accuracy": summary.board_accuracy,
        "corner_error_px": summary.corner_error_px,
        "corner_error_share": summary.corner_error_share,
        "corner_error_photos": len(summary.corner_errors_px),
    }
    if game == "boggle":
        payload["boards_right_symmetric"] = summary.boards_right_symmetric
        payload["board_accuracy_symmetric"] = summary.board_accuracy_symmetric
    if game == "scrabble":
        payload.update(
            letters=summary.letters,
            letters_right=summary.letters_right,
            letter_accuracy=summary.letter_accuracy,
        )
    return payload


def _outcome_dict(outcome: Outcome, root: Path) -> dict[str, Any]:
    score = outcome.score
    reading = outcome.reading
    return {
        "photo": relative_name(outcome.example.image_path, root),
        "error": outcome.error,
        "cells": score.cells,
        "cells_right": score.cells_right,
        "board_right": score.board_right,
        "board_right_symmetric": score.board_right_symmetric,
        "wrong_size": score.shape_mismatch,
        "corner_error_px": score.corner_error_px,
        "mistakes": [[m.row, m.col, m.label, m.predicted] for m in score.mistakes],
        "grid": reading.grid if reading is not None else None,
        "timings_ms": {k: 1000 * v for k, v in reading.timings.items()} if reading is not None else {},
    }


def to_json(evaluation: Evaluation, *, top: int = 10) -> dict[str, Any]:
    """The results as a JSON-ready dict: per game and reader, the figures and every photo."""
    return {
        "root": str(evaluation.root),
        "photos": evaluation.photos,
        "readers": evaluation.readers,
        "left_out": {"other_games": evaluation.skipped_other_games, "limit": evaluation.skipped_by_limit},
        "results": [
            {
                "game": result.game,
                "reader": result.reader,
                "metrics": _summary_dict(result.game, result.summary),
                "timings_ms": {
                    stage: {"median": 1000 * t.median, "p90": 1000 * t.p90, "photos": t.count}
                    for stage, t in result.timings.items()
                },
                "confusion": [
                    {"true": label, "read": predicted, "count": count}
                    for label, predicted, count in result.confusion(top)
                ],
                "not_read": [
                    {"photo": relative_name(o.example.image_path, evaluation.root), "error": o.error}
                    for o in result.failures
                ],
                "photos": [_outcome_dict(outcome, evaluation.root) for outcome in result.outcomes],
            }
            for result in evaluation.results
        ],
    }
