"""A set asked for in faces that are not installed is warned of; an unknown split is refused."""

from __future__ import annotations

import pytest

from boardsight.datasets.synth import fonts
from boardsight.datasets.synth.font_check import fonts_warning
from boardsight.datasets.synth.handwriting import HAND_FACES
from boardsight.errors import BadInputError


def test_each_game_is_checked_against_its_own_faces(monkeypatch: pytest.MonkeyPatch) -> None:
    tray_faces = {face.filename: "/x" for face in fonts.FONT_FACES}
    monkeypatch.setattr(fonts, "_installed_files", lambda: tray_faces)
    assert fonts_warning("boggle", "holdout") is None and fonts_warning("scrabble", "all") is None
    sheets = fonts_warning("sheets", "holdout")
    assert sheets is not None and "none of the holdout fonts" in sheets
    monkeypatch.setattr(fonts, "_installed_files", lambda: {face.filename: "/x" for face in HAND_FACES})
    assert fonts_warning("sheets", "train") is None


def test_faces_kept_for_one_game_are_checked_for_that_game(monkeypatch: pytest.MonkeyPatch) -> None:
    boggle_only = [face for face in fonts.FONT_FACES if face.only_for == "boggle"]
    others = {face.filename: "/x" for face in fonts.FONT_FACES if face.only_for != "boggle"}
    monkeypatch.setattr(fonts, "_installed_files", lambda: others)
    boggle = fonts_warning("boggle", "train")
    assert boggle is not None and boggle_only[0].name in boggle
    assert fonts_warning("scrabble", "train") is None


def test_an_unknown_split_is_a_one_line_error() -> None:
    with pytest.raises(BadInputError, match="unknown font split 'cursive'"):
        fonts_warning("sheets", "cursive")
