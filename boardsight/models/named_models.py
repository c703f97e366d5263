"""Models a user made for their own sets, stored by name in the user's data folder.

``boardsight train GAME --from-bundled --real FOLDER --name NAME`` writes
``<models folder>/<game>/<NAME>.onnx``; ``read --model NAME`` reads with it. The folder
is ``BOARDSIGHT_MODELS_DIR`` when set, else ``$XDG_DATA_HOME/boardsight/models``
(``~/.local/share/boardsight/models``). The bundled models are never written to.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from boardsight.errors import BadInputError, NotFoundError

MODELS_DIR_ENV = "BOARDSIGHT_MODELS_DIR"
GAMES = ("boggle", "scrabble")
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def models_dir() -> Path:
    """The folder of the user's named models."""
    override = os.environ.get(MODELS_DIR_ENV)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "boardsight" / "models"


def check_name(name: str) -> str:
    """``name`` if it can name a model (letters, digits, ``_ . -``; up to 64), else a one-line error."""
    if not NAME_PATTERN.fullmatch(name) or name.endswith(".onnx"):
        raise BadInputError(
            f"bad model name {name!r}: use letters, digits, '_', '.' or '-' (up to 64, no .onnx ending)"
        )
    return name


def named_model_path(game: str, name: str) -> Path:
    """Where the model ``name`` of ``game`` is (or would be) stored."""
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose boggle or scrabble")
    return models_dir() / game / f"{check_name(name)}.onnx"


def list_models(game: str) -> list[str]:
    """The names of the user's models of ``game``, sorted."""
    folder = models_dir() / game
    return sorted(path.stem for path in folder.glob("*.onnx")) if folder.is_dir() else []


def resolve_model(game: str, model: str) -> Path:
    """The model file ``read --model`` means: a named model of ``game``, or the path of an .onnx file."""
    path = Path(model)
    if path.suffix == ".onnx" or os.sep in model:
        if not path.is_file():
            raise NotFoundError(f"model file {path} not found")
        return path
    stored = named_model_path(game, model)
    if not stored.is_file():
        known = ", ".join(list_models(game)) or "none yet"
        raise NotFoundError(f"no {game} model named {model!r} in {stored.parent} (there: {known})")
    return stored
