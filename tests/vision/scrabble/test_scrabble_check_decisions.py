import numpy as np
import pytest

from boardsight.lexicon import Lexicon
from boardsight.models.training.scrabble.tile_data import CLASS_NAMES
from boardsight.scrabble import load_tileset
from boardsight.vision.scrabble.check_decisions import CHECK_NAMES, check_position, percent
from boardsight.vision.scrabble.position_checks import designate_blanks, excess_letters

ENGLISH = load_tileset("english")


def board(*rows: str) -> list[list[str]]:
    """A 15x15 grid with ``rows`` written from the top-left corner, the rest empty."""
    lines = [row.ljust(15, ".") for row in rows] + ["." * 15] * (15 - len(rows))
    return [list(line) for line in lines]


def confident(grid: list[list[str]], sure: float = 0.98) -> np.ndarray:
    """Probabilities that put ``sure`` on every square's own token and spread the rest."""
    cube = np.full((15, 15, len(CLASS_NAMES)), (1 - sure) / (len(CLASS_NAMES) - 1))
    for row in range(15):
        for col in range(15):
            cube[row, col, CLASS_NAMES.index(grid[row][col])] = sure
    return cube


def read_as(cube: np.ndarray, square: tuple[int, int], **chances: float) -> None:
    """Square ``square`` read with these chances (``empty``/``blank`` for ``.``/``?``), the rest even."""
    names = {"empty": ".", "blank": "?"}
    rest = (1 - sum(chances.values())) / (len(CLASS_NAMES) - len(chances))
    cube[square] = rest
    for name, chance in chances.items():
        cube[(*square, CLASS_NAMES.index(names.get(name, name)))] = chance


def check(grid, cube, lexicon=None, checks=CHECK_NAMES):
    return check_position(grid, cube, CLASS_NAMES, ENGLISH, lexicon, checks)


def test_a_doubtful_square_in_an_invalid_word_is_fixed() -> None:
    grid = board("CAF", "A..", "T..")
    cube = confident(grid)
    read_as(cube, (0, 2), F=0.6, T=0.38)
    lexicon = Lexicon.from_words(["CAT", "CAT"])
    result = check(grid, cube, lexicon)
    assert "".join(result.grid[0][:3]) == "CAT"
    [change] = result.corrections
    assert (change.read, change.now, change.check) == ("F", "T", "words")
    assert change.why.startswith("CAF at 1A is no word and F 59% -> T 37% makes every word here valid")
    assert change.why.endswith(": changed")


def test_a_confident_square_in_an_invalid_word_is_kept_and_flagged() -> None:
    grid = board("CAF", "A..", "T..")
    cube = confident(grid)
    read_as(cube, (0, 2), F=0.97, T=0.01)
    result = check(grid, cube, Lexicon.from_words(["CAT"]))
    assert result.grid == grid and result.corrections == []
    [flag] = result.flags
    assert flag.read == "F" and flag.alternatives[0][0] == "T"
    assert "F 95% -> T 1%" in flag.why and flag.why.endswith("kept, flagged")


def test_a_decorative_board_of_names_stays_as_read() -> None:
    # Names crossing: most runs are no words, so the board is no game and nothing changes,
    # though one square is doubtful and a letter there would make its word valid.
    grid = board("ANNA.....", "N..L.....", "DAVID....", "Y..C.....", "...E.BOB.", ".....E...", ".....N...")
    cube = confident(grid)
    read_as(cube, (2, 0), D=0.55, S=0.4)  # SAVID is no word either; AVID would need a change too
    read_as(cube, (4, 3), E=0.6, K=0.39)  # ALICK would be a word in this lexicon
    lexicon = Lexicon.from_words(["AVID", "ALICK", "BOB", "BEN"])
    result = check(grid, cube, lexicon)
    assert result.grid == grid
    assert result.corrections == []


def test_three_z_read_at_99_percent_stay() -> None:
    grid = board("ZAX", "", "ZED", "", "ZOA")
    cube = confident(grid, sure=0.99)
    result = check(grid, cube, Lexicon.from_words(["ZAX", "ZED", "ZOA"]))
    assert result.grid == grid and result.corrections == []
    assert excess_letters(result.grid, ENGLISH) == {"Z": 2}
    assert result.notes and "3 Z read, one english set has 1" in result.notes[0]


