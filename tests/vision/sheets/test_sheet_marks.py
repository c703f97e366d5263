"""Struck-through and circled words found on drawn word images; plain and ruled words not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from boardsight.vision.sheets.ink import Ink, find_ink
from boardsight.vision.sheets.marks import (
    _bridges_gaps,
    _overhang,
    _runs_past_letters,
    _without_neighbours_rings,
    find_marks,
    is_circled,
    is_enclosed,
    is_ringed,
    is_struck,
    is_total_circled,
    word_crop,
    word_marks,
)
from boardsight.vision.sheets.orientation import turn_image, turn_points, unturn_points

WORD_QUAD = np.array([[100, 80], [300, 80], [300, 130], [100, 130]], np.float32)


def _page(ruled: bool = False) -> np.ndarray:
    page = np.full((220, 420, 3), 245, np.uint8)
    if ruled:
        for y in (40, 135, 190):
            cv2.line(page, (0, y), (419, y), (210, 180, 150), 2)
    cv2.putText(page, "TONER", (104, 126), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (140, 40, 25), 4, cv2.LINE_AA)
    return page


@pytest.mark.parametrize("ruled", [False, True])
def test_a_plain_word_has_no_marks(ruled: bool) -> None:
    marks = find_marks(_page(ruled), WORD_QUAD)
    assert not marks.cancelled and not marks.circled


@pytest.mark.parametrize("colour", [(140, 40, 25), (30, 30, 210)])
def test_a_struck_through_word_is_cancelled(colour) -> None:
    page = _page(ruled=True)
    cv2.line(page, (92, 108), (310, 101), colour, 3, cv2.LINE_AA)
    marks = find_marks(page, WORD_QUAD)
    assert marks.cancelled and not marks.circled


def test_a_circled_word_is_circled() -> None:
    page = _page(ruled=True)
    cv2.ellipse(page, (200, 105), (125, 42), 0, 10, 375, (30, 30, 210), 3, cv2.LINE_AA)
    marks = find_marks(page, WORD_QUAD)
    assert marks.circled and not marks.cancelled


def test_an_underlined_word_is_not_cancelled() -> None:
    page = _page()
    cv2.line(page, (100, 134), (300, 134), (140, 40, 25), 3, cv2.LINE_AA)
    assert not find_marks(page, WORD_QUAD).cancelled


def test_a_bar_counts_as_a_strike_only_where_it_crosses_paper_between_letters() -> None:
    inner = (20, 20, 220, 70)
    mask = np.zeros((90, 240), np.uint8)
    for left in range(24, 210, 40):  # four letters with paper between them
        mask[22:68, left : left + 28] = 255
    bar = np.zeros_like(mask, dtype=bool)
    bar[44:48, 24:212] = True
    mask[bar] = 255
    assert _bridges_gaps(mask, bar, inner)
    joined = mask.copy()
    joined[22:68, 24:212] = 255  # letters so close that their strokes join: no paper to cross
    assert not _bridges_gaps(joined, bar, inner)


def test_a_strike_running_past_the_crop_margin_is_still_a_strike() -> None:
    page = _page(ruled=True)
    cv2.line(page, (70, 106), (330, 103), (30, 150, 60), 3, cv2.LINE_AA)
    assert find_marks(page, WORD_QUAD).cancelled


@pytest.mark.parametrize("colour", [(140, 40, 25), (30, 150, 60)])
@pytest.mark.parametrize("ends", [(0, 310), (92, 419)])
def test_a_strike_overshooting_to_one_edge_of_the_crop_is_still_a_strike(
    ends: tuple[int, int], colour: tuple[int, int, int]
) -> None:
    page = _page(ruled=True)  # the strike runs on off the crop, at one side only
    cv2.line(page, (ends[0], 105), (ends[1], 105), colour, 2, cv2.LINE_AA)
    assert find_marks(page, WORD_QUAD).cancelled


def test_a_line_across_the_whole_crop_through_the_letters_is_no_strike() -> None:
    page = _page()
    cv2.line(page, (0, 104), (419, 104), (30, 150, 60), 3, cv2.LINE_AA)
    assert not find_marks(page, WORD_QUAD).cancelled


def test_an_open_circle_in_a_second_colour_is_circled() -> None:
    page = _page()
    cv2.ellipse(page, (200, 105), (125, 42), 0, 30, 345, (30, 30, 210), 3, cv2.LINE_AA)
    marks = find_marks(page, WORD_QUAD)
    assert marks.circled and not marks.cancelled


@pytest.mark.parametrize("axes", [(95, 28), (100, 30)])
def test_a_ring_in_the_words_pen_touching_its_letters_is_circled(axes: tuple[int, int]) -> None:
    # Drawn tight, the ring touches the T and the R: its inside is parted into pockets, the
    # wide ones above and below the letters, the ones between them narrow.
    page = np.full((220, 420, 3), 245, np.uint8)
    cv2.putText(page, "TONER", (104, 126), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (140, 40, 25), 4, cv2.LINE_AA)
    cv2.ellipse(page, (179, 109), axes, 0, 0, 360, (140, 40, 25), 3, cv2.LINE_AA)
    (a, b), (x, y) = axes, (179, 109)
    quad = np.array([[x - a, y - b], [x + a, y - b], [x + a, y + b], [x - a, y + b]], np.float32)
    marks = find_marks(page, quad)
    assert marks.circled and not marks.cancelled


def test_hollow_letters_are_not_a_circle() -> None:
    page = np.full((220, 420, 3), 245, np.uint8)
    for left in range(104, 290, 46):  # four outlined letters, their counters enclosed
        cv2.rectangle(page, (left, 86), (left + 36, 126), (140, 40, 25), 3)
    assert not find_marks(page, WORD_QUAD).circled


def test_the_second_pen_is_told_from_the_words_own() -> None:
    page = _page()
    cv2.line(page, (92, 108), (310, 101), (30, 30, 210), 3, cv2.LINE_AA)
    crop, inner = word_crop(page, WORD_QUAD)
    ink = find_ink(crop, inner)
    red = (crop[:, :, 2] > 150) & (crop[:, :, 0] < 120)
    assert ink.second[red].mean() > 200  # the strike is the second pen
    letters = (crop[:, :, 0] > 100) & (crop[:, :, 2] < 100)
    assert ink.second[letters].mean() < 30  # the letters are the word's own


@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_points_turn_with_the_image_and_back(degrees: int) -> None:
    image = np.zeros((40, 70), np.uint8)
    image[10, 50] = 255
    turned = turn_image(image, degrees)
    ((x, y),) = turn_points(np.array([[50.5, 10.5]]), degrees, image.shape)  # the pixel's centre
    assert turned[int(y), int(x)] == 255
    back = unturn_points(np.array([[x, y]]), degrees, image.shape)
    assert np.allclose(back, [[50.5, 10.5]])


def test_a_bar_through_touching_letters_counts_only_where_it_runs_past_them() -> None:
    inner = (20, 20, 220, 70)
    own = np.zeros((90, 240), np.uint8)
    own[22:68, 40:200] = 255  # letters so close that they touch: no paper between them
    past = np.zeros_like(own, dtype=bool)
    past[44:48, 24:212] = True  # drawn from before the first letter to after the last
    own[past] = 255
    assert _runs_past_letters(_overhang(own, past, inner), inner, 4.0)
    inside = np.zeros_like(past)
    inside[44:48, 44:196] = True  # a letter's own bar, inside the word
    assert not _runs_past_letters(_overhang(own, inside, inner), inner, 4.0)


@pytest.mark.parametrize(("bar_strength", "struck"), [(15.0, False), (55.0, True)])
def test_a_bar_in_the_words_pen_must_be_as_dark_as_a_stroke(bar_strength: float, struck: bool) -> None:
    inner = (20, 20, 220, 70)
    mask = np.zeros((90, 240), np.uint8)
    strength = np.zeros((90, 240), np.float32)
    for left in range(24, 210, 40):  # letters with paper between them
        mask[22:68, left : left + 28] = 255
        strength[22:68, left : left + 28] = 60.0
    bar = np.zeros_like(mask, dtype=bool)
    bar[44:48, 24:212] = True
    mask[bar] = 255
    # Faint (15): the blur of a bold hand joining its letters; dark (55): a stroke of the pen.
    strength[bar & (strength == 0)] = bar_strength
    assert is_struck(Ink(mask, np.zeros_like(mask), strength), inner) is struck
    assert is_struck(Ink(mask, np.zeros_like(mask)), inner)  # paper unknown: the bar's shape decides


def test_a_second_shade_on_the_letters_themselves_is_not_a_ring() -> None:
    inner = (60, 40, 260, 90)
    own = np.zeros((130, 320), np.uint8)
    second = np.zeros_like(own)
    for left in range(64, 250, 48):  # outline letters: each stroke's middle in another shade
        cv2.rectangle(own, (left, 44), (left + 36, 86), 255, 7)
        cv2.rectangle(second, (left, 44), (left + 36, 86), 255, 2)
    own[second > 0] = 0
    ink = Ink(own | second, second)
    assert is_ringed(second, inner)  # all round the word's centre, but on the letters
    assert not is_circled(ink, inner)
    ring = np.zeros_like(own)
    cv2.ellipse(ring, (160, 65), (125, 45), 0, 0, 360, 255, 3)
    assert is_circled(Ink(own | ring, ring), inner)  # a ring in a second pen round them


def _total(text: str, ring: tuple[int, int] | None) -> tuple[np.ndarray, np.ndarray]:
    """A total written in red, with a ring in the same pen drawn ``ring`` pixels wider and taller
    than the figures (the detector's box round the ring), or none."""
    page = np.full((200, 420, 3), 245, np.uint8)
    (width, height), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 1.5, 3)
    cv2.putText(
        page, text, (210 - width // 2, 105 + height // 2), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (40, 40, 200), 3
    )
    wide, tall = ring or (0, 0)
    axes = (width // 2 + wide, height // 2 + tall)
    if ring is not None:
        cv2.ellipse(page, (210, 105), axes, 0, 0, 360, (40, 40, 200), 3, cv2.LINE_AA)
    x0, y0, x1, y1 = 210 - axes[0], 105 - axes[1], 210 + axes[0], 105 + axes[1]
    return page, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


@pytest.mark.parametrize(("text", "ring"), [("TOTAL 56", (14, 2)), ("56", (10, 2))])
def test_a_ring_hugging_a_total_in_its_own_pen_circles_it(text: str, ring: tuple[int, int]) -> None:
    page, quad = _total(text, ring)
    assert is_total_circled(page, quad)
    # A word's test sees it too: the ring is so tight that its inside is pockets round the figures.
    assert find_marks(page, quad).circled


@pytest.mark.parametrize("text", ["TOTAL 56", "56", "= 80", "0", "8"])
def test_a_total_with_no_ring_is_not_circled(text: str) -> None:
    page, quad = _total(text, None)
    assert not is_total_circled(page, quad)


def test_ruled_lines_running_into_the_table_are_no_ring(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rendered ruled sheet photographed near its edge: the rules stop at the table, so they
    are not taken out as rules, and with the table they lay round three words like a ring."""
    from boardsight.datasets.synth.handwriting import hand_fonts
    from boardsight.datasets.synth.sheet_writer import SHEET_CODE
    from boardsight.datasets.synth.sheets import SheetSpec, render_sheet
    from boardsight.vision.sheets import marks

    faces = hand_fonts("holdout")
    if "Steve Hand" not in {face.name for face in faces}:
        pytest.skip("the held-out handwriting fonts are not installed (make test installs them)")
    rng = np.random.default_rng([19, SHEET_CODE, 28])
    jpeg, payload = render_sheet(rng, SheetSpec(fonts=faces), int(rng.integers(1200, 1601)))
    assert payload["synth"]["font"] == "Steve Hand"
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    boxes = {word["text"]: word["box"] for word in payload["words"]}

    def circled(text: str) -> bool:
        x0, y0, x1, y1 = boxes[text]
        return find_marks(image, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)).circled

    assert not any(circled(text) for text in ("ATONER", "TETRA", "RAFTED"))
    monkeypatch.setattr(marks, "_off_the_page_edge", lambda second: second)
    assert all(circled(text) for text in ("ATONER", "TETRA", "RAFTED"))


@pytest.mark.parametrize("rise", [44, -44, 56, -56])
def test_a_strike_in_the_words_pen_at_11_to_14_degrees_is_cancelled(rise: int) -> None:
    page = _page()
    cv2.line(page, (92, 108 + rise // 2), (310, 108 - rise // 2), (140, 40, 25), 2, cv2.LINE_AA)
    marks = find_marks(page, WORD_QUAD)
    assert marks.cancelled and not marks.circled


def test_a_steep_bar_in_the_words_pen_thicker_than_a_pen_stroke_is_no_strike() -> None:
    # At 14 degrees only the steep slopes find it, and there a bar this thick is taken for
    # blurred bold letters run together.
    page = _page()
    cv2.line(page, (92, 136), (310, 80), (140, 40, 25), 6, cv2.LINE_AA)
    assert not find_marks(page, WORD_QUAD).cancelled


def test_a_short_words_strike_in_a_second_colour_counts_in_a_box_taller_than_its_letters() -> None:
    # The detector's box is over twice the letters' height; the strike is shorter than the box is tall.
    page = np.full((220, 420, 3), 245, np.uint8)
    cv2.putText(page, "TIS", (180, 118), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (60, 110, 40), 3, cv2.LINE_AA)
    cv2.line(page, (182, 106), (228, 105), (200, 120, 40), 2, cv2.LINE_AA)
    box = np.array([[172, 78], [238, 78], [238, 130], [172, 130]], np.float32)
    marks = find_marks(page, box)
    assert marks.cancelled and not marks.circled


@pytest.mark.parametrize(
    ("colour", "start", "end", "in_doubt"),
    [
        ((140, 40, 25), 92, 310, False),  # the word's pen, running on past the letters: sure
        ((140, 40, 25), 110, 250, True),  # the word's pen, within the letters: bold letters can do that
        ((30, 30, 210), 110, 250, False),  # a second pen: no letter is in its ink
    ],
)
def test_a_strike_within_the_letters_in_their_own_pen_is_in_doubt(colour, start, end, in_doubt) -> None:
    page = _page()
    cv2.line(page, (start, 106), (end, 104), colour, 3, cv2.LINE_AA)
    marks = find_marks(page, WORD_QUAD)
    assert marks.cancelled and marks.strike_in_doubt is in_doubt


def test_no_strike_is_never_in_doubt() -> None:
    assert not find_marks(_page(), WORD_QUAD).strike_in_doubt


def test_a_sheet_with_many_words_struck_in_their_own_pen_has_those_strikes_asked() -> None:
    from boardsight.vision.sheets.marks import Marks, doubt_a_sheet_of_own_pen_strikes

    own, second, plain = Marks(True, False, own_pen=True), Marks(True, False), Marks(False, False)
    many = doubt_a_sheet_of_own_pen_strikes([own, own, own, second, *[plain] * 6])
    assert [mark.strike_in_doubt for mark in many] == [True, True, True] + [False] * 7
    few = [own, own, own, second, *[plain] * 7]  # under 0.3 of the words
    assert doubt_a_sheet_of_own_pen_strikes(few) == few
    assert doubt_a_sheet_of_own_pen_strikes([own, own, plain]) == [own, own, plain]  # too few to tell


def _blocks_struck_at(rows: slice, width: int, gap: int) -> tuple[Ink, tuple[int, int, int, int]]:
    """Letters drawn as blocks ``width`` wide with ``gap`` of paper between them, struck by a bar
    in their pen across ``rows``."""
    inner = (20, 20, 220, 70)
    mask = np.zeros((90, 240), np.uint8)
    for left in range(24, 206, width + gap):
        mask[22:68, left : min(left + width, 206)] = 255
    mask[rows, 22:208] = 255
    return Ink(mask, np.zeros_like(mask)), inner


def test_a_strike_drawn_low_across_the_letters_counts_where_it_crosses_paper() -> None:
    # A hasty strike near the letters' foot (four fifths of their band down) across wide gaps
    # is a strike; the same bar across letters set close is their own strokes run together.
    assert is_struck(*_blocks_struck_at(slice(56, 60), width=20, gap=20))
    assert not is_struck(*_blocks_struck_at(slice(56, 60), width=34, gap=6))
    # Through their middle, a bar across the same close letters is a strike, as before.
    assert is_struck(*_blocks_struck_at(slice(43, 47), width=34, gap=6))


def test_a_ring_drawn_close_round_bold_letters_in_their_pen_is_circled() -> None:
    # Four pixels of paper between the letters and two between them and the ring: thickened to
    # close a loop, the ink fills all of it, so the ring is found in the ink as it is.
    inner = (20, 20, 220, 70)
    letters = np.zeros((90, 240), np.uint8)
    for left in range(30, 206, 34):
        letters[28:62, left : left + 30] = 255
    ringed = letters.copy()
    cv2.ellipse(ringed, (120, 45), (108, 23), 0, 0, 360, 255, 2)
    assert not is_circled(Ink(ringed, np.zeros_like(ringed)), inner)
    assert word_marks(Ink(ringed, np.zeros_like(ringed)), inner).circled
    assert not word_marks(Ink(letters, np.zeros_like(letters)), inner).circled


def test_the_feet_of_rings_round_the_words_above_and_below_are_no_ring() -> None:
    # Close lines put the foot of the ring above (a U) and the top of the ring below (an arch) in
    # the crop's margin; with a strike's ends beside the word they lie all round it.
    inner = (60, 40, 260, 80)
    second = np.zeros((120, 320), np.uint8)
    cv2.ellipse(second, (160, 10), (200, 35), 0, 0, 360, 255, 3)
    cv2.ellipse(second, (160, 110), (200, 35), 0, 0, 360, 255, 3)
    cv2.line(second, (20, 60), (300, 60), 255, 3)
    assert is_ringed(second, inner)
    assert not is_ringed(_without_neighbours_rings(second, inner), inner)
    # This word's own ring, broken into an arch above it and a U below, is kept.
    ring = np.zeros_like(second)
    cv2.ellipse(ring, (160, 60), (130, 35), 0, 200, 340, 255, 3)
    cv2.ellipse(ring, (160, 60), (130, 35), 0, 20, 160, 255, 3)
    assert is_ringed(_without_neighbours_rings(ring, inner), inner)


def test_paper_enclosed_far_wider_than_the_word_is_no_rings_inside() -> None:
    # A photo whose paper the ink finder took for ink (white writing on black) leaves a thin strip
    # of "paper" between two lines, enclosed and nearly twice as wide as the word: unthickened, it
    # passes for a ring's inside; it is none.
    inner = (100, 20, 300, 70)
    mask = np.full((90, 400), 255, np.uint8)
    mask[44:48, 20:380] = 0
    assert is_enclosed(mask, inner, thicken=1)
    assert not word_marks(Ink(mask, np.zeros_like(mask)), inner).circled
