from collections import Counter
from collections.abc import Callable

import cv2
import numpy as np
import pytest
from scrabble_drawing import board_corners, draw_board, photograph

from boardsight.vision.geometry import quad_diagonal
from boardsight.vision.reading import BoardNotFoundError
from boardsight.vision.scrabble import board_finder
from boardsight.vision.scrabble.board_finder import (
    board_homography,
    find_board,
    find_by_outline,
    outline_quads,
)
from boardsight.vision.scrabble.lattice import LatticeNotFoundError, apply_homography, fit_lattice
from boardsight.vision.scrabble.segments import detect_segments, grouped

WORDS = [
    "...............",
    "...............",
    "..QUIZ.........",
    ".....E.........",
    ".....BOARD.....",
    ".....R...E.....",
    ".....A...A.....",
    ".......?.L.....",
    "...............",
    "...........JAM.",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
]
TILTED = np.array([[230, 120], [830, 160], [900, 700], [150, 640]], dtype=np.float64)


def corner_error(found: np.ndarray, truth: np.ndarray) -> float:
    """Mean corner distance over the best cyclic order, as a share of the diagonal."""
    best = min(np.linalg.norm(np.roll(found, shift, axis=0) - truth, axis=1).mean() for shift in range(4))
    return best / quad_diagonal(truth)


@pytest.mark.parametrize("quarter_turns", range(4))
def test_finds_a_tilted_board_at_every_turn(quarter_turns: int) -> None:
    flat = np.ascontiguousarray(np.rot90(draw_board(WORDS), quarter_turns))
    photo, truth = photograph(flat, board_corners(), TILTED, (1000, 800))
    location = find_board(photo)
    assert corner_error(location.corners, truth) < 0.005
    assert location.method == "lattice"


def test_corners_are_clockwise_from_the_top_left() -> None:
    photo, _ = photograph(draw_board(WORDS), board_corners(), TILTED, (1000, 800))
    corners = find_board(photo).corners
    assert np.argmin(corners.sum(axis=1)) == 0
    edge_a, edge_b = corners[1] - corners[0], corners[2] - corners[1]
    assert edge_a[0] * edge_b[1] - edge_a[1] * edge_b[0] > 0


def test_to_board_maps_corners_to_the_board_square() -> None:
    photo, _ = photograph(draw_board(WORDS), board_corners(), TILTED, (1000, 800))
    location = find_board(photo)
    mapped = apply_homography(location.to_board, location.corners)
    np.testing.assert_allclose(mapped, [[0, 0], [15, 0], [15, 15], [0, 15]], atol=1e-6)
    np.testing.assert_allclose(board_homography(location.corners), location.to_board)


def test_tiles_on_every_corner_square() -> None:
    grid = [list(row) for row in WORDS]
    for row, col in [(0, 0), (0, 14), (14, 14), (14, 0)]:
        grid[row][col] = "X"
    photo, truth = photograph(draw_board(["".join(r) for r in grid]), board_corners(), TILTED, (1000, 800))
    assert corner_error(find_board(photo).corners, truth) < 0.005


def test_board_filling_the_whole_photo() -> None:
    flat = draw_board(WORDS)
    grid_only = flat[30:-30, 30:-30]
    location = find_board(grid_only)
    truth = np.array([[0, 0], [600, 0], [600, 600], [0, 600]], dtype=np.float64) - 0.5
    assert corner_error(location.corners, truth) < 0.005


def test_stray_tiles_beside_the_board_are_ignored() -> None:
    flat = draw_board(WORDS, margin=90)
    for index in range(8):  # a rack of tiles in the margin, on the grid's spacing
        top, left = 25, 90 + 40 * (index + 3)
        cv2.rectangle(flat, (left + 2, top + 2), (left + 37, top + 37), (150, 200, 230), -1)
        cv2.putText(flat, "E", (left + 8, top + 30), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (30, 30, 30), 2)
    photo, truth = photograph(flat, board_corners(margin=90), TILTED, (1000, 800))
    assert corner_error(find_board(photo).corners, truth) < 0.005


def test_outline_quads_finds_the_board_edge() -> None:
    photo, _ = photograph(draw_board(WORDS), board_corners(), TILTED, (1000, 800))
    quads = outline_quads(photo)
    assert quads and cv2.contourArea(quads[0].astype(np.float32)) > 0.2 * 1000 * 800


