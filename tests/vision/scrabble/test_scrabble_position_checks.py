import numpy as np

from boardsight.lexicon import Lexicon
from boardsight.models.training.scrabble.tile_data import CLASS_NAMES
from boardsight.scrabble import load_tileset
from boardsight.vision.scrabble.position_checks import (
    correct_misreads,
    designate_blanks,
    excess_letters,
    runs,
)

ENGLISH = load_tileset("english")
ALPHABET = ENGLISH.alphabet


def board(*rows: str) -> list[list[str]]:
    """A 15x15 grid with ``rows`` written from the top-left corner, the rest empty."""
    lines = [row.ljust(15, ".") for row in rows] + ["." * 15] * (15 - len(rows))
    return [list(line) for line in lines]


def confident(grid: list[list[str]]) -> np.ndarray:
    """Probabilities that put 0.98 on every square's own token."""
    cube = np.full((15, 15, len(CLASS_NAMES)), 0.02 / (len(CLASS_NAMES) - 1))
    for row in range(15):
        for col in range(15):
            cube[row, col, CLASS_NAMES.index(grid[row][col])] = 0.98
    return cube


def test_runs_across_then_down() -> None:
    grid = board("CAT", ".X", ".E")
    assert [(r.position, r.length) for r in runs(grid)] == [("1A", 3), ("B1", 3)]


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


def test_second_z_is_corrected_to_its_next_likely_letter() -> None:
    grid = board("ZEAL", "....", "ZEST")  # the set has one Z: the second is a misread B
    cube = confident(grid)
    cube[2, 0] = 0.0
    cube[2, 0, CLASS_NAMES.index("Z")] = 0.55
    cube[2, 0, CLASS_NAMES.index("B")] = 0.40
    cube[2, 0, CLASS_NAMES.index("R")] = 0.05
    lexicon = Lexicon.from_words(["ZEAL", "BEST", "REST"])
    assert excess_letters(grid, ENGLISH) == {"Z": 1}
    fixed, corrections = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, lexicon)
    assert fixed[2][:4] == list("BEST")
    assert [c.to_dict()["square"] for c in corrections] == ["A3"]
    assert corrections[0].read == "Z" and corrections[0].now == "B"
    assert "the english set has 1" in corrections[0].why
    assert excess_letters(fixed, ENGLISH) == {}


def test_the_count_fix_skips_letters_that_break_words() -> None:
    grid = board("ZEAL", "....", "ZEST")
    cube = confident(grid)
    cube[2, 0] = 0.0
    cube[2, 0, CLASS_NAMES.index("Z")] = 0.5
    cube[2, 0, CLASS_NAMES.index("P")] = 0.3  # PEST is no word in this lexicon
    cube[2, 0, CLASS_NAMES.index("R")] = 0.2
    fixed, _ = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, Lexicon.from_words(["ZEAL", "REST"]))
    assert fixed[2][:4] == list("REST")


def test_low_confidence_square_in_a_non_word_is_fixed_by_the_lexicon() -> None:
    grid = board("CAF")
    cube = confident(grid)
    cube[0, 2] = 0.0
    cube[0, 2, CLASS_NAMES.index("F")] = 0.6
    cube[0, 2, CLASS_NAMES.index("T")] = 0.4
    fixed, corrections = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, Lexicon.from_words(["CAT"]))
    assert "".join(fixed[0][:3]) == "CAT"
    assert "CAF at 1A is no word" in corrections[0].why


def test_confident_squares_are_left_alone() -> None:
    grid = board("CAF")
    fixed, corrections = correct_misreads(
        grid, confident(grid), CLASS_NAMES, ENGLISH, Lexicon.from_words(["CAT"])
    )
    assert fixed == grid and corrections == []


def test_swedish_letters_count_and_designate() -> None:
    swedish = load_tileset("swedish")
    grid = board("?T", "Ö.")
    lexicon = Lexicon.from_words(["ÅT", "ÄT", "ÅÖ"], folding="swedish")
    assert designate_blanks(grid, lexicon, swedish.alphabet) == {(0, 0): ["Å"]}
    assert excess_letters(board("ÖÖÖ"), swedish) == {"Ö": 1}


