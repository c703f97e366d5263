"""Whether the faces a rendered set asks for are installed: a warning for the renderer's user."""

from __future__ import annotations

from boardsight.datasets.synth.fonts import FONT_FACES, faces_of, missing_fonts_note
from boardsight.datasets.synth.handwriting import HAND_FACES


def fonts_warning(game: str, split: str) -> str | None:
    """A one-line warning when faces of ``split`` for ``game`` (boggle, scrabble or sheets) are missing.

    An unknown split is a one-line error.
    """
    faces = faces_of(HAND_FACES, split) if game == "sheets" else faces_of(FONT_FACES, split, game)
    return missing_fonts_note(split, faces)
