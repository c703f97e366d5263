"""The steps every Scrabble reader shares: find the board, turn it upright, check the position.

A reader differs only in how it turns square crops into class probabilities (the CNN,
or Tesseract). The rest is here:

1. find the grid (:func:`~boardsight.vision.scrabble.board_finder.find_board`);
2. cut its 225 squares and classify them as the photo shows them; the squares that
   hold tiles are classified again at the three other quarter turns, and the turn in
   which they look upright is the reading orientation (:mod:`.orientation`);
3. read each square as its likeliest class among those of the tile set;
4. check the reading against the board's own look (:mod:`.look_decisions`: tiles
   against empty squares), the tile counts and the lexicon, each check a decision
   between hypotheses (:mod:`.check_decisions`), find what each blank stands for
   (:mod:`.position_checks`), judge the words and write the position as CGP.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from boardsight.errors import BadInputError, BoardsightError
from boardsight.lexicon import Lexicon, load_lexicon
from boardsight.scrabble import load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.cgp import to_cgp
from boardsight.scrabble.coords import square_name
from boardsight.scrabble.layout import Layout
from boardsight.scrabble.position import Position
from boardsight.scrabble.tileset import TileSet
from boardsight.scrabble.tokens import TURNED
from boardsight.vision.reading import BoardNotFoundError, BoardReading, select_checks
from boardsight.vision.scrabble.board_finder import BoardLocation, find_board
from boardsight.vision.scrabble.check_decisions import CHECK_NAMES, check_position
from boardsight.vision.scrabble.look_decisions import LOOK, check_look
from boardsight.vision.scrabble.orientation import choose_orientation, clear_winner, valid_share
from boardsight.vision.scrabble.position_checks import (
    BLANK,
    EMPTY,
    designate_blanks,
    run_text,
    runs,
)
from boardsight.vision.scrabble.second_look import look_again
from boardsight.vision.scrabble.square_looks import square_looks
from boardsight.vision.scrabble.squares import (
    BOARD_CELLS,
    cut_squares,
    reading_corners,
    turn_crops,
    turn_order,
)
from boardsight.vision.stage_clock import StageClock

TILE_SETS = ("english", "swedish")
LOW_CONFIDENCE = 0.6  # squares read with less are flagged for a person to check
TILE_THRESHOLD = 0.5  # squares whose chance of being empty is below this are taken for tiles
VOTERS = 24  # tiles classified in all four turns to decide the orientation
FIRST_VOTERS = 8  # of them, those asked first: the rest only when these leave the turn unclear
SWEDISH_ONLY = ("Å", "Ä", "Ö")  # letters with tiles in the Swedish set only
ENGLISH_ONLY = ("Q", "W")  # letters with tiles in the English set only
SWEDISH_EVIDENCE = 0.8  # summed probability of Swedish-only letters that makes a set Swedish

CHECKS = (LOOK, *CHECK_NAMES, "blanks")
"""Every check of a reading, in the order they run: ``look`` (the board's own look tells
tiles from empty squares, :mod:`.look_decisions`), the decisions of :mod:`.check_decisions`,
then ``blanks`` (the lexicon says what each blank stands for)."""
CHECK_GROUPS = {"misreads": (LOOK, *CHECK_NAMES)}  # a name for all the checks that change squares
DEFAULT_CHECKS = CHECKS  # the checks a reading runs unless told otherwise

SquareClassifier = Callable[[Sequence[np.ndarray]], np.ndarray]


@dataclass(frozen=True)
class ReaderModel:
    """What the shared steps need from a reader: its classes, how to classify, how to cut squares."""

    classify: SquareClassifier
    class_names: list[str]
    cell_px: int
    margin: float


def check_tiles(tiles: str) -> str:
    """``tiles`` if it names a tile set this reader knows (or is ``auto``), else a one-line error."""
    if tiles not in (*TILE_SETS, "auto"):
        raise BadInputError(f"unknown tile set {tiles!r}: choose auto, english or swedish")
    return tiles


def tile_set_for(tiles: str) -> TileSet:
    return load_tileset(check_tiles(tiles))


def guess_tiles(probabilities: np.ndarray, names: list[str]) -> str:
    """``swedish`` when the tiles read look like Å, Ä or Ö more than like Q or W, else ``english``.

    Summed over the squares that hold tiles; one confident Å, Ä or Ö settles it.
    """
    tiles = probabilities[:, names.index(EMPTY)] < TILE_THRESHOLD
    swedish = sum(probabilities[tiles, names.index(x)].sum() for x in SWEDISH_ONLY if x in names)
    english = sum(probabilities[tiles, names.index(x)].sum() for x in ENGLISH_ONLY if x in names)
    return "swedish" if swedish >= SWEDISH_EVIDENCE and swedish > english else "english"


def allowed_classes(class_names: list[str], tileset: TileSet) -> np.ndarray:
    """Mask of the classes a square of this tile set can be: empty, blank, and the set's own letters."""
    return np.array([name in (EMPTY, BLANK) or name in tileset.counts for name in class_names])


