import pytest

from boardsight.scrabble import load_rules
from boardsight.scrabble.game import SCORELESS, GameState
from boardsight.scrabble.gcg_reader import parse_gcg
from boardsight.scrabble.move import Placement
from boardsight.scrabble.replay import replay

BLANKS_FIRST = """#character-encoding UTF-8
#player1 anna Anna
#player2 bertil Bertil
>anna: ??AEIRT 8G qi +0 0
>bertil: DFGLNOP - +0 0
>anna: AEIRTUV - +0 0
>bertil: DFGLNOP - +0 0
>anna: AEIRTUV - +0 0
>bertil: DFGLNOP - +0 0
"""


@pytest.mark.parametrize("name", ["naspa", "wespa", "swedish"])
def test_a_placement_worth_nothing_is_a_scoreless_turn(name: str) -> None:
    state = GameState.start(load_rules(name))
    state.play(Placement(7, 6, "across", "qi"), 0)  # two blanks: QI for no points
    assert state.scoreless_turns == 1
    for _ in range(5):
        state.pass_turn()
    assert state.ended_by == SCORELESS


def test_a_placement_that_scores_ends_the_scoreless_run() -> None:
    state = GameState.start(load_rules("naspa"))
    state.pass_turn()
    state.play(Placement(7, 6, "across", "qI"), 2)
    assert state.scoreless_turns == 0


def test_casual_rules_count_only_passes() -> None:
    state = GameState.start(load_rules("casual"))
    state.pass_turn()
    state.play(Placement(7, 6, "across", "qi"), 0)
    assert state.scoreless_turns == 0


def test_a_challenge_bonus_makes_the_turn_score_after_all() -> None:
    state = GameState.start(load_rules("wespa"))
    state.play(Placement(7, 6, "across", "qi"), 0)
    state.challenge_bonus(0, 5)
    assert state.scoreless_turns == 0 and state.scores == [5, 0]


def test_replay_ends_the_game_after_a_zero_score_play_and_five_passes() -> None:
    result = replay(parse_gcg(BLANKS_FIRST), load_rules("naspa"))
    assert result.state.ended_by == SCORELESS
    assert not result.disagreements
    # Under the casual rules only passes count: the fourth pass ends the game, so the fifth
    # (line 9) comes too late; had the play counted, the third pass would have ended it.
    casual = replay(parse_gcg(BLANKS_FIRST), load_rules("casual"))
    assert [(item.line, item.kind) for item in casual.disagreements] == [(9, "turn")]
