import numpy as np
import pytest
from scrabble_drawing import PLAIN, TILE, board_corners, draw_board

from boardsight.models.training.scrabble.tile_data import CLASS_NAMES
from boardsight.scrabble import load_tileset
from boardsight.vision.scrabble import look_decisions
from boardsight.vision.scrabble.board_finder import STANDARD_LAYOUT
from boardsight.vision.scrabble.board_reading import CHECK_GROUPS, assemble_reading, chosen_checks
from boardsight.vision.scrabble.check_decisions import CLEAR
from boardsight.vision.scrabble.look_decisions import LOOK, check_look, tile_posterior
from boardsight.vision.scrabble.premium import premium_kinds
from boardsight.vision.scrabble.square_looks import square_looks
from boardsight.vision.scrabble.squares import cut_squares

KINDS = premium_kinds(STANDARD_LAYOUT)
BOARD = [  # a game: rows of tiles, two blanks (?) among them; the rest of the board empty
    "...............",
    ".CATS..........",
    ".O...DOG.......",
    ".RAVEN.A?E.....",
    ".N.....L.......",
    ".?ISTEN........",
    "..........WORDS",
    "..........I....",
    "...QUIZ...N....",
    "..........D....",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
]


def classified(grid: list[str], sure: float = 0.97) -> np.ndarray:
    """Probabilities (15, 15, classes) that read every square as ``grid`` shows it, at ``sure``."""
    cube = np.full((15, 15, len(CLASS_NAMES)), (1 - sure) / (len(CLASS_NAMES) - 1))
    for (row, col), _ in np.ndenumerate(cube[..., 0]):
        cube[row, col, CLASS_NAMES.index(grid[row][col])] = sure
    return cube


def read_as(cube: np.ndarray, square: tuple[int, int], **chances: float) -> None:
    """Square read with these chances (``empty``/``blank`` for ``.``/``?``), the rest spread evenly."""
    names = {"empty": ".", "blank": "?"}
    cube[square] = (1 - sum(chances.values())) / (len(CLASS_NAMES) - len(chances))
    for name, chance in chances.items():
        cube[(*square, CLASS_NAMES.index(names.get(name, name)))] = chance


def tokens(cube: np.ndarray) -> list[list[str]]:
    usable = np.array([name != "turned" for name in CLASS_NAMES])
    best = np.where(usable, cube, -1).argmax(axis=-1)
    return [[CLASS_NAMES[i] for i in line] for line in best]


def photo_looks(grid: list[str], *, tile: tuple[int, int, int] = TILE, seed: int = 0) -> np.ndarray:
    """The squares' looks in a drawn photo of ``grid``: noisy, lit more from the left."""
    rng = np.random.default_rng(seed)
    image = draw_board(grid, tile=tile).astype(np.float64)
    image *= np.linspace(1.05, 0.92, image.shape[1])[None, :, None]
    image = np.clip(image + rng.normal(0, 6, image.shape), 0, 255).astype(np.uint8)
    crops = cut_squares(image, board_corners(), margin=0.1, cell_px=32)
    return square_looks(crops, margin=0.1, cell_px=32)


# a tile of nearly the board's own colour (BGR): the plain squares are (170, 205, 215)
NEAR_BOARD_TILE = (150, 192, 214)


@pytest.mark.parametrize("tile", [TILE, NEAR_BOARD_TILE], ids=["tile", "near-board tile"])
def test_a_blank_read_as_empty_with_the_look_of_a_tile_is_fixed(tile: tuple[int, int, int]) -> None:
    looks = photo_looks(BOARD, tile=tile)
    cube = classified(BOARD)
    read_as(cube, (3, 8), empty=0.9, blank=0.06)  # a blank taken for the board, on a plain square
    read_as(cube, (5, 1), empty=0.8, blank=0.1)  # ... and on a triple letter square
    assert STANDARD_LAYOUT[5][1] == "t" and STANDARD_LAYOUT[3][8] == "."
    result = check_look(tokens(cube), cube, CLASS_NAMES, looks, KINDS)
    assert {(c.square, c.read, c.now, c.check) for c in result.corrections} == {
        ((3, 8), ".", "?", LOOK),
        ((5, 1), ".", "?", LOOK),
    }
    assert all(
        c.why.endswith(": changed") and "the look says tile : empty" in c.why for c in result.corrections
    )
    assert ["".join(line) for line in result.grid] == BOARD
    # the later checks weigh the look's posterior: the blank is now the likelier reading
    assert result.probabilities[3, 8, CLASS_NAMES.index("?")] > result.probabilities[3, 8, 0]


def test_an_empty_square_read_as_a_blank_is_fixed() -> None:
    grid = [line.replace("?", ".") for line in BOARD]
    looks = photo_looks(grid)
    cube = classified(grid)
    read_as(cube, (12, 3), blank=0.55, empty=0.4)  # a plain square
    read_as(cube, (11, 11), blank=0.6, empty=0.35)  # a double letter square
    read_as(cube, (13, 8), I=0.6, empty=0.35)  # a grid line read as an I
    result = check_look(tokens(cube), cube, CLASS_NAMES, looks, KINDS)
    assert sorted((c.square, c.read, c.now) for c in result.corrections) == [
        ((11, 11), "?", "."),
        ((12, 3), "?", "."),
        ((13, 8), "I", "."),
    ]
    assert ["".join(line) for line in result.grid] == grid


def test_a_board_with_too_few_confident_tiles_abstains() -> None:
    grid = ["." * 15] * 6 + [".....CAT.......", ".......?.......", "......ON......."] + ["." * 15] * 6
    looks = photo_looks(grid)
    cube = classified(grid)
    read_as(cube, (7, 7), empty=0.9, blank=0.06)
    result = check_look(tokens(cube), cube, CLASS_NAMES, looks, KINDS)
    assert result.corrections == [] and result.flags == []
    assert result.grid == tokens(cube)
    assert "tiles read for sure" in result.notes[0] and "no square changed" in result.notes[0]


