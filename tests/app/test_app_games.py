"""boardsight.app's game functions: Boggle solving and judging, Scrabble moves and replays."""

from __future__ import annotations

from pathlib import Path

from boardsight import app
from boardsight.boggle.wordlists import PlayerList
from boardsight.scrabble.cgp import parse_cgp

GAME = Path(__file__).resolve().parents[1] / "scrabble" / "data" / "six_pass_game.gcg"
EMPTY_BOARD = "/".join(["15"] * 15) + " / 0/0 0"


def test_solve_and_judge_a_board() -> None:
    board = app.parse_board("perslatgsineters")
    solution = app.solve_boggle(board, rules="hasbro")
    assert (len(solution), solution.total_points) == (1045, 3625)
    lists = [PlayerList("ann", ("LATE", "XYZZY"), (1, 2)), PlayerList("bob", ("LATE", "PERT"), (1, 2))]
    result = app.judge_boggle(board, lists, rules="hasbro", challenge_all=True)
    assert [player.name for player in result.players] == ["ann", "bob"]
    assert result.leaders == ("bob",)  # LATE is crossed off both lists, XYZZY is no word here


def test_moves_for_an_empty_board() -> None:
    moves = app.scrabble_moves(parse_cgp(EMPTY_BOARD), "CAT", lexicon="enable")
    assert {move.tiles for move in moves} >= {"CAT", "ACT"}
    assert all(move.row == 7 or move.col == 7 for move in moves)  # the first move covers H8
    assert app.scrabble_moves(parse_cgp(EMPTY_BOARD), "CAT", top=2) == moves[:2]


def test_replay_a_record_from_its_path() -> None:
    result = app.replay_record(GAME)
    assert result.record.source.endswith("six_pass_game.gcg")
    assert result.events


def test_score_a_move_or_say_why_not() -> None:
    empty = parse_cgp(EMPTY_BOARD)
    legal = app.score_move(empty, "8H", "CAT", rack="CATS")
    assert legal.violations == [] and legal.score is not None
    assert legal.score.total == 10  # C3 A1 T1 on the centre's double word
    illegal = app.score_move(empty, "1A", "CAT")
    assert illegal.score is None and illegal.violations


def test_exchanges_need_tiles_in_the_bag() -> None:
    assert [exchange.tiles for exchange in app.scrabble_exchanges(parse_cgp(EMPTY_BOARD), "AB")] == [
        "A",
        "B",
        "AB",
    ]


def test_photos_are_told_by_every_format_the_readers_decode(tmp_path) -> None:
    from boardsight.app.boggle import is_photo

    for name in ("tray.JPG", "tray.webp", "tray.bmp", "tray.tiff"):
        (tmp_path / name).write_bytes(b"x")
        assert is_photo(str(tmp_path / name)), name
    (tmp_path / "words.txt").write_text("LATE\n")
    assert not is_photo(str(tmp_path / "words.txt"))
    assert not is_photo(str(tmp_path / "missing.jpg"))
