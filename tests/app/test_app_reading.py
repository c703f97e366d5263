"""boardsight.app.read_photo and apply_fixes on the bundled example photos."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight import app
from boardsight.errors import BadInputError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAY = EXAMPLES / "boggle_tray.jpg"
BOARD = EXAMPLES / "scrabble_board.jpg"
TRAY_TRUTH = json.loads((EXAMPLES / "boggle_tray.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tray() -> app.PhotoReading:
    return app.read_photo(TRAY)


@pytest.fixture(scope="module")
def board() -> app.PhotoReading:
    return app.read_photo(BOARD)


def test_a_tray_photo_becomes_a_board(tray: app.PhotoReading) -> None:
    assert tray.game == "boggle"
    assert tray.source == str(TRAY)
    assert tray.position is None
    assert tray.board is not None and tray.board.grid == tray.reading.grid == TRAY_TRUTH["grid"]
    assert tray.to_json() == tray.reading.to_sidecar()


def test_path_bytes_and_array_read_alike(tray: app.PhotoReading) -> None:
    from_bytes = app.read_photo(TRAY.read_bytes(), source="upload.jpg")
    from_array = app.read_photo(cv2.imread(str(TRAY)))
    assert from_bytes.source == "upload.jpg"
    assert from_bytes.board == tray.board
    assert from_array.board == tray.board
    np.testing.assert_allclose(from_array.reading.corners, tray.reading.corners, atol=3)


def test_a_board_photo_becomes_a_position(board: app.PhotoReading) -> None:
    assert board.game == "scrabble"
    assert board.board is None and board.position is not None
    from boardsight.scrabble.cgp import to_cgp

    assert to_cgp(board.position) == board.reading.extras["cgp"]
    assert board.position.board.get(3, 4) == "t"  # the blank read at E4 stands for T
    assert board.reading.grid[3][4] == "?"  # ... which the photo does not show: the grid says blank
    blanks = {blank["square"]: blank["letter"] for blank in board.reading.extras["blanks"]}
    assert blanks["E4"] == "t"
    assert {"word": "VAUNT", "position": "4A", "valid": True} in board.reading.extras["words"]


def test_corners_skip_finding_and_read_the_same(tray: app.PhotoReading, board: app.PhotoReading) -> None:
    again = app.read_photo(TRAY, corners=tray.reading.corners)
    assert again.reading.extras["tray_method"] == "given"
    assert again.board == tray.board  # the size (5) is told from the cut alone
    np.testing.assert_allclose(again.reading.corners, tray.reading.corners, atol=0.01)
    moved = app.read_photo(BOARD, game="scrabble", corners=board.reading.corners)
    assert moved.reading.extras["board_method"] == "given"
    assert moved.reading.grid == board.reading.grid


def test_bad_corners_are_refused() -> None:
    with pytest.raises(BadInputError, match="four"):
        app.read_photo(TRAY, game="boggle", corners=[[0, 0], [1, 1]])


def test_tray_fixes(tray: app.PhotoReading) -> None:
    fixed = app.apply_fixes(tray, ["B3=QU"])
    assert fixed.board.face(2, 1) == "QU" and fixed.reading.grid[2][1] == "QU"
    assert fixed.reading.confidence[2][1] == 1.0
    assert fixed.reading.extras["fixes"] == [{"cell": "B3", "read": tray.reading.grid[2][1], "now": "QU"}]
    assert tray.board.face(2, 1) != "QU"  # the reading fixed is left as it was
    assert app.read_photo(TRAY, fixes=["B3=QU"]).board == fixed.board
    with pytest.raises(BadInputError, match="not a fix"):
        app.apply_fixes(tray, ["B3"])


def test_board_fixes_recompute_words_blanks_and_cgp(board: app.PhotoReading) -> None:
    words = {word["position"]: word["word"] for word in board.reading.extras["words"]}
    assert words["8N"] == "SI"  # O8 was read T and corrected to I
    fixed = app.apply_fixes(board, ["O8=.", "E4=e"])
    assert fixed.reading.grid[7][14] == "." and fixed.position.board.get(7, 14) == ""
    assert fixed.reading.grid[3][4] == "e" and fixed.position.board.get(3, 4) == "e"
    positions = {word["position"] for word in fixed.reading.extras["words"]}
    assert "8N" not in positions
    assert "VAUNE" in {word["word"] for word in fixed.reading.extras["words"]}
    blanks = {blank["square"]: blank for blank in fixed.reading.extras["blanks"]}
    assert blanks["E4"] == {"square": "E4", "letter": "e", "candidates": ["E"]}
    assert blanks["N14"]["letter"] == "s"  # the lexicon still names the other blank
    assert fixed.reading.extras["cgp"] != board.reading.extras["cgp"]
    assert (7, 14) not in fixed.reading.flagged
    again = app.apply_fixes(fixed, ["E4=?"])  # the blank's letter is left to the lexicon once more
    assert [item["now"] for item in again.reading.extras["fixes"]] == [".", "e", "?"]
    assert {blank["square"]: blank["letter"] for blank in again.reading.extras["blanks"]}["E4"] == "t"
    assert again.reading.grid[3][4] == "?"
    with pytest.raises(BadInputError, match="not a tile"):
        app.apply_fixes(board, ["H8=7"])
    with pytest.raises(BadInputError, match="not a fix"):
        app.apply_fixes(board, ["Z99=A"])


def test_checks_can_be_turned_off(board: app.PhotoReading) -> None:
    plain = app.read_photo(BOARD, game="scrabble", checks=())
    assert plain.reading.corrections == []
    assert plain.reading.extras["blanks"] == []
    assert board.reading.corrections  # the default checks corrected squares of this photo
    tray = app.read_photo(TRAY, game="boggle", checks=())
    assert tray.reading.extras["dice_set"] is None
    with pytest.raises(BadInputError, match="unknown check"):
        app.read_photo(TRAY, game="boggle", checks=["spelling"])


def test_bad_photos_give_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="not an image"):
        app.read_photo(b"hello", source="note.txt")
    with pytest.raises(BadInputError, match="no such file"):
        app.read_photo(tmp_path / "missing.jpg")
    with pytest.raises(BadInputError, match="BGR image"):
        app.read_photo(np.zeros((40, 40), dtype=np.uint8), game="boggle")
    with pytest.raises(BadInputError, match="unknown game"):
        app.read_photo(TRAY, game="chess")
    with pytest.raises(BadInputError, match="no Boggle tray or Scrabble board"):
        app.read_photo(np.full((200, 300, 3), 128, dtype=np.uint8))


def test_works_without_the_command_line() -> None:
    """A plain ``import boardsight.app`` lets the engines' loaders read photos; nothing loads the CLI."""
    script = f"""
import sys
import boardsight.app
from boardsight.boggle.parse import board_from_argument
from boardsight.scrabble import load_rules
from boardsight.scrabble.position_source import load_position
board = board_from_argument({str(TRAY)!r})
position = load_position({str(BOARD)!r}, rules=load_rules("naspa"))
assert not any(name.startswith("boardsight.cli") for name in sys.modules), "the CLI was imported"
print(board.rows, position.board.tile_count())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "5"
    assert int(done.stdout.split()[1]) > 40


def test_readings_time_each_stage_in_wall_and_cpu_seconds(
    tray: app.PhotoReading, board: app.PhotoReading
) -> None:
    for photo in (tray, board):  # read with the game told from the photo: a stage of its own
        stages = photo.reading.timings
        assert (
            set(stages)
            == {"decode", "detect", "find", "read", "check", "total"}
            == set(photo.reading.cpu_timings)
        )
        assert stages["total"] >= stages["detect"] + stages["find"] + stages["read"]
        assert all(seconds >= 0 for seconds in photo.reading.cpu_timings.values())
    given = app.read_photo(TRAY, game="boggle")
    assert "detect" not in given.reading.timings and "detect" not in given.reading.cpu_timings


def test_a_game_told_from_the_photo_reads_as_the_game_given(
    tray: app.PhotoReading, board: app.PhotoReading
) -> None:
    for photo, path in ((tray, TRAY), (board, BOARD)):
        given = app.read_photo(path, game=photo.game)
        assert given.reading.grid == photo.reading.grid
        np.testing.assert_allclose(given.reading.corners, photo.reading.corners)
        assert given.reading.extras.get("board_method") == photo.reading.extras.get("board_method")
