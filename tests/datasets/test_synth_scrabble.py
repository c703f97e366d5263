"""Synthetic Scrabble photos: reproducible, legal positions, labels in reading orientation."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from boardsight.datasets import Label
from boardsight.datasets.synth.writer import SynthSpec, render_example

SMALL = (320, 320)


def test_same_seed_and_index_make_identical_boards() -> None:
    spec = SynthSpec("scrabble", width=SMALL)
    first = render_example(spec, 4, 1)
    assert first == render_example(spec, 4, 1)
    assert first[0] != render_example(spec, 5, 1)[0]


@pytest.mark.parametrize("tiles", ["english", pytest.param("swedish", marks=pytest.mark.needs_swedish_words)])
@pytest.mark.parametrize("index", range(2))
def test_board_labels_are_valid(tiles: str, index: int) -> None:
    jpeg, payload = render_example(SynthSpec("scrabble", tiles=tiles, width=SMALL), 8, index)
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    label = Label.from_dict(payload)
    assert (label.rows, label.cols) == (15, 15)
    corners = np.array(label.corners)
    height, width = image.shape[:2]
    assert (corners >= 0).all() and (corners[:, 0] <= width).all() and (corners[:, 1] <= height).all()
    tokens = {token for row in label.grid for token in row}
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") | ({"Å", "Ä", "Ö"} if tiles == "swedish" else set())
    assert tokens <= alphabet | {t.lower() for t in alphabet} | {"."}
    assert label.grid[7][7] != "."
    assert payload["synth"]["phase"] in ("early", "mid", "late")
