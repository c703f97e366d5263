"""The bundled Boggle dice sets load, fit their trays and hold only shared-format tokens."""

from __future__ import annotations

from collections import Counter

import pytest

from boardsight.boggle.dice import (
    DEFAULT_SET_FOR_SIZE,
    DICE_SETS,
    FACE_TOKENS,
    can_roll,
    dice_sets_for_size,
    load_dice_set,
)
from boardsight.errors import BadInputError


@pytest.mark.parametrize("name", DICE_SETS)
def test_every_set_fills_its_tray_with_six_faced_dice(name: str) -> None:
    dice_set = load_dice_set(name)
    assert len(dice_set.dice) == dice_set.rows * dice_set.cols
    assert all(len(die) == 6 for die in dice_set.dice)
    assert dice_set.faces <= FACE_TOKENS
    assert "boardgamegeek" in dice_set.source.lower() or "oeis" in dice_set.source.lower()


def test_classic_and_1987_sets_are_the_published_ones() -> None:
    classic = load_dice_set("classic")
    assert ("A", "B", "J", "M", "O", "QU") in classic.dice
    new = load_dice_set("1987")
    assert ("H", "I", "M", "N", "QU", "U") in new.dice
    assert Counter(face for die in new.dice for face in die)["E"] == 11


def test_super_big_set_has_two_letter_faces_and_blocked_faces() -> None:
    superbig = load_dice_set("superbig")
    assert ("QU", "IN", "TH", "ER", "HE", "AN") in superbig.dice
    assert sum(die.count("#") for die in superbig.dice) == 3
    assert sum(die.count("QU") for die in superbig.dice) == 2


def test_sets_by_size_and_defaults() -> None:
    assert {s.key for s in dice_sets_for_size(4)} == {"classic", "1987"}
    for size, name in DEFAULT_SET_FOR_SIZE.items():
        assert load_dice_set(name).rows == size


def test_unknown_set_is_a_clear_error() -> None:
    with pytest.raises(BadInputError, match="unknown dice set"):
        load_dice_set("mega")


def test_can_roll_needs_distinct_dice() -> None:
    classic = load_dice_set("classic")
    assert can_roll(["QU", "A", "E"], classic)
    # only one classic die (ADENVZ) carries a Z and only one (ABJMOQ) a J
    assert can_roll(["Z", "J"], classic)
    assert not can_roll(["Z", "Z"], classic)
    assert not can_roll(["X"] * 2, classic)
    assert not can_roll(["A"] * 17, classic)
    assert not can_roll(["IN"], classic)