def choose_tiles(probabilities: np.ndarray, names: list[str], lexicon: str | Lexicon | None) -> str:
    """The tile set of a board read as ``probabilities`` (225, classes): english or swedish.

    English unless some tiles look like Å, Ä or Ö (:func:`guess_tiles`); then the board
    is read both ways and the language whose lexicon finds more of its words valid wins
    (the guess stands when a lexicon is missing or the words cannot tell).
    """
    guess = guess_tiles(probabilities, names)
    if guess == "english" or lexicon is None:
        return guess
    shares = {}
    for tiles in TILE_SETS:
        try:
            words = lexicon_for(lexicon if isinstance(lexicon, Lexicon) else "auto", tiles)
        except BoardsightError:
            return guess
        tokens, _ = read_squares(probabilities, names, load_tileset(tiles))
        grid = [tokens[row * BOARD_CELLS : (row + 1) * BOARD_CELLS] for row in range(BOARD_CELLS)]
        texts = [run_text(grid, run) for run in runs(grid)]
        shares[tiles] = valid_share(texts, lambda word, lexicon=words: word in lexicon)
    if shares["english"] == shares["swedish"]:
        return guess
    return max(shares, key=shares.get)


def locate_board(image: np.ndarray, *, source: str = "the photo", threads: int = 1) -> BoardLocation:
    """The board's grid in ``image`` pixels; :class:`BoardNotFoundError` naming ``source`` when none."""
    try:
        return find_board(image, threads=threads)
    except BoardNotFoundError:
        raise BoardNotFoundError(f"no Scrabble board found in {source}") from None


def orient_and_classify(
    crops: list[np.ndarray], model: ReaderModel, lexicon: Callable[[np.ndarray], Lexicon | None]
) -> tuple[int, np.ndarray, dict[str, Any]]:
    """The board's quarter turns to reading orientation and the probabilities (225, classes) read so.

    ``crops`` are row-major as the photo shows the board (its first corner nearest the
    photo's top-left). Every square is classified as the photo shows it; up to
    ``VOTERS`` of the squares that look most like tiles are classified in the three
    other turns too and vote on the orientation (the ``FIRST_VOTERS`` most tile-like
    first, the rest only when these leave the winner unclear); then the tiles are read
    in the chosen turn. ``lexicon`` gives the lexicon to break a tie with, from a turn's probabilities.
    """
    names = model.class_names
    upright = model.classify(crops)
    empty = upright[:, names.index(EMPTY)]
    tiles = np.nonzero(empty < TILE_THRESHOLD)[0]
    voters = tiles[np.argsort(empty[tiles])[:VOTERS]]
    read: dict[tuple[int, int], np.ndarray] = {(0, int(square)): upright[square] for square in tiles}

    def classify_turned(turns: int, squares: np.ndarray) -> None:
        """Classify ``squares`` (indices as cut) turned ``turns`` times, unless done already."""
        missing = [int(square) for square in squares if (turns, int(square)) not in read]
        if missing:
            results = model.classify([np.ascontiguousarray(np.rot90(crops[i], -turns)) for i in missing])
            read.update({(turns, square): row for square, row in zip(missing, results, strict=True)})

    def board_in_turn(turns: int) -> np.ndarray:
        """Probabilities (225, classes) of the board turned ``turns`` times, in its own row-major order."""
        classify_turned(turns, tiles)
        as_cut = upright.copy()
        for square in tiles:
            as_cut[square] = read[(turns, int(square))]
        return as_cut[turn_order(turns)]

    def turned_votes(voting: np.ndarray) -> np.ndarray:
        """Each turn's probability (4, tiles) that each of ``voting`` looks turned in it."""
        for turns in (1, 2, 3):
            classify_turned(turns, voting)
        if TURNED in names:
            votes = [[read[(t, int(s))][names.index(TURNED)] for s in voting] for t in range(4)]
        else:
            votes = [[1.0 - read[(t, int(s))].max() for s in voting] for t in range(4)]
        return np.array(votes).reshape(4, len(voting))

    turned = turned_votes(voters[:FIRST_VOTERS])
    if len(voters) > FIRST_VOTERS and not clear_winner(turned):
        turned = turned_votes(voters)

    def validity(turns: int) -> float:
        probabilities = board_in_turn(turns)
        words = lexicon(probabilities)
        if words is None:
            return 0.0
        grid = _grid_of(probabilities, names)
        return valid_share([run_text(grid, run) for run in runs(grid)], lambda word: word in words)

    orientation = choose_orientation(turned, validity)
    details = {
        "turn_scores": [round(score, 3) for score in orientation.scores],
        "by_lexicon": orientation.by_lexicon,
    }
    return orientation.quarter_turns, board_in_turn(orientation.quarter_turns), details


