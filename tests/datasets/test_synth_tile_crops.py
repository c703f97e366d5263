"""The tile-crop renderer: one Scrabble square drawn straight into the reader's crop."""

from __future__ import annotations

import numpy as np
import pytest

from boardsight.datasets.synth import tile_crops
from boardsight.datasets.synth.fonts import FONT_FACES, fonts_for
from boardsight.datasets.synth.tile_crops import (
    LETTERS,
    SQUARE_PX_RANGE,
    SquareSpec,
    render_tile_crop,
    tile_crop_fonts,
)

HELD_OUT_FILES = {face.filename for face in FONT_FACES if face.split == "holdout"}


def test_letters_are_the_scrabble_classes() -> None:
    assert len(LETTERS) == 29
    assert LETTERS[:3] == ("A", "B", "C") and LETTERS[-3:] == ("Å", "Ä", "Ö")


def test_crop_fonts_are_training_faces_only() -> None:
    faces = tile_crop_fonts()
    assert faces
    assert all(face.split == "train" for face in faces)
    assert not {face.filename for face in faces} & HELD_OUT_FILES
    assert set(fonts_for("train", "scrabble")) <= set(faces)  # the boards' own faces and more


@pytest.mark.parametrize(
    "spec",
    [
        SquareSpec(letter="Q"),
        SquareSpec(letter="Å"),
        SquareSpec(letter="", tile=True),
        SquareSpec(tile=False, premium="DW"),
        SquareSpec(tile=False, centre=True),
        SquareSpec(tile=False),
    ],
)
def test_a_crop_is_a_small_colour_square(spec: SquareSpec) -> None:
    for seed in range(4):
        crop = render_tile_crop(np.random.default_rng(seed), spec)
        assert crop.dtype == np.uint8 and crop.ndim == 3 and crop.shape[2] == 3
        assert crop.shape[0] == crop.shape[1]
        low, high = SQUARE_PX_RANGE
        assert round(low * 1.16) <= crop.shape[0] <= round(high * 1.16)
        assert crop.std() > 0  # something is drawn


def test_the_same_seed_draws_the_same_crop() -> None:
    first = render_tile_crop(np.random.default_rng(5), SquareSpec(letter="B"))
    again = render_tile_crop(np.random.default_rng(5), SquareSpec(letter="B"))
    other = render_tile_crop(np.random.default_rng(6), SquareSpec(letter="B"))
    assert np.array_equal(first, again)
    assert first.shape != other.shape or not np.array_equal(first, other)


def test_no_held_out_font_is_ever_used(monkeypatch: pytest.MonkeyPatch) -> None:
    used = set()
    real_symbol, real_ink = tile_crops.symbol_mask, tile_crops.ink

    def symbol(token, face, *args):
        used.add(face.filename)
        return real_symbol(token, face, *args)

    def ink(text, face, size):
        used.add(face.filename)
        return real_ink(text, face, size)

    monkeypatch.setattr(tile_crops, "symbol_mask", symbol)
    monkeypatch.setattr(tile_crops, "ink", ink)
    tile_crops._digits_mask.cache_clear()
    rng = np.random.default_rng(0)
    for index in range(150):
        letter = LETTERS[index % len(LETTERS)]
        render_tile_crop(rng, SquareSpec(letter=letter))
        render_tile_crop(rng, SquareSpec(tile=False, premium=("TW", "DW", "TL", "DL")[index % 4]))
    assert used
    assert not used & HELD_OUT_FILES
