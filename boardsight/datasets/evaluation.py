"""Run board readers over a labelled-photo set and score every reading.

Each photo is read by every reader asked for, for the game its label names; a reader is
a function ``(photo path, game) -> reading`` given by name (for the bundled readers:
:func:`boardsight.vision.reading.photo_readers`). A photo a reader cannot read at all (a
:class:`~boardsight.errors.BoardsightError`, such as ``BoardNotFoundError``) is kept as
a failure. Scoring is left to :mod:`boardsight.datasets.metrics`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from boardsight.datasets.metrics import (
    BoardScore,
    StageTiming,
    Summary,
    confusion,
    score_board,
    summarize,
    timing_summary,
)
from boardsight.datasets.store import Example
from boardsight.datasets.tokens import GAMES
from boardsight.errors import BadInputError, BoardsightError

AUTO = "auto"


class Reading(Protocol):
    """What evaluation needs of a reading (:class:`boardsight.vision.reading.BoardReading` has it)."""

    grid: list[list[str]]
    corners: Any
    timings: dict[str, float]


PhotoReader = Callable[[Path, str], Reading]
"""``(photo path, game) -> reading``."""
TaskRunner = Callable[[Callable[..., Any], Iterable[tuple[Any, ...]]], Iterable[tuple[int, Any]]]
"""``run(function, argument_tuples)`` yields ``(index, function(*arguments))`` as each finishes."""


@dataclass
class Outcome:
    """One reader's reading of one photo (or why it failed) and its score."""

    example: Example
    reader: str
    reading: Reading | None
    error: str | None
    score: BoardScore

    @property
    def failed(self) -> bool:
        return self.reading is None


@dataclass
class ReaderResult:
    """Everything one reader did on the photos of one game."""

    game: str
    reader: str
    outcomes: list[Outcome] = field(default_factory=list)

    @cached_property
    def summary(self) -> Summary:
        return summarize(outcome.score for outcome in self.outcomes)

    @cached_property
    def timings(self) -> dict[str, StageTiming]:
        return timing_summary(o.reading.timings for o in self.outcomes if o.reading is not None)

    def confusion(self, top: int = 10) -> list[tuple[str, str, int]]:
        return confusion((outcome.score for outcome in self.outcomes), top=top)

    @property
    def failures(self) -> list[Outcome]:
        return [outcome for outcome in self.outcomes if outcome.failed]


@dataclass
class Evaluation:
    """The results of every reader on every game of a set, and which photos were left out."""

    root: Path
    readers: list[str]
    results: list[ReaderResult]
    photos: int
    skipped_other_games: int = 0
    skipped_by_limit: int = 0

    @property
    def games(self) -> list[str]:
        return sorted({result.game for result in self.results}, key=GAMES.index)

    def for_game(self, game: str) -> list[ReaderResult]:
        return [result for result in self.results if result.game == game]


def check_selection(game: str, limit: int | None) -> None:
    """Fail on a game or limit that cannot select anything."""
    if game != AUTO and game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose auto, {', '.join(GAMES)}")
    if limit is not None and limit < 1:
        raise BadInputError(f"--limit must be at least 1, not {limit}")


def select_examples(
    examples: Sequence[Example], game: str = AUTO, limit: int | None = None
) -> tuple[list[Example], int, int]:
    """The examples to evaluate, and how many were left out by game and by ``limit``."""
    check_selection(game, limit)
    chosen = [example for example in examples if game in (AUTO, example.game)]
    other_games = len(examples) - len(chosen)
    kept = chosen[:limit] if limit is not None else chosen
    return kept, other_games, len(chosen) - len(kept)


def read_example(example: Example, reader: str, read: PhotoReader) -> Outcome:
    """Read one photo with the reader ``read`` (called ``reader``) and score the reading against the label."""
    label = example.label
    try:
        reading = read(example.image_path, label.game)
    except BoardsightError as error:
        message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        score = score_board(label.grid, label.corners_array(), None, None)
        return Outcome(example, reader, None, message, score)
    score = score_board(label.grid, label.corners_array(), reading.grid, reading.corners)
    return Outcome(example, reader, reading, None, score)


def example_games(examples: Sequence[Example]) -> list[str]:
    """The games of ``examples``, in the order of :data:`~boardsight.datasets.tokens.GAMES`."""
    return sorted({example.game for example in examples}, key=GAMES.index)


def evaluate(
    examples: Sequence[Example],
    readers: Mapping[str, PhotoReader],
    *,
    root: Path,
    skipped_other_games: int = 0,
    skipped_by_limit: int = 0,
    progress: Callable[[], None] | None = None,
    run: TaskRunner | None = None,
) -> Evaluation:
    """Read every example with every reader, by name (``progress`` is called after each reading).

    ``run(function, argument_tuples)`` may run the readings elsewhere (a pool of worker
    processes, a cluster), yielding ``(index, result)`` as each finishes; without it they
    run here, one after another. The readers must then be picklable, as
    :func:`~boardsight.vision.reading.photo_readers`'s are.
    """
    if not readers:
        raise BadInputError("name at least one reader")
    games = example_games(examples)
    results = {(game, reader): ReaderResult(game, reader) for game in games for reader in readers}
    tasks = [(example, reader, read) for example in examples for reader, read in readers.items()]
    finished = run(read_example, tasks) if run is not None else enumerate(read_example(*t) for t in tasks)
    outcomes: dict[int, Outcome] = {}
    for index, outcome in finished:
        outcomes[index] = outcome
        if progress is not None:
            progress()
    for index in sorted(outcomes):  # in the set's order, however the readings finished
        outcome = outcomes[index]
        results[(outcome.example.game, outcome.reader)].outcomes.append(outcome)
    return Evaluation(
        root=root,
        readers=list(readers),
        results=list(results.values()),
        photos=len(examples),
        skipped_other_games=skipped_other_games,
        skipped_by_limit=skipped_by_limit,
    )