def _grid_of(probabilities: np.ndarray, names: list[str]) -> list[list[str]]:
    usable = np.array([name != TURNED for name in names])
    best = np.where(usable, probabilities, -1.0).argmax(axis=1)
    tokens = [names[i] for i in best]
    return [tokens[row * BOARD_CELLS : (row + 1) * BOARD_CELLS] for row in range(BOARD_CELLS)]


def read_squares(
    probabilities: np.ndarray, names: list[str], tileset: TileSet
) -> tuple[list[str], np.ndarray]:
    """Each square's token and the probabilities it was chosen from, among the classes the tile set allows.

    The ``turned`` class and letters the set lacks are left out and the rest renormalised.
    A square is empty when empty is at least as likely as all tiles together; else it
    holds its likeliest tile (a letter split between two look-alikes is still a tile).
    """
    allowed = allowed_classes(names, tileset)
    kept = np.where(allowed, probabilities, 0.0)
    kept = kept / np.maximum(kept.sum(axis=1, keepdims=True), 1e-12)
    empty = names.index(EMPTY)
    tiles = kept.copy()
    tiles[:, empty] = -1.0
    best = np.where(kept[:, empty] >= 0.5, empty, tiles.argmax(axis=1))
    return [names[i] for i in best], kept


@dataclass
class ClassifiedBoard:
    """A board found and classified, before any check: what the checks decide from.

    ``probabilities`` (225, classes) are in reading order, renormalised over the classes
    the tile set allows; ``tokens`` each square's likeliest of them.
    """

    tokens: list[str]
    probabilities: np.ndarray
    class_names: list[str]
    corners: np.ndarray
    tileset: TileSet
    lexicon: Lexicon | None
    extras: dict[str, Any]
    timings: dict[str, float]
    cpu_timings: dict[str, float]
    looks: np.ndarray | None = None  # each square's look (:mod:`.square_looks`), for the look check


def classify_board(
    image: np.ndarray,
    model: ReaderModel,
    *,
    tiles: str = "auto",
    lexicon: str | Lexicon | None = "auto",
    source: str = "the photo",
    corners: np.ndarray | None = None,
    second_look: bool = True,
    found: BoardLocation | None = None,
    threads: int = 1,
) -> ClassifiedBoard:
    """Find the board in ``image`` (BGR) (or cut it at ``corners``), read every square, turn it upright.

    With ``second_look``, doubtful squares are read again shifted and scaled a little
    (:mod:`.second_look`). ``found`` is the board as the finder already found it in ``image``.
    ``threads``: how many threads the board search may use (``model`` classifies on its own).
    """
    check_tiles(tiles)
    clock = StageClock()
    grid_corners, found_extras = board_corners(image, corners, source=source, found=found, threads=threads)
    clock.lap("find")
    crops = cut_squares(image, grid_corners, margin=model.margin, cell_px=model.cell_px)

    def tiles_of(probabilities: np.ndarray) -> str:
        if tiles != "auto":
            return tiles
        return choose_tiles(probabilities, model.class_names, lexicon)

    turns, probabilities, orientation = orient_and_classify(
        crops, model, lambda probabilities: lexicon_for(lexicon, tiles_of(probabilities))
    )
    if second_look:
        probabilities, looked = look_again(turn_crops(crops, turns), probabilities, model.classify)
        found_extras = {**found_extras, "second_look": looked}
    chosen = tiles_of(probabilities)
    tileset, words = load_tileset(chosen), lexicon_for(lexicon, chosen)
    tokens, kept = read_squares(probabilities, model.class_names, tileset)
    looks = square_looks([crops[i] for i in turn_order(turns)], margin=model.margin, cell_px=model.cell_px)
    clock.lap("read")
    return ClassifiedBoard(
        tokens=tokens,
        probabilities=kept,
        class_names=model.class_names,
        corners=reading_corners(grid_corners, turns),
        tileset=tileset,
        lexicon=words,
        extras={**found_extras, "quarter_turns": turns, "orientation": orientation},
        timings=clock.wall,
        cpu_timings=clock.cpu,
        looks=looks,
    )


