"""Rule sets as data: one TOML file each, bundled ones by name or any file by path.

A rules file says the minimum word length, how the Qu cube reads, the points and
challenge-penalty tables, what happens to words several players wrote, how words are
judged, and how games make rounds and match points. The bundled files
(``boardsight/boggle/rules/*.toml``) are commented and serve as templates::

    name = "house"
    min_length = 3
    qu = "qu"                  # or "qu-or-q": the Qu cube may also read as Q
    shared_words = "cancel"    # or "score"
    judging = "all"            # or "challenge"
    [points]                   # length = points; the last row holds for longer words
    3 = 1
    8 = 11
    [challenge_penalty]        # only with judging = "challenge"
    3 = 1
    [match]                    # optional: games_per_round, spread_cap, win, draw, loss
    games_per_round = 2
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from boardsight.errors import BadInputError, NotFoundError

QuReading = Literal["qu", "qu-or-q"]
SharedWords = Literal["score", "cancel"]
Judging = Literal["challenge", "all"]

BUNDLED_RULES = ("ntu", "hasbro", "big-boggle")
DEFAULT_RULES = "ntu"

_TOP_KEYS = {
    "name",
    "description",
    "min_length",
    "qu",
    "shared_words",
    "judging",
    "points",
    "challenge_penalty",
    "match",
}
_MATCH_KEYS = {"games_per_round", "spread_cap", "win", "draw", "loss"}


@dataclass(frozen=True)
class MatchRules:
    """How games make a round and what a round is worth (NTU 5.5 and 6.1)."""

    games_per_round: int = 1
    spread_cap: int | None = None
    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0


@dataclass(frozen=True)
class LengthTable:
    """Values by word length: lengths below the first row get ``below``; the last row holds above."""

    rows: tuple[tuple[int, int], ...]
    below: int = 0

    def __post_init__(self) -> None:
        values = []
        value = self.below
        rows = dict(self.rows)
        for length in range(max(rows) + 1):
            value = rows.get(length, value)
            values.append(value)
        object.__setattr__(self, "_values", tuple(values))

    def __call__(self, length: int) -> int:
        values: tuple[int, ...] = self._values  # type: ignore[attr-defined]
        return values[length] if length < len(values) else values[-1]

    def as_dict(self) -> dict[str, int]:
        last = self.rows[-1][0]
        return {(f"{length}+" if length == last else str(length)): value for length, value in self.rows}


@dataclass(frozen=True)
class Rules:
    """A rule set; see the module docstring for what each field means."""

    name: str
    description: str
    min_length: int
    qu: QuReading
    shared_words: SharedWords
    judging: Judging
    points_table: LengthTable
    penalty_table: LengthTable | None
    match: MatchRules
    source: str = ""

    def points(self, word: str) -> int:
        """Points of a valid ``word`` (its length as spelled decides)."""
        length = len(word)
        return self.points_table(length) if length >= self.min_length else 0

    def penalty(self, word: str) -> int:
        """Challenge penalty of ``word``; a word shorter than every row takes the first row's."""
        if self.penalty_table is None:
            return 0
        return self.penalty_table(len(word))

    @property
    def qu_readings(self) -> tuple[str, ...]:
        """The letters the Qu cube may stand for in a word."""
        return ("QU", "Q") if self.qu == "qu-or-q" else ("QU",)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "min_length": self.min_length,
            "qu": self.qu,
            "shared_words": self.shared_words,
            "judging": self.judging,
            "points": self.points_table.as_dict(),
            "challenge_penalty": self.penalty_table.as_dict() if self.penalty_table else None,
            "match": {
                "games_per_round": self.match.games_per_round,
                "spread_cap": self.match.spread_cap,
                "win": self.match.win,
                "draw": self.match.draw,
                "loss": self.match.loss,
            },
        }


def _length_table(value: Any, what: str, source: str, *, below_from_first: bool) -> LengthTable:
    if not isinstance(value, Mapping) or not value:
        raise BadInputError(f"{source}: [{what}] must be a table of length = number rows")
    rows = []
    for key, number in value.items():
        if not str(key).isdigit() or int(key) < 1:
            raise BadInputError(f"{source}: [{what}] key {key!r} is not a word length")
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise BadInputError(f"{source}: [{what}] {key} must be a whole number of points, not {number!r}")
        rows.append((int(key), number))
    rows.sort()
    return LengthTable(tuple(rows), below=rows[0][1] if below_from_first else 0)


