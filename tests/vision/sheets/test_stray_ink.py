"""Stray ink: writing the detector missed, found where no piece explains the ink, and looked at again."""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.sheets.model import overlap_of_smaller
from boardsight.vision.sheets.stray_ink import beside, detect_stray_ink, stray_regions
from boardsight.vision.sheets.under_marks import piece_box

PAPER, INK, PALE, RULE = (240, 244, 246), (150, 60, 40), (200, 170, 160), (215, 200, 170)
WORDS = ("TONER", "RATES", "STONE", "NOTES", "TENOR", "ONSET", "SNORE")


def _quad(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def _sheet(
    missed: tuple[int, ...] = (3,), ruled: bool = False, table: bool = False
) -> tuple[np.ndarray, list[np.ndarray], list[tuple[int, int, int, int]]]:
    """Seven words, those in rows ``missed`` in a pale pen and with no quad (the detector missed
    them); the quads of the others, and the boxes of the missed words."""
    page = np.full((640, 520, 3), PAPER, np.uint8)
    if table:  # dark, grained ground beyond the paper's right edge
        page[:, 400:] = (40, 60, 110)
        for x in range(404, 520, 9):
            cv2.line(page, (x, 0), (x + 30, 640), (25, 40, 80), 2)
    if ruled:
        for y in range(40, 640, 75):
            cv2.line(page, (0, y + 14), (400 if table else 520, y + 14), RULE, 2)
        cv2.line(page, (70, 0), (70, 640), (150, 150, 230), 2)
    quads, hidden = [], []
    for row, word in enumerate(WORDS):
        y = 60 + 80 * row
        colour = PALE if row in missed else INK
        cv2.putText(page, word, (104, y), cv2.FONT_HERSHEY_SIMPLEX, 1.4, colour, 3, cv2.LINE_AA)
        box = (100, y - 40, 270, y + 6)
        (hidden if row in missed else quads).append(box if row in missed else _quad(*box))
    return page, quads, hidden


def _ink_detector(calls: list[np.ndarray]):
    """A stand-in detector: a quad round each blob of dark ink in the image it is given."""

    def detect(image: np.ndarray) -> list[np.ndarray]:
        calls.append(image)
        dark = (image.min(axis=2) < 225).astype(np.uint8)
        joined = cv2.dilate(dark, np.ones((3, 41), np.uint8))
        count, _labels, stats, _ = cv2.connectedComponentsWithStats(joined)
        return [_quad(x + 20, y + 1, x + w - 20, y + h - 1) for x, y, w, h, _a in stats[1:count]]

    return detect


def test_a_missed_pale_word_is_a_region_of_stray_ink() -> None:
    page, quads, (hidden,) = _sheet()
    (region,) = stray_regions(page, quads)
    assert overlap_of_smaller(region, hidden) > 0.8


def test_ruled_lines_and_the_margin_line_are_no_stray_ink() -> None:
    page, quads, _ = _sheet(missed=(), ruled=True)
    assert stray_regions(page, quads) == []


def test_ink_on_the_table_beyond_the_paper_is_no_word() -> None:
    page, quads, _ = _sheet(missed=(), table=True)
    assert stray_regions(page, quads) == []


def test_a_sheet_whose_ink_is_all_explained_is_not_looked_at_again() -> None:
    page, quads, _ = _sheet(missed=(), ruled=True)
    calls: list[np.ndarray] = []
    assert len(detect_stray_ink(_ink_detector(calls), page, quads)) == len(quads)
    assert not calls


def test_the_missed_words_are_found_in_one_look_and_put_back_in_place() -> None:
    page, quads, hidden = _sheet(missed=(2, 5), ruled=True)
    calls: list[np.ndarray] = []
    merged = detect_stray_ink(_ink_detector(calls), page, quads)
    assert len(calls) == 1  # both regions in one stacked image
    assert merged[: len(quads)] == quads  # the pieces found before stay as they are
    added = [piece_box(quad) for quad in merged[len(quads) :]]
    assert len(added) == 2
    for box in hidden:
        assert max(overlap_of_smaller(box, other) for other in added) > 0.7


def test_on_a_tilted_photo_the_found_piece_lands_on_its_word() -> None:
    page, quads, (hidden,) = _sheet(ruled=True)
    turn = cv2.getRotationMatrix2D((260, 320), -8.0, 1.0)
    tilted = cv2.warpAffine(page, turn, (520, 640), borderValue=PAPER)
    tilted_quads = [cv2.transform(quad[None], turn)[0] for quad in quads]
    corners = cv2.transform(_quad(*hidden)[None], turn)[0]
    merged = detect_stray_ink(_ink_detector([]), tilted, tilted_quads)
    (added,) = merged[len(quads) :]
    assert overlap_of_smaller(piece_box(added), piece_box(corners)) > 0.7


def test_a_piece_next_to_a_found_one_on_its_line_is_the_rest_of_that_word() -> None:
    found = (100.0, 200.0, 220.0, 240.0)
    assert beside((230.0, 202.0, 300.0, 242.0), found, 40.0)  # the letters the detector cut off
    assert not beside((330.0, 202.0, 400.0, 242.0), found, 40.0)  # a word of its own along the line
    assert not beside((100.0, 250.0, 220.0, 290.0), found, 40.0)  # the line below


def test_the_rest_of_a_word_cut_short_is_not_added_as_a_word() -> None:
    page, quads, _ = _sheet(missed=())
    quads[3] = _quad(100, 240 + 60 - 40, 180, 240 + 60 + 6)  # NOTES found as its first letters only
    calls: list[np.ndarray] = []
    merged = detect_stray_ink(_ink_detector(calls), page, quads)
    assert calls  # the rest of the word was looked at...
    assert len(merged) == len(quads)  # ...and not taken for a word


def test_a_word_turned_past_the_frame_by_the_levelling_is_no_error() -> None:
    page = np.full((600, 400, 3), PAPER, np.uint8)
    # Writing sloping 15 degrees: levelled about the photo's centre, the word in the lower left
    # corner is turned below the frame.
    corner = np.array([[10, 560], [120, 590], [118, 598], [8, 568]], np.float32)
    top = np.array([[250, 20], [395, 60], [390, 80], [245, 40]], np.float32)
    quads = [corner] * 3 + [top] * 3
    assert len(detect_stray_ink(_ink_detector([]), page, quads)) == len(quads)
