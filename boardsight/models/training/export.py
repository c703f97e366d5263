"""Write a trained network as an ONNX file that carries its :class:`ModelMetadata`."""

from __future__ import annotations

import io
import subprocess
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from boardsight.errors import BoardsightError
from boardsight.models.metadata import ModelMetadata

OPSET = 17
MAX_MODEL_BYTES = 5 * 1024 * 1024


def export_classifier(network: Any, metadata: ModelMetadata, path: str | Path) -> Path:
    """Export ``network`` (eval mode) with a dynamic batch axis and ``metadata``; returns the path."""
    import torch

    network.eval()
    height, width = metadata.input_size
    example = torch.zeros(1, metadata.channels, height, width)
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        # The TorchScript exporter needs no extra packages; torch 2.13 marks it deprecated.
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", FutureWarning)
        torch.onnx.export(
            network,
            (example,),
            buffer,
            dynamo=False,
            input_names=["pixels"],
            output_names=["logits"],
            dynamic_axes={"pixels": {0: "batch"}, "logits": {0: "batch"}},
            opset_version=OPSET,
        )
    return write_model(buffer.getvalue(), metadata, path, kind="classifier")


def write_model(exported: bytes, metadata: ModelMetadata, path: str | Path, *, kind: str) -> Path:
    """Write an exported ONNX graph to ``path`` carrying ``metadata``, once the ONNX checker
    passes it and it is within the 5 MB a bundled model may take; returns the path."""
    import onnx

    model = onnx.load_from_string(exported)
    del model.metadata_props[:]
    for key, value in metadata.to_props().items():
        entry = model.metadata_props.add()
        entry.key, entry.value = key, value
    model.doc_string = f"boardsight {metadata.task} {kind}"
    onnx.checker.check_model(model)
    data = model.SerializeToString()
    if len(data) > MAX_MODEL_BYTES:
        raise BoardsightError(f"the exported model is {len(data) / 1e6:.1f} MB, over the 5 MB limit")
    path = Path(path)
    path.write_bytes(data)
    return path


def git_commit(folder: str | Path = ".") -> str:
    """The current commit of the repository at ``folder`` (with ``+dirty`` when changed), or ""."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=folder, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=folder,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
    return commit + ("+dirty" if dirty else "")


@dataclass
class TrainingReport:
    """What a ``boardsight train`` run made: where the model went, on how much, how well, how fast."""

    path: Path
    train_cells: int
    validation_cells: int
    validation_accuracy: float
    per_class_accuracy: dict[str, float]
    render_seconds: float
    train_seconds: float
    real_held_out_accuracy: float | None = None


def export_trained(
    trained: Any,
    *,
    task: str,
    class_names: Sequence[str],
    input_size: tuple[int, int],
    preprocessing: dict[str, Any],
    command: str,
    data: str,
    epochs: int,
    widths: Sequence[int],
    started: float,
    rendered: float,
    train_cells: int,
    validation_cells: int,
    out: str | Path,
    log: Callable[[str], None],
    extras: dict[str, Any] | None = None,
    real_held_out_accuracy: float | None = None,
) -> TrainingReport:
    """Export a freshly trained classifier (a ``TrainedClassifier``) with the metadata every model carries.

    ``started`` and ``rendered`` are the ``time.perf_counter()`` of the start of the run
    and of the end of its rendering; ``extras`` adds task-specific entries after the
    epochs, widths and seconds. Returns the run's report.
    """
    metadata = ModelMetadata(
        task=task,
        class_names=list(class_names),
        input_size=input_size,
        preprocessing=dict(preprocessing),
        training_command=command,
        git_commit=git_commit(Path(__file__).resolve().parent),
        data=data,
        validation_accuracy=round(trained.validation_accuracy, 5),
        created=date.today().isoformat(),
        extras={
            "epochs": epochs,
            "widths": list(widths),
            "seconds": round(time.perf_counter() - started),
            **(extras or {}),
        },
    )
    path = export_classifier(trained.network, metadata, out)
    kilobytes = path.stat().st_size / 1024
    log(f"wrote {path} ({kilobytes:.0f} KB), validation accuracy {trained.validation_accuracy:.4%}")
    return TrainingReport(
        path=path,
        train_cells=train_cells,
        validation_cells=validation_cells,
        validation_accuracy=trained.validation_accuracy,
        per_class_accuracy=trained.per_class_accuracy,
        render_seconds=rendered - started,
        train_seconds=trained.seconds,
        real_held_out_accuracy=real_held_out_accuracy,
    )
