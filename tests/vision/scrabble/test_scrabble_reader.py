"""The bundled square CNN on a bundled rendered photo: every turn, every square, the checks."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight.errors import BadInputError
from boardsight.vision.geometry import quad_diagonal
from boardsight.vision.reading import BoardNotFoundError, get_reader, read_photo

DATA = Path(__file__).resolve().parents[3] / "examples"
ENGLISH = DATA / "scrabble_board.jpg"
SWEDISH = DATA / "scrabble_board_swedish.jpg"


def label(photo: Path) -> dict:
    return json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))


def matches(read: list[list[str]], truth: list[list[str]]) -> bool:
    """Every square right; a designated blank in the label may be read ``?`` or as its lower-case letter."""
    return all(
        a == b or (b.islower() and a in ("?", b))
        for row_read, row_truth in zip(read, truth, strict=True)
        for a, b in zip(row_read, row_truth, strict=True)
    )


def corner_error(found: np.ndarray, truth: np.ndarray) -> float:
    return float(np.linalg.norm(np.asarray(found) - truth, axis=1).mean() / quad_diagonal(truth))


@pytest.mark.parametrize("quarter_turns", range(4))
def test_reads_a_rendered_board_at_every_turn(tmp_path: Path, quarter_turns: int) -> None:
    truth = label(ENGLISH)
    image = cv2.imread(str(ENGLISH))
    turned = np.ascontiguousarray(np.rot90(image, quarter_turns))
    photo = tmp_path / "turned.png"
    cv2.imwrite(str(photo), turned)
    reading = read_photo(photo, game="scrabble", reader="onnx", tiles="english")
    assert matches(reading.grid, truth["grid"])
    # the label's corners, carried into the turned photo (np.rot90 turns counter-clockwise)
    height, width = image.shape[:2]
    corners = np.asarray(truth["corners"], dtype=np.float64)
    for _ in range(quarter_turns):
        corners = np.c_[corners[:, 1], width - 1 - corners[:, 0]]
        height, width = width, height
    assert corner_error(reading.corners, corners) < 0.01  # in reading order: the orientation is right


def test_a_reading_on_two_threads_is_the_reading_on_one() -> None:
    # this photo's board search runs the raised-contrast pass and a closer look, so both
    # the work done aside and the classifier's batches on two threads are compared
    one = read_photo(ENGLISH, game="scrabble", reader="onnx", tiles="english", threads=1)
    two = read_photo(ENGLISH, game="scrabble", reader="onnx", tiles="english", threads=2)
    assert np.array_equal(one.corners, two.corners)
    assert one.confidence == two.confidence
    sidecars = [reading.to_sidecar() for reading in (one, two)]
    for sidecar in sidecars:
        sidecar.pop("timings_ms")
    assert sidecars[0] == sidecars[1]


def test_premium_squares_are_never_letters() -> None:
    truth = label(ENGLISH)
    reading = read_photo(ENGLISH, game="scrabble", reader="onnx", tiles="english")
    for row_read, row_truth in zip(reading.grid, truth["grid"], strict=True):
        for read, expected in zip(row_read, row_truth, strict=True):
            if expected == ".":
                assert read == "."


@pytest.mark.needs_swedish_words
def test_swedish_tiles_are_read_and_recognised() -> None:
    truth = label(SWEDISH)
    reading = read_photo(SWEDISH, game="scrabble", reader="onnx")  # tiles auto: Å Ä Ö make it Swedish
    assert reading.extras["tiles"] == "swedish"
    assert matches(reading.grid, truth["grid"])
    assert any(token in "ÅÄÖ" for row in reading.grid for token in row)


def test_reading_is_a_valid_sidecar_with_words_and_cgp() -> None:
    from boardsight.datasets import Label

    reading = read_photo(ENGLISH, game="scrabble", reader="onnx", tiles="english")
    sidecar = reading.to_sidecar()
    Label.from_dict(sidecar)  # raises when the sidecar breaks the shared format
    assert sidecar["cgp"].count("/") >= 14
    assert all(word["valid"] for word in sidecar["words"])
    assert set(reading.timings) >= {"find", "read", "decode", "total"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("blank", "no Scrabble board"),
        ("noise", "no Scrabble board"),
        ("tiny", "too small"),
        ("text", "not an image"),
        ("truncated", "truncated"),
    ],
)
def test_bad_inputs(tmp_path: Path, content: str, message: str) -> None:
    photo = tmp_path / "photo.jpg"
    if content == "blank":
        cv2.imwrite(str(photo), np.full((600, 800, 3), 200, np.uint8))
    elif content == "noise":
        cv2.imwrite(str(photo), np.random.default_rng(1).integers(0, 255, (600, 800, 3), dtype=np.uint8))
    elif content == "tiny":
        cv2.imwrite(str(photo), np.zeros((1, 1, 3), np.uint8))
    elif content == "text":
        photo.write_text("this is no photo\n")
    else:
        photo.write_bytes(ENGLISH.read_bytes()[:5000])
    with pytest.raises(BadInputError, match=message):
        read_photo(photo, game="scrabble", reader="onnx")


def test_no_board_is_a_board_not_found_error(tmp_path: Path) -> None:
    photo = tmp_path / "wall.png"
    cv2.imwrite(str(photo), np.full((400, 400, 3), (90, 160, 200), np.uint8))
    with pytest.raises(BoardNotFoundError):
        read_photo(photo, game="scrabble", reader="onnx")


def test_unknown_tile_set() -> None:
    reader = get_reader("scrabble", "onnx")
    with pytest.raises(BadInputError, match="unknown tile set"):
        reader(cv2.imread(str(ENGLISH)), tiles="klingon")


@pytest.mark.needs_tesseract
@pytest.mark.parametrize("quarter_turns", [0, 1])
def test_tesseract_reader_is_a_baseline(quarter_turns: int) -> None:
    from scrabble_drawing import draw_board

    words = ["." * 15] * 3 + [".....E.........", ".....BOARD.....", ".....R...E.....", ".....A...A....."]
    words += [".........L....."] + ["." * 15] * 7
    flat = np.ascontiguousarray(np.rot90(draw_board(words, cell=48), quarter_turns))
    reading = get_reader("scrabble", "tesseract")(flat, tiles="english")
    assert reading.reader == "tesseract" and reading.extras["quarter_turns"] == quarter_turns
    read = [(a, b) for ra, rb in zip(reading.grid, words, strict=True) for a, b in zip(ra, rb, strict=True)]
    assert sum(a == b != "." for a, b in read) >= 5  # a baseline: it reads some letters, not all
    assert all(a == "." for a, b in read if b == ".")
