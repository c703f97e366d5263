import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight.errors import NotFoundError
from boardsight.vision import image_io
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


def _with_thumbnail(data: bytes) -> bytes:
    """``data`` with an APP1 segment holding a small JPEG (a thumbnail, with its own end marker)."""
    thumbnail = _jpeg(40, 40)
    exif = b"Exif\x00\x00" + thumbnail
    return data[:2] + b"\xff\xe1" + (len(exif) + 2).to_bytes(2, "big") + exif + data[2:]


def test_data_after_the_end_of_image_is_a_trailer_not_damage() -> None:
    data = _jpeg(200, 160)
    trailer = b"SEFH" + bytes(range(256)) * 40  # a phone's trailer: anything, at length
    image, _ = decode_image_scaled(data + trailer, source="phone.jpg")
    assert image.shape == (160, 200, 3)


def test_a_thumbnail_end_marker_does_not_hide_truncation() -> None:
    data = _with_thumbnail(_jpeg(200, 160))
    assert decode_image_scaled(data + b"\x00" * 300)[0].shape == (160, 200, 3)
    with pytest.raises(UnreadableImageError, match="truncated"):
        decode_image_scaled(data[: len(data) * 3 // 4], source="cut.jpg")


def test_png_is_decoded_at_reduced_size() -> None:
    rng = np.random.default_rng(4)
    ok, encoded = cv2.imencode(".png", rng.integers(0, 255, (1200, 1600, 3), dtype=np.uint8))
    assert ok
    image, factor = decode_image_scaled(encoded.tobytes(), max_side=400)
    assert factor == 4 and image.shape == (300, 400, 3)


def _png_header(width: int, height: int) -> bytes:
    """A PNG's signature and IHDR chunk claiming ``width`` x ``height``, then one empty IDAT."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")
    )


def test_an_image_past_the_pixel_limit_is_refused_from_its_header() -> None:
    with pytest.raises(UnreadableImageError, match=r"too large \(20000x10000 px\).*120 megapixels"):
        decode_image_scaled(_png_header(20000, 10000), source="huge.png", max_side=1600)


def test_a_large_jpeg_within_the_limit_once_reduced_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(image_io, "MAX_DECODED_PIXELS", 100_000)
    data = _jpeg(800, 600)  # 480,000 px: over the limit in full, 30,000 px at 1/4
    assert decode_image_scaled(data, max_side=200)[1] == 4
    with pytest.raises(UnreadableImageError, match="too large"):
        decode_image_scaled(data)


def test_photo_decoder_decodes_each_reduction_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    decode = image_io.decode_image_scaled

    def counted(data: bytes, **options: object) -> tuple[np.ndarray, int]:
        calls.append(options["max_side"])
        return decode(data, **options)

    monkeypatch.setattr(image_io, "decode_image_scaled", counted)
    decoder = image_io.PhotoDecoder(_jpeg(1600, 1200), source="tray.jpg")
    quarter, factor = decoder.decode(400)
    assert factor == 4 and quarter.shape == (300, 400, 3)
    assert decoder.decode(350)[0] is quarter  # the same reduction: not decoded again
    half, factor = decoder.decode(700)
    assert factor == 2 and half.shape == (600, 800, 3)
    assert decoder.decode(None)[1] == 1
    assert calls == [400, 700, None]


def test_photo_decoder_names_a_bad_file_on_its_first_decode() -> None:
    with pytest.raises(UnreadableImageError, match=r"notes\.jpg is not an image"):
        image_io.PhotoDecoder(b"plain text", source="notes.jpg").decode(400)
