"""Whether the faces a rendered set asks for are installed: a warning for the renderer's user."""

from __future__ import annotations

from boardsight.datasets.synth.fonts import FONT_FACES, FONT_SPLITS, missing_fonts_note
from boardsight.datasets.synth.handwriting import HAND_FACES
from boardsight.errors import BadInputError


def fonts_warning(game: str, split: str) -> str | None:
    """A one-line warning when faces of ``split`` for ``game`` (boggle, scrabble or sheets) are missing.

    An unknown split is a one-line error.
    """
    if split not in FONT_SPLITS:
        raise BadInputError(f"unknown font split {split!r}; choose one of {', '.join(FONT_SPLITS)}")
    faces = HAND_FACES if game == "sheets" else tuple(f for f in FONT_FACES if f.only_for in (None, game))
    return missing_fonts_note(split, faces)
