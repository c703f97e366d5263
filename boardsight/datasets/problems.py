"""A problem found in a labelled-photo set: where, what kind, and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

ERROR = "error"
WARNING = "warning"

# Kinds of problems, stable names for --json output and tests.
BAD_JSON = "bad-json"
MISSING_IMAGE = "missing-image"
AMBIGUOUS_IMAGE = "ambiguous-image"
UNREADABLE_IMAGE = "unreadable-image"
MISSING_FIELD = "missing-field"
WRONG_GAME = "wrong-game"
BAD_SIZE = "bad-size"
GRID_SHAPE = "grid-shape"
BAD_TOKEN = "bad-token"
BAD_CORNERS = "bad-corners"
CORNERS_OUTSIDE = "corners-outside"
CORNERS_ORDER = "corners-order"
NOTHING_LABELLED = "nothing-labelled"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a sidecar or its image.

    ``severity`` is ``error`` (the example is unusable or its label is wrong) or
    ``warning`` (worth a look, but the example can be used).
    """

    kind: str
    message: str
    path: Path | None = None
    severity: str = ERROR

    def at(self, path: Path) -> Problem:
        """The same problem, located in ``path``."""
        return replace(self, path=path)

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def to_dict(self) -> dict[str, str | None]:
        return {
            "path": str(self.path) if self.path is not None else None,
            "kind": self.kind,
            "severity": self.severity,
            "message": self.message,
        }

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path is not None else ""
        return f"{where}{self.message}"


def errors_only(problems: list[Problem]) -> list[Problem]:
    """The problems that make an example unusable."""
    return [problem for problem in problems if problem.is_error]
