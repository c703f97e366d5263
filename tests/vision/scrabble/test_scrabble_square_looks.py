import cv2
import numpy as np
from scrabble_drawing import PLAIN, TILE, board_corners, draw_board

from boardsight.vision.scrabble.square_looks import square_looks
from boardsight.vision.scrabble.squares import cut_squares

GRID = ["." * 15] * 7 + [".....WAX?......"] + ["." * 15] * 7


def looks_of(image: np.ndarray) -> np.ndarray:
    crops = cut_squares(image, board_corners(), margin=0.08, cell_px=32)
    return square_looks(crops, margin=0.08, cell_px=32)


def lab(bgr: tuple[int, int, int]) -> np.ndarray:
    return cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2LAB)[0, 0].astype(np.float64)


def test_a_letter_tile_looks_like_a_blank_tile_and_not_like_the_board() -> None:
    looks = looks_of(draw_board(GRID))
    assert looks.shape == (15, 15, 3)
    for col in (5, 6, 7):  # W, A, X: the ink is left out, the face is what shows
        assert np.abs(looks[7, col] - looks[7, 8]).max() < 3
    assert np.abs(looks[7, 8] - lab(TILE)).max() < 3
    assert np.abs(looks[7, 10] - lab(PLAIN)).max() < 3
    assert np.abs(looks[7, 8] - looks[7, 10]).max() > 8


def test_a_premium_square_looks_like_its_colour_and_each_kind_alike() -> None:
    image = draw_board()
    cv2.putText(
        image, "DL", (30 + 3 * 40 + 4, 30 + 0 * 40 + 25), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (20, 20, 20), 1
    )
    looks = looks_of(image)
    assert np.abs(looks[0, 3] - looks[0, 11]).max() < 3  # two double letter squares, one labelled
    assert np.abs(looks[0, 0] - looks[0, 3]).max() > 10  # triple word against double letter
