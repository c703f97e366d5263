"""File-system questions asked of command-line arguments that may be a path or a value."""

from __future__ import annotations

from pathlib import Path


def names_a_file(argument: str | Path) -> bool:
    """Whether ``argument`` is the path of an existing file.

    An argument may be a board written out in full (256 letters, or a 100x100 board with
    slashes): too long to be a path, it names no file rather than raising ``OSError``.
    """
    try:
        return Path(argument).is_file()
    except (OSError, ValueError):  # ENAMETOOLONG, a NUL byte
        return False
