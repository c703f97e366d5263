"""``/api/read`` and ``/api/readings``: a photo in, the fields of ``read --json`` out, fixes, sidecars."""

from __future__ import annotations

import json

from conftest import BOARD_GRID, TRAY, TRAY_GRID
from fastapi.testclient import TestClient

from boardsight.web.routes.reading import HAND_LABEL

SIDECAR_FIELDS = {"game", "rows", "cols", "grid", "corners", "confidence", "flagged", "corrections"}


def same_squares(read: list[list[str]], label: list[list[str]]) -> bool:
    """A designated blank in the label may be read ``?`` or as that lower-case letter."""
    return all(
        got == want or (want.islower() and got in ("?", want))
        for got_row, want_row in zip(read, label, strict=True)
        for got, want in zip(got_row, want_row, strict=True)
    )


def test_reading_a_tray_answers_the_fields_of_read_json(tray_reading: dict) -> None:
    assert set(tray_reading) >= SIDECAR_FIELDS
    assert tray_reading["game"] == "boggle" and tray_reading["grid"] == TRAY_GRID
    assert tray_reading["reading_id"] and tray_reading["applied_fixes"] == []
    assert len(tray_reading["corners"]) == 4


def test_reading_a_board_answers_words_blanks_and_cgp(board_reading: dict) -> None:
    assert board_reading["game"] == "scrabble"
    assert same_squares(board_reading["grid"], BOARD_GRID)
    assert {"words", "blanks", "cgp"} <= set(board_reading)
    assert any(word["word"] == "QUIZ" for word in board_reading["words"])


def test_a_fix_changes_the_cell_and_undoing_restores_it(client: TestClient, tray_reading: dict) -> None:
    reading_id = tray_reading["reading_id"]
    fixed = client.post(f"/api/readings/{reading_id}/fixes", json={"fixes": ["B2=QU"]})
    assert fixed.status_code == 200, fixed.text
    assert fixed.json()["grid"][1][1] == "QU" and fixed.json()["applied_fixes"] == ["B2=QU"]
    undone = client.post(f"/api/readings/{reading_id}/fixes", json={"fixes": []}).json()
    assert undone["grid"] == TRAY_GRID


def test_scrabble_fixes_set_a_tile_a_blank_and_an_empty_square(
    client: TestClient, board_reading: dict
) -> None:
    reading_id = board_reading["reading_id"]
    answer = client.post(f"/api/readings/{reading_id}/fixes", json={"fixes": ["A1=Z", "O14=s", "H1=."]})
    assert answer.status_code == 200, answer.text
    grid = answer.json()["grid"]
    assert grid[0][0] == "Z" and grid[13][14] == "s" and grid[0][7] == "."
    assert not any(word["word"] == "QUIZ" for word in answer.json()["words"])


def test_a_bad_fix_is_a_400_with_one_line(client: TestClient, tray_reading: dict) -> None:
    answer = client.post(f"/api/readings/{tray_reading['reading_id']}/fixes", json={"fixes": ["B2=%%"]})
    assert answer.status_code == 400
    assert "\n" not in answer.json()["error"]


def test_an_unknown_reading_is_a_404(client: TestClient) -> None:
    answer = client.post("/api/readings/nothing-like-it/fixes", json={"fixes": []})
    assert answer.status_code == 404
    assert "load the photo again" in answer.json()["error"]


def test_reading_from_given_corners_cuts_there(client: TestClient, tray_reading: dict) -> None:
    corners = json.dumps(tray_reading["corners"])
    answer = client.post(
        "/api/read",
        files={"photo": ("tray.jpg", TRAY.read_bytes(), "image/jpeg")},
        data={"game": "boggle", "corners": corners, "fixes": '["A1=TH"]'},
    )
    assert answer.status_code == 200, answer.text
    payload = answer.json()
    assert payload["grid"][0][0] == "TH" and payload["grid"][1:] == TRAY_GRID[1:]
    assert payload["corners"] == tray_reading["corners"]


def test_bad_corners_are_a_400(client: TestClient) -> None:
    answer = client.post(
        "/api/read",
        files={"photo": ("tray.jpg", TRAY.read_bytes(), "image/jpeg")},
        data={"game": "boggle", "corners": "[[1, 2], [3, 4]]"},
    )
    assert answer.status_code == 400
    assert "four [x, y] points" in answer.json()["error"]


def test_the_sidecar_of_a_checked_reading_is_labelled_by_hand(client: TestClient, tray_reading: dict) -> None:
    answer = client.post(f"/api/readings/{tray_reading['reading_id']}/sidecar", json={"fixes": ["E5=TH"]})
    sidecar = answer.json()
    assert sidecar["label_origin"] == HAND_LABEL
    assert sidecar["fixes"] == [{"cell": "E5", "read": TRAY_GRID[4][4], "now": "TH"}]
    assert sidecar["grid"][4][4] == "TH" and "reading_id" not in sidecar
