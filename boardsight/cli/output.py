"""Output helpers shared by every command: JSON on stdout, plain tables for people."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import typer


def emit_json(payload: Any) -> None:
    """Write ``payload`` as indented UTF-8 JSON on stdout."""
    typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))


def format_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], *, align: str = "") -> str:
    """Render rows as a fixed-width text table.

    ``align`` holds one character a column: ``l`` (default) or ``r``.
    """
    cells = [[str(value) for value in row] for row in rows]
    widths = [len(header) for header in headers]
    for row in cells:
        for index, value in enumerate(row):
            widths[index] = max(widths[index], len(value))

    def render(values: Sequence[str]) -> str:
        parts = []
        for index, value in enumerate(values):
            right = index < len(align) and align[index] == "r"
            parts.append(value.rjust(widths[index]) if right else value.ljust(widths[index]))
        return "  ".join(parts).rstrip()

    lines = [render(list(headers)), render(["-" * width for width in widths])]
    lines.extend(render(row) for row in cells)
    return "\n".join(lines)
