from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight.errors import NotFoundError
from boardsight.vision.image_io import (
    UnreadableImageError,
    decode_image_scaled,
    image_kind,
    jpeg_size,
    load_image,
)


def _jpeg(width: int, height: int) -> bytes:
    rng = np.random.default_rng(3)
    image = rng.integers(0, 255, (height, width, 3), dtype=np.uint8)
    ok, encoded = cv2.imencode(".jpg", image)
    assert ok
    return encoded.tobytes()


def test_jpeg_size_from_header() -> None:
    assert jpeg_size(_jpeg(640, 480)) == (640, 480)


def test_reduced_decoding_keeps_enough_pixels() -> None:
    data = _jpeg(1600, 1200)
    image, factor = decode_image_scaled(data, max_side=400)
    assert factor == 4
    assert image.shape == (300, 400, 3)
    full, factor = decode_image_scaled(data)
    assert factor == 1 and full.shape == (1200, 1600, 3)


def test_exif_orientation_is_applied(tmp_path: Path) -> None:
    # A JPEG whose EXIF says "rotate 90 degrees clockwise to display" (orientation 6).
    image = np.zeros((40, 80, 3), dtype=np.uint8)
    ok, encoded = cv2.imencode(".jpg", image)
    assert ok
    data = encoded.tobytes()
    tiff = b"MM\x00*\x00\x00\x00\x08" + b"\x00\x01" + b"\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00"
    tiff += b"\x00\x00\x00\x00"
    exif = b"Exif\x00\x00" + tiff
    app1 = b"\xff\xe1" + (len(exif) + 2).to_bytes(2, "big") + exif
    path = tmp_path / "turned.jpg"
    path.write_bytes(data[:2] + app1 + data[2:])
    assert load_image(path).shape[:2] == (80, 40)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"hello, this is text\n" * 10, "not an image"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "damaged PNG"),
    ],
)
def test_bad_bytes_are_named(data: bytes, message: str) -> None:
    with pytest.raises(UnreadableImageError, match=message):
        decode_image_scaled(data, source="x")


def test_truncated_jpeg_is_rejected() -> None:
    data = _jpeg(200, 200)
    with pytest.raises(UnreadableImageError, match="truncated"):
        decode_image_scaled(data[: len(data) // 2], source="half.jpg")


def test_tiny_image_is_rejected() -> None:
    ok, encoded = cv2.imencode(".png", np.zeros((1, 1, 3), dtype=np.uint8))
    assert ok
    with pytest.raises(UnreadableImageError, match="too small"):
        decode_image_scaled(encoded.tobytes(), source="dot.png")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(NotFoundError):
        load_image(tmp_path / "absent.jpg")


def test_image_kind() -> None:
    assert image_kind(_jpeg(64, 64)) == "jpeg"
    assert image_kind(b"RIFF\x00\x00\x00\x00WEBPVP8 ") == "webp"
    assert image_kind(b"GIF89a") is None