def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...], source: str) -> str:
    value = data.get(key)
    if value not in allowed:
        raise BadInputError(
            f"{source}: {key} must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}"
        )
    return value


def _number(data: Mapping[str, Any], key: str, default: float, source: str) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise BadInputError(f"{source}: [match] {key} must be a number of match points, not {value!r}")
    return float(value)


def _match_rules(value: Any, source: str) -> MatchRules:
    if value is None:
        return MatchRules()
    if not isinstance(value, Mapping):
        raise BadInputError(f"{source}: [match] must be a table")
    unknown = set(value) - _MATCH_KEYS
    if unknown:
        raise BadInputError(f"{source}: unknown [match] key {sorted(unknown)[0]!r}")
    games = value.get("games_per_round", 1)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise BadInputError(f"{source}: [match] games_per_round must be a positive whole number")
    cap = value.get("spread_cap")
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 0):
        raise BadInputError(f"{source}: [match] spread_cap must be a whole number of points")
    return MatchRules(
        games_per_round=games,
        spread_cap=cap,
        win=_number(value, "win", 1.0, source),
        draw=_number(value, "draw", 0.5, source),
        loss=_number(value, "loss", 0.0, source),
    )


def rules_from_mapping(data: Mapping[str, Any], source: str = "rules") -> Rules:
    """Validate a parsed rules file and build :class:`Rules` (errors name ``source``)."""
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise BadInputError(f"{source}: unknown key {sorted(unknown)[0]!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise BadInputError(f"{source}: name must be a non-empty string")
    min_length = data.get("min_length")
    if not isinstance(min_length, int) or isinstance(min_length, bool) or min_length < 1:
        raise BadInputError(f"{source}: min_length must be a positive whole number")
    judging = _choice(data, "judging", ("challenge", "all"), source)
    penalty = data.get("challenge_penalty")
    if judging == "challenge" and penalty is None:
        raise BadInputError(f"{source}: judging = 'challenge' needs a [challenge_penalty] table")
    return Rules(
        name=name,
        description=str(data.get("description", "")),
        min_length=min_length,
        qu=_choice(data, "qu", ("qu", "qu-or-q"), source),  # type: ignore[arg-type]
        shared_words=_choice(data, "shared_words", ("score", "cancel"), source),  # type: ignore[arg-type]
        judging=judging,  # type: ignore[arg-type]
        points_table=_length_table(data.get("points"), "points", source, below_from_first=False),
        penalty_table=(
            _length_table(penalty, "challenge_penalty", source, below_from_first=True)
            if penalty is not None
            else None
        ),
        match=_match_rules(data.get("match"), source),
        source=source,
    )


def parse_rules(text: str, source: str = "rules") -> Rules:
    """Parse the TOML text of a rules file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadInputError(f"{source}: not a valid TOML rules file ({error})") from error
    return rules_from_mapping(data, source)


@lru_cache(maxsize=len(BUNDLED_RULES))
def _bundled_rules(name: str) -> Rules:
    text = resources.files("boardsight.boggle").joinpath(f"rules/{name}.toml").read_text("utf-8")
    return parse_rules(text, f"rules {name}")


def load_rules(name_or_path: str | Path = DEFAULT_RULES) -> Rules:
    """Load bundled rules by name (``ntu``, ``hasbro``, ``big-boggle``) or a rules file by path."""
    text_name = str(name_or_path)
    if text_name in BUNDLED_RULES:
        return _bundled_rules(text_name)
    path = Path(name_or_path)
    if not path.is_file():
        if path.exists():
            raise BadInputError(f"{path} is not a rules file")
        raise NotFoundError(
            f"no rules named {text_name!r} and no such file (bundled: {', '.join(BUNDLED_RULES)})"
        )
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as error:
        raise BadInputError(f"{path}: not a text file") from error
    except OSError as error:
        raise BadInputError(f"cannot read rules file {path}: {error.strerror}") from error
    return parse_rules(text, str(path))
