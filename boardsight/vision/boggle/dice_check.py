"""Dice-set check: the most likely board in which every cube shows a face of a different die.

A tray holds each die of its set exactly once, so a reading that shows, say, two Q
faces from a set with one Q die is impossible. Given each cell's class probabilities,
the check solves an assignment problem: cell ``i`` and die ``j`` cost
``-log max(p_i(face) for face on die j)``, and the cheapest one-die-per-cell matching
gives the most likely possible board. Cells whose best face differs from their plain
reading are reported with the reason.

With ``auto`` every bundled set of the tray's size is tried and the most likely one is
kept, unless even that one needs implausibly many changes (the tray is then taken to
be from a set we do not know, and the reading is left alone).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from boardsight.boggle.dice import DICE_SETS, DiceSet, dice_sets_for_size, load_dice_set
from boardsight.errors import BadInputError
from boardsight.vision.boggle.assignment import min_cost_assignment

DICE_CHOICES = ("auto", *DICE_SETS, "none")
FLOOR = 1e-6  # probability given to a face the classifier thinks impossible
AUTO_MAX_CHANGED_SHARE = 0.2  # auto rejects a set that would change more cells than this
AUTO_MAX_LOSS = 6.0  # ... or cost more than this many nats of log-likelihood over the plain reading


@dataclass
class DiceFit:
    """The board a dice set allows: tokens, their probabilities, and the cells that changed."""

    dice_set: str
    tokens: list[str]
    probabilities: list[float]
    dice: list[int]  # die index of each cell
    changes: list[dict] = field(default_factory=list)
    log_likelihood: float = 0.0
    plain_log_likelihood: float = 0.0


def _face_table(dice_set: DiceSet, class_names: list[str]) -> np.ndarray:
    """(dice, classes) boolean: which classes each die carries."""
    index = {name: position for position, name in enumerate(class_names)}
    table = np.zeros((len(dice_set.dice), len(class_names)), dtype=bool)
    for die_index, die in enumerate(dice_set.dice):
        for face in die:
            if face in index:
                table[die_index, index[face]] = True
    return table


def _reason(raw: str, dice_set: DiceSet, table: np.ndarray, dice: np.ndarray, cell: int, names, size) -> str:
    carriers = [int(d) for d in np.flatnonzero(table[:, names.index(raw)])] if raw in names else []
    if not carriers:
        return f"no die of the {dice_set.key} set has a {raw} face"
    users = [
        int(np.flatnonzero(dice == d)[0])
        for d in carriers
        if d in dice and int(np.flatnonzero(dice == d)[0]) != cell
    ]
    cells = ", ".join(cell_name(user, size) for user in users)
    if len(carriers) == 1:
        return f"the only die of the {dice_set.key} set with {raw} fits {cells} better"
    return f"the {len(carriers)} dice of the {dice_set.key} set with {raw} fit {cells} better"


def cell_name(index: int, size: int) -> str:
    """Spreadsheet-style name of a cell: column letter, row number (A1 is top-left)."""
    row, col = divmod(index, size)
    return f"{chr(ord('A') + col)}{row + 1}"


def fit_dice_set(probabilities: np.ndarray, class_names: list[str], dice_set: DiceSet) -> DiceFit:
    """The most likely board of ``dice_set`` for per-cell ``probabilities`` (cells, classes)."""
    cells = probabilities.shape[0]
    if cells != len(dice_set.dice):
        raise BadInputError(f"the {dice_set.key} set has {len(dice_set.dice)} dice, the tray {cells} cells")
    table = _face_table(dice_set, class_names)
    logs = np.log(np.maximum(probabilities, FLOOR))
    # best[i, j]: log-probability of the best face of die j in cell i
    masked = np.where(table[None, :, :], logs[:, None, :], -np.inf)
    best_class = masked.argmax(axis=2)
    best = np.take_along_axis(masked, best_class[:, :, None], axis=2)[:, :, 0]
    best = np.where(np.isfinite(best), best, np.log(FLOOR) * 10)
    dice = min_cost_assignment(-best)
    chosen = best_class[np.arange(cells), dice]
    plain = probabilities.argmax(axis=1)
    size = round(np.sqrt(cells))
    changes = []
    for cell in np.flatnonzero(chosen != plain):
        raw, now = class_names[plain[cell]], class_names[chosen[cell]]
        changes.append(
            {
                "cell": cell_name(int(cell), size),
                "row": int(cell) // size,
                "col": int(cell) % size,
                "read": raw,
                "now": now,
                "why": (
                    f"read {raw} ({probabilities[cell, plain[cell]]:.0%}), but "
                    f"{_reason(raw, dice_set, table, dice, int(cell), class_names, size)}; "
                    f"{now} ({probabilities[cell, chosen[cell]]:.0%}) is on a free die"
                ),
            }
        )
    return DiceFit(
        dice_set=dice_set.key,
        tokens=[class_names[c] for c in chosen],
        probabilities=[float(probabilities[i, c]) for i, c in enumerate(chosen)],
        dice=[int(d) for d in dice],
        changes=changes,
        log_likelihood=float(best[np.arange(cells), dice].sum()),
        plain_log_likelihood=float(logs[np.arange(cells), plain].sum()),
    )


def check_dice(probabilities: np.ndarray, class_names: list[str], dice: str = "auto") -> DiceFit | None:
    """Apply the dice set named ``dice`` (or the best-fitting one for ``auto``); None for ``none``.

    ``auto`` returns None when no bundled set of the tray's size fits plausibly.
    """
    if dice not in DICE_CHOICES:
        raise BadInputError(f"unknown dice set {dice!r}: choose one of {', '.join(DICE_CHOICES)}")
    if dice == "none":
        return None
    cells = probabilities.shape[0]
    size = round(np.sqrt(cells))
    if dice != "auto":
        return fit_dice_set(probabilities, class_names, load_dice_set(dice))
    fits = [fit_dice_set(probabilities, class_names, s) for s in dice_sets_for_size(size)]
    if not fits:
        return None
    best = max(fits, key=lambda fit: fit.log_likelihood)
    loss = best.plain_log_likelihood - best.log_likelihood
    if len(best.changes) > AUTO_MAX_CHANGED_SHARE * cells or loss > AUTO_MAX_LOSS:
        return None
    return best
