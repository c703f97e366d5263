"""What the ``boardsight train`` commands share: the extra they need, the command they record, the log."""

from __future__ import annotations

import importlib.util
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from boardsight.errors import BadInputError, BoardsightError

FromBundledOption = Annotated[
    bool,
    typer.Option(
        "--from-bundled",
        help="Fine-tune the bundled model on --real photos (minutes) instead of training anew.",
    ),
]
RehearsalOption = Annotated[
    int,
    typer.Option(
        "--rehearsal",
        help="Rendered squares mixed into fine-tuning so the model keeps what it knew (0: none).",
    ),
]
NameOption = Annotated[
    str | None, typer.Option("--name", help="Store the fine-tuned model under this name (read --model NAME).")
]


def require_train_extra() -> None:
    """Fail in one line when PyTorch or onnx (the ``train`` extra) is missing."""
    if importlib.util.find_spec("torch") is None or importlib.util.find_spec("onnx") is None:
        raise BoardsightError("training needs the train extra: pip install 'boardsight[train]'")


def model_destination(out: Path | None, default_name: str, *, force: bool) -> Path:
    """Where a trained model goes: ``out``, else ``default_name`` in the current folder.

    Nothing is replaced without ``force``, the bundled model included (it is replaced only
    by naming it with ``--out`` and passing ``--force``). Checked before training starts.
    """
    path = out if out is not None else Path(default_name)
    if path.is_dir():
        raise BadInputError(f"--out {path} is a folder; name the model file to write")
    if path.exists() and not force:
        raise BadInputError(f"{path} exists; pass --force to replace it")
    return path


def recorded_command(game: str) -> str:
    """The command line as the model's metadata records it: ``boardsight train GAME`` and its options."""
    options = shlex.join(sys.argv[3:]) if len(sys.argv) > 3 else ""
    return f"boardsight train {game} {options}".strip()


def log_line(line: str) -> None:
    """Training progress goes to stderr, so that stdout holds only the result."""
    typer.echo(line, err=True)


def echo_result(path: Path, validation_accuracy: float, seconds: float) -> None:
    """The one result line on stdout: where the model went, how well it validated, how long it took."""
    typer.echo(f"{path}: validation accuracy {validation_accuracy:.4%} ({seconds / 60:.1f} min)")