def test_search_memo_finds_outlines_and_each_plain_lattice_once(monkeypatch: pytest.MonkeyPatch) -> None:
    photo, _ = photograph(draw_board(WORDS), board_corners(), TILTED, (1000, 800))
    segments = detect_segments(photo)
    expected = fit_lattice(segments, photo.shape)
    calls: Counter[str] = Counter()

    def counted(name: str, function: Callable) -> Callable:
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(board_finder, "outline_quads", counted("outlines", outline_quads))
    monkeypatch.setattr(board_finder, "fit_lattice", counted("fit", fit_lattice))
    memo = board_finder.SearchMemo(photo)
    four, two = memo.outlines(), memo.outlines(limit=2)
    assert four and len(two) == min(2, len(four))
    assert all(np.array_equal(a, b) for a, b in zip(two, outline_quads(photo, limit=2), strict=True))
    assert memo.lattice(segments) is memo.lattice(segments)
    np.testing.assert_array_equal(memo.lattice(segments).to_lattice, expected.to_lattice)
    none = grouped(np.zeros((0, 4)), photo.shape)
    for _ in range(2):
        with pytest.raises(LatticeNotFoundError):
            memo.lattice(none)
    assert calls == {"outlines": 1, "fit": 2}


@pytest.mark.parametrize(("clear_lines", "searched_on"), [(16, False), (17, True)])
def test_a_block_with_every_grid_line_ends_the_search(
    monkeypatch: pytest.MonkeyPatch, clear_lines: int, searched_on: bool
) -> None:
    monkeypatch.setattr(board_finder, "SURE_SCORE", 2.0)  # no block is sure by its score alone
    monkeypatch.setattr(board_finder, "CLEAR_LINES", clear_lines)  # 17: more lines than a board has
    enhanced: list[bool] = []
    outlines: list[bool] = []

    def recorded(image: np.ndarray, *, enhance: bool = False):
        enhanced.append(enhance)
        return detect_segments(image, enhance=enhance)

    def outline_method(*args, **kwargs):
        outlines.append(True)
        return find_by_outline(*args, **kwargs)

    monkeypatch.setattr(board_finder, "detect_segments", recorded)
    monkeypatch.setattr(board_finder, "find_by_outline", outline_method)
    photo, truth = photograph(draw_board(WORDS), board_corners(), TILTED, (1000, 800))
    assert corner_error(find_board(photo).corners, truth) < 0.005
    assert any(enhanced) == searched_on  # raised contrast: for faint grid lines
    assert any(outlines) == searched_on


@pytest.mark.parametrize(
    "image",
    [
        np.full((600, 800, 3), 200, np.uint8),
        np.random.default_rng(0).integers(0, 255, (600, 800, 3), dtype=np.uint8),
        np.kron(np.indices((12, 16)).sum(0)[..., None] % 2 * 255, np.ones((50, 50, 3))).astype(np.uint8),
    ],
    ids=["blank", "noise", "chessboard"],
)
def test_no_board(image: np.ndarray) -> None:
    with pytest.raises(BoardNotFoundError):
        find_board(image)


def test_a_plain_grid_without_premium_squares_is_no_board() -> None:
    grid = np.full((800, 800, 3), (180, 220, 235), np.uint8)
    grid[:, ::40] = 90
    grid[::40, :] = 90
    with pytest.raises(BoardNotFoundError):
        find_board(grid)


def test_a_search_on_two_threads_finds_what_one_thread_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    flat = draw_board(WORDS)
    photo, _ = photograph(flat, board_corners(), TILTED, (1000, 800))
    faint = cv2.GaussianBlur((photo * 0.25 + 140).astype(np.uint8), (0, 0), 3.5)
    asked = Counter()
    detect = board_finder.detect_segments

    def counted(image: np.ndarray, *, enhance: bool = False):
        asked[enhance] += 1
        return detect(image, enhance=enhance)

    monkeypatch.setattr(board_finder, "detect_segments", counted)
    one = find_board(faint, threads=1)
    assert asked[True] >= 1  # the raised-contrast pass was needed: the work done aside is used
    two = find_board(faint, threads=2)
    assert np.array_equal(one.corners, two.corners) and one.score == two.score and one.method == two.method
