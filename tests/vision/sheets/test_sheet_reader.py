"""Reading rendered score sheets end to end with the PP-OCR engine, and the reader's bad input."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")

import itertools

from boardsight.datasets.synth.handwriting import HAND_FACES
from boardsight.datasets.synth.sheets import SheetSpec, render_sheet
from boardsight.errors import BadInputError
from boardsight.sheets.decode import AS_WRITTEN, CHECK, Vocabulary
from boardsight.sheets.label import parse_sheet_label
from boardsight.sheets.model import overlap_of_smaller
from boardsight.sheets.scoring import score_sheet
from boardsight.vision.sheets.reader import WORD_ENGINES, NoWritingError, read_sheet

PRINT = tuple(face for face in HAND_FACES if face.name == "Liberation Sans")


def _printed_page(lines: list[str], size: float = 1.3) -> np.ndarray:
    height = 70 * len(lines) + 60
    page = np.full((height, 640, 3), 248, np.uint8)
    for row, text in enumerate(lines):
        y = 70 + 70 * row
        cv2.putText(page, text, (60, y), cv2.FONT_HERSHEY_SIMPLEX, size, (120, 40, 20), 3, cv2.LINE_AA)
    return page


def test_a_rendered_sheet_photo_is_read() -> None:
    jpeg, payload = render_sheet(np.random.default_rng(11), SheetSpec(words=(8, 8), fonts=PRINT), 1200)
    label = parse_sheet_label(payload)
    reading = read_sheet(jpeg, source="sheet.jpg")
    score = score_sheet(label, reading)
    assert score.words == 8
    assert score.right >= 6
    assert score.missed_words == 0
    if label.total is not None:
        assert reading.total == label.total


@pytest.mark.parametrize("word_engine", WORD_ENGINES)
def test_printed_words_total_and_the_never_invent_rule(word_engine: str) -> None:
    page = _printed_page(["QUIET", "TONER", "QUIETT", "TOTAL 14"])
    vocabulary = Vocabulary.of_words(["QUIET", "QUITE", "TONER"])
    reading = read_sheet(page, vocabulary, source="page", word_engine=word_engine)
    assert [word.text for word in reading.words] == ["QUIET", "TONER", "QUIETT"]
    # Printed this clearly, QUIETT is the player's mistake: flagged or taken as written, never QUIET.
    assert reading.words[2].status in (CHECK, AS_WRITTEN)
    assert not reading.words[2].reading.changed
    assert reading.total == 14
    boxes = [word.box for word in reading.words]
    assert all(b[1] < c[1] for b, c in itertools.pairwise(boxes))


@pytest.mark.parametrize("word_engine", WORD_ENGINES)
def test_a_rendered_sheet_is_read_by_each_word_engine(word_engine: str) -> None:
    jpeg, payload = render_sheet(np.random.default_rng(12), SheetSpec(words=(8, 8), fonts=PRINT), 1200)
    label = parse_sheet_label(payload)
    reading = read_sheet(jpeg, source="sheet.jpg", word_engine=word_engine)
    score = score_sheet(label, reading)
    assert score.words == 8 and score.missed_words == 0
    assert score.right >= 6


def test_an_unknown_word_engine_is_one_clear_error() -> None:
    with pytest.raises(BadInputError, match="unknown sheet word engine 'tess'"):
        read_sheet(_printed_page(["STONE"]), word_engine="tess")


def test_the_crop_of_one_word_is_read() -> None:
    crop = _printed_page(["STONE"])[20:110, 30:300]
    reading = read_sheet(crop, source="crop")
    assert [word.text for word in reading.words] == ["STONE"]


def test_a_photo_with_no_writing_is_an_error() -> None:
    blank = np.full((400, 300, 3), 240, np.uint8)
    with pytest.raises(NoWritingError, match=r"no writing found in blank\.png"):
        read_sheet(blank, source="blank.png")


def test_a_page_of_many_words_is_refused() -> None:
    page = np.full((1600, 1600, 3), 250, np.uint8)
    words = ("AB", "CD", "EF", "GH", "IJ")
    for index in range(500):
        row, col = divmod(index, 20)
        text = words[index % len(words)]
        cv2.putText(page, text, (12 + col * 80, 45 + row * 62), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (0, 0, 0), 2)
    with pytest.raises(BadInputError, match="at most"):
        read_sheet(page, source="page.png")


def test_an_unreadable_file_is_an_error(tmp_path) -> None:
    path = tmp_path / "sheet.jpg"
    path.write_bytes(b"not an image at all")
    with pytest.raises(BadInputError, match="not an image"):
        read_sheet(path, source=str(path))


@pytest.mark.parametrize("circled", [False, True])
def test_a_circled_total_is_read_as_challenged(circled: bool) -> None:
    page = _printed_page(["QUIET", "TONER", "TOTAL 14"])
    if circled:
        cv2.ellipse(page, (200, 195), (165, 38), 0, 0, 360, (30, 30, 210), 3, cv2.LINE_AA)
    reading = read_sheet(page, Vocabulary.of_words(["QUIET", "TONER"]), source="page")
    assert reading.total == 14
    assert reading.total_circled is circled
    assert [word.text for word in reading.words] == ["QUIET", "TONER"]


def test_marks_on_rendered_sheets_are_found() -> None:
    """Cancelled and circled words on rendered sheets in print and hand fonts, found and not invented."""
    faces = tuple(face for face in HAND_FACES if face.name in ("Liberation Sans", "Comic Neue"))
    found = wanted = false = 0
    for seed in (21, 22):
        jpeg, payload = render_sheet(
            np.random.default_rng(seed), SheetSpec(words=(24, 24), fonts=faces), 1400
        )
        score = score_sheet(parse_sheet_label(payload), read_sheet(jpeg, source="sheet.jpg"))
        for mark in ("cancelled", "circled"):
            found += score.marks[mark][0]
            wanted += score.marks[mark][0] + score.marks[mark][1]
            false += score.marks[mark][2]
    assert wanted >= 4
    assert found >= wanted - 1
    assert false <= 1


@pytest.mark.parametrize("turn", [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE])
def test_a_turned_page_is_read_upright(turn: int) -> None:
    page = _printed_page(["QUIET", "TONER", "STONE", "TOTAL 14"])
    upright = read_sheet(page, Vocabulary.of_words(["QUIET", "TONER", "STONE"]), source="page")
    turned = read_sheet(
        cv2.rotate(page, turn), Vocabulary.of_words(["QUIET", "TONER", "STONE"]), source="page"
    )
    assert [word.text for word in turned.words] == ["QUIET", "TONER", "STONE"]
    assert turned.total == 14 and turned.turned in (90, 180, 270) and upright.turned == 0
    # Boxes are in the turned photo's own pixels: the same ink, wherever it now lies.
    height, width = page.shape[:2]
    for before, after in zip(upright.words, turned.words, strict=True):
        x0, y0, x1, y1 = before.box
        corners = {
            cv2.ROTATE_90_CLOCKWISE: (height - y1, x0, height - y0, x1),
            cv2.ROTATE_180: (width - x1, height - y1, width - x0, height - y0),
            cv2.ROTATE_90_COUNTERCLOCKWISE: (y0, width - x1, y1, width - x0),
        }[turn]
        assert max(abs(a - b) for a, b in zip(after.box, corners, strict=True)) <= 6


def test_the_second_detection_runs_on_sheet_photos_not_on_word_crops(monkeypatch) -> None:
    import boardsight.vision.sheets.reader as reader

    seen = []
    real = reader.detect_under_marks

    def spy(detect, image, quads):
        seen.append(image.shape)
        return real(detect, image, quads)

    monkeypatch.setattr(reader, "detect_under_marks", spy)
    page = _printed_page(["STONE", "TONER", "NOTES", "ONSET", "TENOR"])
    assert len(read_sheet(page, source="page").words) == 5
    assert len(seen) == 1
    read_sheet(page[20:110, 30:300], source="crop")  # the crop of one word: no second look
    assert len(seen) == 1


def test_a_circled_non_word_is_flagged_for_a_person_and_a_plain_one_taken_as_written() -> None:
    page = _printed_page(["TONER", "XKCDQ", "STONE", "XKCDQ"])
    cv2.ellipse(page, (140, 266), (115, 36), 0, 0, 360, (40, 40, 220), 3, cv2.LINE_AA)  # round line 4
    vocabulary = Vocabulary.of_words(["TONER", "STONE"])
    words = read_sheet(page, vocabulary, source="page").words
    assert [word.text for word in words] == ["TONER", "XKCDQ", "STONE", "XKCDQ"]
    assert [word.circled for word in words] == [False, False, False, True]
    assert words[1].status == AS_WRITTEN
    assert words[3].status == CHECK and "ring" in words[3].reading.notes[-1]


def test_a_line_of_signs_is_named_as_writing_not_read_and_the_words_are_not() -> None:
    page = _printed_page(["TONER", "STONE", "+ + + + +", "NOTES"])
    reading = read_sheet(page, source="page")
    assert [word.text for word in reading.words] == ["TONER", "STONE", "NOTES"]
    assert len(reading.unread) == 1
    x0, y0, _x1, y1 = reading.unread[0]
    assert y0 < 70 + 70 * 2 < y1 + 10 and x0 < 200
    assert all(box[3] < y0 or box[1] > y1 for box in (word.box for word in reading.words))
    assert "1 piece of writing not read" in reading.unread_note
    assert read_sheet(_printed_page(["TONER", "STONE"]), source="page").unread == ()


@pytest.mark.parametrize(
    ("seed", "index", "text", "circled"),
    [
        # DOR, struck in the writer's grey pen and ringed in orange hugging its letters
        (139, 1, "DOR", True),
        # FEE, a short word struck in orange at about 10 degrees over blue letters
        (167, 9, "FEE", False),
    ],
)
def test_rendered_strikes_the_marks_once_missed_are_found(tmp_path, seed, index, text, circled) -> None:
    from boardsight.datasets.synth.sheet_writer import generate_sheets

    [path] = generate_sheets(tmp_path, count=1, seed=seed, start=index, fonts="holdout")
    label = parse_sheet_label(json.loads(path.with_suffix(".json").read_text()))
    if label.hand != "Open Sans":
        pytest.skip("the held-out fonts are not installed (make test installs them)")
    [written] = [word for word in label.words if word.text == text]
    reading = read_sheet(path, source="sheet")
    [read] = [word for word in reading.words if overlap_of_smaller(word.box, written.box) >= 0.5]
    assert read.cancelled and read.circled is circled


def test_a_photo_whose_writing_gives_no_word_says_so_and_asks_for_a_better_photo() -> None:
    page = _printed_page(["+ + + + +", "= = = = ="])
    with pytest.raises(
        NoWritingError, match=r"page: writing was found but no word could be read from it: .*closer"
    ):
        read_sheet(page, source="page")
