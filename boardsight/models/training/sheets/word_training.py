"""Train the sheet word recogniser by CTC on rendered word crops, bounded in time, checkpointed.

``boardsight train sheets`` (and ``make train-sheets``) call :func:`train_word_model`. The
crops come from sheets in the renderer's training hands (:mod:`.word_crops`); validation
crops come from other sheets in the same hands, so the held-out hands stay unseen. The
learning rate follows a cosine over the run's budget (steps or minutes, whichever ends
first), so a run stopped by its time bound has still annealed. A checkpoint is written
every ``checkpoint_seconds``; a run can resume from it, and the exported model is always
the best-validating weights seen.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from boardsight.models.training.sheets.word_crops import WordCrops
from boardsight.models.training.sheets.word_network import HIDDEN, WIDTHS, build_word_network
from boardsight.sheets.ctc import LETTERS, LetterTable, greedy_reading, letter_index
from boardsight.vision.sheets.word_image import HEIGHT, STRIDE, by_width, pad_batch


@dataclass(frozen=True)
class WordTrainConfig:
    """How long and how to train; the defaults are the published model's."""

    max_steps: int = 20000
    max_minutes: float = 30.0
    batch_size: int = 32
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    threads: int = 1
    seed: int = 0
    widths: tuple[int, ...] = WIDTHS
    hidden: int = HIDDEN
    validate_every: int = 250
    checkpoint_seconds: float = 120.0


@dataclass
class TrainedWordModel:
    network: Any
    validation_words: float
    """Share of validation crops whose greedy reading is their word (NaN with no validation)."""
    steps: int
    seconds: float
    history: list[dict[str, float]] = field(default_factory=list)


def augment(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """A crop drawn a little wider or narrower, trimmed or padded at its ends, fainter or bolder, noisier."""
    width = image.shape[1]
    new_w = max(STRIDE * 2, round(width * rng.uniform(0.8, 1.25)))
    out = cv2.resize(image, (new_w, HEIGHT), interpolation=cv2.INTER_LINEAR)
    left, right = (int(v) for v in rng.integers(-2, 5, size=2))
    out = out[:, max(0, -left) : out.shape[1] - max(0, -right)]
    out = np.pad(out, ((0, 0), (max(0, left), max(0, right))))
    out = out * rng.uniform(0.7, 1.2) + rng.normal(0, rng.uniform(0, 0.08), out.shape)
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (3, 3), rng.uniform(0.3, 0.9))
    return out.astype(np.float32)


def _targets(words: list[str]) -> tuple[Any, Any]:
    import torch

    labels = [letter_index(letter) for word in words for letter in word]
    return torch.tensor(labels, dtype=torch.long), torch.tensor([len(w) for w in words], dtype=torch.long)


def log_probs(network: Any, images: list[np.ndarray]) -> list[np.ndarray]:
    """Each image's (frames, 28) natural-log probabilities under ``network`` (eval mode)."""
    import torch

    network.eval()
    with torch.no_grad():
        return by_width(images, 64, lambda batch: network(torch.from_numpy(batch)).numpy())


def word_accuracy(network: Any, crops: WordCrops) -> float:
    """Share of ``crops`` read exactly right by the greedy path."""
    if not len(crops):
        return float("nan")
    tables = log_probs(network, crops.images)
    right = sum(
        greedy_reading(LetterTable(table.astype(np.float64))) == word
        for table, word in zip(tables, crops.words, strict=True)
    )
    return right / len(crops)


def _usable(crops: WordCrops) -> list[int]:
    """Crops whose word fits their frames under CTC (a doubled letter needs a blank between)."""
    keep = []
    for index, (image, word) in enumerate(zip(crops.images, crops.words, strict=True)):
        needed = len(word) + sum(a == b for a, b in itertools.pairwise(word))
        if word and all(c in LETTERS for c in word) and math.ceil(image.shape[1] * 0.8 / STRIDE) >= needed:
            keep.append(index)
    return keep


def train_word_model(
    train: WordCrops,
    validation: WordCrops,
    config: WordTrainConfig = WordTrainConfig(),
    *,
    checkpoint: Path | None = None,
    resume: bool = False,
    log: Callable[[str], None] = print,
) -> TrainedWordModel:
    """Train (or go on training from ``checkpoint``) and return the best-validating weights."""
    import torch

    torch.set_num_threads(config.threads)
    torch.manual_seed(config.seed)
    rng = np.random.default_rng(config.seed)
    network = build_word_network(config.widths, config.hidden)
    optimiser = torch.optim.AdamW(
        network.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
    )
    ctc = torch.nn.CTCLoss(blank=0, zero_infinity=True)
    step, spent, best, best_state, history = 0, 0.0, -1.0, None, []
    if resume and checkpoint is not None and checkpoint.is_file():
        saved = torch.load(checkpoint, weights_only=False)
        network.load_state_dict(saved["network"])
        optimiser.load_state_dict(saved["optimiser"])
        step, spent, best, history = saved["step"], saved["seconds"], saved["best"], saved["history"]
        best_state = saved["best_state"]
        log(f"resumed at step {step} ({spent / 60:.1f} min trained)")
    usable = np.array(_usable(train))
    if not len(usable):
        raise ValueError("no usable training crops")
    began = time.perf_counter() - spent
    last_save = time.perf_counter()
    budget = config.max_minutes * 60

    def progress() -> float:
        return max(step / config.max_steps, (time.perf_counter() - began) / budget)

    def save() -> None:
        if checkpoint is None:
            return
        checkpoint.parent.mkdir(parents=True, exist_ok=True)
        torch.save(
            {
                "network": network.state_dict(),
                "optimiser": optimiser.state_dict(),
                "step": step,
                "seconds": time.perf_counter() - began,
                "best": best,
                "best_state": best_state,
                "history": history,
            },
            checkpoint,
        )

    running = 0.0
    while progress() < 1.0:
        network.train()
        chosen = rng.choice(usable, size=min(config.batch_size, len(usable)), replace=False)
        images = [augment(rng, train.images[i]) for i in chosen]
        words = [train.words[i] for i in chosen]
        batch, frames = pad_batch(images)
        labels, lengths = _targets(words)
        for group in optimiser.param_groups:
            group["lr"] = config.learning_rate * 0.5 * (1 + math.cos(math.pi * min(1.0, progress())))
        output = network(torch.from_numpy(batch))  # (N, T, C)
        loss = ctc(output.permute(1, 0, 2), labels, torch.from_numpy(frames), lengths)
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(network.parameters(), 5.0)
        optimiser.step()
        step += 1
        running = 0.98 * running + 0.02 * float(loss.detach()) if step > 1 else float(loss.detach())
        if step % config.validate_every == 0 or progress() >= 1.0:
            accuracy = word_accuracy(network, validation) if len(validation) else float("nan")
            minutes = (time.perf_counter() - began) / 60
            history.append({"step": step, "loss": running, "validation_words": accuracy, "minutes": minutes})
            log(f"step {step}: loss {running:.3f}, validation words {accuracy:.1%}, {minutes:.1f} min")
            if not len(validation) or accuracy >= best:
                best = accuracy if len(validation) else best
                best_state = {k: v.clone() for k, v in network.state_dict().items()}
        if time.perf_counter() - last_save > config.checkpoint_seconds:
            save()
            last_save = time.perf_counter()
    if best_state is not None:
        network.load_state_dict(best_state)
    save()
    network.eval()
    return TrainedWordModel(network, best, step, time.perf_counter() - began, history)
