"""The ink-alone look: which words are read again from their ink alone, and what comes of it."""

from __future__ import annotations

import cv2
import numpy as np
from fixed_reader import FixedReader

from boardsight.sheets.decode import AS_WRITTEN, CHECK, Scored, Vocabulary, WordReading
from boardsight.vision.sheets.ink_look import doubt_ruled_letters, ink_alone

BOARD = Vocabulary.of_words(["MONTE", "TONE"])


def test_the_ink_alone_has_no_rule_and_keeps_the_letters() -> None:
    crop = np.full((40, 120, 3), (215, 215, 207), np.uint8)
    cv2.line(crop, (0, 34), (119, 34), (185, 188, 172), 1)  # a faint rule
    cv2.putText(crop, "TONE", (8, 32), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (40, 60, 20), 2, cv2.LINE_AA)
    alone = ink_alone(crop)
    paper = alone[2, 2].astype(int)
    assert np.abs(alone[34, 110].astype(int) - paper).max() <= 2  # the rule beyond the letters is gone
    dark = cv2.cvtColor(alone, cv2.COLOR_BGR2GRAY) < 120
    assert dark.sum() == (cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) < 120).sum()


def test_only_valid_words_with_such_a_runner_up_are_read_again() -> None:
    image = np.full((100, 200, 3), 245, np.uint8)
    quad = np.array([[10, 10], [60, 10], [60, 40], [10, 40]], np.float32)
    readings = [
        WordReading("MONTE", "MONTE", AS_WRITTEN, 0.96, runners_up=(Scored("MONTF", -3.2),)),
        WordReading("TONE", "TONE", AS_WRITTEN, 0.99, runners_up=(Scored("TONY", -9.0),)),
    ]
    reader = FixedReader("MONTF")
    checked = doubt_ruled_letters(reader, image, [quad] * 2, readings, BOARD)
    assert [reading.status for reading in checked] == [CHECK, AS_WRITTEN]
    assert checked[1] is readings[1] and len(reader.crops) == 1
