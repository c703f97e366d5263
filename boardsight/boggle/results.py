"""The results file of a tournament: CSV, one row per game.

Columns (a header row is required; names are matched without regard to case, and other
columns such as ``board`` or ``notes`` are ignored)::

    round,game,player1,score1,player2,score2
    1,1,alice,34,bob,29
    1,2,alice,18,bob,41
    1,1,carol,25,dave,25
    1,2,carol,30,dave,12

``round`` and ``game`` are whole numbers from 1; the scores are the players' raw
scores for that game (whole numbers, negative when penalties outweigh the words).
The games of one round between the same two players are summed into the round's
result; which of them is ``player1`` may differ from game to game.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from boardsight.boggle.match import GameRecord
from boardsight.boggle.wordlists import read_text_file
from boardsight.errors import BadInputError

COLUMNS = ("round", "game", "player1", "score1", "player2", "score2")


def _whole(value: str, column: str, where: str, *, minimum: int | None = None) -> int:
    text = value.strip()
    try:
        number = int(text)
    except ValueError:
        raise BadInputError(f"{where}: {column} {text!r} is not a whole number") from None
    if minimum is not None and number < minimum:
        raise BadInputError(f"{where}: {column} must be at least {minimum}, not {number}")
    return number


def parse_results(text: str, source: str = "results") -> list[GameRecord]:
    """Parse the CSV text of a results file (see the module docstring)."""
    reader = csv.reader(io.StringIO(text))
    rows = [(reader.line_num, row) for row in reader if any(cell.strip() for cell in row)]
    if not rows:
        raise BadInputError(f"{source}: empty; expected a header {','.join(COLUMNS)} and one row per game")
    header = [cell.strip().lower() for cell in rows[0][1]]
    missing = [column for column in COLUMNS if column not in header]
    if missing:
        raise BadInputError(f"{source}: missing column {missing[0]!r} (expected {','.join(COLUMNS)})")
    index = {column: header.index(column) for column in COLUMNS}
    records = []
    for line, row in rows[1:]:
        where = f"{source} line {line}"
        if len(row) < len(header):
            raise BadInputError(f"{where}: {len(row)} fields, expected {len(header)}")
        first, second = row[index["player1"]].strip(), row[index["player2"]].strip()
        if not first or not second:
            raise BadInputError(f"{where}: a player's name is empty")
        if first.casefold() == second.casefold():
            raise BadInputError(f"{where}: {first} cannot play against themselves")
        records.append(
            GameRecord(
                round=_whole(row[index["round"]], "round", where, minimum=1),
                game=_whole(row[index["game"]], "game", where, minimum=1),
                players=(first, second),
                scores=(
                    _whole(row[index["score1"]], "score1", where),
                    _whole(row[index["score2"]], "score2", where),
                ),
                line=line,
            )
        )
    if not records:
        raise BadInputError(f"{source}: no games after the header")
    return records


def read_results(path: Path) -> list[GameRecord]:
    """Read a results CSV file from disk."""
    return parse_results(read_text_file(path, "results file"), str(path))


def results_row(round_number: int, game: int, players: tuple[str, str], scores: tuple[int, int]) -> str:
    """One CSV row of a game, for appending to a results file."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(
        [round_number, game, players[0], scores[0], players[1], scores[1]]
    )
    return buffer.getvalue()


def append_result(
    path: Path, round_number: int, game: int, players: tuple[str, str], scores: tuple[int, int]
) -> None:
    """Append one game to a results file, creating it with its header when it does not exist yet.

    An existing file must start with the results header; nothing else in it is changed.
    """
    existing = read_text_file(path, "results file") if path.exists() else ""
    if existing.strip():
        header = next(csv.reader(io.StringIO(existing.lstrip())))
        missing = [column for column in COLUMNS if column not in [cell.strip().lower() for cell in header]]
        if missing:
            raise BadInputError(f"{path}: not a results file (no {missing[0]!r} column); not appending to it")
    text = "" if existing.strip() else ",".join(COLUMNS) + "\n"
    if existing.strip() and not existing.endswith("\n"):
        text = "\n"
    try:
        with path.open("a", encoding="utf-8") as handle:
            handle.write(text + results_row(round_number, game, players, scores))
    except OSError as error:
        raise BadInputError(f"cannot write results file {path}: {error.strerror}") from error
