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
    # Plain lists: a tray's problem is small enough that numpy's per-call cost would dominate.
    costs = cost.tolist()
    infinity = float("inf")
    row_potential = [0.0] * (n + 1)
    col_potential = [0.0] * (n + 1)
    row_of_col = [0] * (n + 1)  # 1-based row matched to each column; column 0 is a sentinel
    columns = range(1, n + 1)
    for row in range(1, n + 1):
        row_of_col[0] = row
        current = 0
        slack = [infinity] * (n + 1)
        previous = [0] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[current] = True
            matched_row = row_of_col[current]
            row_costs, potential = costs[matched_row - 1], row_potential[matched_row]
            delta, step_col = infinity, 0
            for col in columns:
                if used[col]:
                    continue
                reduced = row_costs[col - 1] - potential - col_potential[col]
                if reduced < slack[col]:
                    slack[col] = reduced
                    previous[col] = current
                if slack[col] < delta:  # the first column of least slack
                    delta, step_col = slack[col], col
            for col in range(n + 1):
                if used[col]:
                    row_potential[row_of_col[col]] += delta
                    col_potential[col] -= delta
                else:
                    slack[col] -= delta
            current = step_col
            if row_of_col[current] == 0:
                break
        while current:
            back = previous[current]
            row_of_col[current] = row_of_col[back]
            current = back
    assignment = np.empty(n, dtype=int)
    for col in columns:
        assignment[row_of_col[col] - 1] = col - 1
    return assignment
