"""Named calibration profiles, kept as readable JSON files in the user's config folder.

``<config>/cameras/NAME.json`` holds a camera's intrinsics and distortion;
``<config>/boards/NAME.json`` where a fixed camera sees the board (its homography).
The folder is ``BOARDSIGHT_CONFIG_DIR`` when set, else ``$XDG_CONFIG_HOME/boardsight``,
else ``~/.config/boardsight``. A profile is never replaced unless asked (``force``);
writes go through a temporary file, so a crash never leaves half a profile.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardsight.errors import BadInputError, NotFoundError

PROFILE_KINDS = {"camera": "cameras", "board": "boards"}
FORMAT_VERSION = 1
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


class ProfileExistsError(BadInputError):
    """Saving would replace a profile the user did not ask to replace."""


def config_dir() -> Path:
    """The folder where boardsight keeps the user's settings and profiles."""
    override = os.environ.get("BOARDSIGHT_CONFIG_DIR")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CONFIG_HOME")
    base = Path(xdg) if xdg else Path.home() / ".config"
    return base / "boardsight"


def check_name(name: str) -> str:
    """Accept a profile name that is safe as a file name (letters, digits, ``.``, ``_``, ``-``)."""
    if not _NAME.match(name) or name.endswith(".json"):
        raise BadInputError(
            f"profile name {name!r} must be 1-64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return name


def _kind_folder(kind: str) -> Path:
    if kind not in PROFILE_KINDS:
        raise BadInputError(f"unknown profile kind {kind!r}: choose one of {', '.join(PROFILE_KINDS)}")
    return config_dir() / PROFILE_KINDS[kind]


def profile_path(kind: str, name: str) -> Path:
    """Where the ``kind`` profile ``name`` lives (whether or not it exists)."""
    return _kind_folder(kind) / f"{check_name(name)}.json"


def save_profile(kind: str, name: str, payload: dict[str, Any], *, force: bool = False) -> Path:
    """Write ``payload`` as the ``kind`` profile ``name``; refuse to replace one unless ``force``."""
    path = profile_path(kind, name)
    if path.exists() and not force:
        raise ProfileExistsError(
            f"{kind} profile {name!r} already exists ({path}); pass --force to replace it"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"kind": kind, "name": name, "format": FORMAT_VERSION, **payload}
    text = readable_json(document)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


_NUMBER_LIST = re.compile(r"\[\s*(-?[\d.eE+-]+(?:\s*,\s*-?[\d.eE+-]+)*)\s*\]")


def readable_json(document: dict[str, Any]) -> str:
    """Indented JSON in which each list of plain numbers (a matrix row, a point) stays on one line."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return (
        _NUMBER_LIST.sub(lambda match: "[" + ", ".join(re.split(r"\s*,\s*", match.group(1))) + "]", text)
        + "\n"
    )


def _looks_like_path(reference: str) -> bool:
    return reference.endswith(".json") or os.sep in reference or "/" in reference


def read_profile_file(path: Path, kind: str) -> dict[str, Any]:
    """Read and check one profile file of ``kind``."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise NotFoundError(f"{path}: no such profile file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadInputError(f"{path}: not a readable profile ({error})") from None
    if not isinstance(document, dict) or document.get("kind") != kind:
        raise BadInputError(f"{path}: not a {kind} profile")
    if document.get("format", 0) > FORMAT_VERSION:
        raise BadInputError(f"{path}: written by a newer boardsight (format {document.get('format')})")
    return document


def load_profile(kind: str, reference: str) -> dict[str, Any]:
    """The ``kind`` profile named ``reference``, or read from it when it is a path to a JSON file."""
    if _looks_like_path(reference):
        return read_profile_file(Path(reference).expanduser(), kind)
    path = profile_path(kind, reference)
    if not path.exists():
        known = ", ".join(name for name in profile_names(kind)) or "none saved yet"
        raise NotFoundError(f"no {kind} profile named {reference!r} (known: {known})")
    return read_profile_file(path, kind)


def profile_names(kind: str) -> list[str]:
    """The names of the saved ``kind`` profiles, sorted."""
    folder = _kind_folder(kind)
    if not folder.is_dir():
        return []
    return sorted(path.stem for path in folder.glob("*.json") if _NAME.match(path.stem))


@dataclass(frozen=True)
class ProfileSummary:
    """One line of ``calibrate list``."""

    kind: str
    name: str
    path: Path
    created: str
    summary: str
    problem: str = ""


def list_profiles() -> list[ProfileSummary]:
    """Every saved profile, cameras first; an unreadable file is listed with its problem, not skipped."""
    entries = []
    for kind in PROFILE_KINDS:
        for name in profile_names(kind):
            path = profile_path(kind, name)
            try:
                document = read_profile_file(path, kind)
            except BadInputError as error:
                entries.append(ProfileSummary(kind, name, path, "", "", problem=str(error)))
                continue
            entries.append(
                ProfileSummary(
                    kind, name, path, str(document.get("created", "")), str(document.get("summary", ""))
                )
            )
    return entries
