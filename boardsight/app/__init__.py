"""The application layer: the plain functions every front end (the CLI, a web page, a batch job) calls.

>>> from boardsight import app
>>> app.solve_boggle(app.parse_board("perslatgsineters"), rules="hasbro").total_points
3625

Reading photos: :func:`read_photo` (a path, image-file bytes or a BGR array) gives a
:class:`PhotoReading` holding the reading and the board as the engine's own type;
:func:`apply_fixes` applies a person's corrections. Boggle: :func:`solve_boggle`,
:func:`judge_boggle`, :func:`read_score_sheet` (a player's list from a photo of their
score sheet), :func:`read_sheet` (every word of the sheet, its marks and total) and
:func:`read_player_lists` (the lists of word-list files and sheet photos together).
Scrabble: :func:`scrabble_moves`, :func:`scrabble_exchanges`, :func:`score_move`,
:func:`replay_record`; recording a game from a frame source:
:mod:`boardsight.app.recording`. Overlays and reading text:
:mod:`boardsight.app.rendering`.

Importing this package also lets the engines' own loaders read photos:
:func:`boardsight.boggle.parse.board_from_argument` takes a tray photo and
:func:`boardsight.scrabble.position_source.load_position` a board photo.
"""

from boardsight.app import recording, rendering
from boardsight.app.boggle import judge_boggle, solve_boggle
from boardsight.app.reading import CHECKS, GAMES, PhotoReading, apply_fixes, read_photo, undistorted_photo
from boardsight.app.scrabble import replay_record, score_move, scrabble_exchanges, scrabble_moves
from boardsight.app.sheets import read_player_lists, read_score_sheet, read_sheet
from boardsight.boggle.parse import parse_board

__all__ = [
    "CHECKS",
    "GAMES",
    "PhotoReading",
    "apply_fixes",
    "judge_boggle",
    "parse_board",
    "read_photo",
    "read_player_lists",
    "read_score_sheet",
    "read_sheet",
    "recording",
    "rendering",
    "replay_record",
    "score_move",
    "scrabble_exchanges",
    "scrabble_moves",
    "solve_boggle",
    "undistorted_photo",
]
