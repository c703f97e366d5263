from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_tileset
from boardsight.vision.scrabble.position_checks import designate_blanks, excess_letters, run_text, runs

ENGLISH = load_tileset("english")
ALPHABET = ENGLISH.alphabet


def board(*rows: str) -> list[list[str]]:
    """A 15x15 grid with ``rows`` written from the top-left corner, the rest empty."""
    lines = [row.ljust(15, ".") for row in rows] + ["." * 15] * (15 - len(rows))
    return [list(line) for line in lines]


def test_runs_across_then_down() -> None:
    grid = board("CAT", ".X", ".E")
    assert [(r.position, r.length) for r in runs(grid)] == [("1A", 3), ("B1", 3)]


def test_run_text_reads_the_squares_with_substitutes_upper_case() -> None:
    grid = board("CaT", ".X", ".E")
    across, down = runs(grid)
    assert list(across.cells) == [(0, 0), (0, 1), (0, 2)]
    assert [run_text(grid, run) for run in (across, down)] == ["CAT", "AXE"]
    assert run_text(grid, down, {(1, 1): "?"}) == "A?E"
    assert run_text(grid, across, {}) == "CAT"


def test_blank_with_one_letter_is_designated() -> None:
    grid = board("C?T")
    lexicon = Lexicon.from_words(["CAT", "DOG"])
    assert designate_blanks(grid, lexicon, ALPHABET) == {(0, 1): ["A"]}


def test_blank_with_several_letters_stays_open() -> None:
    grid = board("C?T")
    lexicon = Lexicon.from_words(["CAT", "COT", "CUT"])
    assert designate_blanks(grid, lexicon, ALPHABET) == {(0, 1): ["A", "O", "U"]}


def test_blank_on_two_words_must_fit_both() -> None:
    grid = board("C?T", ".X.")
    lexicon = Lexicon.from_words(["CAT", "COT", "OX", "XA"])  # AX is no word here
    assert designate_blanks(grid, lexicon, ALPHABET) == {(0, 1): ["O"]}


def test_two_blanks_in_one_word_are_tried_together() -> None:
    grid = board("??")
    lexicon = Lexicon.from_words(["QI", "XI"])
    assert designate_blanks(grid, lexicon, ALPHABET) == {(0, 0): ["Q", "X"], (0, 1): ["I"]}


def test_blank_on_no_word_could_be_any_letter() -> None:
    assert designate_blanks(board("?"), Lexicon.from_words(["AA"]), ALPHABET) == {(0, 0): list(ALPHABET)}


def test_impossible_blank_has_no_candidates() -> None:
    assert designate_blanks(board("Q?Q"), Lexicon.from_words(["CAT"]), ALPHABET) == {(0, 1): []}


def test_swedish_letters_count_and_designate() -> None:
    swedish = load_tileset("swedish")
    grid = board("?T", "Ö.")
    lexicon = Lexicon.from_words(["ÅT", "ÄT", "ÅÖ"], folding="swedish")
    assert designate_blanks(grid, lexicon, swedish.alphabet) == {(0, 0): ["Å"]}
    assert excess_letters(board("ÖÖÖ"), swedish) == {"Ö": 1}


def test_runs_are_every_line_of_two_or_more_tiles_in_row_major_order() -> None:
    import random

    rng = random.Random(5)
    for _ in range(200):
        grid = [[rng.choice("..AB") for _ in range(15)] for _ in range(15)]
        expected = []
        for direction, (d_row, d_col) in (("across", (0, 1)), ("down", (1, 0))):
            for row in range(15):
                for col in range(15):
                    before = (row - d_row, col - d_col)
                    if grid[row][col] == "." or (min(before) >= 0 and grid[before[0]][before[1]] != "."):
                        continue
                    length = 0
                    while max(row + d_row * length, col + d_col * length) < 15 and (
                        grid[row + d_row * length][col + d_col * length] != "."
                    ):
                        length += 1
                    if length >= 2:
                        expected.append((row, col, direction, length))
        found = runs(grid)
        assert [(r.row, r.col, r.direction, r.length) for r in found] == expected
