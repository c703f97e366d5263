from pathlib import Path

import pytest

from boardsight.errors import BadInputError, NotFoundError
from boardsight.scrabble import BLANK, load_tileset

# The Swedish distribution exactly as the Swedish Scrabble Association lists it:
# letters with their counts, grouped by value.
SWEDISH_BY_VALUE = {
    1: "A8 R8 S8 T8 E7 N6 D5 I5 L5",
    2: "O5 G3 K3 M3 H2",
    3: "F2 V2 Ä2",
    4: "U3 B2 P2 Å2 Ö2",
    7: "J1 Y1",
    8: "C1 X1",
    10: "Z1",
}

ENGLISH = (
    "A9:1 B2:3 C2:3 D4:2 E12:1 F2:4 G3:2 H2:4 I9:1 J1:8 K1:5 L4:1 M2:3 N6:1 O8:1 P2:3 Q1:10 R6:1 "
    "S4:1 T6:1 U4:1 V2:4 W2:4 X1:8 Y2:4 Z1:10"
)


def test_swedish_tiles_match_the_official_list() -> None:
    swedish = load_tileset("swedish")
    expected_counts, expected_values = {}, {}
    for value, group in SWEDISH_BY_VALUE.items():
        for item in group.split():
            expected_counts[item[0]] = int(item[1:])
            expected_values[item[0]] = value
    assert swedish.counts == expected_counts
    assert swedish.values == expected_values
    assert swedish.blanks == 2 and swedish.value(BLANK) == 0
    assert swedish.total_tiles == 100
    assert swedish.folding == "swedish"


def test_swedish_q_w_u_umlaut_and_ae_are_blank_only() -> None:
    swedish = load_tileset("swedish")
    assert set(swedish.blank_only) == {"Q", "W", "Ü", "Æ"}
    for letter in "QWÜÆ":
        assert swedish.count(letter) == 0
        assert swedish.is_letter(letter)
        assert letter not in swedish.letters
    assert swedish.fold("café") == "CAFE" and swedish.fold("blåbär") == "BLÅBÄR"


def test_english_tiles() -> None:
    english = load_tileset("english")
    for item in ENGLISH.split():
        letter, rest = item[0], item[1:]
        count, value = rest.split(":")
        assert (english.count(letter), english.value(letter)) == (int(count), int(value))
    assert english.total_tiles == 100 and english.blanks == 2
    assert english.blank_only == ()
    assert english.letters == tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert english.full_bag()["?"] == 2 and sum(english.full_bag().values()) == 100


def test_blanks_and_lower_case_letters_score_nothing() -> None:
    english = load_tileset("english")
    assert english.value("q") == 0 and english.value("Q") == 10
    assert english.rack_value("QZ?a") == 20


def test_unknown_tileset() -> None:
    with pytest.raises(NotFoundError, match="english, swedish"):
        load_tileset("klingon")


HEADER = 'name = "bad"\nfolding = "english"\nalphabet = "A"\nblanks = 0\nblank_only = []\n[tiles]\n'


def test_tileset_file_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(HEADER.replace('"A"', '"AB"') + "A = [1, 1]\n")
    with pytest.raises(BadInputError, match="exactly the letters without tiles: B"):
        load_tileset(path)
    path.write_text(HEADER + "A = [1]\n")
    with pytest.raises(BadInputError, match=r"\[count, value\]"):
        load_tileset(path)


def test_each_tile_set_names_its_lexicon() -> None:
    assert (load_tileset("english").lexicon, load_tileset("swedish").lexicon) == ("enable", "sv")
