"""Write the trained word recogniser as ONNX (dynamic batch and width) with its metadata."""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import Any

from boardsight.models.metadata import ModelMetadata
from boardsight.models.training.export import OPSET, write_model
from boardsight.models.training.sheets.word_network import probabilities_head
from boardsight.vision.sheets.word_image import HEIGHT


def export_word_model(network: Any, metadata: ModelMetadata, path: str | Path) -> Path:
    """Export ``network`` giving probabilities (N, W/4, 28) for pixels (N, 1, 32, W); returns the path."""
    import torch

    network.eval()
    head = probabilities_head(network).eval()
    example = torch.zeros(2, 1, HEIGHT, 96)
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        # The TorchScript exporter needs no extra packages; newer torch marks it deprecated,
        # and it warns that an LSTM's batch axis is taken as dynamic.
        warnings.simplefilter("ignore")
        torch.onnx.export(
            head,
            (example,),
            buffer,
            dynamo=False,
            input_names=["pixels"],
            output_names=["probabilities"],
            dynamic_axes={"pixels": {0: "batch", 3: "width"}, "probabilities": {0: "batch", 1: "frames"}},
            opset_version=OPSET,
        )
    return write_model(buffer.getvalue(), metadata, path, kind="recogniser")
