from pathlib import Path

import pytest

from boardsight.errors import BadInputError, NotFoundError
from boardsight.scrabble import bundled_names, load_layout, load_rules, load_tileset


def test_the_four_rule_sets_ship_and_name_real_layouts_and_tiles() -> None:
    assert {"naspa", "wespa", "swedish", "casual"} <= set(bundled_names("rules"))
    for name in bundled_names("rules"):
        rules = load_rules(name)
        assert rules.name == name
        assert load_layout(rules.layout).rows == 15
        assert load_tileset(rules.tileset).total_tiles == 100
        assert rules.rack_size == 7 and rules.bingo_bonus == 50 and rules.exchange_min_bag == 7


def test_challenge_rules() -> None:
    assert load_rules("naspa").challenge.failed_challenger_loses_turn
    wespa = load_rules("wespa").challenge
    assert (wespa.rule, wespa.bonus_per_word) == ("five-point", 5)
    swedish = load_rules("swedish").challenge
    assert (swedish.rule, swedish.failed_penalty) == ("swedish", 10)


def test_scoreless_end() -> None:
    naspa = load_rules("naspa")
    assert naspa.scoreless_turn_limit(2) == 6
    assert all(naspa.counts_as_scoreless(kind) for kind in ("pass", "exchange", "withdrawn-phony"))
    casual = load_rules("casual")
    assert casual.scoreless_turn_limit(2) == 4 and casual.scoreless_turn_limit(3) == 6
    assert casual.counts_as_scoreless("pass") and not casual.counts_as_scoreless("exchange")


def test_exchange_limit() -> None:
    rules = load_rules("naspa")
    assert rules.can_exchange(7) and not rules.can_exchange(6)


def test_going_out() -> None:
    assert load_rules("naspa").going_out_adjustments([7]) == (14, [0])
    assert load_rules("casual").going_out_adjustments([7, 3]) == (10, [-7, -3])


def test_clock() -> None:
    english, swedish = load_rules("naspa"), load_rules("swedish")
    assert english.time.minutes_per_player == 25 and swedish.time.minutes_per_player == 30
    assert english.overtime_penalty(0) == 0
    assert english.overtime_penalty(1) == 10  # a started minute counts in full
    assert english.overtime_penalty(60) == 10 and english.overtime_penalty(61) == 20
    assert not english.overtime_forfeits(3600)
    assert not swedish.overtime_forfeits(300) and swedish.overtime_forfeits(301)
    assert swedish.forfeit_spread(-40) == 150 and swedish.forfeit_spread(212) == 212


def test_rule_set_errors(tmp_path: Path) -> None:
    with pytest.raises(NotFoundError, match="casual, naspa, swedish, wespa"):
        load_rules("absp2")
    text = (Path(__file__).parents[2] / "boardsight/scrabble/data/rules/naspa.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('rule = "double"', 'rule = "triple"'))
    with pytest.raises(BadInputError, match="choose one of double, single"):
        load_rules(bad)
    bad.write_text(text.replace("scoreless_turns = 6", "scoreless_turns = 6\nscoreless_turns_per_player = 2"))
    with pytest.raises(BadInputError, match="exactly one of"):
        load_rules(bad)


@pytest.mark.parametrize(
    ("rules", "words", "kind", "points"),
    [("naspa", 2, "turn", 0), ("wespa", 3, "bonus", 15), ("swedish", 2, "penalty", 10)],
)
def test_failed_challenge_outcomes(rules: str, words: int, kind: str, points: int) -> None:
    from boardsight.scrabble.rules import failed_challenge

    outcome = failed_challenge(load_rules(rules).challenge, words)
    assert (outcome.kind, outcome.points) == (kind, points)


def test_a_free_challenge_costs_nothing() -> None:
    from boardsight.scrabble.rules import ChallengeRule, failed_challenge

    assert failed_challenge(ChallengeRule("void", 0, 0)).kind == "none"
