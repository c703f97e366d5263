"""A word crop as the sheet word recogniser sees it: gray, fixed height, ink bright on dark paper.

Shared by training and reading, so both cut and scale a crop the same way. The crop's own
paper (a high percentile) maps to 0 and its darkest ink to about 1, so the pen's colour,
the paper's tint and the light hardly matter; padding a batch with zeros is padding with paper.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

HEIGHT = 32
"""Rows of the recogniser's input."""
STRIDE = 4
"""Columns of input per output timestep."""
MIN_WIDTH = 16
MAX_WIDTH = 512


def word_pixels(crop: np.ndarray) -> np.ndarray:
    """A BGR or gray crop as float32 (HEIGHT, width): 0 paper, about 1 ink."""
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
    height, width = gray.shape
    new_w = min(MAX_WIDTH, max(MIN_WIDTH, math.ceil(HEIGHT * width / max(height, 1))))
    resized = cv2.resize(gray, (new_w, HEIGHT), interpolation=cv2.INTER_AREA).astype(np.float32)
    paper = float(np.percentile(resized, 90))
    ink = float(np.percentile(resized, 2))
    span = max(paper - ink, 24.0)
    return np.clip((paper - resized) / span, -0.5, 1.5).astype(np.float32)


def pad_batch(images: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Images (HEIGHT, w) as one zero-padded batch (N, 1, HEIGHT, W), W a multiple of STRIDE,
    and each image's number of timesteps."""
    width = max(image.shape[1] for image in images)
    width = math.ceil(width / STRIDE) * STRIDE
    batch = np.zeros((len(images), 1, HEIGHT, width), np.float32)
    for row, image in enumerate(images):
        batch[row, 0, :, : image.shape[1]] = image
    frames = np.array([math.ceil(image.shape[1] / STRIDE) for image in images], np.int64)
    return batch, frames


def by_width(
    images: list[np.ndarray], batch_size: int, run: Callable[[np.ndarray], np.ndarray]
) -> list[np.ndarray]:
    """``run`` on padded batches of images of similar width (:func:`pad_batch`), each image's
    output (N, T, C) cut to its own timesteps, in the images' order."""
    order = sorted(range(len(images)), key=lambda i: images[i].shape[1])
    results: list[np.ndarray] = [np.empty(0)] * len(images)
    for start in range(0, len(order), batch_size):
        chunk = order[start : start + batch_size]
        batch, frames = pad_batch([images[i] for i in chunk])
        output = run(batch)
        for row, index in enumerate(chunk):
            results[index] = output[row, : frames[row]]
    return results
