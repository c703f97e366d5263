"""The sheet word recogniser's network: a small CRNN read out by CTC.

Four convolution blocks (the first with a stride of 2, the others pooling) take a
(N, 1, 32, W) crop to a (N, C, 2, W/4) map; each column is
one timestep, read in context by a bidirectional LSTM and classified over the letter
table's columns (blank, A..Z, other; :mod:`boardsight.sheets.ctc`). The exported model
gives probabilities (N, W/4, 28).
"""

from __future__ import annotations

from typing import Any

from boardsight.sheets.ctc import COLUMNS

WIDTHS = (16, 32, 64, 96)
HIDDEN = 64


def build_word_network(widths: tuple[int, ...] = WIDTHS, hidden: int = HIDDEN) -> Any:
    """A fresh network (a ``torch.nn.Module`` giving log-probabilities (N, T, 28))."""
    import torch
    from torch import nn

    def block(inputs: int, outputs: int, pool: tuple[int, int] | None) -> list[nn.Module]:
        # The first block halves the crop by its stride instead of a pool (it is the costliest).
        stride = 2 if pool is None else 1
        layers = [
            nn.Conv2d(inputs, outputs, 3, stride=stride, padding=1, bias=False),
            nn.BatchNorm2d(outputs),
            nn.ReLU(inplace=True),
        ]
        return layers if pool is None else [*layers, nn.MaxPool2d(pool, pool)]

    class WordNetwork(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            a, b, c, d = widths
            self.features = nn.Sequential(
                *block(1, a, None), *block(a, b, (2, 2)), *block(b, c, (2, 1)), *block(c, d, (2, 1))
            )
            self.recurrent = nn.LSTM(d * 2, hidden, batch_first=True, bidirectional=True)
            self.classes = nn.Linear(2 * hidden, COLUMNS)

        def forward(self, pixels: torch.Tensor) -> torch.Tensor:
            features = self.features(pixels)  # (N, C, 2, T)
            n, channels, rows, steps = features.shape
            columns = features.reshape(n, channels * rows, steps).permute(0, 2, 1)
            context, _ = self.recurrent(columns)
            return torch.log_softmax(self.classes(context), dim=-1)

    return WordNetwork()


def probabilities_head(network: Any) -> Any:
    """The network with probabilities (not log-probabilities) as its output, for export."""
    import torch
    from torch import nn

    class Probabilities(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.network = network

        def forward(self, pixels: torch.Tensor) -> torch.Tensor:
            return torch.exp(self.network(pixels))

    return Probabilities()
