"""The labelled format of a word-list sheet (``"game": "wordlist"``; DATASET.md "Word-list sheets").

:func:`parse_sheet_label` checks a decoded sidecar and returns a :class:`SheetLabel`;
:func:`sheet_examples` finds every labelled sheet under a folder.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardsight.errors import BadInputError
from boardsight.paths import WEB_IMAGE_SUFFIXES

GAME = "wordlist"


@dataclass(frozen=True)
class LabelledWord:
    text: str | None
    box: tuple[int, int, int, int] | None = None
    cancelled: bool = False
    circled: bool = False


@dataclass(frozen=True)
class SheetLabel:
    words: tuple[LabelledWord, ...]
    total: int | None = None
    board: str | None = None
    total_circled: bool = False
    """The opponent circled the total (NTU 4.7); an optional field beside ``total``."""
    player: str | None = None
    hand: str | None = None
    """Whose writing it is, for figures per hand: the face a rendered sheet was written in
    (``synth.font``), else the repository the photo came from (``source_repo``)."""


def _hand(payload: dict[str, Any]) -> str | None:
    """The sidecar's :attr:`SheetLabel.hand`, or None when it names neither."""
    synth = payload.get("synth")
    font = synth.get("font") if isinstance(synth, dict) else None
    if isinstance(font, str) and font:
        return font
    origin = payload.get("source_repo")
    return origin if isinstance(origin, str) and origin else None


def _word(entry: Any, where: str) -> LabelledWord:
    if not isinstance(entry, dict) or "text" not in entry:
        raise BadInputError(f"{where}: each word must be an object with a 'text'")
    text = entry["text"]
    if text is not None and (not isinstance(text, str) or not text.isalpha() or text != text.upper()):
        raise BadInputError(f"{where}: text {text!r} must be upper-case letters or null")
    box = entry.get("box")
    if box is not None:
        if not isinstance(box, list) or len(box) != 4 or not all(isinstance(v, (int, float)) for v in box):
            raise BadInputError(f"{where}: box must be [x0, y0, x1, y1] or null")
        box = tuple(int(v) for v in box)
    return LabelledWord(text, box, bool(entry.get("cancelled", False)), bool(entry.get("circled", False)))


def parse_sheet_label(payload: Any, source: str = "sidecar") -> SheetLabel:
    """A sheet label from a decoded sidecar; a malformed one is a one-line error naming ``source``."""
    if not isinstance(payload, dict) or payload.get("game") != GAME:
        raise BadInputError(f"{source}: not a word-list sheet label (game must be {GAME!r})")
    words = payload.get("words")
    if not isinstance(words, list):
        raise BadInputError(f"{source}: 'words' must be a list")
    total = payload.get("total")
    if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
        raise BadInputError(f"{source}: total must be a whole number or null")
    board = payload.get("board")
    return SheetLabel(
        words=tuple(_word(entry, f"{source} word {n}") for n, entry in enumerate(words, start=1)),
        total=total,
        board=board if isinstance(board, str) else None,
        total_circled=bool(payload.get("total_circled", False)),
        player=payload.get("player") if isinstance(payload.get("player"), str) else None,
        hand=_hand(payload),
    )


def _sheet_payload(path: Path) -> dict[str, Any] | None:
    """The decoded sidecar at ``path`` when it is a word-list sheet label, else None."""
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return payload if isinstance(payload, dict) and payload.get("game") == GAME else None


def sheet_examples(root: str | Path) -> Iterator[tuple[Path, SheetLabel]]:
    """(image path, label) of every labelled sheet under ``root``, in path order."""
    root = Path(root)
    for sidecar in sorted(root.rglob("*.json")):
        payload = _sheet_payload(sidecar)
        if payload is None:
            continue
        image = next(
            (sidecar.with_suffix(s) for s in WEB_IMAGE_SUFFIXES if sidecar.with_suffix(s).exists()), None
        )
        if image is None:
            continue
        yield image, parse_sheet_label(payload, str(sidecar))
