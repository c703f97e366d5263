"""The dice of real Boggle sets, kept as data files with their sources.

Each set is ``boardsight/boggle/dice/<name>.json``: ``name``, ``rows``, ``cols``, ``source``
and ``dice`` (one list of six face tokens per die). Face tokens are those of the shared
labelled-photo format: ``A``..``Z``, ``QU``, the two-letter faces ``IN TH ER HE AN`` and
``#`` for a blocked face. The synthetic renderer draws faces from these sets and the tray
reader checks a read grid against them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from boardsight.errors import BadInputError

DICE_DIR = Path(__file__).resolve().parent / "dice"
DICE_SETS: tuple[str, ...] = ("classic", "1987", "big", "superbig")
"""Names of the bundled dice sets, oldest first within each tray size."""

DEFAULT_SET_FOR_SIZE: dict[int, str] = {4: "1987", 5: "big", 6: "superbig"}
"""The set a tray of each size most likely holds."""

FACE_TOKENS: frozenset[str] = frozenset(
    [chr(code) for code in range(ord("A"), ord("Z") + 1)] + ["QU", "IN", "TH", "ER", "HE", "AN", "#"]
)
FACES_PER_DIE = 6


@dataclass(frozen=True)
class DiceSet:
    """One Boggle set: a ``rows`` x ``cols`` tray and one six-faced die per cell."""

    key: str
    name: str
    rows: int
    cols: int
    dice: tuple[tuple[str, ...], ...]
    source: str

    @property
    def faces(self) -> frozenset[str]:
        """Every token printed on any die of the set."""
        return frozenset(face for die in self.dice for face in die)


def _parse(key: str, data: object) -> DiceSet:
    if not isinstance(data, dict):
        raise BadInputError(f"dice set {key!r}: expected a JSON object")
    try:
        rows, cols, dice = int(data["rows"]), int(data["cols"]), data["dice"]
        name, source = str(data["name"]), str(data["source"])
    except (KeyError, TypeError, ValueError) as error:
        raise BadInputError(f"dice set {key!r}: missing or bad field ({error})") from None
    if not isinstance(dice, list) or len(dice) != rows * cols:
        raise BadInputError(f"dice set {key!r}: needs {rows * cols} dice for a {rows}x{cols} tray")
    parsed = []
    for index, die in enumerate(dice):
        if not isinstance(die, list) or len(die) != FACES_PER_DIE:
            raise BadInputError(f"dice set {key!r}: die {index} does not have {FACES_PER_DIE} faces")
        bad = [face for face in die if face not in FACE_TOKENS]
        if bad:
            raise BadInputError(f"dice set {key!r}: die {index} has unknown faces {bad}")
        parsed.append(tuple(die))
    return DiceSet(key=key, name=name, rows=rows, cols=cols, dice=tuple(parsed), source=source)


@cache
def load_dice_set(name: str) -> DiceSet:
    """Load a bundled dice set by name (one of :data:`DICE_SETS`)."""
    if name not in DICE_SETS:
        raise BadInputError(f"unknown dice set {name!r}; choose one of {', '.join(DICE_SETS)}")
    path = DICE_DIR / f"{name}.json"
    return _parse(name, json.loads(path.read_text(encoding="utf-8")))


def dice_sets_for_size(size: int) -> tuple[DiceSet, ...]:
    """All bundled sets whose tray is ``size`` x ``size``."""
    return tuple(s for s in map(load_dice_set, DICE_SETS) if s.rows == size and s.cols == size)


def can_roll(tokens: list[str], dice_set: DiceSet) -> bool:
    """Whether ``tokens`` (one per cell, any order) can show on distinct dice of ``dice_set``.

    A bipartite matching of cells to dice (augmenting paths); a read grid that fails this
    cannot have come from that set.
    """
    if len(tokens) > len(dice_set.dice):
        return False
    holders = [[d for d, die in enumerate(dice_set.dice) if token in die] for token in tokens]
    die_owner: dict[int, int] = {}

    def assign(cell: int, seen: set[int]) -> bool:
        for die in holders[cell]:
            if die in seen:
                continue
            seen.add(die)
            if die not in die_owner or assign(die_owner[die], seen):
                die_owner[die] = cell
                return True
        return False

    return all(assign(cell, set()) for cell in range(len(tokens)))
