"""``app.read_score_sheet``: a player's list, challenges and doubtful words from a sheet photo."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")

from boardsight import app
from boardsight.datasets.synth.handwriting import HAND_FACES
from boardsight.datasets.synth.sheets import SheetSpec, render_sheet
from boardsight.sheets.label import parse_sheet_label

PRINT = tuple(face for face in HAND_FACES if face.name == "Liberation Sans")


def test_a_sheet_photo_gives_the_players_claimed_words() -> None:
    jpeg, payload = render_sheet(np.random.default_rng(11), SheetSpec(words=(8, 8), fonts=PRINT), 1200)
    label = parse_sheet_label(payload)
    sheet = app.read_score_sheet(jpeg, "alice", source="alice.jpg")
    assert sheet.player.name == "alice" and sheet.reading.source == "alice.jpg"
    claimed = {word.text.upper() for word in label.words if not word.cancelled}
    read = set(sheet.player.words) | {text for _, text in sheet.waiting}
    assert len(claimed & {word.upper() for word in read}) >= 6
    assert all(challenge.player == "alice" for challenge in sheet.challenges)