def checked_reading(
    board: ClassifiedBoard, *, reader: str, checks: Collection[str] | None = None
) -> BoardReading:
    """The reading of a classified board after ``checks`` (as in :func:`assemble_reading`)."""
    clock = StageClock()
    reading = assemble_reading(
        board.tokens,
        board.probabilities,
        board.class_names,
        board.corners,
        tileset=board.tileset,
        lexicon=board.lexicon,
        reader=reader,
        extras=board.extras,
        checks=checks,
        looks=board.looks,
    )
    clock.lap("check")
    reading.timings.update({**board.timings, **clock.wall})
    reading.cpu_timings.update({**board.cpu_timings, **clock.cpu})
    return reading


def read_board(
    image: np.ndarray,
    model: ReaderModel,
    *,
    reader: str,
    tiles: str = "auto",
    lexicon: str | Lexicon | None = "auto",
    source: str = "the photo",
    corners: np.ndarray | None = None,
    checks: Collection[str] | None = None,
    found: BoardLocation | None = None,
    threads: int = 1,
) -> BoardReading:
    """Find the board in ``image`` (BGR), read every square, orient and check the position.

    ``tiles`` is ``english``, ``swedish`` or ``auto`` (Swedish when Å, Ä or Ö tiles are
    seen); ``lexicon`` a name or path, ``auto`` (the tile set's language) or None.
    Given ``corners`` (the grid's corners in ``image`` pixels, clockwise), the board is
    not looked for but cut there; ``checks`` as in :func:`assemble_reading`; ``found`` is
    the board as the finder already found it in ``image`` (by the game's detection);
    ``threads`` how many threads the board search may use.
    """
    board = classify_board(
        image,
        model,
        tiles=tiles,
        lexicon=lexicon,
        source=source,
        corners=corners,
        found=found,
        threads=threads,
    )
    return checked_reading(board, reader=reader, checks=checks)


def chosen_checks(checks: Collection[str] | None) -> tuple[str, ...]:
    """The checks to run, in order: the default ones for None; ``misreads`` stands for every
    check that changes squares."""
    return select_checks(
        checks,
        CHECKS,
        CHECK_GROUPS,
        DEFAULT_CHECKS,
        unknown="unknown Scrabble check {name!r}: choose from {choices}",
    )


def board_corners(
    image: np.ndarray,
    corners: np.ndarray | None,
    *,
    source: str = "the photo",
    found: BoardLocation | None = None,
    threads: int = 1,
) -> tuple[np.ndarray, dict[str, Any]]:
    """The grid's corners in ``image`` (found, or ``corners`` when given) and how they were had.

    ``found``: a location the finder already returned for ``image``, used unless ``corners`` are given.
    """
    if corners is not None:
        return np.asarray(corners, dtype=np.float64), {"board_method": "given"}
    location = found if found is not None else locate_board(image, source=source, threads=threads)
    return location.corners, {"board_method": location.method, "board_score": round(location.score, 4)}


def lexicon_for(lexicon: str | Lexicon | None, tiles: str) -> Lexicon | None:
    """The lexicon to judge words with: ``auto`` picks the tile set's language, None judges none."""
    if lexicon is None or isinstance(lexicon, Lexicon):
        return lexicon
    return load_lexicon(load_tileset(tiles).lexicon if lexicon == "auto" else lexicon)


