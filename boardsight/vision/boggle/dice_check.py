"""Dice-set check: a decision between "the tray is of this bundled set" and "of some other set".

A tray holds each die of its set exactly once, so a reading that shows, say, two Q
faces from a set with one Q die is impossible under that set. Given each cell's class
probabilities, :func:`fit_dice_set` solves an assignment problem: cell ``i`` and die
``j`` cost ``-log max(p_i(face) for face on die j)``, and the cheapest one-die-per-cell
matching gives the most likely board the set can show.

But trays come from editions and sets we do not bundle, so the set is a hypothesis:
:func:`check_dice` weighs each bundled set of the tray's size (prior
:data:`PRIOR_BUNDLED` among them, :data:`PRIOR_NAMED` for a set named by the user)
against "another set", under which the reading stands as read. The classifier's
probabilities are mixed with a little of a uniform spread first (:data:`MIX`): a
confident reading can be overturned, at a price. A face that no bundled set prints (a
bare Q: editions print Qu) is itself unlikely whatever the set: a cell read so that a
set would change is weighed by :data:`UNKNOWN_FACE` against a typical face's share, so a
bare Q read at 26% beside a C at 22% is likelier a C. (Other faces are not weighed by
how common they are: that would pull doubtful cells towards common letters.) The posterior of the best set is
the evidence for its changes: at least :data:`CLEAR` and the cells change, else they
are kept as read and flagged with the set's alternative. A tray whose faces do not
fit a set by far makes that set unlikely rather than its confident cells wrong.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from boardsight.boggle.dice import DICE_SETS, DiceSet, dice_sets_for_size, load_dice_set
from boardsight.errors import BadInputError
from boardsight.vision.boggle.assignment import min_cost_assignment

DICE_CHOICES = ("auto", *DICE_SETS, "none")
FLOOR = 1e-6  # probability given to a face the classifier thinks impossible
MIX = 0.02  # share of a uniform spread mixed into the classifier's probabilities
PRIOR_BUNDLED = 0.5  # prior that a tray is of one of the bundled sets of its size (shared among them)
PRIOR_NAMED = 0.9  # prior that a tray is of the set the user named
CLEAR = 0.8  # the set's changes are made when its posterior is at least this
UNKNOWN_FACE = 1e-3  # share of the faces of other editions that no bundled set prints (a bare Q)


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
    posterior: float = 1.0  # of the set against every other hypothesis (set by check_dice)
    flags: list[dict] = field(default_factory=list)  # changes the set suggests that were not made


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
    mixed = (1 - MIX) * probabilities + MIX / probabilities.shape[1]
    logs = np.log(np.maximum(mixed, FLOOR))
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
    """The dice-set decision for the set named ``dice`` (or the bundled sets of the size, ``auto``).

    Returns the likeliest set's fit with its ``posterior``; its changes are made (kept
    in ``changes``) only when the posterior is at least :data:`CLEAR`, else they move to
    ``flags`` and the tokens stay as read. None for ``none`` or when no set of the
    tray's size is bundled.
    """
    if dice not in DICE_CHOICES:
        raise BadInputError(f"unknown dice set {dice!r}: choose one of {', '.join(DICE_CHOICES)}")
    if dice == "none":
        return None
    cells = probabilities.shape[0]
    size = round(np.sqrt(cells))
    if dice != "auto":
        sets, prior = [load_dice_set(dice)], PRIOR_NAMED
    else:
        sets, prior = list(dice_sets_for_size(size)), PRIOR_BUNDLED
    if not sets:
        return None
    fits = [fit_dice_set(probabilities, class_names, s) for s in sets]
    # log of prior x likelihood x faces' shares for each set, and for "another set" (as read)
    printed = _faces_of_every_set()
    unprinted = np.log(1 / len(printed) / UNKNOWN_FACE)  # what reading an unprinted face costs
    plain = [class_names[c] for c in probabilities.argmax(axis=1)]
    scores = [
        np.log(prior / len(fits))
        + fit.log_likelihood
        + unprinted
        * sum(now != was and was not in printed for now, was in zip(fit.tokens, plain, strict=True))
        for fit in fits
    ]
    other = np.log(1 - prior) + fits[0].plain_log_likelihood
    top = max(*scores, other)
    total = sum(np.exp(score - top) for score in [*scores, other])
    best_index = int(np.argmax(scores))
    best = fits[best_index]
    best.posterior = float(np.exp(scores[best_index] - top) / total)
    evidence = f"the {best.dice_set} set: {best.posterior:.0%}"
    for change in best.changes:
        change["why"] += f" ({evidence})"
    if best.posterior >= CLEAR:
        return best
    best.flags = [{**change, "why": change["why"] + ": kept, flagged"} for change in best.changes]
    best.changes = []
    best.tokens = plain
    best.probabilities = [float(probabilities[i].max()) for i in range(cells)]
    return best


@functools.cache
def _faces_of_every_set() -> frozenset[str]:
    """The faces some bundled dice set prints."""
    return frozenset(face for name in DICE_SETS for die in load_dice_set(name).dice for face in die)