def test_a_third_blank_is_the_least_sure_one_read_as_empty() -> None:
    grid = board("?.?.?")
    cube = confident(grid)
    cube[0, 2] = 0.0
    cube[0, 2, CLASS_NAMES.index("?")] = 0.55
    cube[0, 2, CLASS_NAMES.index(".")] = 0.45
    fixed, corrections = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, None)
    assert "".join(fixed[0][:5]) == "?...?"
    assert corrections[0].to_dict() == {
        "square": "C1",
        "read": "?",
        "now": ".",
        "why": "3 blanks read, the english set has 2; . is the next likely reading here",
    }


def _maybe_blank(cube: np.ndarray, square: tuple[int, int], chance: float) -> None:
    cube[square] = 0.0
    cube[(*square, CLASS_NAMES.index("?"))] = chance
    cube[(*square, CLASS_NAMES.index("."))] = 1 - chance


def test_a_blank_read_as_empty_is_restored_when_it_mends_a_word() -> None:
    grid = board("QU.Z")  # the blank of QUIZ shows no letter and was taken for the board
    cube = confident(grid)
    _maybe_blank(cube, (0, 2), 0.2)
    fixed, corrections = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, Lexicon.from_words(["QUIZ"]))
    assert "".join(fixed[0][:4]) == "QU?Z"
    assert corrections[0].to_dict()["square"] == "C1"
    assert corrections[0].read == "." and corrections[0].now == "?"
    assert "QU_Z with a blank here (I) is valid; as read, QU is no word" in corrections[0].why
    assert designate_blanks(fixed, Lexicon.from_words(["QUIZ"]), ALPHABET) == {(0, 2): ["I"]}


def test_an_empty_square_between_valid_words_stays_empty() -> None:
    grid = board("AT.IT")
    lexicon = Lexicon.from_words(["AT", "IT", "ATEIT"])
    cube = confident(grid)
    _maybe_blank(cube, (0, 2), 0.45)
    fixed, corrections = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, lexicon)
    assert fixed == grid and corrections == []


def test_a_lone_tile_is_taken_off_when_empty_was_possible() -> None:
    grid = board("CAT", "", "", "....E")  # E5 touches no tile: a premium label read as E
    cube = confident(grid)
    cube[3, 4] = 0.0
    cube[3, 4, CLASS_NAMES.index("E")] = 0.7
    cube[3, 4, CLASS_NAMES.index(".")] = 0.3
    fixed, corrections = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, Lexicon.from_words(["CAT"]))
    assert fixed[3][4] == "." and fixed[0][:3] == list("CAT")
    assert corrections[0].to_dict() == {
        "square": "E4",
        "read": "E",
        "now": ".",
        "why": "a tile touching no other tile is part of no word; empty was the next likely reading",
    }
    sure = confident(grid)  # read with no doubt at all, it stays (a stray tile on the board)
    sure[3, 4] = 0.0
    sure[3, 4, CLASS_NAMES.index("E")] = 1.0
    assert correct_misreads(grid, sure, CLASS_NAMES, ENGLISH, None)[0][3][4] == "E"


def test_no_blank_is_restored_beyond_the_sets_two_or_where_no_letter_fits() -> None:
    lexicon = Lexicon.from_words(["QUIZ", "CAT"])
    grid = board("QU.Z", "?", "?")
    cube = confident(grid)
    _maybe_blank(cube, (0, 2), 0.4)
    assert correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, lexicon)[0] == grid
    grid = board("QU.X")
    cube = confident(grid)
    _maybe_blank(cube, (0, 2), 0.4)
    assert correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, lexicon)[0] == grid


def test_an_unlikely_blank_is_never_restored() -> None:
    grid = board("QU.Z")
    cube = confident(grid)
    _maybe_blank(cube, (0, 2), 0.01)
    fixed, _ = correct_misreads(grid, cube, CLASS_NAMES, ENGLISH, Lexicon.from_words(["QUIZ"]))
    assert fixed == grid
