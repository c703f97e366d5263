"""Domain exceptions shared by every part of boardsight.

Library code raises these instead of returning ``None`` or printing; the CLI turns
them into one line on stderr and an exit code.
"""


def first_line(text: str, default: str = "") -> str:
    """The first line of a message (``default`` when it has none): what a one-line error shows."""
    stripped = text.strip()
    return stripped.splitlines()[0] if stripped else default


class BoardsightError(Exception):
    """Base class of every error a user can cause or fix."""

    exit_code = 1


class BadInputError(BoardsightError):
    """The input (a file, a board, a word list, an option) is malformed or unusable."""

    exit_code = 2


class NotFoundError(BadInputError):
    """Something the user named (a file, a lexicon, a rules file, a profile) does not exist."""
