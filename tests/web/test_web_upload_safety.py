"""Hostile and broken uploads get a 4xx with a JSON error, and the server keeps serving."""

from __future__ import annotations

import struct
import zlib

import pytest
from conftest import TRAY
from fastapi.testclient import TestClient

from boardsight.errors import BadInputError
from boardsight.web.server import create_app
from boardsight.web.uploads import check_photo_upload, png_size, webp_size


def png_header(width: int, height: int) -> bytes:
    """The start of a PNG claiming ``width`` x ``height`` pixels (no pixel data)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))


def webp_header(chunk: bytes, body: bytes) -> bytes:
    """The start of a WebP file whose first chunk is ``chunk`` (sizes left 0), then ``body``."""
    return b"RIFF" + bytes(4) + b"WEBP" + chunk + bytes(4) + body


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("empty.jpg", b"", "empty"),
        ("notes.jpg", b"just some text, not a photo", "not a JPEG, PNG or WebP"),
        ("half.jpg", TRAY.read_bytes()[:5000], "truncated"),
        ("bomb.png", png_header(60000, 60000), "more than a photo"),
        ("script.png", b"<script>alert(1)</script>", "not a JPEG, PNG or WebP"),
    ],
    ids=["empty", "text", "truncated", "decompression-bomb", "html"],
)
def test_a_bad_upload_is_a_4xx_json_error_and_the_server_keeps_serving(
    client: TestClient, name: str, data: bytes, message: str
) -> None:
    answer = client.post("/api/read", files={"photo": (name, data, "image/jpeg")})
    assert 400 <= answer.status_code < 500
    assert message in answer.json()["error"]
    assert client.get("/api/options").status_code == 200


def test_a_photo_without_a_board_is_a_422(client: TestClient) -> None:
    import cv2
    import numpy as np

    ok, encoded = cv2.imencode(".png", np.full((200, 300, 3), 127, np.uint8))
    assert ok
    answer = client.post("/api/read", files={"photo": ("grey.png", encoded.tobytes(), "image/png")})
    assert answer.status_code == 422
    assert "no " in answer.json()["error"]


def test_a_missing_photo_field_is_a_422_json_error(client: TestClient) -> None:
    answer = client.post("/api/read", data={"game": "boggle"})
    assert answer.status_code == 422
    assert "photo" in answer.json()["error"]


def test_an_unknown_game_is_a_400(client: TestClient) -> None:
    answer = client.post(
        "/api/read", files={"photo": ("tray.jpg", TRAY.read_bytes(), "image/jpeg")}, data={"game": "chess"}
    )
    assert answer.status_code == 400 and "unknown game" in answer.json()["error"]


def test_an_upload_over_the_limit_is_a_413_before_it_is_read() -> None:
    small = create_app(max_upload_bytes=10_000)
    with TestClient(small, raise_server_exceptions=False) as client:
        answer = client.post("/api/read", files={"photo": ("tray.jpg", TRAY.read_bytes(), "image/jpeg")})
        assert answer.status_code == 413
        assert "larger than" in answer.json()["error"]
        assert client.get("/api/options").status_code == 200


def test_the_checks_read_sizes_from_headers_only() -> None:
    assert png_size(png_header(640, 480)) == (640, 480)
    vp8l = webp_header(b"VP8L", b"\x2f" + (99 | (49 << 14)).to_bytes(4, "little"))
    assert webp_size(vp8l) == (100, 50)
    vp8 = webp_header(b"VP8 ", bytes(6) + (640).to_bytes(2, "little") + (480).to_bytes(2, "little"))
    assert webp_size(vp8) == (640, 480)
    vp8x = webp_header(b"VP8X", bytes(4) + (1999).to_bytes(3, "little") + (999).to_bytes(3, "little"))
    assert webp_size(vp8x) == (2000, 1000)
    assert webp_size(b"RIFF\x00\x00\x00\x00WEBPJUNK") is None
    assert check_photo_upload(TRAY.read_bytes(), "tray.jpg") == "jpeg"
    with pytest.raises(BadInputError, match="larger than"):
        check_photo_upload(TRAY.read_bytes(), "tray.jpg", max_bytes=1024 * 1024 // 8)


def test_a_body_sent_without_its_length_is_refused_unread() -> None:
    def chunks():
        yield b'--x\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\n\r\n'
        for _ in range(40):
            yield b"\xff" * 1000

    with TestClient(create_app(max_upload_bytes=10_000), raise_server_exceptions=False) as client:
        answer = client.post(
            "/api/read", content=chunks(), headers={"content-type": "multipart/form-data; boundary=x"}
        )
        assert answer.status_code == 411
        assert "Content-Length" in answer.json()["error"]
        assert client.get("/api/options").status_code == 200
