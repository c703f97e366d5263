"""The dark marks printed on a cube face or tile, for the Tesseract readers."""

from __future__ import annotations

import cv2
import numpy as np


def ink_components(
    crop: np.ndarray, size: int, border_divisor: int
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The dark marks inside ``crop``, seen ``size`` pixels square after trimming 1/``border_divisor`` a side.

    Returns the label image, the component stats (as OpenCV gives them) and the labels
    of the components that touch no edge of the trimmed square (edges are the cube's or
    tile's rim, and the neighbours' ink).
    """
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
    height, width = gray.shape
    inner = gray[
        height // border_divisor : height - height // border_divisor,
        width // border_divisor : width - width // border_divisor,
    ]
    inner = cv2.resize(inner, (size, size), interpolation=cv2.INTER_AREA)
    _, ink = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    inside = [
        label
        for label in range(1, count)
        if stats[label][0] > 0
        and stats[label][1] > 0
        and stats[label][0] + stats[label][2] < size
        and stats[label][1] + stats[label][3] < size
    ]
    return labels, stats, inside
