"""The label of one photo (the JSON sidecar): parse it, check it, write it back.

:func:`label_problems` checks a decoded sidecar against the format and, given the
image's size, its corners against the image; it returns every problem instead of
stopping at the first, so ``boardsight dataset check`` can list them all.
:meth:`Label.from_dict` builds a :class:`Label` and raises when the sidecar has errors.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardsight.datasets import problems as kinds
from boardsight.datasets.problems import WARNING, Problem, errors_only
from boardsight.datasets.tokens import GAMES, allowed_sizes, describe_tokens, is_valid_token
from boardsight.errors import BadInputError

KNOWN_FIELDS = ("game", "rows", "cols", "grid", "corners")
# Corners may sit on the image's edge under either pixel convention (centres at
# integers: the image spans [-0.5, W - 0.5]; corners at integers: [0, W]).
EDGE_LOW = -0.5
# A corner this far outside the frame (share of the long side, at least NEAR_EDGE_MIN_PX)
# is a warning (a grid corner at the frame's edge, labelled a pixel or two off);
# further out it is an error.
NEAR_EDGE_SHARE = 0.005
NEAR_EDGE_MIN_PX = 2.0


class InvalidLabelError(BadInputError):
    """A sidecar that does not follow the labelled-photo format."""


@dataclass
class Label:
    """What a sidecar says about its photo.

    ``grid`` is ``rows`` lists of ``cols`` tokens, or None when only the corners are
    labelled; ``corners`` are four ``(x, y)`` pixel positions (top-left, top-right,
    bottom-right, bottom-left of the grid as written) or None; ``extras`` keeps every
    other field (provenance, notes) so a label read and written again loses nothing.
    """

    game: str
    rows: int
    cols: int
    grid: list[list[str]] | None = None
    corners: list[tuple[float, float]] | None = None
    extras: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, payload: Any) -> Label:
        """Build a label from a decoded sidecar; raise :class:`InvalidLabelError` on any error."""
        found = errors_only(label_problems(payload))
        if found:
            more = f" (and {len(found) - 1} more problems)" if len(found) > 1 else ""
            raise InvalidLabelError(f"{found[0].message}{more}")
        grid = payload.get("grid")
        corners = payload.get("corners")
        return cls(
            game=payload["game"],
            rows=payload["rows"],
            cols=payload["cols"],
            grid=[list(row) for row in grid] if grid is not None else None,
            corners=[(float(x), float(y)) for x, y in corners] if corners is not None else None,
            extras={key: value for key, value in payload.items() if key not in KNOWN_FIELDS},
        )

    @property
    def has_grid(self) -> bool:
        return self.grid is not None

    def corners_array(self) -> np.ndarray | None:
        """The corners as a float64 array of shape (4, 2), or None."""
        return None if self.corners is None else np.asarray(self.corners, dtype=np.float64)

    def to_dict(self) -> dict[str, Any]:
        """The sidecar as a JSON-ready dict: the format's fields first, then the extras."""
        payload: dict[str, Any] = {
            "game": self.game,
            "rows": self.rows,
            "cols": self.cols,
            "grid": [list(row) for row in self.grid] if self.grid is not None else None,
            "corners": [[_number(x), _number(y)] for x, y in self.corners] if self.corners else None,
        }
        payload.update({key: value for key, value in self.extras.items() if key not in KNOWN_FIELDS})
        return payload

    def to_json(self) -> str:
        """The sidecar as JSON text, one grid row and one corner a line."""
        return format_sidecar(self.to_dict())


def _number(value: float) -> float | int:
    rounded = round(float(value), 2)
    return int(rounded) if rounded.is_integer() else rounded