def assemble_reading(
    tokens: list[str],
    probabilities: np.ndarray,
    class_names: list[str],
    corners: np.ndarray,
    *,
    tileset: TileSet,
    lexicon: Lexicon | None,
    reader: str,
    extras: dict[str, Any] | None = None,
    checks: Collection[str] | None = None,
    looks: np.ndarray | None = None,
) -> BoardReading:
    """A :class:`BoardReading` from per-square tokens and probabilities in reading order, checked.

    ``checks`` names the checks to run (:data:`CHECKS`; ``misreads`` for all those that
    change squares); None runs :data:`DEFAULT_CHECKS`. Words are judged with ``lexicon`` either way.
    Squares a check doubts but keeps are flagged, with the evidence in ``flags``. ``looks``
    (15, 15, k) are the squares' looks for the look check, which is skipped without them.
    """
    size = BOARD_CELLS
    grid = [tokens[row * size : (row + 1) * size] for row in range(size)]
    cube = probabilities.reshape(size, size, -1)
    confidence = [
        [float(cube[r, c, class_names.index(grid[r][c])]) for c in range(size)] for r in range(size)
    ]
    active = chosen_checks(checks)
    looked = None
    if LOOK in active and looks is not None and EMPTY in class_names:
        looked = check_look(grid, cube, class_names, looks)
        grid, cube = looked.grid, looked.probabilities
    checked_squares = check_position(
        grid, cube, class_names, tileset, lexicon, [c for c in active if c in CHECK_NAMES]
    )
    if looked is not None:
        checked_squares.corrections[:0] = looked.corrections
        checked_squares.flags[:0] = looked.flags
        checked_squares.notes[:0] = looked.notes
    elif LOOK in active:
        checked_squares.notes.insert(0, "look: this reader gives no looks of the squares; not run")
    grid, corrections = checked_squares.grid, checked_squares.corrections
    for change in corrections:
        row, col = change.square
        confidence[row][col] = float(cube[row, col, class_names.index(change.now)])
    judging = lexicon if "blanks" in active else None
    grid, checked, position = check_words(grid, tileset, judging, lexicon)
    doubted = {flag.square for flag in checked_squares.flags}
    flagged = [
        (r, c)
        for r in range(size)
        for c in range(size)
        if confidence[r][c] < LOW_CONFIDENCE or (r, c) in doubted
    ]
    payload = dict(extras or {})
    payload["tiles"] = tileset.name
    payload["checks"] = list(active)
    payload["flags"] = [flag.to_dict() for flag in checked_squares.flags]
    payload["check_notes"] = checked_squares.notes
    payload.update(checked)
    return BoardReading(
        game="scrabble",
        grid=grid,
        confidence=confidence,
        corners=corners,
        reader=reader,
        flagged=flagged,
        corrections=[change.to_dict() for change in corrections],
        extras=payload,
        position=position,
    )


def check_words(
    grid: list[list[str]],
    tileset: TileSet,
    blank_lexicon: Lexicon | None,
    lexicon: Lexicon | None,
    *,
    designated: dict[tuple[int, int], str] | None = None,
) -> tuple[list[list[str]], dict[str, Any], Position]:
    """Settle the blanks (``?`` squares) with ``blank_lexicon`` and judge the words with ``lexicon``.

    Returns the grid as the photo shows it (a blank stays ``?``: its letter is not on the
    tile), the ``blanks``, ``words`` and ``cgp`` fields of a reading, and the position. A
    blank that only one letter fits stands for that letter in ``blanks``, the words, the
    CGP and the position. ``designated`` lists blanks whose letter was given (a person's
    fix, written in ``grid`` in lower case), shown as such.
    """
    grid = [list(line) for line in grid]
    blanks = designate_blanks(grid, blank_lexicon, tileset.alphabet) if blank_lexicon is not None else {}
    settled = [list(line) for line in grid]
    for (row, col), letters in blanks.items():
        if len(letters) == 1:
            settled[row][col] = letters[0].lower()
    listed = {**blanks, **{square: [letter.upper()] for square, letter in (designated or {}).items()}}
    checked: dict[str, Any] = {
        "blanks": [
            {
                "square": square_name(r, c),
                "letter": settled[r][c] if settled[r][c] != BLANK else None,
                "candidates": letters,
            }
            for (r, c), letters in sorted(listed.items())
        ],
        "words": [_judged_word(run_text(settled, run), run.position, lexicon) for run in runs(settled)],
    }
    position = position_of(grid, blanks)
    checked["cgp"] = to_cgp(position)
    return grid, checked, position


def _judged_word(text: str, position: str, lexicon: Lexicon | None) -> dict[str, Any]:
    """A ``words`` entry: valid unknown (None) without a lexicon or with a blank in the word."""
    return {
        "word": text,
        "position": position,
        "valid": None if lexicon is None or BLANK in text else text in lexicon,
    }


def position_of(
    grid: list[list[str]], blanks: dict[tuple[int, int], list[str]], layout: Layout | None = None
) -> Position:
    """The board as a position (no racks, no scores); a blank of unknown letter takes its first candidate.

    A blank with no candidate at all is written as a blank ``a`` (the engine needs a letter).
    """
    board = Board(layout)
    for row, line in enumerate(grid):
        for col, token in enumerate(line):
            if token == EMPTY:
                continue
            if token == BLANK:
                options = blanks.get((row, col)) or ["A"]
                token = options[0].lower()
            board.set(row, col, token)
    return Position(board)


def position_cgp(grid: list[list[str]], blanks: dict[tuple[int, int], list[str]]) -> str:
    """The board as a CGP line (no racks, no scores); see :func:`position_of`."""
    return to_cgp(position_of(grid, blanks))
