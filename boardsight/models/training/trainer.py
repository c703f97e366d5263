"""The training loop: AdamW with a one-cycle schedule, label smoothing, validation every epoch.

The weights of the epoch with the best validation accuracy are the ones returned.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardsight.models.training.augment import AugmentConfig, augment_batch, normalise_tensor
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.network import DEFAULT_WIDTHS, build_network


@dataclass(frozen=True)
class TrainConfig:
    epochs: int = 12
    batch_size: int = 256
    learning_rate: float = 4e-3
    weight_decay: float = 1e-4
    label_smoothing: float = 0.05
    widths: tuple[int, ...] = DEFAULT_WIDTHS
    normalise: str = "per_image"
    threads: int = 2
    seed: int = 0
    augment: AugmentConfig = field(default_factory=AugmentConfig)


@dataclass
class TrainedClassifier:
    network: Any  # torch.nn.Module in eval mode
    validation_accuracy: float
    per_class_accuracy: dict[str, float]
    history: list[dict[str, float]]
    seconds: float


def _as_tensor(images: np.ndarray) -> Any:
    import torch

    pixels = torch.from_numpy(np.ascontiguousarray(images))
    return pixels[:, None] if pixels.ndim == 3 else pixels.permute(0, 3, 1, 2).contiguous()


def predict_logits(network: Any, images: np.ndarray, normalise: str, batch_size: int = 512) -> np.ndarray:
    """Logits (N, classes) of uint8 crops already at the network's input size, no augmentation."""
    import torch

    network.eval()
    pixels = _as_tensor(images)
    outputs = []
    with torch.no_grad():
        for start in range(0, len(pixels), batch_size):
            batch = normalise_tensor(pixels[start : start + batch_size].float(), normalise)
            outputs.append(network(batch).numpy())
    classes = network[-1].out_features
    return np.concatenate(outputs) if outputs else np.zeros((0, classes), dtype=np.float32)


def accuracy(network: Any, cells: CellSet, normalise: str) -> float:
    """Share of ``cells`` the network classifies right (single look, no augmentation); NaN for none."""
    if not len(cells):
        return float("nan")
    predicted = predict_logits(network, cells.images, normalise).argmax(axis=1)
    return float(np.mean(predicted == cells.labels))


def accuracy_by_class(predicted: np.ndarray, labels: np.ndarray, class_names: list[str]) -> dict[str, float]:
    """Share of right answers for each class present in ``labels``."""
    return {
        name: float(np.mean(predicted[labels == index] == index))
        for index, name in enumerate(class_names)
        if np.any(labels == index)
    }


def training_setup(
    network: Any, *, learning_rate: float, weight_decay: float, label_smoothing: float, total_steps: int
) -> tuple[Any, Any, Any]:
    """The optimiser (AdamW), its one-cycle schedule over ``total_steps`` and the smoothed loss."""
    import torch

    optimiser = torch.optim.AdamW(network.parameters(), lr=learning_rate, weight_decay=weight_decay)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser, max_lr=learning_rate, total_steps=total_steps, pct_start=0.2
    )
    return optimiser, schedule, torch.nn.CrossEntropyLoss(label_smoothing=label_smoothing)


def train_classifier(
    train: CellSet,
    validation: CellSet,
    config: TrainConfig,
    *,
    log: Callable[[str], None] = print,
) -> TrainedClassifier:
    """Train a network on ``train``; report and keep the best epoch on ``validation``."""
    import torch

    started = time.perf_counter()
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    generator = torch.Generator().manual_seed(config.seed)
    channels = 1 if train.images.ndim == 3 else 3
    network = build_network(channels, len(train.class_names), config.widths)
    pixels = _as_tensor(train.images)
    labels = torch.from_numpy(train.labels.astype(np.int64))
    steps_per_epoch = max(1, len(train) // config.batch_size)
    optimiser, schedule, loss_function = training_setup(
        network,
        learning_rate=config.learning_rate,
        weight_decay=config.weight_decay,
        label_smoothing=config.label_smoothing,
        total_steps=config.epochs * steps_per_epoch,
    )
    best_accuracy, best_state, history = -1.0, None, []
    for epoch in range(config.epochs):
        network.train()
        order = torch.randperm(len(train), generator=generator)
        total_loss = 0.0
        for step in range(steps_per_epoch):
            index = order[step * config.batch_size : (step + 1) * config.batch_size]
            batch = augment_batch(pixels[index].float(), config.augment, generator)
            logits = network(normalise_tensor(batch, config.normalise))
            loss = loss_function(logits, labels[index])
            optimiser.zero_grad(set_to_none=True)
            loss.backward()
            optimiser.step()
            schedule.step()
            total_loss += loss.item()
        predicted = predict_logits(network, validation.images, config.normalise).argmax(axis=1)
        accuracy = float(np.mean(predicted == validation.labels)) if len(validation) else 0.0
        history.append(
            {"epoch": epoch + 1, "loss": total_loss / steps_per_epoch, "validation_accuracy": accuracy}
        )
        mean_loss = total_loss / steps_per_epoch
        log(f"epoch {epoch + 1}/{config.epochs}: loss {mean_loss:.4f}, validation {accuracy:.4%}")
        if accuracy >= best_accuracy:
            best_accuracy = accuracy
            best_state = {key: value.clone() for key, value in network.state_dict().items()}
    if best_state is not None:
        network.load_state_dict(best_state)
    network.eval()
    predicted = predict_logits(network, validation.images, config.normalise).argmax(axis=1)
    return TrainedClassifier(
        network=network,
        validation_accuracy=max(best_accuracy, 0.0),
        per_class_accuracy=accuracy_by_class(predicted, validation.labels, validation.class_names),
        history=history,
        seconds=time.perf_counter() - started,
    )
