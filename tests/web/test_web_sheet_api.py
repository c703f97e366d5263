"""``POST /api/boggle/sheet``: a player's list read from a photo of their score sheet."""

from __future__ import annotations

import numpy as np
import pytest
from fastapi.testclient import TestClient

pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR sheet reader needs rapidocr-onnxruntime")

from boardsight.datasets.synth.handwriting import HAND_FACES
from boardsight.datasets.synth.sheets import SheetSpec, render_sheet
from boardsight.sheets.label import parse_sheet_label

PRINT = tuple(face for face in HAND_FACES if face.name == "Liberation Sans")


def test_a_sheet_photo_fills_a_players_list(client: TestClient) -> None:
    jpeg, payload = render_sheet(np.random.default_rng(11), SheetSpec(words=(8, 8), fonts=PRINT), 1200)
    label = parse_sheet_label(payload)
    answer = client.post(
        "/api/boggle/sheet", files={"photo": ("alice.jpg", jpeg, "image/jpeg")}, data={"player": "alice"}
    )
    assert answer.status_code == 200, answer.text
    read = answer.json()
    assert read["player"] == "alice" and read["source"] == "alice.jpg"
    claimed = {word.text.upper() for word in label.words if not word.cancelled}
    found = {word.upper() for word in read["words"]} | {
        item["as_written"].upper() for item in read["waiting"]
    }
    assert len(claimed & found) >= 6
    assert all(
        {"number", "as_written", "candidates", "notes", "strike_in_doubt"} <= set(item)
        for item in read["waiting"]
    )
    assert read["retake_advice"] is None or "words are in doubt" in read["retake_advice"]


def test_a_sheet_upload_that_is_no_photo_is_a_400(client: TestClient) -> None:
    answer = client.post(
        "/api/boggle/sheet",
        files={"photo": ("notes.jpg", b"plain text", "image/jpeg")},
        data={"player": "bo"},
    )
    assert answer.status_code == 400 and "not a JPEG" in answer.json()["error"]


def test_a_bad_grid_field_is_a_400(client: TestClient) -> None:
    jpeg, _ = render_sheet(np.random.default_rng(3), SheetSpec(words=(4, 4), fonts=PRINT), 800)
    answer = client.post(
        "/api/boggle/sheet",
        files={"photo": ("s.jpg", jpeg, "image/jpeg")},
        data={"player": "bo", "grid": "not json"},
    )
    assert answer.status_code == 400 and "grid must be JSON" in answer.json()["error"]


def test_a_word_whose_strike_is_in_doubt_waits_on_the_page_with_the_reason(
    client: TestClient, monkeypatch
) -> None:
    from boardsight import app
    from boardsight.sheets.decode import AS_WRITTEN, WordReading
    from boardsight.sheets.model import SheetReading, SheetWord
    from boardsight.sheets.players import sheet_list

    def read(photo, player, **options):
        box = (0, 0, 10, 10)
        words = (
            SheetWord(WordReading("QUIET", "QUIET", AS_WRITTEN, 0.9), box),
            SheetWord(WordReading("TONER", "TONER", AS_WRITTEN, 0.9), box, True, strike_in_doubt=True),
        )
        return sheet_list(SheetReading(options["source"], words), player)

    monkeypatch.setattr(app, "read_score_sheet", read)
    jpeg, _ = render_sheet(np.random.default_rng(3), SheetSpec(words=(2, 2), fonts=PRINT), 600)
    answer = client.post(
        "/api/boggle/sheet", files={"photo": ("alice.jpg", jpeg, "image/jpeg")}, data={"player": "alice"}
    )
    assert answer.status_code == 200, answer.text
    read_back = answer.json()
    assert read_back["words"] == ["QUIET"] and read_back["cancelled"] == []
    (waiting,) = read_back["waiting"]
    assert waiting["number"] == 2 and waiting["as_written"] == "TONER" and waiting["strike_in_doubt"]
