"""File-system questions asked of command-line arguments that may be a path or a value, and
the image file names the package reads."""

from __future__ import annotations

from pathlib import Path

#: Image formats a browser shows and the labelled datasets use.
WEB_IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")
#: Image formats the readers decode from a photo file.
PHOTO_SUFFIXES = (*WEB_IMAGE_SUFFIXES, ".bmp", ".tif", ".tiff")


def names_a_file(argument: str | Path) -> bool:
    """Whether ``argument`` is the path of an existing file.

    An argument may be a board written out in full (256 letters, or a 100x100 board with
    slashes): too long to be a path, it names no file rather than raising ``OSError``.
    """
    try:
        return Path(argument).is_file()
    except (OSError, ValueError):  # ENAMETOOLONG, a NUL byte
        return False
