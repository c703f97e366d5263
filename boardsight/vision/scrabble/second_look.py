"""A second look at doubtful squares: the crop shifted and scaled a little, the readings averaged.

A square read with less than :data:`SECOND_LOOK_BELOW` is classified again in
:data:`LOOKS` (shifted by 6% of the crop each way, and 8% larger and smaller: a grid
fitted a pixel off, a tile standing above the board's plane) and its probabilities
become the mean of the readings. On the real photos of the source the bundled model
never saw, this made 21 more squares and 5 more letter tiles right at the labelled
corners (DeclanFinerty, 4 photos), 3 more squares on the other source.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

SECOND_LOOK_BELOW = 0.9
LOOKS = (
    (0.06, 0.0, 1.0),
    (-0.06, 0.0, 1.0),
    (0.0, 0.06, 1.0),
    (0.0, -0.06, 1.0),
    (0.0, 0.0, 1.08),
    (0.0, 0.0, 0.93),
)
"""(shift right, shift down, as shares of the crop; scale) of each extra look."""


def moved(crop: np.ndarray, right: float, down: float, scale: float) -> np.ndarray:
    """``crop`` shifted by shares of its size and scaled about its centre (edges repeated)."""
    height, width = crop.shape[:2]
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), 0, scale)
    matrix[0, 2] += right * width
    matrix[1, 2] += down * height
    return cv2.warpAffine(crop, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE)


def look_again(
    crops: Sequence[np.ndarray],
    probabilities: np.ndarray,
    classify: Callable[[Sequence[np.ndarray]], np.ndarray],
) -> tuple[np.ndarray, int]:
    """``probabilities`` (squares, classes) with the doubtful squares' rows averaged over more looks.

    ``crops`` are the squares as the probabilities read them (same order and turn).
    Returns the new probabilities and how many squares were looked at again.
    """
    doubtful = np.flatnonzero(probabilities.max(axis=1) < SECOND_LOOK_BELOW)
    if not len(doubtful):
        return probabilities, 0
    extra = classify([moved(crops[i], *look) for i in doubtful for look in LOOKS])
    extra = extra.reshape(len(doubtful), len(LOOKS), -1)
    looked = probabilities.copy()
    looked[doubtful] = (probabilities[doubtful] + extra.sum(axis=1)) / (1 + len(LOOKS))
    return looked, len(doubtful)
