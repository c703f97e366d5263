"""Turn a GCG record into what a camera and a person would produce while it is played.

Each event becomes a :class:`~boardsight.datasets.synth.game_video.ScriptedMove`: the board after
it (a placement adds its tiles, a withdrawn phony takes them off again) and the command a
person types for what the camera cannot see (pass, exchange, a failed challenge, the end).
Rendering the moves (:func:`~boardsight.datasets.synth.game_video.game_frames`) gives a video
whose recording must reproduce the record.
"""

from __future__ import annotations

from boardsight.datasets.synth.game_video import ScriptedMove
from boardsight.errors import BadInputError
from boardsight.scrabble.board import Board
from boardsight.scrabble.gcg_model import (
    CHALLENGE,
    END_RACK_PENALTY,
    END_RACK_POINTS,
    EXCHANGE,
    PASS,
    PLACEMENT,
    TIME_PENALTY,
    WITHDRAWN,
    GcgRecord,
)
from boardsight.scrabble.move import Placement
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.tileset import load_tileset
from boardsight.scrabble.validation import check_placement

CHALLENGE_PAUSE = 4.0


def board_rows(board: Board) -> tuple[str, ...]:
    """The board as row strings, a blank shown as ``?`` (a camera cannot see its letter)."""
    return tuple("".join("?" if tile.islower() else tile for tile in row) for row in board.rows_text())


def script_from_record(record: GcgRecord, rules: RuleSet) -> list[ScriptedMove]:
    """The moves and commands that replay ``record`` in front of a camera."""
    tileset = load_tileset(rules.tileset)
    board = Board()
    last_new: list[tuple[int, int, str]] = []
    moves: list[ScriptedMove] = []
    end_written = False
    for event in record.events:
        if event.kind == PLACEMENT:
            move = event.move()
            if not isinstance(move, Placement):
                raise BadInputError(f"line {event.line}: {event.position} is not a position")
            placement = check_placement(board, move, tileset)
            last_new = placement.new_tiles()
            for row, col, tile in last_new:
                board.set(row, col, tile)
            blanks = [f"fix {chr(65 + col)}{row + 1} {tile}" for row, col, tile in last_new if tile.islower()]
            moves.append(ScriptedMove(board_rows(board), "\n".join(blanks)))
        elif event.kind == WITHDRAWN:
            # a challenged play stays on the board while the challenge is judged
            moves[-1] = ScriptedMove(moves[-1].rows, moves[-1].command, CHALLENGE_PAUSE)
            for row, col, _ in last_new:
                board.set(row, col, "")
            moves.append(ScriptedMove(board_rows(board)))
        elif event.kind == PASS:
            moves.append(ScriptedMove(board_rows(board), "pass"))
        elif event.kind == EXCHANGE:
            moves.append(ScriptedMove(board_rows(board), f"exchange {event.tiles or event.exchange_count}"))
        elif event.kind == CHALLENGE:
            words = event.score // rules.challenge.bonus_per_word if rules.challenge.bonus_per_word else 0
            moves.append(
                ScriptedMove(board_rows(board), "challenge stands" + (f" {words}" if words > 0 else ""))
            )
        elif event.kind in (END_RACK_POINTS, END_RACK_PENALTY):
            if not end_written:
                end_written = True
                moves.append(ScriptedMove(board_rows(board), "end"))
        elif event.kind == TIME_PENALTY:
            minutes = -event.score // max(1, rules.time.overtime_penalty)
            nickname = record.players[event.player].nickname
            moves.append(ScriptedMove(board_rows(board), f"time {nickname} {minutes}"))
    return moves
