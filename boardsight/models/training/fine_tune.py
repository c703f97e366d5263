"""Fine-tuning a shipped classifier on a few labelled photos of a user's own set.

The shipped ONNX files carry the weights with batch norm folded into the convolutions,
so :func:`network_from_onnx` rebuilds the torch network of
:mod:`~boardsight.models.training.network` with those weights and each batch norm set
to pass its input through unchanged; fine-tuning keeps the batch norms so (their
statistics frozen: a few hundred crops would make poor ones) and trains every weight
at a small learning rate for a few epochs, with the usual augmentation. What a set of
a few boards lacks (rare letters) the network keeps from its first training, because
the weights move little.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

from boardsight.errors import BadInputError
from boardsight.models.metadata import ModelMetadata
from boardsight.models.onnx_classifier import OnnxClassifier
from boardsight.models.training.augment import AugmentConfig, augment_batch, normalise_tensor
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.export import export_classifier, git_commit
from boardsight.models.training.network import build_network
from boardsight.models.training.trainer import _as_tensor, accuracy, training_setup


@dataclass(frozen=True)
class FineTuneConfig:
    """How long and how hard to fine-tune."""

    epochs: int = 6
    batch_size: int = 128
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    label_smoothing: float = 0.05
    threads: int = 2
    seed: int = 0
    copies: int = 4  # each crop is seen this many times an epoch (differently augmented)
    rehearsal_share: float = 0.5
    """Share of each batch drawn from the rehearsal crops, when there are any."""
    augment: AugmentConfig = field(default_factory=AugmentConfig)


def _conv_and_linear_weights(
    path: Path,
) -> tuple[list[tuple[np.ndarray, np.ndarray]], tuple[np.ndarray, np.ndarray]]:
    """The (weight, bias) of each convolution, in graph order, and of the final linear layer."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    tensors = {init.name: numpy_helper.to_array(init).copy() for init in model.graph.initializer}
    convs, linear = [], None
    for node in model.graph.node:
        if node.op_type == "Conv":
            weight = tensors[node.input[1]]
            bias = tensors[node.input[2]] if len(node.input) > 2 else np.zeros(weight.shape[0], np.float32)
            convs.append((weight, bias))
        elif node.op_type == "Gemm":
            linear = (tensors[node.input[1]], tensors[node.input[2]])
    if not convs or linear is None:
        raise BadInputError(f"{path} is not a network this version can fine-tune")
    return convs, linear


def network_from_onnx(path: str | Path) -> tuple[Any, ModelMetadata]:
    """The torch network of a boardsight classifier file, with its weights, and the file's metadata."""
    import torch

    path = Path(path)
    metadata = OnnxClassifier(path).metadata
    convs, (weight, bias) = _conv_and_linear_weights(path)
    widths = [conv_weight.shape[0] for conv_weight, _ in convs]
    network = build_network(metadata.channels, len(metadata.class_names), widths)
    modules = list(network)
    conv_modules = [m for m in modules if isinstance(m, torch.nn.Conv2d)]
    norm_modules = [m for m in modules if isinstance(m, torch.nn.BatchNorm2d)]
    if len(conv_modules) != len(convs) or weight.shape != tuple(modules[-1].weight.shape):
        raise BadInputError(f"{path}: its layers do not match the classifier network")
    with torch.no_grad():
        for conv, norm, (conv_weight, conv_bias) in zip(conv_modules, norm_modules, convs, strict=True):
            conv.weight.copy_(torch.from_numpy(conv_weight))
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)  # (x - 0) / sqrt(var + eps) == x
            norm.weight.fill_(1.0)
            norm.bias.copy_(torch.from_numpy(conv_bias))
        modules[-1].weight.copy_(torch.from_numpy(weight))
        modules[-1].bias.copy_(torch.from_numpy(bias))
    network.eval()
    return network, metadata


def _train_mode_with_frozen_norms(network: Any) -> None:
    import torch

    network.train()
    for module in network:
        if isinstance(module, torch.nn.BatchNorm2d):
            module.eval()


