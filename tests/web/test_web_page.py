"""The page itself, its assets (served from the package, nothing from the internet) and /docs."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

STATIC = Path(__file__).resolve().parents[2] / "boardsight" / "web" / "static"


def test_the_page_loads_its_own_assets_only(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "boardsight" in page.text
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert assets and not any(
        asset.startswith(("http:", "https:", "//")) for asset in assets if "/docs" not in asset
    )
    for asset in assets:
        if asset.startswith("/static/") or "/static/" in asset:
            path = asset[asset.index("/static/") :]
            assert client.get(path).status_code == 200, path


def test_no_script_or_style_fetches_from_the_internet() -> None:
    for path in STATIC.iterdir():
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", path.read_text()), path.name


def test_options_list_the_rules_and_lexicons(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert "ntu" in options["boggle"]["rules"] and "naspa" in options["scrabble"]["rules"]
    assert options["folder"] and 0 < options["low_confidence"]["boggle"] < options["good_confidence"]


def test_the_api_is_documented(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in ("/api/read", "/api/boggle/solve", "/api/boggle/check", "/api/scrabble/moves"):
        assert path in schema["paths"]
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert not re.search(r"(?:src|href)=['\"]https?://", docs.text), (
        "the API docs load assets from the internet"
    )
    for asset in re.findall(r"(?:src|href)=['\"](/[^'\"]+)", docs.text):
        assert client.get(asset).status_code == 200, asset
