"""Load photos safely: EXIF orientation applied, bad files named in one line.

JPEGs are decoded at a reduced scale when the caller needs fewer pixels than the file
holds (libjpeg's DCT scaling), which makes a 12 MP photo about four times cheaper
to open than a full decode.
"""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np

from boardsight.errors import BadInputError, NotFoundError

MIN_SIDE_PX = 32
_JPEG_SOI = b"\xff\xd8"
_JPEG_EOI = b"\xff\xd9"
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_REDUCED_FLAGS = (
    (8, cv2.IMREAD_REDUCED_COLOR_8),
    (4, cv2.IMREAD_REDUCED_COLOR_4),
    (2, cv2.IMREAD_REDUCED_COLOR_2),
)
_SOF_MARKERS = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})


class UnreadableImageError(BadInputError):
    """The file is not an image boardsight can decode."""


def image_kind(data: bytes) -> str | None:
    """Name the image format from its magic bytes (``jpeg``, ``png``, ``webp``, ``bmp``, ``tiff``)."""
    if data.startswith(_JPEG_SOI):
        return "jpeg"
    if data.startswith(_PNG_SIGNATURE):
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data.startswith(b"BM"):
        return "bmp"
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    return None


def jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Return ``(width, height)`` from a JPEG's frame header without decoding it."""
    offset = 2
    while offset + 9 < len(data):
        if data[offset] != 0xFF:
            return None
        marker = data[offset + 1]
        if marker == 0xFF:
            offset += 1
            continue
        (length,) = struct.unpack(">H", data[offset + 2 : offset + 4])
        if marker in _SOF_MARKERS:
            height, width = struct.unpack(">HH", data[offset + 5 : offset + 9])
            return width, height
        offset += 2 + length
    return None


def _reduction(data: bytes, max_side: int | None) -> tuple[int, int]:
    """The libjpeg reduction (flag, factor) that keeps the long side at least ``max_side``."""
    size = jpeg_size(data) if max_side is not None else None
    if size is None:
        return cv2.IMREAD_COLOR, 1
    long_side = max(size)
    for factor, flag in _REDUCED_FLAGS:
        if long_side / factor >= max_side:
            return flag, factor
    return cv2.IMREAD_COLOR, 1


def decode_image_scaled(
    data: bytes, *, source: str = "image", max_side: int | None = None
) -> tuple[np.ndarray, int]:
    """Decode image bytes to a BGR ``uint8`` array (H, W, 3), EXIF orientation applied.

    With ``max_side``, a JPEG may be decoded at 1/2, 1/4 or 1/8 scale as long as its
    long side stays at least ``max_side`` pixels; the factor is returned beside the
    image, so pixel positions can be mapped back to the full photo. Raises
    :class:`UnreadableImageError` for empty, non-image, truncated or tiny files.
    """
    if not data:
        raise UnreadableImageError(f"{source} is empty")
    kind = image_kind(data)
    if kind is None:
        raise UnreadableImageError(f"{source} is not an image (expected JPEG, PNG, WebP, BMP or TIFF)")
    if kind == "jpeg" and _JPEG_EOI not in data[-64:]:
        raise UnreadableImageError(f"{source} is a truncated or damaged JPEG")
    flag, factor = _reduction(data, max_side) if kind == "jpeg" else (cv2.IMREAD_COLOR, 1)
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), flag)
    if image is None:
        raise UnreadableImageError(f"{source} is a damaged {kind.upper()} file that cannot be decoded")
    height, width = image.shape[:2]
    if min(height, width) < MIN_SIDE_PX:
        raise UnreadableImageError(f"{source} is too small to show a board ({width}x{height} px)")
    return image, factor


def decode_image(data: bytes, *, source: str = "image", max_side: int | None = None) -> np.ndarray:
    """Decode image bytes to BGR ``uint8`` (H, W, 3); see :func:`decode_image_scaled`."""
    return decode_image_scaled(data, source=source, max_side=max_side)[0]


def read_image_bytes(path: str | Path) -> bytes:
    """Read a photo's bytes, turning file-system failures into one-line errors."""
    path = Path(path)
    try:
        return path.read_bytes()
    except FileNotFoundError as error:
        raise NotFoundError(f"{path}: no such file") from error
    except IsADirectoryError as error:
        raise BadInputError(f"{path} is a folder, not a photo") from error
    except OSError as error:
        raise BadInputError(f"cannot read {path}: {error.strerror}") from error


def load_image(path: str | Path, *, max_side: int | None = None) -> np.ndarray:
    """Load a photo from disk as BGR ``uint8`` (H, W, 3); see :func:`decode_image`."""
    return decode_image(read_image_bytes(path), source=str(path), max_side=max_side)
