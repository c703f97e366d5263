from pathlib import Path

import cv2
import numpy as np
import pytest
from labelled_sets import boggle_sidecar, make_example, scrabble_sidecar, write_image, write_sidecar

from boardsight.datasets import (
    DatasetError,
    InvalidLabelError,
    Label,
    iter_examples,
    read_label,
    scan_dataset,
    validate_example,
    write_example,
)
from boardsight.datasets import problems as kinds
from boardsight.errors import BadInputError, NotFoundError


def test_scan_pairs_images_and_sidecars_recursively(tmp_path: Path) -> None:
    make_example(tmp_path, "b/tray_1", boggle_sidecar())
    make_example(tmp_path, "a/board", scrabble_sidecar(), suffix=".JPG")
    make_example(tmp_path, "a/deep/er/corners_only", scrabble_sidecar(grid=None))
    write_image(tmp_path / "a" / "no_label.webp")
    scan = scan_dataset(tmp_path)
    assert scan.problems == []
    names = [example.image_path.relative_to(tmp_path).as_posix() for example in scan.examples]
    assert names == ["a/board.JPG", "a/deep/er/corners_only.png", "b/tray_1.png"]
    assert [path.name for path in scan.unlabelled_images] == ["no_label.webp"]
    assert scan.examples[0].label_path == tmp_path / "a" / "board.json"
    assert [example.game for example in iter_examples(tmp_path)] == ["scrabble", "scrabble", "boggle"]


def test_sidecar_without_image_is_reported(tmp_path: Path) -> None:
    write_sidecar(tmp_path / "lonely.json", boggle_sidecar())
    scan = scan_dataset(tmp_path)
    assert [(p.kind, p.path.name) for p in scan.problems] == [(kinds.MISSING_IMAGE, "lonely.json")]
    assert scan.examples == []


def test_two_images_for_one_sidecar(tmp_path: Path) -> None:
    make_example(tmp_path, "tray", boggle_sidecar())
    write_image(tmp_path / "tray.jpg")
    assert [p.kind for p in scan_dataset(tmp_path).problems] == [kinds.AMBIGUOUS_IMAGE]


@pytest.mark.parametrize(
    ("text", "message"),
    [("{not json", "not valid JSON"), (b"\xff\xfe\x00{", "not UTF-8")],
)
def test_bad_json(tmp_path: Path, text: str | bytes, message: str) -> None:
    write_image(tmp_path / "tray.png")
    path = tmp_path / "tray.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    found = validate_example(tmp_path / "tray.png")
    assert [p.kind for p in found] == [kinds.BAD_JSON]
    assert message in found[0].message
    with pytest.raises(InvalidLabelError, match=message):
        read_label(path)


def test_unreadable_image_and_label_problems_together(tmp_path: Path) -> None:
    (tmp_path / "tray.jpg").write_bytes(b"\xff\xd8\xff\xe0 truncated")
    write_sidecar(tmp_path / "tray.json", boggle_sidecar(game="chess"))
    found = validate_example(tmp_path / "tray.jpg")
    assert {p.kind for p in found} == {kinds.UNREADABLE_IMAGE, kinds.WRONG_GAME}


def test_corners_are_checked_against_the_real_image_size(tmp_path: Path) -> None:
    image = make_example(tmp_path, "small", boggle_sidecar(), size=(100, 80))
    found = validate_example(image)
    assert {p.kind for p in found} == {kinds.CORNERS_OUTSIDE}
    assert all(p.path == tmp_path / "small.json" for p in found)


def test_iter_examples_refuses_a_broken_set(tmp_path: Path) -> None:
    make_example(tmp_path, "good", boggle_sidecar())
    make_example(tmp_path, "bad", boggle_sidecar(rows=7))
    with pytest.raises(DatasetError, match=r"bad\.json: rows is 7.*dataset check"):
        list(iter_examples(tmp_path))


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(NotFoundError):
        scan_dataset(tmp_path / "nowhere")
    with pytest.raises(NotFoundError):
        read_label(tmp_path / "nowhere.json")


def test_write_example_round_trips_and_never_overwrites(tmp_path: Path) -> None:
    label = Label.from_dict(boggle_sidecar())
    image = np.zeros((160, 200, 3), dtype=np.uint8)
    example = write_example(tmp_path / "set", "tray_0001", image, label)
    assert example.image_path.name == "tray_0001.jpg"
    assert cv2.imread(str(example.image_path)).shape == (160, 200, 3)
    assert read_label(example.label_path) == label
    assert [e.label for e in iter_examples(tmp_path / "set")] == [label]
    with pytest.raises(BadInputError, match="exists"):
        write_example(tmp_path / "set", "tray_0001", image, label)
    write_example(tmp_path / "set", "tray_0001", image, label, overwrite=True)
    png = write_example(tmp_path / "set", "tray_0002", image, label, suffix="png")
    assert png.image_path.suffix == ".png"


def test_write_example_checks_the_label_against_the_image(tmp_path: Path) -> None:
    label = Label.from_dict(boggle_sidecar())
    with pytest.raises(InvalidLabelError, match="outside"):
        write_example(tmp_path, "small", np.zeros((50, 60, 3), dtype=np.uint8), label)
    assert list(tmp_path.iterdir()) == []
