"""A rack a player can hold: its size and the set's tile counts."""

from collections import Counter

import pytest

from boardsight.errors import BadInputError
from boardsight.scrabble.rack import checked_rack


def test_a_full_rack_with_a_blank_is_accepted(english) -> None:
    assert checked_rack("AEINST?", english, rack_size=7) == Counter("AEINST?")


def test_a_rack_of_more_tiles_than_a_rack_holds_is_refused(english) -> None:
    with pytest.raises(BadInputError, match="'ABCDEFGHIJ' has 10 tiles; a rack holds at most 7"):
        checked_rack("ABCDEFGHIJ", english, rack_size=7)


def test_more_of_a_letter_than_the_set_holds_is_refused(english) -> None:
    with pytest.raises(BadInputError, match=r"more tiles than the english set holds \(2 Z, the set has 1\)"):
        checked_rack("ZZ", english, rack_size=7)
