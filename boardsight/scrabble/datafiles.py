"""Read the rules-as-data files (layouts, tile sets, rule sets) bundled with the package.

Each kind lives in its own folder under ``data/``; a name such as ``"standard"`` means
``data/layouts/standard.toml``, and any argument that looks like a path is read as a
file of the same format, so a new variant needs a new file, not new code.
"""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from boardsight.errors import BadInputError, NotFoundError

DATA_PACKAGE = "boardsight.scrabble"


def bundled_names(kind: str) -> list[str]:
    """The names of the bundled data files of ``kind`` (``layouts``, ``tilesets``, ``rules``)."""
    folder = resources.files(DATA_PACKAGE).joinpath("data", kind)
    names = (entry.name for entry in folder.iterdir())
    return sorted(name.removesuffix(".toml") for name in names if name.endswith(".toml"))


def _looks_like_path(name: str) -> bool:
    return name.endswith(".toml") or os.sep in name or "/" in name


def read_data_file(kind: str, name_or_path: str | os.PathLike[str], what: str) -> tuple[dict[str, Any], str]:
    """Parse the TOML file of a bundled name or a path; return ``(table, source)``.

    ``what`` names the thing in error messages ("board layout", "tile set", "rule set").
    """
    text_name = str(name_or_path)
    if _looks_like_path(text_name) or isinstance(name_or_path, os.PathLike):
        path = Path(name_or_path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError as error:
            raise NotFoundError(f"{what} file {path} does not exist") from error
        except OSError as error:
            raise BadInputError(f"cannot read {what} file {path}: {error.strerror}") from error
        source = str(path)
    else:
        key = text_name.strip().lower()
        resource = resources.files(DATA_PACKAGE).joinpath("data", kind, f"{key}.toml")
        if not resource.is_file():
            known = ", ".join(bundled_names(kind))
            raise NotFoundError(f"no {what} named {text_name!r} (known: {known})")
        raw = resource.read_bytes()
        source = f"bundled {kind}/{key}.toml"
    try:
        return tomllib.loads(raw.decode("utf-8")), source
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise BadInputError(f"{what} file {source} is not valid UTF-8 TOML: {error}") from error


def require(table: dict[str, Any], key: str, kind: type | tuple[type, ...], source: str) -> Any:
    """``table[key]``, checked to be of ``kind``; a clear error names the file and the key."""
    if key not in table:
        raise BadInputError(f"{source}: missing key {key!r}")
    value = table[key]
    if isinstance(value, bool) and kind is int:
        raise BadInputError(f"{source}: {key!r} must be an integer, not {value!r}")
    if not isinstance(value, kind):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadInputError(f"{source}: {key!r} must be {expected}, not {value!r}")
    return value
