"""Training crops for the square model: synthetic boards, labelled photos and their split."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from boardsight.datasets.store import iter_examples
from boardsight.datasets.synth import SynthSpec, generate
from boardsight.models.training.scrabble.tile_data import (
    CLASS_NAMES,
    INPUT_SIZE,
    label_class,
    labelled_scrabble_photos,
    photo_cell_set,
    photo_source,
    position_key,
    split_photos,
)


@pytest.fixture(scope="module")
def photo_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three rendered positions; the first is there twice (a photo and its copy), as real sets have."""
    folder = tmp_path_factory.mktemp("labelled")
    paths = generate(SynthSpec("scrabble", width=(900, 900)), folder, count=3, seed=3)
    twin = folder / f"copy_of_{paths[0].name}"
    shutil.copyfile(paths[0], twin)
    shutil.copyfile(paths[0].with_suffix(".json"), twin.with_suffix(".json"))
    return folder


def test_label_class_folds_designated_blanks() -> None:
    assert label_class("a") == "?"
    assert label_class("?") == "?"
    assert label_class("Ä") == "Ä"
    assert label_class(".") == "."


def test_position_key_depends_on_the_grid_alone() -> None:
    grid = [["."] * 15 for _ in range(15)]
    other = [row[:] for row in grid]
    other[7][7] = "A"
    assert position_key(grid) == position_key([row[:] for row in grid])
    assert position_key(grid) != position_key(other)


def test_split_keeps_a_position_on_one_side(photo_set: Path) -> None:
    photos = labelled_scrabble_photos(photo_set)
    assert len(photos) == 4
    train, held_out = split_photos(photos, 0.5)
    assert len(train) + len(held_out) == 4
    train_keys = {position_key(photo.label.grid) for photo in train}
    held_keys = {position_key(photo.label.grid) for photo in held_out}
    assert not train_keys & held_keys
    assert len(held_keys) == 2  # half of the three positions, rounded
    assert split_photos(photos, 0.5) == (train, held_out)
    assert split_photos(photos, 0.0) == (photos, [])


def test_two_folds_hold_out_every_position_once(photo_set: Path) -> None:
    photos = labelled_scrabble_photos(photo_set)
    first = {photo.image_path for photo in split_photos(photos, 0.5, fold=0)[1]}
    second = {photo.image_path for photo in split_photos(photos, 0.5, fold=1)[1]}
    assert not first & second
    assert first | second == {photo.image_path for photo in photos}


def test_photo_crops_carry_their_labels(photo_set: Path) -> None:
    photos = [photo for photo in iter_examples(photo_set) if not photo.stem.startswith("copy_of")]
    cells = photo_cell_set(photos, seed=0, empty_share=1.0)
    assert cells.images.shape[1:] == (*INPUT_SIZE, 3)
    assert cells.class_names == CLASS_NAMES
    counts = cells.class_counts()
    grids = [photo.label.grid for photo in photos]
    tiles = sum(token != "." for grid in grids for row in grid for token in row)
    assert counts["."] == 225 * len(photos) - tiles  # every empty square kept at share 1
    assert sum(counts.values()) - counts["."] - counts["turned"] == tiles
    assert counts["turned"] > 0
    assert {str(group) for group in cells.groups} == {f"photo:{position_key(grid)}" for grid in grids}


def test_a_labelled_photo_without_corners_is_not_used(photo_set: Path, tmp_path: Path) -> None:
    folder = tmp_path / "set"
    shutil.copytree(photo_set, folder)
    sidecar = sorted(folder.glob("*.json"))[0]
    payload = json.loads(sidecar.read_text(encoding="utf-8"))
    payload["corners"] = None
    sidecar.write_text(json.dumps(payload), encoding="utf-8")
    assert len(labelled_scrabble_photos(folder)) == 3


def test_no_photos_give_an_empty_set() -> None:
    cells = photo_cell_set([], seed=0)
    assert len(cells) == 0
    assert cells.images.shape[1:] == (*INPUT_SIZE, 3)
    assert np.asarray(cells.labels).dtype.kind == "i"


def test_a_held_out_source_is_held_out_whole(photo_set: Path, tmp_path: Path) -> None:
    folder = tmp_path / "set"
    shutil.copytree(photo_set, folder)
    for sidecar in sorted(folder.glob("*.json"))[:2]:  # the first position and its copy
        payload = json.loads(sidecar.read_text(encoding="utf-8"))
        payload["source_repo"] = "someone/else"
        sidecar.write_text(json.dumps(payload), encoding="utf-8")
    photos = labelled_scrabble_photos(folder)
    assert {photo_source(photo) for photo in photos} == {"someone/else", "boardsight synthetic"}
    train, held_out = split_photos(photos, 0.0, held_out_sources=["someone/else"])
    assert {photo_source(photo) for photo in held_out} == {"someone/else"}
    assert {photo_source(photo) for photo in train} == {"boardsight synthetic"}
    assert len(held_out) == 2 and len(train) == 2
