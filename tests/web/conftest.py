"""Fixtures of the review page's tests: the app over a folder of copied example photos."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx2", reason="httpx2 (the test client of FastAPI) is not installed")

from fastapi.testclient import TestClient

from boardsight.web.server import create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAY = EXAMPLES / "boggle_tray.jpg"
BOARD = EXAMPLES / "scrabble_board.jpg"
TRAY_GRID = json.loads((EXAMPLES / "boggle_tray.json").read_text())["grid"]
BOARD_GRID = json.loads((EXAMPLES / "scrabble_board.json").read_text())["grid"]


@pytest.fixture(scope="module")
def photo_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the example tray and board photos (and nothing else)."""
    folder = tmp_path_factory.mktemp("photos")
    shutil.copy(TRAY, folder / "tray.jpg")
    shutil.copy(BOARD, folder / "board.jpg")
    return folder


@pytest.fixture(scope="module")
def client(photo_folder: Path) -> TestClient:
    """The app serving ``photo_folder``; errors are answered, never raised into the test."""
    with TestClient(create_app(photo_folder), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def tray_reading(client: TestClient) -> dict:
    response = client.post("/api/read", files={"photo": ("tray.jpg", TRAY.read_bytes(), "image/jpeg")})
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture(scope="module")
def board_reading(client: TestClient) -> dict:
    response = client.post(
        "/api/read",
        files={"photo": ("board.jpg", BOARD.read_bytes(), "image/jpeg")},
        data={"game": "scrabble"},
    )
    assert response.status_code == 200, response.text
    return response.json()
