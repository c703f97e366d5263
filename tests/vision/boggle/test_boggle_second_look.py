"""The second look at doubtful cells: turns and moved windows averaged, on hand-made tables."""

import numpy as np
from tray_scene import render_tray

from boardsight.vision.boggle import second_look
from boardsight.vision.boggle.cells import cut_cells
from boardsight.vision.boggle.onnx_reader import CnnCells, cube_classifier
from boardsight.vision.boggle.second_look import in_four_turns, read_cells, window

CONTEXT_PX = 3
SHIFT_PX = 2


class MarkReader:
    """A stand-in classifier over three classes that reads a crop by where its bright pixel lies.

    The mark in the top-left corner reads as class 0 at ``upright``; in any other corner
    (the crop turned) as class 0 at ``turned``; at the middle of the crop as class 1 at 98%;
    anywhere else (off-centre) as class 2 at 40%. It counts the crops it was given.
    """

    def __init__(self, upright: float, turned: float) -> None:
        self.upright, self.turned = upright, turned
        self.seen = 0

    def __call__(self, crops) -> np.ndarray:
        self.seen += len(crops)
        rows = []
        for crop in crops:
            row, col = np.unravel_index(int(np.argmax(crop)), crop.shape)
            side = crop.shape[0]
            if (row, col) == (side // 2, side // 2):
                rows.append([0.01, 0.98, 0.01])
            elif row in (0, side - 1) and col in (0, side - 1):
                top = self.upright if (row, col) == (0, 0) else self.turned
                rows.append([top, (1 - top) / 2, (1 - top) / 2])
            else:
                rows.append([0.3, 0.3, 0.4])
        return np.array(rows)


def context_crop(mark: tuple[int, int], side: int = 9) -> np.ndarray:
    """A model crop of ``side`` pixels with one bright pixel at ``mark``, inside its context ring."""
    crop = np.zeros((side + 2 * CONTEXT_PX, side + 2 * CONTEXT_PX), np.uint8)
    crop[CONTEXT_PX + mark[0], CONTEXT_PX + mark[1]] = 255
    return crop


def test_window_cuts_the_middle_and_moves_by_pixels() -> None:
    crop = np.arange(15 * 15).reshape(15, 15)
    assert np.array_equal(window(crop, 3), crop[3:12, 3:12])
    assert np.array_equal(window(crop, 3, right_px=2), crop[3:12, 5:14])
    assert np.array_equal(window(crop, 3, down_px=-2), crop[1:10, 3:12])


def test_a_confident_cell_is_read_once() -> None:
    reader = MarkReader(upright=0.93, turned=0.2)
    probabilities = read_cells([context_crop((0, 0))], reader, context_px=CONTEXT_PX, shift_px=SHIFT_PX)
    assert reader.seen == 1
    assert np.allclose(probabilities[0], [0.93, 0.035, 0.035])


def test_a_doubtful_cell_is_the_mean_of_its_four_turns() -> None:
    """Upright at 85% (below the turn threshold), turned at 81%: the mean, 82%, needs no moved windows."""
    reader = MarkReader(upright=0.85, turned=0.81)
    probabilities = read_cells([context_crop((0, 0))], reader, context_px=CONTEXT_PX, shift_px=SHIFT_PX)
    assert np.allclose(probabilities[0, 0], (0.85 + 3 * 0.81) / 4)
    assert reader.seen == 1 + 3  # the first look, then the other three turns
    assert probabilities[0, 0] >= second_look.SHIFT_BELOW


def test_four_turns_average_a_hand_made_table() -> None:
    table = {0: [0.6, 0.4], 1: [0.2, 0.8], 2: [0.5, 0.5], 3: [0.1, 0.9]}

    def by_turn(crops) -> np.ndarray:  # each crop says its own turn: where its bright corner went
        corners = [(0, 0), (2, 0), (2, 2), (0, 2)]  # np.rot90 turns counter-clockwise
        return np.array([table[corners.index(np.unravel_index(int(np.argmax(c)), c.shape))] for c in crops])

    crop = np.zeros((3, 3))
    crop[0, 0] = 1
    assert np.allclose(in_four_turns([crop], by_turn), [[0.35, 0.65]])


def test_an_off_centre_letter_is_read_in_the_moved_windows() -> None:
    """The mark sits ``SHIFT_PX`` left of the middle: the middle window reads it at 40%, in every
    turn; the window moved left centres it, and the average of the five looks favours class 1."""
    reader = MarkReader(upright=0.5, turned=0.5)
    crop = context_crop((4, 4 - SHIFT_PX))
    probabilities = read_cells([crop], reader, context_px=CONTEXT_PX, shift_px=SHIFT_PX)
    assert int(np.argmax(probabilities[0])) == 1
    looks = [0.3, 0.3, 0.4]  # the middle, and three moved windows that miss the mark
    expected = (2 * np.array(looks) + 2 * np.array(looks) + np.array([0.01, 0.98, 0.01])) / 5
    assert np.allclose(probabilities[0], expected)
    unmoved = read_cells([crop], MarkReader(0.5, 0.5), context_px=CONTEXT_PX, shift_px=0)
    assert int(np.argmax(unmoved[0])) == 2


def test_the_first_look_sees_the_crop_the_model_was_trained_on() -> None:
    """The middle of each context crop is the cell cut with the model's own margin."""
    cells = CnnCells(cube_classifier())
    scene = render_tray(21, 4, tilt_deg=12, roll_deg=20)
    wide = cut_cells(scene.image, scene.corners, 4, margin=cells.margin, cell_px=cells.cell_px)
    plain = cut_cells(scene.image, scene.corners, 4, margin=cells.model_margin, cell_px=cells.cell_px)
    for context, crop in zip(wide, plain, strict=True):
        middle = window(context, cells.context_px).astype(int)
        assert middle.shape == crop.shape
        assert np.abs(middle - crop).mean() < 2.0