def test_a_doubtful_second_z_is_changed_to_its_next_reading() -> None:
    grid = board("ZEAL", "....", "ZEST")  # the set has one Z: the second is a misread B
    cube = confident(grid)
    read_as(cube, (2, 0), Z=0.55, B=0.40)
    result = check(grid, cube, checks=("counts",))
    assert result.grid[2][:4] == list("BEST")
    [change] = result.corrections
    assert change.to_dict()["square"] == "A3" and change.check == "counts"
    assert "2 Z read, one english set has 1" in change.why and "changed" in change.why


def test_an_excess_letter_read_near_evenly_with_a_rarer_one_is_flagged_not_changed() -> None:
    grid = board("ZEAL", "....", "ZEST")
    cube = confident(grid)
    read_as(cube, (2, 0), Z=0.5, Q=0.45)  # a Q is rarer still: no clear case for either
    result = check(grid, cube, checks=("counts",))
    assert result.grid == grid
    assert [flag.square for flag in result.flags] == [(2, 0)]


def test_blank_or_empty_a_third_blank_read_near_evenly_with_empty_is_empty() -> None:
    grid = board("?.?.?")
    cube = confident(grid)
    read_as(cube, (0, 2), blank=0.55, empty=0.45)
    result = check(grid, cube, checks=("counts",))
    assert "".join(result.grid[0][:5]) == "?...?"
    assert result.corrections[0].to_dict()["square"] == "C1"


def test_blank_or_empty_a_blank_read_as_empty_is_restored_when_it_mends_a_word() -> None:
    grid = board("QU.Z", "", "AT", "", "IT")  # the blank of QUIZ shows no letter and passed for the board
    cube = confident(grid)
    read_as(cube, (0, 2), empty=0.55, blank=0.45)
    lexicon = Lexicon.from_words(["QUIZ", "AT", "IT"])
    result = check(grid, cube, lexicon)
    assert "".join(result.grid[0][:4]) == "QU?Z"
    [change] = result.corrections
    assert (change.read, change.now, change.check) == (".", "?", "hidden-blanks")
    assert designate_blanks(result.grid, lexicon, ENGLISH.alphabet) == {(0, 2): ["I"]}


def test_blank_or_letter_a_blank_read_as_a_letter_is_restored_when_it_mends_a_word() -> None:
    grid = board("QSAD", "", "AT", "", "IT")  # a wooden blank's grain read as S
    cube = confident(grid)
    read_as(cube, (0, 1), S=0.3, blank=0.2, empty=0.4)
    lexicon = Lexicon.from_words(["QUAD", "AT", "IT"])
    result = check(grid, cube, lexicon, checks=("hidden-blanks",))
    assert "".join(result.grid[0][:4]) == "Q?AD"
    [change] = result.corrections
    assert (change.read, change.now, change.check) == ("S", "?", "hidden-blanks")
    sure = confident(grid)
    read_as(sure, (0, 1), S=0.97, blank=0.005)
    assert check(grid, sure, lexicon, checks=("hidden-blanks",)).grid == grid


def test_blank_or_empty_an_unlikely_blank_is_never_restored() -> None:
    grid = board("QU.Z")
    cube = confident(grid)
    read_as(cube, (0, 2), empty=0.99, blank=0.005)
    result = check(grid, cube, Lexicon.from_words(["QUIZ"]))
    assert result.grid == grid


def test_blank_or_empty_an_empty_square_between_valid_words_stays_empty() -> None:
    grid = board("AT.IT")
    cube = confident(grid)
    read_as(cube, (0, 2), empty=0.55, blank=0.45)
    result = check(grid, cube, Lexicon.from_words(["AT", "IT", "ATEIT"]))
    assert result.grid == grid and result.corrections == []


def test_no_blank_beyond_the_sets_two() -> None:
    grid = board("QU.Z", "?", "?")
    cube = confident(grid)
    read_as(cube, (0, 2), empty=0.55, blank=0.45)
    assert check(grid, cube, Lexicon.from_words(["QUIZ"])).grid == grid


def test_a_doubtful_lone_tile_is_taken_off_and_a_sure_one_stays() -> None:
    grid = board("CAT", "", "", "....E")  # E4 touches no tile: a premium label read as E
    cube = confident(grid)
    read_as(cube, (3, 4), E=0.6, empty=0.4)
    result = check(grid, cube, Lexicon.from_words(["CAT"]), checks=("lone",))
    assert result.grid[3][4] == "." and result.grid[0][:3] == list("CAT")
    assert result.corrections[0].to_dict()["check"] == "lone"
    sure = confident(grid, sure=0.999)
    assert check(grid, sure, Lexicon.from_words(["CAT"]), checks=("lone",)).grid[3][4] == "E"


