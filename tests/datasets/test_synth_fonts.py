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


@pytest.mark.usefixtures("no_font_packages")
def test_a_split_with_no_face_installed_is_warned_of() -> None:
    note = fonts.missing_fonts_note("holdout", fonts.FONT_FACES)
    assert note is not None and "none of the holdout fonts" in note and "Pillow" in note
    assert "install-system-packages" in note and "\n" not in note


def test_the_faces_not_installed_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    holdout = [face for face in fonts.FONT_FACES if face.split == "holdout"]
    monkeypatch.setattr(fonts, "_installed_files", lambda: {holdout[0].filename: "/x/" + holdout[0].filename})
    note = fonts.missing_fonts_note("holdout", fonts.FONT_FACES)
    assert note is not None and f"{len(holdout) - 1} of the {len(holdout)} holdout fonts" in note
    assert holdout[1].name in note and holdout[0].name not in note
    everything = {face.filename: "/x/" + face.filename for face in fonts.FONT_FACES}
    monkeypatch.setattr(fonts, "_installed_files", lambda: everything)
    assert fonts.missing_fonts_note("holdout", fonts.FONT_FACES) is None
