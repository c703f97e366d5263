"""Figures per hand: each hand's words and marks scored apart, the worst read first."""

from __future__ import annotations

from boardsight.datasets.sheet_eval import SheetEvaluation, hand_table
from boardsight.sheets.scoring import SheetScore


def _score(words: int, right: int, flagged: int = 0, false_marks: int = 0, asked: int = 0) -> SheetScore:
    score = SheetScore(
        words=words,
        right=right,
        flagged=flagged,
        strikes_in_doubt=[asked, 1 if asked else 0],
        offered_first=flagged // 2,
        misread_taken=words - right - flagged,
        false_penalty=1 if right < words else 0,
    )
    score.marks["cancelled"] = [3, 1, false_marks]
    return score


def test_the_hand_read_worst_comes_first_with_its_own_figures() -> None:
    evaluation = SheetEvaluation(
        by_hand={"Lato": _score(40, 40), "Femkeklaver": _score(50, 40, flagged=6, false_marks=2, asked=2)},
        hand_sheets={"Lato": 1, "Femkeklaver": 2},
    )
    header, rows = hand_table(evaluation)
    table = [dict(zip(header, row, strict=True)) for row in rows]
    assert [row["hand"] for row in table] == ["Femkeklaver", "Lato"]
    assert table[0] == {
        "hand": "Femkeklaver",
        "sheets": "2",
        "words right": "80.00% (40/50)",
        "flagged": "6",
        "right word first": "3",
        "misread, not asked": "4",
        "not found": "0",
        "false valid": "0",
        "false penalties": "1",
        "marks found": "75.00%",
        "false marks": "2",
        "strikes asked": "3",
    }
    assert table[1]["words right"] == "100.00% (40/40)"
    assert (table[1]["misread, not asked"], table[1]["false penalties"]) == ("0", "0")
