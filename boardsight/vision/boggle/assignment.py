"""Minimum-cost assignment (the Hungarian method with potentials), for square cost matrices.

Small and exact: a 6x6 Boggle tray is a 36 x 36 problem, solved in well under a
millisecond, so no optimisation library is needed.
"""

from __future__ import annotations

import numpy as np


def min_cost_assignment(cost: np.ndarray) -> np.ndarray:
    """For an (n, n) cost matrix, the column assigned to each row minimising the total cost.

    Shortest augmenting paths with row and column potentials (Kuhn-Munkres, O(n^3)).
    Costs must be finite.
    """
    cost = np.asarray(cost, dtype=np.float64)
    if cost.ndim != 2 or cost.shape[0] != cost.shape[1]:
        raise ValueError(f"expected a square cost matrix, got shape {cost.shape}")
    if not np.all(np.isfinite(cost)):
        raise ValueError("costs must be finite")
    n = cost.shape[0]
    row_potential = np.zeros(n + 1)
    col_potential = np.zeros(n + 1)
    row_of_col = np.zeros(n + 1, dtype=int)  # 1-based row matched to each column; column 0 is a sentinel
    for row in range(1, n + 1):
        row_of_col[0] = row
        current = 0
        slack = np.full(n + 1, np.inf)
        previous = np.zeros(n + 1, dtype=int)
        used = np.zeros(n + 1, dtype=bool)
        while True:
            used[current] = True
            matched_row = row_of_col[current]
            free = ~used[1:]
            reduced = cost[matched_row - 1] - row_potential[matched_row] - col_potential[1:]
            better = free & (reduced < slack[1:])
            slack[1:][better] = reduced[better]
            previous[1:][better] = current
            candidates = np.where(free, slack[1:], np.inf)
            step_col = int(np.argmin(candidates)) + 1
            delta = candidates[step_col - 1]
            matched = used.copy()
            row_potential[row_of_col[matched]] += delta
            col_potential[matched] -= delta
            slack[~matched] -= delta
            current = step_col
            if row_of_col[current] == 0:
                break
        while current:
            back = previous[current]
            row_of_col[current] = row_of_col[back]
            current = back
    assignment = np.empty(n, dtype=int)
    for col in range(1, n + 1):
        assignment[row_of_col[col] - 1] = col - 1
    return assignment
