"""Which photos the arguments of a batch name: folders (searched recursively), globs and files."""

from __future__ import annotations

import glob
from collections.abc import Sequence
from pathlib import Path

from boardsight.errors import BadInputError, NotFoundError
from boardsight.paths import PHOTO_SUFFIXES

_GLOB_CHARACTERS = frozenset("*?[")


def find_photos(arguments: Sequence[str]) -> list[str]:
    """The photos named by ``arguments``, each once, in order: a folder's photos sorted, a glob's
    matches sorted, and a file as it is (a damaged or unusual file then gets its error line)."""
    found: dict[str, None] = {}
    for argument in arguments:
        for photo in _photos_of(argument):
            found.setdefault(photo, None)
    if not found:
        raise BadInputError(f"no photos in {', '.join(arguments)}")
    return list(found)


def _photos_of(argument: str) -> list[str]:
    if _GLOB_CHARACTERS & set(argument):
        matches = sorted(glob.glob(argument, recursive=True))
        if not matches:
            raise NotFoundError(f"{argument}: no file matches")
        photos: list[str] = []
        for match in matches:
            path = Path(match)
            if path.is_dir():
                photos += _folder_photos(path)
            elif path.suffix.lower() in PHOTO_SUFFIXES:
                photos.append(match)
        return photos
    path = Path(argument)
    if path.is_dir():
        return _folder_photos(path)
    if not path.exists():
        raise NotFoundError(f"{argument}: no such file or folder")
    return [argument]


def _folder_photos(folder: Path) -> list[str]:
    return sorted(
        str(path) for path in folder.rglob("*") if path.suffix.lower() in PHOTO_SUFFIXES and path.is_file()
    )
