"""The rule set a GCG record itself shows, for replaying it when no rules are named.

A record rarely names its rules, but it often shows them: challenge-bonus events
(``(challenge) +5``) are only written under a five-point challenge rule, and a lexicon
(``#lexicon CSW21``) or a rule pragma naming a Collins list belongs to WESPA play, one
naming NWL (or TWL) to NASPA play. Pure logic over a :class:`GcgRecord`.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardsight.scrabble.gcg_model import CHALLENGE, GcgRecord

DEFAULT_RULES = "naspa"
COLLINS_LISTS = ("CSW", "COLLINS", "SOWPODS")
NORTH_AMERICAN_LISTS = ("NWL", "TWL", "OTCWL", "OWL", "NSWL")
RULE_NAMES = {"WESPA": "wespa", "NASPA": "naspa"}


@dataclass(frozen=True)
class RulesChoice:
    """A bundled rule set's name and why it was chosen (one clause, for a summary line)."""

    name: str
    reason: str


def _named_rules(label: str, value: str) -> RulesChoice | None:
    words = value.upper().replace("-", " ").replace("_", " ").split()
    for word in words:
        if word in RULE_NAMES:
            return RulesChoice(RULE_NAMES[word], f"{label} names {word}")
        if word.startswith(COLLINS_LISTS):
            return RulesChoice("wespa", f"{label} names a Collins list, played under WESPA rules")
        if word.startswith(NORTH_AMERICAN_LISTS):
            return RulesChoice("naspa", f"{label} names a North American list, played under NASPA rules")
    return None


def rules_from_record(record: GcgRecord) -> RulesChoice:
    """The rules ``record`` shows: five-point challenge (WESPA) when it holds challenge
    bonuses; else WESPA or NASPA by the list its ``#lexicon`` (or a rule pragma) names;
    else the default, NASPA."""
    bonuses = [event.line for event in record.events if event.kind == CHALLENGE and event.score > 0]
    if bonuses:
        where = f"line {bonuses[0]}" + (f" and {len(bonuses) - 1} more" if len(bonuses) > 1 else "")
        reason = f"the record holds challenge bonuses, which a five-point challenge rule gives ({where})"
        return RulesChoice("wespa", reason)
    if record.lexicon:
        choice = _named_rules(f"its #lexicon {record.lexicon}", record.lexicon)
        if choice is not None:
            return choice
    for key, value in [*record.pragmas.items(), *record.other_pragmas]:
        if "rule" in key.lower():
            choice = _named_rules(f"its #{key} {value}", value)
            if choice is not None:
                return choice
    return RulesChoice(DEFAULT_RULES, "the record shows no rules: the default")
