"""``--folder``: its photos are served by name, nothing outside it is reachable or written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import TRAY_GRID
from fastapi.testclient import TestClient

from boardsight.errors import BadInputError, NotFoundError
from boardsight.web.folder import FileExistsConflictError, PhotoFolder
from boardsight.web.server import create_app


def test_the_folder_lists_its_photos_only(client: TestClient) -> None:
    answer = client.get("/api/folder").json()
    assert [photo["name"] for photo in answer["photos"]] == ["board.jpg", "tray.jpg"]


@pytest.mark.parametrize(
    "name",
    [
        "../secret.jpg",
        "..%2Fsecret.jpg",
        "%2E%2E%2Fsecret.jpg",
        "sub%2Fphoto.jpg",
        ".hidden.jpg",
        "notes.txt",
    ],
)
def test_no_url_reaches_a_file_outside_the_folder(client: TestClient, photo_folder: Path, name: str) -> None:
    (photo_folder.parent / "secret.jpg").write_bytes(b"\xff\xd8secret\xff\xd9")
    answer = client.get(f"/api/folder/photos/{name}")
    assert answer.status_code in (400, 404)
    assert b"secret" not in answer.content


def test_a_link_leading_out_of_the_folder_is_not_a_photo(tmp_path: Path) -> None:
    outside = tmp_path / "outside.jpg"
    outside.write_bytes(b"\xff\xd8\xff\xd9")
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "link.jpg").symlink_to(outside)
    photos = PhotoFolder(folder)
    assert photos.photos() == []
    with pytest.raises(NotFoundError):
        photos.photo("link.jpg")


def test_a_folder_photo_is_served_and_read(client: TestClient, photo_folder: Path) -> None:
    assert client.get("/api/folder/photos/tray.jpg").content == (photo_folder / "tray.jpg").read_bytes()
    answer = client.post("/api/folder/photos/tray.jpg/read", data={"game": "boggle"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["grid"] == TRAY_GRID


def test_saving_a_sidecar_never_replaces_one_unasked(client: TestClient, photo_folder: Path) -> None:
    reading = client.post("/api/folder/photos/tray.jpg/read", data={"game": "boggle"}).json()
    body = {"reading_id": reading["reading_id"], "fixes": ["A1=TH"]}
    first = client.put("/api/folder/photos/tray.jpg/sidecar", json=body)
    assert first.status_code == 200 and first.json() == {"saved": "tray.json"}
    saved = json.loads((photo_folder / "tray.json").read_text())
    assert saved["grid"][0][0] == "TH" and saved["fixes"][0]["now"] == "TH"
    again = client.put("/api/folder/photos/tray.jpg/sidecar", json={**body, "fixes": []})
    assert again.status_code == 409 and "exists" in again.json()["error"]
    assert json.loads((photo_folder / "tray.json").read_text())["grid"][0][0] == "TH"
    replaced = client.put("/api/folder/photos/tray.jpg/sidecar", json={**body, "fixes": [], "replace": True})
    assert replaced.status_code == 200
    assert json.loads((photo_folder / "tray.json").read_text())["grid"] == TRAY_GRID
    assert client.get("/api/folder").json()["photos"][1] == {"name": "tray.jpg", "labelled": True}
    (photo_folder / "tray.json").unlink()


def test_without_a_folder_the_folder_api_is_a_404() -> None:
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        assert client.get("/api/folder").status_code == 404
        assert client.get("/api/folder/photos/tray.jpg").status_code == 404
        assert client.get("/api/options").json()["folder"] is None


def test_plain_names_only(tmp_path: Path) -> None:
    photos = PhotoFolder(tmp_path)
    for name in ("../x.csv", "a/b.csv", ".x.csv", "x.txt", "C:\\x.csv"):
        with pytest.raises(BadInputError):
            photos.results_path(name)
    (tmp_path / "x.jpg").write_bytes(b"")
    photos.write_sidecar("x.jpg", {"game": "boggle"})
    with pytest.raises(FileExistsConflictError):
        photos.write_sidecar("x.jpg", {"game": "boggle"})
