"""Straight line segments of a photo, sorted into the two directions of a grid.

Segments come from OpenCV's line segment detector (LSD) run on the blue channel:
Scrabble boards are cream, beige or yellow, and their grid lines (white or dark) and
the wooden or plastic tiles on them differ most from the squares in blue.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

MIN_LENGTH_SHARE = 0.012  # shorter segments (letters, wood grain) are noise
FAMILY_SPREAD = np.deg2rad(60)  # doubled-angle distance still counted in a direction family
CROSSING_BINS = 24
MIN_CROSSING = 0.25


@dataclass(frozen=True)
class Segments:
    """Line segments in pixels: ``ends`` of shape (N, 4) as ``x0, y0, x1, y1``.

    ``family`` (N,) says which of the two grid directions a segment follows (0 or 1,
    -1 for neither); ``weight`` (N,) is its length where it lies among crossing lines
    of both directions, else 0.
    """

    ends: np.ndarray
    family: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.ends)

    @property
    def lengths(self) -> np.ndarray:
        return np.hypot(self.ends[:, 2] - self.ends[:, 0], self.ends[:, 3] - self.ends[:, 1])

    def subset(self, mask: np.ndarray) -> Segments:
        return Segments(self.ends[mask], self.family[mask], self.weight[mask])


def detection_channel(image: np.ndarray, *, enhance: bool = False) -> np.ndarray:
    """The single channel segments are found in: blue of a BGR image, or the grey image itself.

    With ``enhance``, local contrast is raised (CLAHE) so that faint, blurred grid lines
    come out, at the price of more clutter elsewhere.
    """
    channel = image if image.ndim == 2 else np.ascontiguousarray(image[:, :, 0])
    if enhance:
        channel = cv2.createCLAHE(clipLimit=3.0, tileGridSize=(8, 8)).apply(channel)
    return channel


def detect_segments(image: np.ndarray, *, enhance: bool = False) -> Segments:
    """Find line segments in ``image`` (BGR or grey, uint8) and sort them by direction."""
    channel = detection_channel(image, enhance=enhance)
    found = cv2.createLineSegmentDetector().detect(channel)[0]
    ends = np.zeros((0, 4)) if found is None else found.reshape(-1, 4).astype(np.float64)
    lengths = np.hypot(ends[:, 2] - ends[:, 0], ends[:, 3] - ends[:, 1])
    return grouped(ends[lengths > MIN_LENGTH_SHARE * max(channel.shape)], channel.shape)


def grouped(ends: np.ndarray, shape: tuple[int, ...]) -> Segments:
    """Segments with their direction families and crossing weights worked out afresh."""
    family = direction_families(ends)
    return Segments(ends, family, crossing_weights(ends, family, shape))


def direction_families(ends: np.ndarray) -> np.ndarray:
    """Label each segment 0 or 1 by the two strongest directions, -1 when it follows neither.

    Directions are compared as doubled angles, so that a segment and its reverse agree;
    the second direction is sought 55 to 125 degrees away from the first, which leaves
    room for perspective.
    """
    family = np.full(len(ends), -1)
    if len(ends) < 2:
        return family
    delta = ends[:, 2:] - ends[:, :2]
    doubled = (2 * np.arctan2(delta[:, 1], delta[:, 0])) % (2 * np.pi)
    bins = 180
    hist = np.bincount(
        (doubled / (2 * np.pi) * bins).astype(int) % bins, weights=np.hypot(*delta.T) ** 2, minlength=bins
    )
    kernel = np.exp(-0.5 * (np.arange(-6, 7) / 2.5) ** 2)
    smooth = np.convolve(np.r_[hist[-6:], hist, hist[:6]], kernel, mode="same")[6:-6]
    first = int(np.argmax(smooth))
    opposite = (first + bins // 2) % bins
    second = max(((opposite + k) % bins for k in range(-35, 36)), key=lambda b: smooth[b])
    centres = (np.array([first, second]) + 0.5) * 2 * np.pi / bins
    distance = np.abs(np.angle(np.exp(1j * (doubled[:, None] - centres[None, :]))))
    nearest = np.argmin(distance, axis=1)
    close = distance[np.arange(len(ends)), nearest] < FAMILY_SPREAD
    family[close] = nearest[close]
    return family


def crossing_weights(ends: np.ndarray, family: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Segment lengths, zeroed where the other direction has no segments nearby.

    A grid has lines of both directions everywhere; table planks, wood grain, text
    and cloth mostly run one way, so they drop out here.
    """
    height, width = shape[:2]
    lengths = np.hypot(ends[:, 2] - ends[:, 0], ends[:, 3] - ends[:, 1])
    if len(ends) == 0:
        return lengths
    middle = (ends[:, :2] + ends[:, 2:]) / 2
    col = np.clip((middle[:, 0] / width * CROSSING_BINS).astype(int), 0, CROSSING_BINS - 1)
    row = np.clip((middle[:, 1] / height * CROSSING_BINS).astype(int), 0, CROSSING_BINS - 1)
    density = []
    for index in (0, 1):
        grid = np.zeros((CROSSING_BINS, CROSSING_BINS))
        chosen = family == index
        np.add.at(grid, (row[chosen], col[chosen]), lengths[chosen])
        density.append(cv2.GaussianBlur(grid, (5, 5), 1.0))
    both = np.sqrt(density[0] * density[1])
    both /= both.max() + 1e-12
    keep = (both[row, col] > MIN_CROSSING) & (family >= 0)
    return np.where(keep, lengths, 0.0)
