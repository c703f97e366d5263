from pathlib import Path

import pytest

from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_rules
from boardsight.scrabble.gcg_reader import parse_gcg
from boardsight.scrabble.replay import replay

DATA = Path(__file__).parent / "data"
GAME = (DATA / "six_pass_game.gcg").read_text(encoding="utf-8")


def replay_text(text: str, rules: str = "naspa", lexicon: Lexicon | None = None):
    return replay(parse_gcg(text), load_rules(rules), lexicon)


def kinds(result) -> list[tuple[int, str]]:
    return [(item.line, item.kind) for item in result.disagreements]


def test_a_consistent_game_replays_without_disagreement() -> None:
    result = replay_text(GAME)
    assert result.ok and result.complete
    assert result.final_scores == result.recorded_scores == [31, -7]
    assert [item.computed_score for item in result.events[:3]] == [24, 7, 20]
    assert result.state.board.get(4, 9) == "X"


def test_a_wrong_score_is_reported_on_its_line() -> None:
    text = GAME.replace(".XE +20 44", ".XE +22 46").replace("+0 44", "+0 46").replace("-13 31", "-13 33")
    result = replay_text(text)
    assert kinds(result) == [(9, "score")]
    assert "scores +20, the record says +22" in result.disagreements[0].message


def test_a_wrong_total_is_reported_on_its_line() -> None:
    result = replay_text(GAME.replace(".XE +20 44", ".XE +20 45"))
    assert (9, "cumulative") in kinds(result)


def test_a_move_out_of_turn() -> None:
    result = replay_text(GAME.replace(">bertil: ABDEFLV I5", ">anna: ABDEFLV I5"))
    assert (8, "turn") in kinds(result)


def test_tiles_not_on_the_rack() -> None:
    result = replay_text(GAME.replace(">anna: EIRSTUX 5I", ">anna: EIRSTUV 5I"))
    assert kinds(result) == [(9, "rack")]
    assert "lacks X" in result.disagreements[0].message


def test_an_illegal_placement_stops_the_replay() -> None:
    result = replay_text(GAME.replace("5I .XE", "3A XE"))
    assert kinds(result)[0] == (9, "illegal")
    assert "touch no tile" in result.disagreements[0].message


def test_the_scoreless_end_needs_the_right_rack_penalties() -> None:
    result = replay_text(GAME.replace("(DFGLNOP) -14 -7", "(DFGLNOP) -15 -8"))
    assert kinds(result) == [(17, "score")]


def test_a_move_after_the_game_ended() -> None:
    result = replay_text(
        GAME.replace(">anna: IRSTUVW (IRSTUVW)", ">anna: IRSTUVW - +0 44\n>anna: IRSTUVW (IRSTUVW)")
    )
    assert (16, "turn") in kinds(result)


def test_a_withdrawn_phony_takes_the_tiles_and_the_score_back() -> None:
    phony = ">bertil: ABDEFLV I5 ABE. +7 7\n>bertil: ABDEFLV -- -7 0\n"
    text = GAME.replace(">bertil: ABDEFLV I5 ABE. +7 7\n", phony)
    result = replay_text(text)
    assert result.events[2].computed_score == -7
    # The board lost ABE, so anna's next move plays through an empty I5.
    assert kinds(result) == [(10, "illegal")]
    assert "I5 as played through, but it is empty" in result.disagreements[0].message


def test_challenge_bonus_follows_the_rule_set() -> None:
    text = GAME.replace(
        ">bertil: ABDEFLV I5 ABE. +7 7\n", ">bertil: ABDEFLV I5 ABE. +7 7\n>bertil: (challenge) +5 12\n"
    )
    text = text.replace("+0 7", "+0 12").replace("-14 -7", "-14 -2")
    assert replay_text(text, "wespa").ok
    naspa = replay_text(text, "naspa")
    assert kinds(naspa) == [(9, "challenge")]


def test_time_penalties_come_last_and_in_steps_of_ten() -> None:
    assert replay_text(GAME + ">anna: (time) -10 21\n").ok
    assert kinds(replay_text(GAME + ">anna: (time) -15 16\n")) == [(18, "time")]
    early = GAME.replace(
        ">anna: IRSTUVW (IRSTUVW) -13 31\n", ">anna: (time) -10 34\n>anna: IRSTUVW (IRSTUVW) -13 21\n"
    )
    assert (16, "time") in kinds(replay_text(early))


