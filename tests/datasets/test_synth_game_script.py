from pathlib import Path

import pytest

from boardsight.datasets.synth.game_script import CHALLENGE_PAUSE, script_from_record
from boardsight.scrabble.gcg_model import GcgRecord
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.rules import load_rules


@pytest.fixture(scope="module")
def short_game() -> GcgRecord:
    """The hand-made game of the recorder's tests (tests/recorder/data)."""
    return read_gcg(Path(__file__).resolve().parents[1] / "recorder" / "data" / "short_game.gcg")


def test_script_of_the_short_game(short_game) -> None:
    moves = script_from_record(short_game, load_rules("naspa"))
    assert len(moves) == 10
    assert moves[0].rows[7] == "......ZAX......"
    assert moves[2].rows[7] == "......ZAXY....." and moves[2].pause == CHALLENGE_PAUSE
    assert moves[3].rows == moves[1].rows  # the phony comes off again
    assert moves[4].command == "exchange 3"
    assert moves[7].command == "pass"
    assert moves[8].rows[11][6] == "?" and moves[8].command == "fix G12 o"
