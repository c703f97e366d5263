"""Font splits never share a family, and rendering works on a machine without font packages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardsight.datasets.synth import fonts
from boardsight.datasets.synth.glyphs import symbol_mask
from boardsight.errors import BadInputError


def _family(face: fonts.FontFace) -> str:
    return face.filename.split("-")[0].replace("Bold", "").replace("Condensed", "")


def test_train_and_holdout_fonts_are_different_families() -> None:
    train = {_family(f) for f in fonts.FONT_FACES if f.split == "train"}
    holdout = {_family(f) for f in fonts.FONT_FACES if f.split == "holdout"}
    assert train and holdout and not train & holdout
    assert {f.kind for f in fonts.FONT_FACES if f.split == "holdout"} == {"sans", "serif"}


def test_faces_kept_for_one_game_come_only_for_that_game() -> None:
    kept = {face for face in fonts.FONT_FACES if face.only_for}
    assert kept and all(face.split == "train" and face.only_for in ("boggle", "tiles") for face in kept)
    assert not kept & set(fonts.fonts_for("train")) and not kept & set(fonts.fonts_for("all", "scrabble"))
    for game in ("boggle", "tiles"):
        chosen = set(fonts.fonts_for("train", game))
        assert set(fonts.fonts_for("train")) <= chosen
        assert {face for face in kept if face.only_for == game and fonts.font_path(face)} <= chosen
        assert not {face for face in kept if face.only_for != game} & chosen


def test_unknown_split_is_a_clear_error() -> None:
    with pytest.raises(BadInputError, match="font split"):
        fonts.fonts_for("cursive")


@pytest.fixture
def no_font_packages(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(fonts, "FONT_DIRS", ())
    monkeypatch.delenv("BOARDSIGHT_FONT_DIRS", raising=False)
    fonts._installed_files.cache_clear()
    yield
    fonts._installed_files.cache_clear()


@pytest.mark.usefixtures("no_font_packages")
def test_pillow_font_stands_in_when_none_is_installed() -> None:
    chosen = fonts.fonts_for("holdout")
    assert chosen == (fonts.PILLOW_DEFAULT,)
    mask = symbol_mask("QU", chosen[0], 64, 0.55, False)
    assert mask.max() > 0.9 and mask.mean() > 0.02
