"""The classifier network: a few 3x3 convolution stages, global pooling, one linear layer.

Small on purpose: a 40x40 gray cell needs about 5 million multiply-adds, so a whole 6x6
tray is classified in a few milliseconds on one CPU core, and the ONNX file stays far
under a megabyte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

DEFAULT_WIDTHS = (16, 32, 64, 96)


def build_network(
    channels: int, classes: int, widths: Sequence[int] = DEFAULT_WIDTHS, dropout: float = 0.1
) -> Any:
    """A ``torch.nn.Sequential`` mapping (N, channels, H, W) to (N, classes) logits.

    Each stage is conv3x3-batchnorm-ReLU; every stage but the last halves the
    resolution with max pooling. Batch norm folds into the convolutions on export.
    """
    from torch import nn

    layers: list[Any] = []
    previous = channels
    for index, width in enumerate(widths):
        layers += [
            nn.Conv2d(previous, width, 3, padding=1, bias=False),
            nn.BatchNorm2d(width),
            nn.ReLU(inplace=True),
        ]
        if index < len(widths) - 1:
            layers.append(nn.MaxPool2d(2))
        previous = width
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(dropout), nn.Linear(previous, classes)]
    return nn.Sequential(*layers)


def count_parameters(network: Any) -> int:
    return sum(parameter.numel() for parameter in network.parameters())
