"""Scores of board readings against labels, as the labelled-photo format defines them.

All functions here are pure: grids are lists of rows of tokens, corners ``(4, 2)``
arrays of ``(x, y)`` pixels.

- Cell accuracy: the share of cells read right; a lowercase label (a designated
  blank) is matched by ``?`` or by the same lowercase letter.
- Board accuracy: the share of photos with every cell right; for Boggle also up to
  the 8 rotations and reflections of the grid.
- Letter accuracy (Scrabble): cell accuracy over the cells whose label is not ``.``.
- Corner error: mean distance between predicted and labelled corners once the
  corner order is matched, in pixels and as a share of the board's diagonal.

A photo the reader could not read at all counts as wrong in every cell and board
figure; a photo labelled with corners only counts toward corner error alone.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from boardsight.datasets.tokens import BLANK, EMPTY, is_designated_blank
from boardsight.vision.geometry import quad_diagonal

Grid = Sequence[Sequence[str]]
STAGE_ORDER = ("decode", "find", "read", "total")


def cell_matches(label: str, predicted: str | None) -> bool:
    """Whether a predicted token counts as right for a labelled one."""
    if predicted == label:
        return True
    return is_designated_blank(label) and predicted == BLANK


def same_shape(label: Grid, predicted: Grid) -> bool:
    return len(label) == len(predicted) and all(
        len(a) == len(b) for a, b in zip(label, predicted, strict=True)
    )


def grid_matches(label: Grid, predicted: Grid) -> bool:
    """Whether every cell of ``predicted`` is right."""
    return same_shape(label, predicted) and all(
        cell_matches(a, b)
        for row_a, row_b in zip(label, predicted, strict=True)
        for a, b in zip(row_a, row_b, strict=True)
    )


def _rotate(grid: Grid) -> list[list[str]]:
    """The grid turned 90 degrees clockwise."""
    return [list(row) for row in zip(*reversed([list(row) for row in grid]), strict=True)]


def dihedral_variants(grid: Grid) -> list[list[list[str]]]:
    """The grid under its 8 rotations and reflections (the identity first)."""
    variants = []
    current = [list(row) for row in grid]
    for _ in range(4):
        variants.append(current)
        variants.append([list(reversed(row)) for row in current])
        current = _rotate(current)
    return variants


def grid_matches_up_to_symmetry(label: Grid, predicted: Grid) -> bool:
    """Whether some rotation or reflection of ``predicted`` has every cell right."""
    return any(grid_matches(label, variant) for variant in dihedral_variants(predicted))


def _corner_orders() -> list[list[int]]:
    """The 8 ways to go round four corners: any start, either direction."""
    orders = []
    for start in range(4):
        orders.append([(start + step) % 4 for step in range(4)])
        orders.append([(start - step) % 4 for step in range(4)])
    return orders


def corner_error(label: np.ndarray, predicted: np.ndarray) -> float:
    """Mean distance in pixels between labelled and predicted corners, over the best corner order."""
    label = np.asarray(label, dtype=np.float64)
    predicted = np.asarray(predicted, dtype=np.float64)
    return min(float(np.linalg.norm(label - predicted[order], axis=1).mean()) for order in _corner_orders())


@dataclass(frozen=True)
class CellMistake:
    row: int
    col: int
    label: str
    predicted: str


@dataclass
class BoardScore:
    """How one reading of one photo compares with its label.

    Cell, letter and board figures are None for a photo labelled with corners only;
    corner figures are None where either side has no corners.
    """

    failed: bool = False
    cells: int = 0
    cells_right: int = 0
    letters: int = 0
    letters_right: int = 0
    board_right: bool | None = None
    board_right_symmetric: bool | None = None
    shape_mismatch: bool = False
    corner_error_px: float | None = None
    corner_error_share: float | None = None
    mistakes: list[CellMistake] = field(default_factory=list)

    @property
    def graded(self) -> bool:
        return self.board_right is not None


def score_board(
    label_grid: Grid | None,
    label_corners: np.ndarray | None,
    predicted_grid: Grid | None,
    predicted_corners: np.ndarray | None,
) -> BoardScore:
    """Score one reading; ``predicted_grid`` None means the reader could not read the photo."""
    score = BoardScore(failed=predicted_grid is None)
    if label_corners is not None and predicted_corners is not None:
        error = corner_error(label_corners, predicted_corners)
        score.corner_error_px = error
        score.corner_error_share = error / quad_diagonal(label_corners)
    if label_grid is None:
        return score
    score.cells = sum(len(row) for row in label_grid)
    score.letters = sum(1 for row in label_grid for token in row if token != EMPTY)
    if predicted_grid is None or not same_shape(label_grid, predicted_grid):
        score.shape_mismatch = predicted_grid is not None
        score.board_right = score.board_right_symmetric = False
        return score
    for row, (label_row, predicted_row) in enumerate(zip(label_grid, predicted_grid, strict=True)):
        for col, (token, guess) in enumerate(zip(label_row, predicted_row, strict=True)):
            if cell_matches(token, guess):
                score.cells_right += 1
                score.letters_right += token != EMPTY
            else:
                score.mistakes.append(CellMistake(row, col, token, guess))
    score.board_right = not score.mistakes
    score.board_right_symmetric = score.board_right or grid_matches_up_to_symmetry(label_grid, predicted_grid)
    return score


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True)
class Summary:
    """The format's figures over a set of scored photos."""

    photos: int
    failures: int
    boards: int
    boards_right: int
    boards_right_symmetric: int
    cells: int
    cells_right: int
    letters: int
    letters_right: int
    corner_errors_px: tuple[float, ...]
    corner_errors_share: tuple[float, ...]

    @property
    def cell_accuracy(self) -> float | None:
        return _share(self.cells_right, self.cells)

    @property
    def board_accuracy(self) -> float | None:
        return _share(self.boards_right, self.boards)

    @property
    def board_accuracy_symmetric(self) -> float | None:
        return _share(self.boards_right_symmetric, self.boards)

    @property
    def letter_accuracy(self) -> float | None:
        return _share(self.letters_right, self.letters)

    @property
    def corner_error_px(self) -> float | None:
        return float(np.mean(self.corner_errors_px)) if self.corner_errors_px else None

    @property
    def corner_error_share(self) -> float | None:
        return float(np.mean(self.corner_errors_share)) if self.corner_errors_share else None


