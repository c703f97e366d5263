from collections import Counter
from pathlib import Path

import pytest

from boardsight.errors import BadInputError, NotFoundError
from boardsight.scrabble import load_layout, parse_square

PLAIN_LEGEND = '[legend]\n"." = {letter = 1, word = 1}\n'


def test_standard_layout_has_the_classic_premium_counts() -> None:
    layout = load_layout("standard")
    assert (layout.rows, layout.cols) == (15, 15)
    kinds = Counter(layout.premium(row, col).name for row in range(15) for col in range(15))
    assert kinds["triple word"] == 8
    assert kinds["double word"] == 16
    assert kinds["centre star (double word)"] == 1
    assert kinds["triple letter"] == 12
    assert kinds["double letter"] == 24


def test_standard_layout_is_symmetric_and_starts_on_the_star() -> None:
    layout = load_layout("standard")
    assert layout.start == (7, 7) == parse_square("H8")
    assert layout.word_multiplier(7, 7) == 2 and layout.letter_multiplier(7, 7) == 1
    for row in range(15):
        for col in range(15):
            here = layout.premium(row, col)
            assert here == layout.premium(col, row) == layout.premium(14 - row, col)
            assert here == layout.premium(row, 14 - col)


@pytest.mark.parametrize(
    ("square", "letter", "word"),
    [("A1", 1, 3), ("D1", 2, 1), ("B2", 1, 2), ("F2", 3, 1), ("G7", 2, 1), ("O15", 1, 3), ("H15", 1, 3)],
)
def test_known_squares(square: str, letter: int, word: int) -> None:
    row, col = parse_square(square)
    premium = load_layout().premium(row, col)
    assert (premium.letter, premium.word) == (letter, word)


def test_flat_multipliers_match_the_lookup() -> None:
    layout = load_layout()
    assert layout.letter_multipliers[0 * 15 + 3] == 2
    assert layout.word_multipliers[14 * 15 + 7] == 3
    assert len(layout.word_multipliers) == 225


def test_unknown_layout_names_the_known_ones() -> None:
    with pytest.raises(NotFoundError, match="known: standard"):
        load_layout("hexagonal")


def test_layout_file_by_path_and_its_errors(tmp_path: Path) -> None:
    good = tmp_path / "tiny.toml"
    good.write_text(
        'name = "tiny"\nstart = "B2"\nrows = ["T.T", ".*.", "T.T"]\n'
        '[legend]\n"." = {letter = 1, word = 1}\n"T" = {letter = 1, word = 3}\n"*" = {letter = 1, word = 2}\n'
    )
    tiny = load_layout(good)
    assert (tiny.rows, tiny.start, tiny.word_multiplier(0, 2)) == (3, (1, 1), 3)

    ragged = tmp_path / "ragged.toml"
    ragged.write_text('name = "r"\nstart = "A1"\nrows = ["..", "."]\n' + PLAIN_LEGEND)
    with pytest.raises(BadInputError, match="row 2 has 1 squares"):
        load_layout(ragged)

    unknown_symbol = tmp_path / "symbol.toml"
    unknown_symbol.write_text('name = "s"\nstart = "A1"\nrows = [".x"]\n' + PLAIN_LEGEND)
    with pytest.raises(BadInputError, match="legend lacks"):
        load_layout(unknown_symbol)

    broken = tmp_path / "broken.toml"
    broken.write_text("name = \n")
    with pytest.raises(BadInputError, match="not valid UTF-8 TOML"):
        load_layout(broken)
