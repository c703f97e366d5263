from pathlib import Path

from boardsight.scrabble import load_rules
from boardsight.scrabble.board import Board
from boardsight.scrabble.position import Position
from boardsight.scrabble.position_source import PositionRequest, load_position, register_position_reader

GAME = Path(__file__).parent / "data" / "six_pass_game.gcg"


def test_a_game_record_gives_the_position_before_a_turn_and_after_the_last() -> None:
    rules = load_rules("naspa")
    before_third = load_position(GAME, rules=rules, turn=3)
    assert before_third.rack == "EIRSTUX"
    assert before_third.scores == [24, 7]  # anna (on turn) first
    assert before_third.board.tile_count() == 6
    at_end = load_position(GAME, rules=rules)
    assert at_end.scores == [-7, 31] and at_end.scoreless_turns == 6  # bertil would be on turn


def test_new_kinds_of_source_plug_in_by_suffix(tmp_path: Path) -> None:
    seen: list[PositionRequest] = []

    def read_photo(path: Path, request: PositionRequest) -> Position:
        seen.append(request)
        return Position(Board(), ["AEINRST", ""], [0, 0])

    register_position_reader((".testphoto",), read_photo)
    photo = tmp_path / "board.testphoto"
    photo.write_bytes(b"pixels")
    position = load_position(photo, rules=load_rules("swedish"))
    assert position.rack == "AEINRST" and seen[0].rules.name == "swedish"
