"""The rules a GCG record shows: its challenge bonuses, the list its #lexicon names."""

import pytest

from boardsight.scrabble.gcg_model import CHALLENGE, PLACEMENT, GcgEvent, GcgPlayer, GcgRecord
from boardsight.scrabble.record_rules import rules_from_record

PLAYERS = [GcgPlayer(1, "ann", "Ann"), GcgPlayer(2, "bo", "Bo")]


def record(*, lexicon: str = "", bonus: int | None = None, other=()) -> GcgRecord:
    events = [GcgEvent(4, 0, PLACEMENT, "AEINST?", 24, 24, position="8D", tiles="CAT")]
    if bonus is not None:
        events.append(GcgEvent(5, 0, CHALLENGE, "", bonus, 24 + bonus))
    return GcgRecord(
        players=PLAYERS,
        events=events,
        pragmas={"lexicon": lexicon} if lexicon else {},
        other_pragmas=list(other),
    )


def test_challenge_bonuses_mean_a_five_point_rule() -> None:
    choice = rules_from_record(record(lexicon="NWL2020", bonus=5))
    assert choice.name == "wespa"
    assert "challenge bonuses" in choice.reason and "line 5" in choice.reason


def test_a_failed_challenge_penalty_is_no_bonus() -> None:
    assert rules_from_record(record(bonus=-10)).name == "naspa"


@pytest.mark.parametrize(
    ("lexicon", "rules"),
    [("CSW21", "wespa"), ("csw24", "wespa"), ("NWL2020", "naspa"), ("TWL06", "naspa"), ("ENABLE", "naspa")],
)
def test_the_lexicon_names_the_rules(lexicon: str, rules: str) -> None:
    choice = rules_from_record(record(lexicon=lexicon))
    assert choice.name == rules
    assert (lexicon in choice.reason) == (lexicon != "ENABLE")


def test_a_rule_pragma_names_the_rules() -> None:
    choice = rules_from_record(record(other=[("note", "played at the club"), ("rules", "WESPA 2023")]))
    assert choice.name == "wespa" and "#rules" in choice.reason


def test_a_record_that_shows_nothing_gets_the_default_and_says_so() -> None:
    choice = rules_from_record(record())
    assert choice.name == "naspa" and "default" in choice.reason
