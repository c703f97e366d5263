"""``boardsight dataset check DIR``: list every problem of a labelled-photo set."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer

from boardsight.cli.options import JsonOption
from boardsight.cli.output import emit_json
from boardsight.datasets import DatasetScan, Problem, scan_dataset


def _relative(path: Path | None, root: Path) -> str:
    if path is None:
        return str(root)
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def scan_summary(scan: DatasetScan) -> dict[str, Any]:
    """Counts of what the set holds and of its problems, for people and for ``--json``."""
    games = Counter(example.game for example in scan.examples)
    return {
        "root": str(scan.root),
        "sidecars": scan.sidecars,
        "examples": len(scan.examples),
        "games": dict(sorted(games.items())),
        "corners_only": sum(1 for example in scan.examples if not example.label.has_grid),
        "unlabelled_images": len(scan.unlabelled_images),
        "errors": len(scan.errors),
        "warnings": len(scan.warnings),
    }


def _problem_line(problem: Problem, root: Path) -> str:
    return f"{_relative(problem.path, root)}: {problem.severity}: {problem.message} [{problem.kind}]"


def _summary_line(summary: dict[str, Any]) -> str:
    games = ", ".join(f"{count} {game}" for game, count in summary["games"].items()) or "none"
    plural = "" if summary["warnings"] == 1 else "s"
    return (
        f"{summary['examples']} examples ({games}; {summary['corners_only']} with corners only) "
        f"from {summary['sidecars']} sidecars; {summary['unlabelled_images']} images without a sidecar; "
        f"{summary['errors']} errors, {summary['warnings']} warning{plural}"
    )


def check(
    folder: Annotated[Path, typer.Argument(help="Dataset folder (searched recursively).")],
    json_output: JsonOption = False,
) -> None:
    """List every problem of a labelled-photo set (exit 1 when there are errors).

    Checks each sidecar against the shared format (game, grid size, cell tokens,
    corners) and against its image (corners inside it), and reports sidecars without
    an image. Warnings (a corner a pixel or two past the image's edge) do not fail.
    """
    scan = scan_dataset(folder)
    summary = scan_summary(scan)
    if json_output:
        problems = [{**p.to_dict(), "path": _relative(p.path, scan.root)} for p in scan.problems]
        emit_json({**summary, "problems": problems})
    else:
        for problem in scan.problems:
            typer.echo(_problem_line(problem, scan.root))
        typer.echo(_summary_line(summary))
    if scan.errors:
        raise typer.Exit(1)
