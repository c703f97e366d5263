"""A second detection on the photo with the second pen faded: what it sees and what it adds."""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.vision.sheets.under_marks import detect_under_marks, faded_image, merge_pieces, pen_colours

PAPER, INK, RED = (245, 245, 245), (170, 80, 50), (30, 30, 210)


def _quad(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def _sheet(struck: tuple[int, ...] = (1, 4)) -> tuple[np.ndarray, list[np.ndarray]]:
    """Six words in a blue pen, those in rows ``struck`` struck through in red; their quads."""
    page = np.full((520, 480, 3), PAPER, np.uint8)
    quads = []
    for row, word in enumerate(("TONER", "RATES", "STONE", "NOTES", "TENOR", "ONSET")):
        y = 60 + 75 * row
        cv2.putText(page, word, (104, y), cv2.FONT_HERSHEY_SIMPLEX, 1.6, INK, 4, cv2.LINE_AA)
        quads.append(_quad(100, y - 46, 300, y + 4))
        if row in struck:
            cv2.line(page, (92, y - 20), (310, y - 24), RED, 4, cv2.LINE_AA)
    return page, quads


def test_the_second_pen_fades_into_the_paper_and_the_words_stay_dark() -> None:
    paper, word, mark = np.array(PAPER, float), np.array(INK, float), np.array(RED, float)
    pixels = np.array([[PAPER, INK, RED]], np.uint8)
    faded = faded_image(pixels, mark, word, paper)
    assert faded is not None
    assert faded[0, 0, 0] >= 250 and faded[0, 2, 0] >= 250  # paper and the mark: white
    assert faded[0, 1, 0] <= 60  # the word's pen: dark


def test_pens_too_alike_in_colour_are_not_parted() -> None:
    paper, word = np.array(PAPER, float), np.array((60, 60, 60), float)
    assert faded_image(np.zeros((4, 4, 3), np.uint8), np.array((80, 80, 85), float), word, paper) is None


def test_the_sheets_pens_are_measured_on_its_words() -> None:
    page, quads = _sheet()
    colours = pen_colours(page, quads)
    assert colours is not None
    mark, word, paper = colours
    assert mark[2] > 150 and mark[0] < 120  # red
    assert word[0] > word[2]  # blue
    assert paper.min() > 230


def test_a_sheet_in_one_pen_is_left_alone() -> None:
    page, quads = _sheet(struck=())
    assert pen_colours(page, quads) is None
    calls = []
    assert len(detect_under_marks(lambda image: calls.append(image) or [], page, quads)) == len(quads)
    assert not calls  # no second detection


def test_the_second_detection_sees_the_strikes_faded() -> None:
    page, quads = _sheet()
    seen = []
    hidden = _quad(100, 520 - 60, 300, 520 - 10)

    def detect(image: np.ndarray) -> list[np.ndarray]:
        seen.append(image)
        return [quads[0], hidden]  # one piece found before, one new

    merged = detect_under_marks(detect, page, quads)
    (faded,) = seen
    strike = (page[:, :, 2] > 180) & (page[:, :, 0] < 90)
    letters = (page[:, :, 0] > 120) & (page[:, :, 2] < 60)
    assert faded[strike].mean() > 200 and faded[letters].mean() < 100
    assert len(merged) == len(quads) + 1 and merged[-1] is hidden


def test_pieces_found_before_stay_as_they_are() -> None:
    found = [_quad(100, 100, 180, 140), _quad(200, 100, 300, 140), _quad(100, 200, 140, 240)]
    line = _quad(96, 98, 304, 142)  # over two words found
    whole = _quad(96, 198, 300, 242)  # a wider piece over one
    assert merge_pieces(found, [line, whole]) == found


def test_a_piece_found_again_is_not_added_twice() -> None:
    found = [_quad(100, 100, 300, 140)]
    assert merge_pieces(found, [_quad(102, 101, 298, 141)]) == found


def test_a_word_found_cut_along_its_strike_is_taken_whole() -> None:
    words = [_quad(100, 100 + 50 * row, 180, 140 + 50 * row) for row in range(5)]
    halves = [_quad(300, 100, 400, 114), _quad(300, 114, 400, 130)]  # the top and bottom of one word
    below = _quad(310, 212, 390, 226)  # a word found only below its strike
    whole, whole_below = _quad(296, 96, 404, 136), _quad(306, 196, 394, 236)
    merged = merge_pieces([*words, *halves, below], [whole, whole_below])
    assert merged == [*words, whole, whole_below]


def test_a_taller_piece_over_whole_words_or_two_lines_replaces_nothing() -> None:
    found = [_quad(100, 100, 200, 140), _quad(100, 150, 200, 190)]
    two_lines = _quad(96, 96, 204, 194)
    short = [_quad(300, 100, 360, 112)]
    too_tall = _quad(296, 60, 364, 150)  # more than a word's height over a short piece
    assert merge_pieces(found, [two_lines]) == found
    assert merge_pieces([*found, *short], [too_tall]) == [*found, *short]
