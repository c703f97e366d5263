"""The result lines of a batch: one JSON object a photo, and the CSV row made from it.

A photo's line is its reading as a sidecar of the labelled-photo format (``game``,
``grid``, ``confidence``, ``flagged``, ``corrections``, ``timings_ms`` ...) with the
photo's name as given in front, and the solution with ``--solve``. A photo that
could not be read gets ``error`` (one line) and ``error_kind``: ``bad_input`` for the
photo's fault, which reading again would not change, or ``internal`` (a worker lost,
a failure of boardsight), which a resumed batch retries.
"""

from __future__ import annotations

import json
from typing import Any

from boardsight import errors

BAD_INPUT = "bad_input"
INTERNAL = "internal"
CSV_COLUMNS = (
    "photo",
    "game",
    "rows",
    "cols",
    "grid",
    "mean_confidence",
    "min_confidence",
    "flagged",
    "corrections",
    "total_ms",
    "words",
    "points",
    "error",
)


def photo_line(photo: str, sidecar: dict[str, Any], solution: dict[str, Any] | None = None) -> dict[str, Any]:
    """The line of a photo that was read."""
    line = {"photo": photo, **sidecar}
    if solution is not None:
        line["solution"] = solution
    return line


def error_line(photo: str, message: str, kind: str) -> dict[str, Any]:
    """The line of a photo that could not be read."""
    return {"photo": photo, "error": message, "error_kind": kind}


def first_line(error: BaseException) -> str:
    """The first line of an error's message (its class name when it has none): what a line holds."""
    return errors.first_line(str(error), type(error).__name__)


def encode_line(line: dict[str, Any]) -> str:
    """One JSON line, newline included."""
    return json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"


def is_final(line: dict[str, Any]) -> bool:
    """Whether the photo of ``line`` is done: read, or unreadable for its own sake."""
    return "error" not in line or line.get("error_kind") == BAD_INPUT


def grid_text(grid: list[list[str]]) -> str:
    """A grid in one cell of a table: tokens apart by spaces, rows by ``/``."""
    return "/".join(" ".join(row) for row in grid)


def csv_row(line: dict[str, Any]) -> list[str]:
    """The values of :data:`CSV_COLUMNS` for one line (empty where a value does not apply)."""
    values = dict.fromkeys(CSV_COLUMNS, "")
    values["photo"] = line["photo"]
    if "error" in line:
        values["error"] = line["error"]
        return [str(values[column]) for column in CSV_COLUMNS]
    confidences = [value for row in line.get("confidence", []) for value in row]
    solution = line.get("solution") or {}
    values.update(
        game=line.get("game", ""),
        rows=line.get("rows", ""),
        cols=line.get("cols", ""),
        grid=grid_text(line.get("grid") or []),
        mean_confidence=f"{sum(confidences) / len(confidences):.4f}" if confidences else "",
        min_confidence=f"{min(confidences):.4f}" if confidences else "",
        flagged=len(line.get("flagged", [])),
        corrections=len(line.get("corrections", [])),
        total_ms=line.get("timings_ms", {}).get("total", ""),
        words=solution.get("count", ""),
        points=solution.get("total_points", ""),
    )
    return [str(values[column]) for column in CSV_COLUMNS]
