"""The hand-made game of the recorder's tests, and its synthetic video."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardsight.scrabble.gcg_model import GcgRecord
from boardsight.scrabble.gcg_reader import read_gcg

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def short_game() -> GcgRecord:
    """Ten events: plays, a phony taken back, an exchange, passes and a blank (naspa rules)."""
    return read_gcg(DATA / "short_game.gcg")
