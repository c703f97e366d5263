"""The folder of photos ``boardsight serve --folder DIR`` works on, and the only place it writes.

A photo is named by its file name alone and must be one of the image files listed in the
folder itself (no sub-folders, no links leading out of it), so no URL can reach a file
elsewhere. Sidecars and results files are written beside the photos, never over an
existing file unless the caller says so.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from boardsight.errors import BadInputError, NotFoundError
from boardsight.paths import WEB_IMAGE_SUFFIXES


class FileExistsConflictError(BadInputError):
    """A file would be replaced and the caller did not say to replace it."""


def _plain_name(name: str, what: str) -> str:
    """``name`` when it is a bare file name (no folder part, not hidden); else a one-line error."""
    if not name or name != Path(name).name or name in (".", "..") or name.startswith(".") or "\x00" in name:
        raise BadInputError(f"{name!r} is not a plain {what} name")
    if os.sep in name or (os.altsep and os.altsep in name) or "\\" in name:
        raise BadInputError(f"{name!r} is not a plain {what} name")
    return name


class PhotoFolder:
    """The photos of one folder, by file name, and the files written beside them."""

    def __init__(self, root: Path) -> None:
        root = Path(root).expanduser()
        if not root.is_dir():
            raise NotFoundError(f"{root}: no such folder")
        self.root = root.resolve()

    def _inside(self, path: Path) -> bool:
        return path.resolve().parent == self.root

    def photos(self) -> list[str]:
        """The image files of the folder, sorted by name (its sub-folders are not searched)."""
        names = []
        for entry in sorted(os.scandir(self.root), key=lambda item: item.name):
            path = Path(entry.path)
            if entry.name.startswith(".") or path.suffix.lower() not in WEB_IMAGE_SUFFIXES:
                continue
            if entry.is_file() and self._inside(path):
                names.append(entry.name)
        return names

    def photo(self, name: str) -> Path:
        """The path of the photo called ``name``; :class:`NotFoundError` for anything not listed."""
        _plain_name(name, "photo")
        if name not in self.photos():
            raise NotFoundError(f"no photo called {name!r} in the folder")
        return self.root / name

    def sidecar_path(self, photo_name: str) -> Path:
        """Where the labelled sidecar of a photo goes: the photo's stem with ``.json``."""
        return self.photo(photo_name).with_suffix(".json")

    def has_sidecar(self, photo_name: str) -> bool:
        return self.sidecar_path(photo_name).exists()

    def write_sidecar(self, photo_name: str, sidecar: dict[str, Any], *, replace: bool = False) -> Path:
        """Write ``sidecar`` beside the photo; an existing file is replaced only with ``replace``."""
        path = self.sidecar_path(photo_name)
        text = json.dumps(sidecar, indent=2, ensure_ascii=False) + "\n"
        self._write_new(path, text, replace=replace)
        return path

    def results_path(self, name: str) -> Path:
        """A results file of the folder: a plain ``.csv`` name inside it."""
        _plain_name(name, "results file")
        if Path(name).suffix.lower() != ".csv":
            raise BadInputError(f"{name!r}: a results file name ends in .csv")
        path = self.root / name
        if path.exists() and (path.is_symlink() or not path.is_file()):
            raise BadInputError(f"{name!r} is not a plain file of the folder")
        return path

    def _write_new(self, path: Path, text: str, *, replace: bool) -> None:
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise BadInputError(f"{path.name} is not a plain file; not writing it")
        if path.exists() and not replace:
            raise FileExistsConflictError(f"{path.name} exists; confirm to replace it")
        temporary = path.with_name(f".{path.name}.partial")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        except OSError as error:
            temporary.unlink(missing_ok=True)
            raise BadInputError(f"cannot write {path.name}: {error.strerror}") from error
