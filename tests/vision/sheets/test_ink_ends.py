"""The look at ink past a word's box: how far the ink runs on, and what its longer reading settles."""

from __future__ import annotations

import cv2
import numpy as np
from fixed_reader import ScriptedReader

from boardsight.sheets.decode import AS_WRITTEN, CHECK, Vocabulary, WordReading
from boardsight.vision.sheets.edge_look import lengthened
from boardsight.vision.sheets.ink_ends import RUNS_ON, ink_past_the_ends, look_past_the_ink

BOARD = Vocabulary.of_words(["LEA", "PLEA", "YEW", "EVER", "EVENED"])


def _quad(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def _sheet(*words: tuple[str, int], ruled: bool = False) -> np.ndarray:
    """Paper with each (word, left edge) written on one line whose letters fill rows 40-70."""
    image = np.full((110, 420, 3), 235, np.uint8)
    if ruled:
        cv2.line(image, (0, 58), (419, 58), (110, 110, 110), 2)
    for text, left in words:
        cv2.putText(image, text, (left, 70), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (40, 40, 40), 3, cv2.LINE_AA)
    return image


def test_the_quad_is_lengthened_by_its_height_at_each_end_apart() -> None:
    assert np.allclose(lengthened(_quad(10, 10, 60, 40), 1.0, 0.5), _quad(-20, 10, 75, 40))


def test_ink_cut_off_by_the_box_is_followed_to_the_word_end_and_no_further() -> None:
    image = _sheet(("HELLO", 60), ("WORLD", 290))
    # The box holds the word's last three letters only; the next word lies a wide gap away.
    before, after = ink_past_the_ends(image, _quad(112, 36, 172, 74))
    assert before >= RUNS_ON and before < 2.0
    assert after < RUNS_ON


def test_a_box_round_the_whole_word_has_no_ink_past_it_not_even_along_a_ruled_line() -> None:
    image = _sheet(("HELLO", 60), ruled=True)
    before, after = ink_past_the_ends(image, _quad(52, 36, 172, 76))
    assert before < RUNS_ON and after < RUNS_ON


def test_an_open_word_the_longer_crop_settles_is_settled() -> None:
    image = _sheet(("YEW", 60))
    reading = WordReading("EW", "EW", CHECK, 0.4)
    reader = ScriptedReader("YEW")
    looked = look_past_the_ink(reader, image, [_quad(84, 36, 126, 74)], [reading], BOARD)
    assert (looked[0].text, looked[0].status) == ("YEW", AS_WRITTEN)
    assert len(reader.quads) == 1 and reader.quads[0][0][0] < 84  # read from further left


def test_a_valid_word_that_reads_as_another_from_all_its_ink_is_asked_of_a_person() -> None:
    image = _sheet(("PLEA", 60))
    reading = WordReading("LEA", "LEA", AS_WRITTEN, 0.8)
    looked = look_past_the_ink(ScriptedReader("PLEA"), image, [_quad(88, 36, 150, 74)], [reading], BOARD)
    word = looked[0]
    assert word.status == CHECK and word.text == "LEA"
    assert word.candidates[0].word == "PLEA" and "PLEA" in word.notes[-1]


def test_a_taken_word_whose_longer_crop_reads_more_letters_is_asked_of_a_person() -> None:
    image = _sheet(("EVENED", 60))
    reading = WordReading("EVER", "EVER", AS_WRITTEN, 0.8)
    looked = look_past_the_ink(ScriptedReader("EVENED"), image, [_quad(60, 36, 150, 74)], [reading], BOARD)
    word = looked[0]
    assert word.status == CHECK and word.text == "EVER"
    assert "EVENED" in [scored.word for scored in word.candidates] and "EVENED" in word.notes[-1]


def test_a_longer_reading_of_as_many_letters_or_of_no_word_for_an_open_one_changes_nothing() -> None:
    image = _sheet(("EVENED", 60))
    quads = [_quad(60, 36, 150, 74)] * 2
    readings = [WordReading("EVER", "EVER", AS_WRITTEN, 0.8), WordReading("EW", "EW", CHECK, 0.4)]
    looked = look_past_the_ink(ScriptedReader("EVEN", "EWQ"), image, quads, readings, BOARD)
    assert looked == readings


def test_a_word_whose_ink_ends_in_its_box_is_not_read_again() -> None:
    image = _sheet(("YEW", 60))
    reader = ScriptedReader()
    readings = [WordReading("YEW", "YEW", AS_WRITTEN, 0.9)]
    assert look_past_the_ink(reader, image, [_quad(52, 36, 132, 74)], readings, BOARD) == readings
    assert reader.quads == []
