"""What an earlier run left in a results file: which photos are done, and a torn last line.

Lines are written whole and flushed one at a time, so a stopped batch leaves complete
lines, except when the process was killed in the middle of a write: such a last
line, without its newline, is cut off before appending (and the photo read again).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardsight.batch.lines import is_final
from boardsight.errors import BadInputError


@dataclass
class EarlierResults:
    """The lines already in a results file, the last line of each photo, and where the file's
    complete lines end (``size``; anything after it is a torn line)."""

    lines: int = 0
    latest: dict[str, dict[str, Any]] = field(default_factory=dict)
    size: int = 0
    torn: bool = False

    def done(self) -> set[str]:
        """The photos (as :func:`photo_key`) that need no reading again."""
        return {key for key, line in self.latest.items() if is_final(line)}


def photo_key(photo: str) -> str:
    """The name under which a photo is looked up: ``./a.jpg`` and ``a.jpg`` are one photo."""
    return os.path.normpath(photo)


def scan_results(path: Path) -> EarlierResults:
    """Read a results file (none yet: nothing done); a line that is not a result is an error."""
    if not path.exists():
        return EarlierResults()
    if path.is_dir():
        raise BadInputError(f"{path} is a folder; name the results file (results.jsonl)")
    data = path.read_bytes()
    results = EarlierResults()
    offset = 0
    for number, raw in enumerate(data.splitlines(keepends=True), start=1):
        if not raw.endswith(b"\n"):
            results.torn = True
            break
        offset += len(raw)
        if not raw.strip():
            continue
        line = _parse(raw, path, number)
        results.lines += 1
        results.latest[photo_key(line["photo"])] = line
    results.size = offset
    return results


def _parse(raw: bytes, path: Path, number: int) -> dict[str, Any]:
    try:
        line = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        line = None
    if not isinstance(line, dict) or not isinstance(line.get("photo"), str):
        raise BadInputError(
            f"{path} line {number} is not a batch result; pass --force to start over or name another --out"
        )
    return line