def fine_tune_network(
    network: Any,
    cells: CellSet,
    normalise: str,
    config: FineTuneConfig,
    log: Callable[[str], None],
    rehearsal: CellSet | None = None,
) -> Any:
    """Train ``network`` further on ``cells`` (crops at its input size); returns it in eval mode.

    With ``rehearsal`` crops (:mod:`~boardsight.models.training.rehearsal`), each batch
    takes ``config.rehearsal_share`` of its crops from them.
    """
    import torch

    if not len(cells):
        raise BadInputError("no labelled squares to fine-tune on")
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    generator = torch.Generator().manual_seed(config.seed)
    rehearsed = rehearsal is not None and len(rehearsal) > 0
    pool = CellSet.concatenate([cells, rehearsal]) if rehearsed else cells
    pixels = _as_tensor(pool.images)
    labels = torch.from_numpy(pool.labels.astype(np.int64))
    from_rehearsal = round(config.batch_size * config.rehearsal_share) if rehearsed else 0
    own_per_batch = config.batch_size - from_rehearsal
    per_epoch = max(1, len(cells) * config.copies // own_per_batch)
    optimiser, schedule, loss_function = training_setup(
        network,
        learning_rate=config.learning_rate,
        weight_decay=config.weight_decay,
        label_smoothing=config.label_smoothing,
        total_steps=config.epochs * per_epoch,
    )
    for epoch in range(config.epochs):
        _train_mode_with_frozen_norms(network)
        total = 0.0
        for _ in range(per_epoch):
            index = torch.randint(0, len(cells), (own_per_batch,), generator=generator)
            if from_rehearsal:
                extra = torch.randint(len(cells), len(pool), (from_rehearsal,), generator=generator)
                index = torch.cat([index, extra])
            batch = augment_batch(pixels[index].float(), config.augment, generator)
            loss = loss_function(network(normalise_tensor(batch, normalise)), labels[index])
            optimiser.zero_grad(set_to_none=True)
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        log(f"epoch {epoch + 1}/{config.epochs}: loss {total / per_epoch:.4f}")
    network.eval()
    return network


@dataclass
class FineTuneReport:
    path: Path
    crops: int
    accuracy_before: float  # on the crops it was tuned on, before and after
    accuracy_after: float
    seconds: float


def fine_tune_model(
    base: str | Path,
    cells: CellSet,
    out: str | Path,
    *,
    config: FineTuneConfig,
    command: str,
    data: str,
    log: Callable[[str], None] = print,
    rehearsal: CellSet | None = None,
) -> FineTuneReport:
    """Fine-tune the classifier file ``base`` on ``cells``, rehearsing ``rehearsal``; write it to ``out``."""
    started = time.perf_counter()
    network, metadata = network_from_onnx(base)
    if cells.class_names != metadata.class_names:
        raise BadInputError("the labelled squares use other classes than the model")
    normalise = metadata.preprocessing.get("normalise", "per_image")
    before = accuracy(network, cells, normalise)
    if rehearsal is not None and rehearsal.class_names != metadata.class_names:
        raise BadInputError("the rehearsal squares use other classes than the model")
    fine_tune_network(network, cells, normalise, config, log, rehearsal)
    after = accuracy(network, cells, normalise)
    tuned = replace(
        metadata,
        training_command=command,
        git_commit=git_commit(Path(__file__).resolve().parent),
        data=f"fine-tuned from {Path(base).name} ({metadata.data[:200]}...) on {data}",
        created=date.today().isoformat(),
        extras={
            **metadata.extras,
            "fine_tuned_from": Path(base).name,
            "fine_tune_epochs": config.epochs,
            "fine_tune_crops": len(cells),
            "fine_tune_rehearsal_crops": len(rehearsal) if rehearsal is not None else 0,
            "fine_tune_accuracy_before": round(before, 5),
            "fine_tune_accuracy_after": round(after, 5),
        },
    )
    path = export_classifier(network, tuned, out)
    log(f"wrote {path}: {len(cells)} squares, {before:.2%} of them right before, {after:.2%} after")
    return FineTuneReport(Path(path), len(cells), before, after, time.perf_counter() - started)