def test_a_board_whose_tiles_look_like_its_squares_abstains() -> None:
    looks = photo_looks(BOARD, tile=PLAIN)  # tiles the colour of the plain squares
    cube = classified(BOARD)
    read_as(cube, (3, 8), empty=0.9, blank=0.06)
    result = check_look(tokens(cube), cube, CLASS_NAMES, looks, KINDS)
    assert result.corrections == []
    assert result.grid[3][8] == "."


def test_weak_look_evidence_never_overturns_a_confident_reading() -> None:
    # Looks drawn by hand: tiles about (200, 140, 160), plain squares about (180, 128, 150);
    # one square read empty at 99.9% looks a little more like a tile than like the board.
    rng = np.random.default_rng(1)
    tile_read = np.array([[ch not in ".?" for ch in line] for line in BOARD])
    looks = np.where(tile_read[..., None], [200.0, 140.0, 160.0], [180.0, 128.0, 150.0])
    looks = looks + rng.normal(0, 2.0, looks.shape)
    looks[KINDS > 0] += [0.0, 30.0, -20.0]  # premium squares (and tiles on them) of another colour
    looks[tile_read & (KINDS > 0)] -= [0.0, 30.0, -20.0]
    looks[12, 4] = [186.0, 132.0, 153.0]  # a third of the way towards a tile
    cube = classified(BOARD)
    read_as(cube, (12, 4), empty=0.999)
    result = check_look(tokens(cube), cube, CLASS_NAMES, looks, KINDS)
    assert result.grid[12][4] == "."
    assert (12, 4) not in {c.square for c in result.corrections}
    # and the decision itself: a look of 3 : 1 moves a 99.9% reading by next to nothing
    assert tile_posterior(0.001, np.log(3.0)) < 0.01
    assert tile_posterior(0.02, look_decisions.CAP) >= CLEAR  # a clear look can, capped


def test_a_square_that_looks_like_neither_gives_no_evidence() -> None:
    rng = np.random.default_rng(2)
    tile_read = np.array([[ch not in ".?" for ch in line] for line in BOARD])
    looks = np.where(tile_read[..., None], [200.0, 140.0, 160.0], [180.0, 128.0, 150.0])
    looks = looks + rng.normal(0, 2.0, looks.shape)
    looks[12, 4] = [90.0, 170.0, 90.0]  # a hand, a rack on the board: far from both
    cube = classified(BOARD)
    read_as(cube, (12, 4), empty=0.7, blank=0.25)
    result = check_look(tokens(cube), cube, CLASS_NAMES, looks, KINDS)
    assert result.grid[12][4] == "."
    assert (12, 4) not in {flag.square for flag in result.flags}


def test_look_runs_first_among_the_misreads_and_is_skipped_without_looks() -> None:
    assert CHECK_GROUPS["misreads"][0] == LOOK
    assert chosen_checks(["misreads"])[0] == LOOK and LOOK in chosen_checks(None)
    cube = classified(BOARD)
    read_as(cube, (3, 8), empty=0.9, blank=0.06)
    probabilities = cube.reshape(225, -1)
    flat = [token for line in tokens(cube) for token in line]
    english = load_tileset("english")
    common = {"tileset": english, "lexicon": None, "reader": "test", "checks": (LOOK,)}
    corners = board_corners()
    without = assemble_reading(flat, probabilities, CLASS_NAMES, corners, **common)
    assert without.grid[3][8] == "." and without.corrections == []
    assert without.extras["check_notes"] == ["look: this reader gives no looks of the squares; not run"]
    looked = assemble_reading(flat, probabilities, CLASS_NAMES, corners, looks=photo_looks(BOARD), **common)
    assert looked.grid[3][8] == "?"
    assert [c["check"] for c in looked.corrections] == [LOOK]
    assert any(note.startswith("look: fitted on") for note in looked.extras["check_notes"])


def test_a_tile_found_on_a_square_read_as_empty_is_a_blank_unless_a_letter_is_clearly_likelier() -> None:
    tile_classes = np.array([name not in (".", "turned") for name in CLASS_NAMES])
    row = np.zeros(len(CLASS_NAMES))
    row[[CLASS_NAMES.index("."), CLASS_NAMES.index("R"), CLASS_NAMES.index("?")]] = [0.94, 0.005, 0.004]
    assert look_decisions.likeliest_tile(row, CLASS_NAMES, tile_classes) == "?"
    row[CLASS_NAMES.index("R")] = 0.05
    assert look_decisions.likeliest_tile(row, CLASS_NAMES, tile_classes) == "R"


def test_a_kind_of_square_with_too_few_confident_empty_ones_gives_no_evidence() -> None:
    # Tiles on three of the eight triple word squares, a blank on a fourth: four are left
    # empty, too few to know what an empty one looks like, so the blank read as empty stays.
    grid = [list(line) for line in BOARD]
    for row, col in ((0, 7), (7, 0), (14, 7)):
        grid[row][col] = "E"
    grid[0][0] = "?"
    rows = ["".join(line) for line in grid]
    assert look_decisions.MIN_EMPTIES > 4 and STANDARD_LAYOUT[0][0] == "T"
    cube = classified(rows)
    read_as(cube, (0, 0), empty=0.9, blank=0.06)
    read_as(cube, (3, 8), empty=0.9, blank=0.06)  # the same on a plain square is fixed
    result = check_look(tokens(cube), cube, CLASS_NAMES, photo_looks(rows), KINDS)
    assert [c.square for c in result.corrections] == [(3, 8)]
    assert result.grid[0][0] == "."
