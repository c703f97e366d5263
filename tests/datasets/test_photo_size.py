import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight.datasets.photo_size import HEAD_BYTES, displayed_size, image_size, jpeg_orientation
from boardsight.vision.image_io import UnreadableImageError, load_image


def _exif(orientation: int, endian: str) -> bytes:
    """A TIFF block holding one IFD entry: the orientation tag."""
    if endian == "big":
        return (
            b"MM\x00*\x00\x00\x00\x08\x00\x01"
            + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0)
            + bytes(4)
        )
    return b"II*\x00\x08\x00\x00\x00\x01\x00" + struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0) + bytes(4)


def _encode(suffix: str, width: int = 80, height: int = 40) -> bytes:
    ok, encoded = cv2.imencode(suffix, np.zeros((height, width, 3), dtype=np.uint8))
    assert ok
    return encoded.tobytes()


def _jpeg_with_orientation(orientation: int, endian: str = "big") -> bytes:
    data = _encode(".jpg")
    exif = b"Exif\x00\x00" + _exif(orientation, endian)
    return data[:2] + b"\xff\xe1" + (len(exif) + 2).to_bytes(2, "big") + exif + data[2:]


def _png_with_orientation(orientation: int) -> bytes:
    data = _encode(".png")
    body = b"eXIf" + _exif(orientation, "little")
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
    return data[:33] + chunk + data[33:]


@pytest.mark.parametrize(
    ("orientation", "size"), [(1, (80, 40)), (3, (80, 40)), (6, (40, 80)), (8, (40, 80))]
)
@pytest.mark.parametrize("endian", ["big", "little"])
def test_jpeg_size_follows_exif_orientation_like_opencv(
    tmp_path: Path, orientation: int, size: tuple[int, int], endian: str
) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(_jpeg_with_orientation(orientation, endian))
    assert jpeg_orientation(path.read_bytes()) == orientation
    assert image_size(path) == size
    height, width = load_image(path).shape[:2]
    assert (width, height) == size


@pytest.mark.parametrize(("orientation", "size"), [(1, (80, 40)), (6, (40, 80))])
def test_png_size_follows_exif_orientation_like_opencv(
    tmp_path: Path, orientation: int, size: tuple[int, int]
) -> None:
    path = tmp_path / "photo.png"
    path.write_bytes(_png_with_orientation(orientation))
    assert image_size(path) == size
    height, width = load_image(path).shape[:2]
    assert (width, height) == size


def test_other_formats_are_decoded() -> None:
    assert displayed_size(_encode(".webp", 90, 50)) == (90, 50)
    assert displayed_size(_encode(".png", 90, 50)) == (90, 50)
    assert jpeg_orientation(_encode(".jpg")) is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"plain text, not a picture", "not an image"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "truncated"),
        (_encode(".png", 20, 20), "too small"),
    ],
)
def test_unreadable(data: bytes, message: str) -> None:
    with pytest.raises(UnreadableImageError, match=message):
        displayed_size(data)


def test_large_files_are_sized_from_head_and_tail(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    noise = np.random.default_rng(5).integers(0, 255, (700, 900, 3), dtype=np.uint8)
    ok, encoded = cv2.imencode(".jpg", noise, [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert ok and len(encoded) > HEAD_BYTES
    data = encoded.tobytes()
    exif = b"Exif\x00\x00" + _exif(6, "big")
    path = tmp_path / "large.jpg"
    path.write_bytes(data[:2] + b"\xff\xe1" + (len(exif) + 2).to_bytes(2, "big") + exif + data[2:])
    with monkeypatch.context() as patch:  # the whole file is never read
        patch.setattr("boardsight.datasets.photo_size.read_image_bytes", None)
        assert image_size(path) == (700, 900)
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(UnreadableImageError, match="truncated"):
        image_size(path)
    ok, encoded = cv2.imencode(".png", noise)
    (tmp_path / "large.png").write_bytes(encoded.tobytes())
    assert len(encoded) > HEAD_BYTES and image_size(tmp_path / "large.png") == (900, 700)