def test_two_doubtful_blanks_apart_from_the_board_are_taken_off_and_a_sure_pair_stays() -> None:
    grid = board("CAT", "", "", "", "...??")  # D5 and E5 touch only each other: the frame's shadow
    cube = confident(grid)
    for square in ((4, 3), (4, 4)):
        read_as(cube, square, blank=0.52, empty=0.45)
    result = check(grid, cube, Lexicon.from_words(["CAT"]), checks=("lone",))
    assert result.grid[4][3:5] == [".", "."] and result.grid[0][:3] == list("CAT")
    assert [c.square for c in result.corrections] == [(4, 3), (4, 4)]
    assert "one of 2 tiles touching only each other, apart from the rest" in result.corrections[0].why
    sure = board("CAT", "", "", "", "...AT")
    assert check(sure, confident(sure), Lexicon.from_words(["CAT", "AT"]), checks=("lone",)).grid == sure


def test_the_largest_group_is_never_taken_for_stray_tiles() -> None:
    grid = board("", "", "", "", "...??")  # the only tiles on the board
    cube = confident(grid)
    for square in ((4, 3), (4, 4)):
        read_as(cube, square, blank=0.52, empty=0.45)
    assert check(grid, cube, Lexicon.from_words(["CAT"]), checks=("lone",)).grid == grid


def test_checks_not_named_do_not_run() -> None:
    grid = board("CAF", "A..", "T..")
    cube = confident(grid)
    read_as(cube, (0, 2), F=0.6, T=0.38)
    lexicon = Lexicon.from_words(["CAT"])
    assert check(grid, cube, lexicon, checks=()).grid == grid
    assert check(grid, cube, lexicon, checks=("counts", "lone")).grid == grid
    with pytest.raises(ValueError, match="unknown checks: spelling"):
        check(grid, cube, lexicon, checks=("spelling",))


def test_percent() -> None:
    assert [percent(p) for p in (0.97, 0.003, 0.0001, 0.996, 0.99999)] == [
        "97%",
        "0.3%",
        "<0.1%",
        "99.6%",
        ">99.9%",
    ]


def test_the_chance_of_being_among_the_misread_matches_brute_force() -> None:
    import itertools

    from boardsight.vision.scrabble.check_decisions import _inclusion

    weights = np.array([1.0, 0.5, 0.5, 0.1])
    subsets = list(itertools.combinations(range(4), 2))
    total = sum(np.prod(weights[list(s)]) for s in subsets)
    expected = [sum(np.prod(weights[list(s)]) for s in subsets if j in s) / total for j in range(4)]
    np.testing.assert_allclose(_inclusion(weights, 2), expected)


def test_blank_or_empty_only_the_blanks_that_are_clearly_misread_go() -> None:
    grid = board("?.?.?.?")  # 4 blanks read; one set has 2
    cube = confident(grid, sure=0.95)
    read_as(cube, (0, 2), blank=0.5, empty=0.45)  # clearly the likeliest to be an empty square
    read_as(cube, (0, 4), blank=0.72, empty=0.24)  # as doubtful as the next one:
    read_as(cube, (0, 6), blank=0.75, empty=0.22)  # which of these two is empty the counts cannot say
    result = check(grid, cube, checks=("counts",))
    assert [c.to_dict()["square"] for c in result.corrections] == ["C1"]
    assert sorted(flag.square for flag in result.flags) == [(0, 4), (0, 6)]


def test_blanks_read_on_empty_squares_do_not_carry_letter_changes() -> None:
    grid = board("ZAX", "", "ZED", "", "ZOA", "", "?.?.?.?")  # 3 sure Z, and 4 blanks read
    cube = confident(grid, sure=0.99)
    for col in (0, 2):
        read_as(cube, (6, col), blank=0.5, empty=0.45)
    result = check(grid, cube, Lexicon.from_words(["ZAX", "ZED", "ZOA"]), checks=("counts",))
    assert sorted(c.to_dict()["square"] for c in result.corrections) == ["A7", "C7"]
    assert [result.grid[r][0] for r in (0, 2, 4)] == ["Z", "Z", "Z"]