def test_a_lexicon_reports_invalid_words_without_failing_the_replay() -> None:
    lexicon = Lexicon.from_words(["QAT", "ABET"])
    result = replay_text(GAME, lexicon=lexicon)
    assert result.ok
    assert [(item.line, item.word) for item in result.invalid_words] == [(9, "AXE")]


TINY_TILES = """name = "tiny"
folding = "english"
alphabet = "AT"
blanks = 0
blank_only = []
[tiles]
A = [3, 1]
T = [3, 1]
"""

TINY_RULES = """name = "tiny"
layout = "standard"
tileset = "{tileset}"
rack_size = 2
bingo_bonus = 0
exchange_min_bag = 1
[challenge]
rule = "double"
bonus_per_word = 0
failed_penalty = 0
[end]
scoreless_turns = 6
scoreless_kinds = ["pass", "exchange", "withdrawn-phony"]
going_out = "{going_out}"
[time]
minutes_per_player = 25
overtime_penalty = 10
forfeit_after_minutes = 0
forfeit_min_spread = 0
"""

# Six tiles, racks of two: anna's opening empties the bag, and her third move goes out.
GOING_OUT = """#player1 anna Anna
#player2 bertil Bertil
>anna: AT 8G AT +4 4
>bertil: AT H7 A. +2 2
>anna: AT I7 TA +9 13
{ending}"""


@pytest.mark.parametrize(
    ("going_out", "ending", "final"),
    [
        ("double", ">anna: (T) +2 15\n", [15, 2]),
        ("transfer", ">anna: (T) +1 14\n>bertil: T (T) -1 1\n", [14, 1]),
    ],
)
def test_going_out_under_each_end_rule(tmp_path: Path, going_out: str, ending: str, final: list[int]) -> None:
    tiles = tmp_path / "tiny_tiles.toml"
    tiles.write_text(TINY_TILES)
    rules_path = tmp_path / f"tiny_{going_out}.toml"
    rules_path.write_text(TINY_RULES.format(tileset=tiles.as_posix(), going_out=going_out))
    rules = load_rules(rules_path)
    result = replay(parse_gcg(GOING_OUT.format(ending=ending)), rules)
    assert result.ok, result.disagreements
    assert result.complete and result.final_scores == final
    # The other end rule disagrees with the same record.
    other = "transfer" if going_out == "double" else "double"
    other_path = tmp_path / f"tiny_{other}.toml"
    other_path.write_text(TINY_RULES.format(tileset=tiles.as_posix(), going_out=other))
    assert not replay(parse_gcg(GOING_OUT.format(ending=ending)), load_rules(other_path)).ok


def _finished_game_with_a_pass_after_going_out(rules: str, *, after_rack_points: bool = False) -> str:
    """A complete self-played game in which the opponent passes right after the play that went
    out (or after the rack points), as GCG text."""
    from boardsight.datasets.synth.selfplay import self_play
    from boardsight.lexicon import load_lexicon
    from boardsight.scrabble.gcg_model import PASS, GcgEvent
    from boardsight.scrabble.gcg_writer import write_gcg

    record = self_play(load_rules(rules), load_lexicon("enable"), seed=0, turns=80)
    going_out = max(i for i, event in enumerate(record.events) if event.kind == "placement")
    opponent = 1 - record.events[going_out].player
    total = [event.cumulative for event in record.events[:going_out] if event.player == opponent][-1]
    at = len(record.events) if after_rack_points else going_out + 1
    record.events.insert(at, GcgEvent(0, opponent, PASS, "", 0, total))
    return write_gcg(record)


def test_under_double_challenge_a_pass_after_going_out_is_a_failed_challenge() -> None:
    result = replay_text(_finished_game_with_a_pass_after_going_out("naspa"))
    assert result.ok and result.complete, result.disagreements
    readings = [item.reading for item in result.events if item.reading]
    assert len(readings) == 1 and readings[0].endswith("failed challenge of the last play")


@pytest.mark.parametrize(
    ("rules", "after_rack_points"), [("wespa", False), ("naspa", True)], ids=["five-point", "after-points"]
)
def test_other_moves_after_going_out_still_come_after_the_end(rules: str, after_rack_points: bool) -> None:
    text = _finished_game_with_a_pass_after_going_out(rules, after_rack_points=after_rack_points)
    result = replay_text(text, rules)
    assert any("moves after the game ended" in item.message for item in result.disagreements)