def format_sidecar(payload: dict[str, Any]) -> str:
    """JSON text of a sidecar, indented, with each grid row and each corner on one line."""
    lines = []
    for key, value in payload.items():
        name = json.dumps(key)
        if key in ("grid", "corners") and isinstance(value, list) and value:
            inner = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
            lines.append(f"  {name}: [\n{inner}\n  ]")
        else:
            text = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n  ")
            lines.append(f"  {name}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def label_problems(payload: Any, image_size: tuple[int, int] | None = None) -> list[Problem]:
    """Every way ``payload`` (a decoded sidecar) breaks the format.

    With ``image_size`` (``(width, height)`` as displayed) the corners are also checked
    against the image. Problems carry no path; the caller adds it.
    """
    if not isinstance(payload, dict):
        return [Problem(kinds.BAD_JSON, f"the sidecar must be a JSON object, not {type(payload).__name__}")]
    found: list[Problem] = []
    for name in ("game", "rows", "cols", "grid"):
        if name not in payload:
            found.append(Problem(kinds.MISSING_FIELD, f"required field {name!r} is missing"))
    game = payload.get("game")
    if "game" in payload and game not in GAMES:
        found.append(Problem(kinds.WRONG_GAME, f"game is {game!r}; expected one of {', '.join(GAMES)}"))
        return found
    rows, cols = payload.get("rows"), payload.get("cols")
    sizes_ok = game in GAMES and _size_problems(game, rows, cols, payload, found)
    grid = payload.get("grid")
    if grid is not None and game in GAMES:
        found.extend(_grid_problems(game, grid, rows if sizes_ok else None, cols if sizes_ok else None))
    corners = payload.get("corners")
    if corners is not None:
        found.extend(corner_problems(corners, image_size))
    if "grid" in payload and grid is None and corners is None:
        found.append(Problem(kinds.NOTHING_LABELLED, "grid and corners are both null: nothing is labelled"))
    return found


def _size_problems(game: str, rows: Any, cols: Any, payload: dict[str, Any], found: list[Problem]) -> bool:
    """Append problems with ``rows``/``cols``; return whether both are usable."""
    allowed = allowed_sizes(game)
    choices = " or ".join(str(size) for size in allowed)
    ok = True
    for name, value in (("rows", rows), ("cols", cols)):
        if name not in payload:
            ok = False
        elif not _is_int(value) or value not in allowed:
            found.append(Problem(kinds.BAD_SIZE, f"{name} is {value!r}; a {game} grid has {choices}"))
            ok = False
    if ok and game == "boggle" and rows != cols:
        found.append(Problem(kinds.BAD_SIZE, f"a Boggle tray is square, but rows={rows} and cols={cols}"))
        ok = False
    return ok


def _grid_problems(game: str, grid: Any, rows: int | None, cols: int | None) -> list[Problem]:
    if not isinstance(grid, (list, tuple)) or not all(isinstance(row, (list, tuple)) for row in grid):
        return [Problem(kinds.GRID_SHAPE, "grid must be a list of rows, each a list of tokens (or null)")]
    found: list[Problem] = []
    if rows is not None and len(grid) != rows:
        found.append(Problem(kinds.GRID_SHAPE, f"grid has {len(grid)} rows; rows says {rows}"))
    lengths = sorted({len(row) for row in grid})
    if len(lengths) > 1:
        found.append(Problem(kinds.GRID_SHAPE, f"grid is ragged: its rows have {lengths} cells"))
    elif cols is not None and lengths and lengths[0] != cols:
        found.append(Problem(kinds.GRID_SHAPE, f"grid rows have {lengths[0]} cells; cols says {cols}"))
    for row_index, row in enumerate(grid):
        for col_index, token in enumerate(row):
            if not is_valid_token(game, token):
                found.append(
                    Problem(
                        kinds.BAD_TOKEN,
                        f"bad token {token!r} at row {row_index}, col {col_index}: "
                        f"a {game} cell holds {describe_tokens(game)}",
                    )
                )
    return found


def corner_problems(corners: Any, image_size: tuple[int, int] | None = None) -> list[Problem]:
    """Problems with a sidecar's ``corners``: their form, their order, and (given the size) their place."""
    if (
        not isinstance(corners, (list, tuple))
        or len(corners) != 4
        or not all(isinstance(point, (list, tuple)) and len(point) == 2 for point in corners)
        or not all(_is_number(value) for point in corners for value in point)
    ):
        return [Problem(kinds.BAD_CORNERS, "corners must be four [x, y] pairs of finite numbers (or null)")]
    points = np.asarray(corners, dtype=np.float64)
    found: list[Problem] = []
    if not is_clockwise_convex(points):
        found.append(
            Problem(
                kinds.CORNERS_ORDER,
                "corners do not go round a convex quadrilateral clockwise as seen in the image "
                "(order is top-left, top-right, bottom-right, bottom-left of the grid)",
            )
        )
    if image_size is not None:
        found.extend(_outside_problems(points, image_size))
    return found


def is_clockwise_convex(points: np.ndarray) -> bool:
    """Whether four points, in order, go clockwise (image y pointing down) round a convex quadrilateral."""
    edges = np.roll(points, -1, axis=0) - points
    turns = edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1] - edges[:, 1] * np.roll(edges, -1, axis=0)[:, 0]
    return bool(np.all(turns > 0))


def _outside_problems(points: np.ndarray, image_size: tuple[int, int]) -> list[Problem]:
    width, height = image_size
    slack = max(NEAR_EDGE_MIN_PX, NEAR_EDGE_SHARE * max(width, height))
    found = []
    for index, (x, y) in enumerate(points):
        beyond = max(EDGE_LOW - x, x - width, EDGE_LOW - y, y - height, 0.0)
        if beyond == 0:
            continue
        message = f"corner {index} ({x:g}, {y:g}) is {beyond:.1f} px outside the {width}x{height} image"
        if beyond <= slack:
            found.append(Problem(kinds.CORNERS_OUTSIDE, message + " (at its edge)", severity=WARNING))
        else:
            found.append(Problem(kinds.CORNERS_OUTSIDE, message))
    return found
