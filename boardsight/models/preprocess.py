"""Turn image crops into a classifier's input tensor, exactly as at training time.

The recipe is a small dict stored in the model's metadata:

- ``colour``: ``"gray"`` (1 channel) or ``"bgr"`` (3 channels);
- ``normalise``: ``"per_image"`` (each crop to zero mean, unit spread, which makes the
  model indifferent to exposure and ink colour) or ``"unit"`` (pixel / 255);
- ``cell_margin``: how much wider than a grid cell the crop was cut, as a share of the
  cell (read by whoever cuts the cells, kept here so it travels with the model).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np

DEFAULT_RECIPE: dict[str, Any] = {"colour": "gray", "normalise": "per_image", "cell_margin": 0.0}


def to_input_pixels(crop: np.ndarray, size: tuple[int, int], colour: str) -> np.ndarray:
    """Resize one crop (H, W) or (H, W, 3) uint8 to ``size`` (height, width) in the recipe's colour."""
    if crop.ndim == 2 and colour != "gray":
        crop = cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
    elif crop.ndim == 3 and colour == "gray":
        crop = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    height, width = size
    if crop.shape[:2] != (height, width):
        shrinking = crop.shape[0] >= height and crop.shape[1] >= width
        crop = cv2.resize(
            crop, (width, height), interpolation=cv2.INTER_AREA if shrinking else cv2.INTER_LINEAR
        )
    return crop


def normalise(pixels: np.ndarray, method: str) -> np.ndarray:
    """Scale uint8 pixels (N, C, H, W) to float32 inputs by the recipe's ``normalise`` method."""
    values = pixels.astype(np.float32)
    if method == "unit":
        return values / 255.0
    if method == "per_image":
        mean = values.mean(axis=(1, 2, 3), keepdims=True)
        spread = values.std(axis=(1, 2, 3), keepdims=True)
        # the rest in a C-ordered copy, in place: the same numbers, made faster than from
        # the strided ``values``, and taken by onnxruntime without another copy
        scaled = np.ascontiguousarray(values)
        scaled -= mean
        scaled /= np.maximum(spread, 8.0)
        return scaled
    raise ValueError(f"unknown normalisation {method!r}")


def prepare_batch(crops: Sequence[np.ndarray], size: tuple[int, int], recipe: dict[str, Any]) -> np.ndarray:
    """Crops of any size to a float32 tensor (N, C, height, width) for the model."""
    colour = recipe.get("colour", "gray")
    pixels = [to_input_pixels(crop, size, colour) for crop in crops]
    if not pixels:
        channels = 1 if colour == "gray" else 3
        return np.zeros((0, channels, *size), dtype=np.float32)
    stacked = np.stack(pixels)
    stacked = stacked[:, None] if stacked.ndim == 3 else stacked.transpose(0, 3, 1, 2)
    return normalise(stacked, recipe.get("normalise", "per_image"))
