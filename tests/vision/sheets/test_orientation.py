"""Which way up a sheet is: the recogniser decides, and an upright sheet read surely is not read turned."""

from __future__ import annotations

import numpy as np

from boardsight.sheets.ctc import COLUMNS, LetterTable
from boardsight.vision.sheets.orientation import UPSIDE_DOWN, upright_turn
from boardsight.vision.sheets.ppocr import LineOutput


def _table(confidence: float) -> LetterTable:
    """Four frames, each an A read with probability ``confidence``."""
    probs = np.full((4, COLUMNS), (1.0 - confidence) / (COLUMNS - 1))
    probs[:, 1] = confidence
    return LetterTable.from_probs(probs)


class _Recogniser:
    """Reads every piece with the confidence given for the turn the photo has been given (told by
    which marked corner of :func:`_photo` is now its top left)."""

    def __init__(self, confidence: dict[int, float]) -> None:
        self.confidence = confidence
        self.turns: list[int] = []

    def recognise(self, image_bgr: np.ndarray, quads: list[np.ndarray]) -> list[LineOutput]:
        turn = _CORNER_TURN[int(image_bgr[0, 0, 0])]
        self.turns.append(turn)
        return [LineOutput(quad, _table(self.confidence[turn]), ("A",) * 4, 4.0) for quad in quads]


_CORNER_TURN = {1: 0, 2: 90, 3: 270, 4: 180}


def _photo() -> np.ndarray:
    """A blank photo whose corners are marked: top left 1, bottom left 2, top right 3, bottom right 4."""
    image = np.zeros((100, 200, 3), np.uint8)
    image[0, 0], image[-1, 0], image[0, -1], image[-1, -1] = 1, 2, 3, 4
    return image


def _wide_quads() -> list[np.ndarray]:
    return [
        np.array([[10, 10 + 20 * i], [90, 10 + 20 * i], [90, 25 + 20 * i], [10, 25 + 20 * i]], np.float32)
        for i in range(3)
    ]


def test_an_upright_sheet_read_surely_is_not_read_turned() -> None:
    ocr = _Recogniser({0: 0.95, 180: 0.99})
    assert upright_turn(ocr, _photo(), _wide_quads()) == 0
    assert ocr.turns == [0]  # a reading turned over could not be UPSIDE_DOWN more confident


def test_a_sheet_read_far_better_upside_down_is_turned() -> None:
    unsure = float(np.exp(-2 * UPSIDE_DOWN))
    ocr = _Recogniser({0: unsure, 180: 0.99})
    assert upright_turn(ocr, _photo(), _wide_quads()) == 180
    assert ocr.turns == [0, 180]


def test_a_sheet_read_only_a_little_better_upside_down_stays() -> None:
    ocr = _Recogniser({0: float(np.exp(-0.6)), 180: float(np.exp(-0.3))})
    assert upright_turn(ocr, _photo(), _wide_quads()) == 0


def test_sideways_lines_take_the_better_quarter_turn() -> None:
    quads = [
        np.array([[10 + 20 * i, 10], [25 + 20 * i, 10], [25 + 20 * i, 90], [10 + 20 * i, 90]], np.float32)
        for i in range(3)
    ]
    assert upright_turn(_Recogniser({90: 0.5, 270: 0.9}), _photo(), quads) == 270
    assert upright_turn(_Recogniser({90: 0.9, 270: 0.5}), _photo(), quads) == 90