def summarize(scores: Iterable[BoardScore]) -> Summary:
    """Pool the scores of many photos (cells are counted over the whole set)."""
    scores = list(scores)
    graded = [score for score in scores if score.graded]
    return Summary(
        photos=len(scores),
        failures=sum(score.failed for score in scores),
        boards=len(graded),
        boards_right=sum(bool(score.board_right) for score in graded),
        boards_right_symmetric=sum(bool(score.board_right_symmetric) for score in graded),
        cells=sum(score.cells for score in graded),
        cells_right=sum(score.cells_right for score in graded),
        letters=sum(score.letters for score in graded),
        letters_right=sum(score.letters_right for score in graded),
        corner_errors_px=tuple(s.corner_error_px for s in scores if s.corner_error_px is not None),
        corner_errors_share=tuple(s.corner_error_share for s in scores if s.corner_error_share is not None),
    )


def confusion(scores: Iterable[BoardScore], *, top: int = 10) -> list[tuple[str, str, int]]:
    """The ``top`` most frequent ``(label, predicted, count)`` cell mistakes, most frequent first."""
    counts = Counter((m.label, m.predicted) for score in scores for m in score.mistakes)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [(label, predicted, count) for (label, predicted), count in ranked[:top]]


@dataclass(frozen=True)
class StageTiming:
    """Median and 90th percentile of one stage's time, in seconds, over ``count`` photos."""

    median: float
    p90: float
    count: int


def timing_summary(timings: Iterable[Mapping[str, float]]) -> dict[str, StageTiming]:
    """Median and 90th percentile (linear interpolation) per stage, known stages first."""
    by_stage: dict[str, list[float]] = {}
    for record in timings:
        for stage, seconds in record.items():
            if math.isfinite(seconds):
                by_stage.setdefault(stage, []).append(seconds)
    ordered = [s for s in STAGE_ORDER if s in by_stage] + sorted(s for s in by_stage if s not in STAGE_ORDER)
    return {
        stage: StageTiming(
            median=float(np.median(by_stage[stage])),
            p90=float(np.percentile(by_stage[stage], 90)),
            count=len(by_stage[stage]),
        )
        for stage in ordered
    }
