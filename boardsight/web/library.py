"""Every call the review page makes into boardsight, in one place, answering JSON-ready dicts.

The page is a front end like the CLI: it reads photos, fixes readings, solves, judges
lists, lists moves and replays records through :mod:`boardsight.app`, and only turns the
results into the shapes its JavaScript draws. Nothing here reads or judges anything itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from boardsight import app
from boardsight.app.reading import LOW_CONFIDENCE
from boardsight.app.rendering import GOOD_CONFIDENCE
from boardsight.app.scrabble import DEFAULT_RULES as SCRABBLE_DEFAULT_RULES
from boardsight.boggle.board import Board
from boardsight.boggle.parse import board_from_json
from boardsight.boggle.results import COLUMNS as RESULT_COLUMNS
from boardsight.boggle.results import append_result, results_row
from boardsight.boggle.rules import BUNDLED_RULES, DEFAULT_RULES
from boardsight.boggle.wordlists import Challenge, parse_player_list
from boardsight.errors import BadInputError
from boardsight.lexicon import DEFAULT_LEXICON
from boardsight.lexicon.registry import NAMED_LEXICONS
from boardsight.scrabble import bundled_names, load_layout, load_rules, load_tileset
from boardsight.scrabble.board import Board as ScrabbleBoard
from boardsight.scrabble.cgp import parse_cgp, to_cgp
from boardsight.scrabble.gcg_model import TURN_KINDS
from boardsight.scrabble.gcg_reader import parse_gcg
from boardsight.scrabble.movegen import GeneratedMove
from boardsight.scrabble.position import Position

__all__ = [
    "RESULT_COLUMNS",
    "ListText",
    "PhotoReading",
    "append_round",
    "apply_fixes",
    "boggle_check",
    "boggle_sheet",
    "boggle_solve",
    "options",
    "read",
    "reading_json",
    "replay_gcg",
    "round_csv",
    "scrabble_moves",
    "scrabble_position",
]

PhotoReading = app.PhotoReading
LEXICONS = tuple(NAMED_LEXICONS)


def options() -> dict[str, Any]:
    """The choices the page offers: rules and lexicons of each game."""
    return {
        "boggle": {"rules": list(BUNDLED_RULES), "default_rules": DEFAULT_RULES, "lexicons": list(LEXICONS)},
        "scrabble": {
            "rules": bundled_names("rules"),
            "default_rules": SCRABBLE_DEFAULT_RULES,
            "lexicons": ["auto", *LEXICONS],
        },
        "default_lexicon": DEFAULT_LEXICON,
        "low_confidence": dict(LOW_CONFIDENCE),
        "good_confidence": GOOD_CONFIDENCE,
    }


# -- reading ----------------------------------------------------------------------------------------
def read(
    photo: bytes,
    *,
    source: str,
    game: str = "auto",
    size: str = "auto",
    tiles: str = "auto",
    corners: Sequence[Sequence[float]] | None = None,
) -> PhotoReading:
    """Read the board in the photo ``photo`` (its file's bytes), cut at ``corners`` when given.

    Fixes are applied afterwards (:func:`apply_fixes`), so the reading as first read can be kept.
    """
    cut_at = None if corners is None else np.asarray(corners, dtype=np.float64)
    return app.read_photo(photo, game=game, size=size, tiles=tiles, corners=cut_at, source=source)


def apply_fixes(reading: PhotoReading, fixes: Sequence[str]) -> PhotoReading:
    """``reading`` with the cells in ``fixes`` (``B3=QU``, ``H8=e``, ``H8=.``) set by hand, re-checked."""
    return app.apply_fixes(reading, list(fixes))


def reading_json(reading: PhotoReading) -> dict[str, Any]:
    """The fields of ``boardsight read --json`` for ``reading``."""
    return reading.to_json()


# -- Boggle -----------------------------------------------------------------------------------------
def _boggle_board(grid: Sequence[Sequence[str]]) -> Board:
    rows = len(grid)
    cols = len(grid[0]) if rows else 0
    return board_from_json({"game": "boggle", "rows": rows, "cols": cols, "grid": [list(r) for r in grid]})


def boggle_solve(grid: Sequence[Sequence[str]], *, rules: str, lexicon: str) -> dict[str, Any]:
    """Every word on the board ``grid`` with its points and path (``boardsight solve --json``)."""
    return app.solve_boggle(_boggle_board(grid), rules=rules, lexicon=lexicon).as_json()


@dataclass(frozen=True)
class ListText:
    """One player's list as typed or pasted on the page."""

    name: str
    text: str


def boggle_check(
    grid: Sequence[Sequence[str]],
    lists: Sequence[ListText],
    *,
    rules: str,
    lexicon: str,
    challenges: Sequence[tuple[str, str]] = (),
    challenge_all: bool = False,
    missed: int = 0,
) -> dict[str, Any]:
    """The verdicts and scores of the players' lists (``boardsight check --json``)."""
    if not lists:
        raise BadInputError("no word lists: give each player's words, one a line")
    player_lists = [parse_player_list(item.text, item.name.strip(), f"{item.name}'s list") for item in lists]
    challenged = [Challenge(player, word) for player, word in challenges]
    result = app.judge_boggle(
        _boggle_board(grid),
        player_lists,
        rules=rules,
        lexicon=lexicon,
        challenges=challenged,
        challenge_all=challenge_all,
        missed=missed,
    )
    return result.as_json()


def boggle_sheet(
    photo: bytes,
    player: str,
    *,
    source: str,
    grid: Sequence[Sequence[str]] | None = None,
    lexicon: str = DEFAULT_LEXICON,
    accept: Sequence[str] = (),
) -> dict[str, Any]:
    """A player's list read from a photo of their score sheet, under the board's words.

    ``words`` are the claimed words (one a line, as the list box takes them), ``challenged``
    the circled ones, ``waiting`` the doubtful ones with the close valid words and why they are
    doubted (a thin letter that may be written twice, a second recogniser's dissent, a line
    through the word that may be its own letters run together).
    """
    board = _boggle_board(grid) if grid else None
    sheet = app.read_score_sheet(photo, player, board=board, lexicon=lexicon, accept=accept, source=source)
    words = sheet.reading.words
    return {
        **sheet.to_json(),
        "words": list(sheet.player.words),
        "waiting": [
            {
                "number": number,
                "as_written": text,
                "candidates": [scored.word for scored in words[number - 1].reading.candidates],
                "notes": list(words[number - 1].reading.notes),
                "strike_in_doubt": number in sheet.strikes_in_doubt,
            }
            for number, text in sheet.waiting
        ],
    }


def _two_players(result: dict[str, Any]) -> tuple[tuple[str, str], tuple[int, int]]:
    players = result["players"]
    if len(players) != 2:
        raise BadInputError(f"a results row needs exactly two players, not {len(players)}")
    first, second = players
    return (first["name"], second["name"]), (first["raw_score"], second["raw_score"])


def round_csv(result: dict[str, Any], round_number: int, game: int) -> str:
    """A results file (header and one row) holding the game judged in ``result``."""
    players, scores = _two_players(result)
    return ",".join(RESULT_COLUMNS) + "\n" + results_row(round_number, game, players, scores)


def append_round(path: Path, result: dict[str, Any], round_number: int, game: int) -> None:
    """Append the game judged in ``result`` to the results file at ``path``."""
    players, scores = _two_players(result)
    append_result(path, round_number, game, players, scores)


# -- Scrabble ---------------------------------------------------------------------------------------
def scrabble_position(
    layout_name: str, *, cgp: str | None = None, grid: Sequence[str] | None = None
) -> Position:
    """The position given as a CGP line or as rows of tiles (``.`` empty, lower case a blank's letter)."""
    layout = load_layout(layout_name)
    if (cgp is None) == (grid is None):
        raise BadInputError("give the board as cgp or as grid, not both or neither")
    if cgp is not None:
        return parse_cgp(cgp, layout)
    rows = ["".join(row) if not isinstance(row, str) else row for row in grid]
    if any("?" in row for row in rows):
        raise BadInputError("a blank on the board needs its letter (lower case) before moves can be listed")
    return Position(ScrabbleBoard.from_rows(rows, layout))


def scrabble_moves(
    rack: str,
    *,
    cgp: str | None = None,
    grid: Sequence[str] | None = None,
    rules: str = SCRABBLE_DEFAULT_RULES,
    lexicon: str | None = None,
    top: int = 20,
) -> dict[str, Any]:
    """The best placements of ``rack`` on the position, each with the squares its new tiles cover."""
    rule_set = load_rules(rules)
    position = scrabble_position(rule_set.layout, cgp=cgp, grid=grid)
    chosen = None if lexicon in (None, "", "auto") else lexicon
    moves = app.scrabble_moves(position, rack, lexicon=chosen, rules=rule_set, top=top or None)
    return {
        "position": to_cgp(position),
        "rack": rack,
        "rules": rule_set.name,
        "moves": [_move_json(move) for move in moves],
    }


def _move_json(move: GeneratedMove) -> dict[str, Any]:
    """A move with the squares its new tiles go on (``.`` in ``tiles`` is a tile already there)."""
    placed = [{"row": row, "col": col, "tile": tile} for row, col, tile in move.placement.new_tiles()]
    return {
        "position": move.position,
        "tiles": move.tiles,
        "score": move.score,
        "row": move.row,
        "col": move.col,
        "direction": move.direction,
        "placed": placed,
    }


def replay_gcg(
    data: bytes, *, source: str, rules: str = SCRABBLE_DEFAULT_RULES, lexicon: str | None = None
) -> dict[str, Any]:
    """A GCG record replayed move by move: each event, the board after it, and the disagreements."""
    rule_set = load_rules(rules)
    layout = load_layout(rule_set.layout)
    record = parse_gcg(data, source=source, rows=layout.rows, cols=layout.cols)
    chosen = None if lexicon in (None, "", "auto") else lexicon
    result = app.replay_record(record, rules=rule_set, lexicon=chosen)
    disagreeing = {item.line for item in result.disagreements}
    events = []
    for item in result.events:
        event = item.event
        events.append(
            {
                "line": event.line,
                "player": record.players[event.player].nickname,
                "kind": event.kind,
                "position": event.position if event.kind == "placement" else None,
                "tiles": event.tiles,
                "recorded_score": event.score,
                "computed_score": item.computed_score,
                "cumulative": event.cumulative,
                "words": item.words,
                "turn": event.kind in TURN_KINDS,
                "disagrees": event.line in disagreeing,
                "board": item.board.rows_text(),
            }
        )
    return {
        "source": source,
        "rules": rule_set.name,
        "tiles": load_tileset(rule_set.tileset).name,
        "players": [player.nickname for player in record.players],
        "events": events,
        **result.outcome_json(),
    }
