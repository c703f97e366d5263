"""Which 15x15 block of a fitted lattice is the board: the premium squares say.

Grid lines alone do not say where the playing grid ends: boards have frame lines,
printed margins and tiles lying beside the grid at the same spacing. The premium
squares do: every board colours its double/triple letter/word squares, each kind
alike, at the fixed places of the standard layout. For each candidate block the
score is the share of colour spread (in Lab, about class medians) that the five
square kinds (plain, DL, TL, DW, TW) explain; tiles and glare add spread to every
kind alike. The layout is symmetric under the board's turns and flips, so the score
does not depend on which way the board is turned.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from boardsight.scrabble.tokens import BOARD_SIZE
from boardsight.vision.scrabble.lattice import Lattice, apply_homography

BOARD_CELLS = BOARD_SIZE
SAMPLE_PX = 12  # pixels a cell when sampling colours
MIN_INSIDE = 0.97  # share of a block's cells whose centres must fall inside the photo
SPREAD_FLOOR = 4.0  # Lab units a cell: colour spread any board's premium squares exceed
SEARCH_MARGIN = 3  # cells beyond the outermost supported lines that a block may reach


def premium_kinds(layout_rows: Sequence[str]) -> np.ndarray:
    """Integer kind of every square (0 plain) from a layout's rows of one character a square.

    Characters that differ are different kinds, except the centre star, which is
    coloured as a double word square on every board.
    """
    symbols: dict[str, int] = {".": 0}
    kinds = np.zeros((len(layout_rows), len(layout_rows[0])), dtype=np.int64)
    for row, line in enumerate(layout_rows):
        for col, char in enumerate(line):
            char = "D" if char == "*" else char
            kinds[row, col] = symbols.setdefault(char, len(symbols))
    return kinds


def medians(values: np.ndarray) -> np.ndarray:
    """Medians along the last axis, as float32: the very numbers ``np.median`` gives for a
    float32 copy of ``values``, found sooner by partitioning a contiguous axis in place of
    a strided one (the mean of the two middle values of an even count is taken alike)."""
    values = np.ascontiguousarray(values)
    half = values.shape[-1] // 2
    if values.shape[-1] % 2:
        return np.partition(values, half, axis=-1)[..., half].astype(np.float32)
    middle = np.partition(values, (half - 1, half), axis=-1)
    return (middle[..., half - 1].astype(np.float32) + middle[..., half].astype(np.float32)) / np.float32(2)


def cell_middles(lab: np.ndarray, rows: int, cols: int, cell_px: int) -> np.ndarray:
    """Median colour (``rows``, ``cols``, 3) of the middle half of each ``cell_px`` cell of a
    rectified grid ``lab`` (``rows * cell_px``, ``cols * cell_px``, 3)."""
    inner = cell_px // 4
    cells = lab.reshape(rows, cell_px, cols, cell_px, 3)[:, inner:-inner, :, inner:-inner, :]
    return medians(cells.transpose(0, 2, 4, 1, 3).reshape(rows, cols, 3, -1))


def cell_colours(image: np.ndarray, to_lattice: np.ndarray, first: tuple[int, int], shape: tuple[int, int]):
    """Median Lab colour of the middle half of each lattice cell, shape ``shape + (3,)``.

    ``first`` is the ``(u, v)`` of the top-left cell sampled; cells outside the photo
    come out black.
    """
    cols, rows = shape[1], shape[0]
    to_pixels = np.array(
        [[SAMPLE_PX, 0, -first[0] * SAMPLE_PX], [0, SAMPLE_PX, -first[1] * SAMPLE_PX], [0, 0, 1.0]]
    )
    warped = cv2.warpPerspective(
        image, to_pixels @ to_lattice, (cols * SAMPLE_PX, rows * SAMPLE_PX), flags=cv2.INTER_AREA
    )
    return cell_middles(cv2.cvtColor(warped, cv2.COLOR_BGR2LAB), rows, cols, SAMPLE_PX)


def pattern_score(colours: np.ndarray, kinds: np.ndarray) -> float:
    """Share of the colour spread of a block that its square kinds explain (0 none, 1 all)."""
    values = colours.reshape(-1, 3)
    labels = kinds.ravel()
    total = np.abs(values - np.median(values, axis=0)).sum()
    within = 0.0
    for kind in np.unique(labels):
        members = values[labels == kind]
        within += np.abs(members - np.median(members, axis=0)).sum()
    # A floor of spread per cell keeps a block of one colour (no premium squares) at 0.
    return float((total - within) / (total + SPREAD_FLOOR * len(values)))


def kind_contrasts(colours: np.ndarray, kinds: np.ndarray) -> np.ndarray:
    """For each premium kind, how far its median colour lies from the plain squares' median.

    In units of the two kinds' median absolute deviations (plus a floor): about 1 or
    less when the kind's squares look like plain ones, several when they are coloured.
    """
    values = colours.reshape(-1, 3)
    labels = kinds.ravel()
    plain = values[labels == 0]
    plain_median = np.median(plain, axis=0)
    plain_spread = np.median(np.abs(plain - plain_median).sum(axis=1))
    contrasts = []
    for kind in np.unique(labels[labels > 0]):
        members = values[labels == kind]
        median = np.median(members, axis=0)
        spread = np.median(np.abs(members - median).sum(axis=1))
        contrasts.append(np.abs(median - plain_median).sum() / (plain_spread + spread + SPREAD_FLOOR))
    return np.array(contrasts)


def _search_range(lattice: Lattice, axis: int) -> tuple[int, int]:
    """Lattice indices ``[low, high)`` of cells that blocks may use along ``axis``."""
    lines = [k for (a, k) in lattice.line_support if a == axis] or [0, BOARD_CELLS]
    low, high = min(lines) - SEARCH_MARGIN, max(lines) + SEARCH_MARGIN
    widest, narrowest = 3 * BOARD_CELLS, BOARD_CELLS + 2 * SEARCH_MARGIN
    if high - low < narrowest:
        low = (low + high) // 2 - narrowest // 2
    low = int(np.clip(low, -widest, widest - narrowest))
    return low, int(np.clip(high, low + narrowest, widest))


def locate_block(image: np.ndarray, lattice: Lattice, kinds: np.ndarray) -> tuple[int, int, float]:
    """The ``(u, v)`` of the top-left corner of the best-scoring block, and its score.

    Blocks reaching outside the photo are not considered. Returns score -1 when no
    block fits in the photo.
    """
    u_low, u_high = _search_range(lattice, 0)
    v_low, v_high = _search_range(lattice, 1)
    colours = cell_colours(image, lattice.to_lattice, (u_low, v_low), (v_high - v_low, u_high - u_low))
    us, vs = np.meshgrid(np.arange(u_low, u_high) + 0.5, np.arange(v_low, v_high) + 0.5)
    centres = apply_homography(np.linalg.inv(lattice.to_lattice), np.c_[us.ravel(), vs.ravel()])
    height, width = image.shape[:2]
    inside = (
        (centres[:, 0] >= 0) & (centres[:, 0] < width) & (centres[:, 1] >= 0) & (centres[:, 1] < height)
    ).reshape(us.shape)
    size = kinds.shape[0]
    if colours.shape[0] < size or colours.shape[1] < size:
        return u_low, v_low, -1.0
    blocks = np.lib.stride_tricks.sliding_window_view(colours, (size, size), axis=(0, 1))
    fits = np.lib.stride_tricks.sliding_window_view(inside, (size, size)).mean(axis=(2, 3)) >= MIN_INSIDE
    if not fits.any():
        return u_low, v_low, -1.0
    # the blocks that fit, as (blocks, squares, 3) in the row-major square order of pattern_score
    chosen = np.nonzero(fits)
    values = np.ascontiguousarray(blocks[chosen].transpose(0, 2, 3, 1)).reshape(len(chosen[0]), -1, 3)
    scores = pattern_scores(values, kinds)
    best = int(np.argmax(scores))  # the first best in row-major (v, u) order, as a scan would keep
    return u_low + int(chosen[1][best]), v_low + int(chosen[0][best]), float(scores[best])


def pattern_scores(values: np.ndarray, kinds: np.ndarray) -> np.ndarray:
    """:func:`pattern_score` of many blocks at once: ``values`` (blocks, squares, 3) row-major."""
    labels = kinds.ravel()
    count = len(values)

    def spread(members: np.ndarray) -> np.ndarray:
        deviation = np.abs(members - medians(members.transpose(0, 2, 1))[:, None, :])
        return deviation.reshape(count, -1).sum(axis=1)

    total = spread(values)
    within = np.zeros(count, dtype=total.dtype)
    for kind in np.unique(labels):
        within = within + spread(values[:, labels == kind])
    return (total - within) / (total + SPREAD_FLOOR * values.shape[1])
