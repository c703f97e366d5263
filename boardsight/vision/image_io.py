"""Load photos safely: EXIF orientation applied, bad files named in one line.

Images are decoded at a reduced scale when the caller needs fewer pixels than the file
holds: JPEGs through libjpeg's DCT scaling, which makes a 12 MP photo about four times
cheaper to open than a full decode; other formats are shrunk right after decoding, so
nothing downstream works on the full image. An image whose decoded size would pass
:data:`MAX_DECODED_PIXELS` is refused from its header, before any pixel is decoded.
A JPEG may carry data after its end-of-image marker (many phones write such trailers):
only a JPEG whose image data ends before that marker is truncated.
"""

from __future__ import annotations

import io
import struct
import warnings
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from boardsight.errors import BadInputError, NotFoundError

MIN_SIDE_PX = 32
MAX_DECODED_PIXELS = 120_000_000  # 360 MB as BGR; a 200 MP phone JPEG decodes at 1/2 or less
_JPEG_SOI = b"\xff\xd8"
_JPEG_EOI = b"\xff\xd9"
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_REDUCED_FLAGS = (
    (8, cv2.IMREAD_REDUCED_COLOR_8),
    (4, cv2.IMREAD_REDUCED_COLOR_4),
    (2, cv2.IMREAD_REDUCED_COLOR_2),
)
_SOF_MARKERS = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})
_SOS_MARKER = 0xDA


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


def _jpeg_markers(data: bytes) -> Iterator[tuple[int, int]]:
    """``(offset, marker)`` of each segment of a JPEG's headers, in order, until the walk breaks off."""
    offset = 2
    while offset + 4 <= len(data):
        if data[offset] != 0xFF:
            return
        marker = data[offset + 1]
        if marker == 0xFF:
            offset += 1
            continue
        yield offset, marker
        (length,) = struct.unpack(">H", data[offset + 2 : offset + 4])
        offset += 2 + length


def jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Return ``(width, height)`` from a JPEG's frame header without decoding it."""
    for offset, marker in _jpeg_markers(data):
        if offset + 9 >= len(data):
            return None
        if marker in _SOF_MARKERS:
            height, width = struct.unpack(">HH", data[offset + 5 : offset + 9])
            return width, height
    return None


def jpeg_scan_offset(data: bytes) -> int | None:
    """Where a JPEG's first start-of-scan marker is (after all its headers), or None."""
    return next((offset for offset, marker in _jpeg_markers(data) if marker == _SOS_MARKER), None)


def jpeg_is_complete(data: bytes) -> bool:
    """Whether a JPEG's end-of-image marker follows its image data; bytes after it are allowed.

    Inside the entropy-coded data a 0xFF byte is always followed by a stuffed zero or a
    restart marker, so the first end-of-image marker after the first scan ends the image
    (the one of an EXIF thumbnail comes before the scan). There is one after the scan
    exactly when the last one in the file lies after it; looking from the end finds that
    at once in a complete file, where a search from the scan would read the whole image.
    """
    scan = jpeg_scan_offset(data)
    return scan is not None and data.rfind(_JPEG_EOI) >= scan


def png_size(data: bytes) -> tuple[int, int] | None:
    """Return ``(width, height)`` from a PNG's IHDR chunk without decoding it."""
    if len(data) < 24 or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def header_size(data: bytes, kind: str, *, source: str = "image") -> tuple[int, int] | None:
    """``(width, height)`` of an image of ``kind`` as stored, from its header alone, or None."""
    if kind == "jpeg":
        return jpeg_size(data)
    if kind == "png":
        return png_size(data)
    from PIL import Image  # only for the formats whose headers are not parsed here

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's decompression-bomb warning: the limit is ours
            with Image.open(io.BytesIO(data)) as opened:
                return opened.size
    except Image.DecompressionBombError as error:  # over twice Pillow's limit, far over ours
        raise _too_large(source, f"over {2 * (Image.MAX_IMAGE_PIXELS or 0) / 1e6:.0f} MP") from error
    except Exception:  # any header Pillow cannot parse: OpenCV gets to try
        return None


def _too_large(source: str, size: str) -> UnreadableImageError:
    limit = MAX_DECODED_PIXELS / 1e6
    return UnreadableImageError(
        f"{source} is too large ({size}); boardsight reads images of up to {limit:.0f} megapixels "
        "(JPEGs larger ones, decoded at reduced size)"
    )


def _reduction(size: tuple[int, int] | None, max_side: int | None) -> tuple[int, int]:
    """The reduced-decoding (flag, factor) that keeps the long side at least ``max_side``."""
    if size is None or max_side is None:
        return cv2.IMREAD_COLOR, 1
    long_side = max(size)
    for factor, flag in _REDUCED_FLAGS:
        if long_side / factor >= max_side:
            return flag, factor
    return cv2.IMREAD_COLOR, 1


def _check_pixels(size: tuple[int, int] | None, factor: int, source: str) -> None:
    if size is None:
        return
    width, height = size
    if (width // factor) * (height // factor) > MAX_DECODED_PIXELS:
        raise _too_large(source, f"{width}x{height} px")


def decode_image_scaled(
    data: bytes, *, source: str = "image", max_side: int | None = None
) -> tuple[np.ndarray, int]:
    """Decode image bytes to a BGR ``uint8`` array (H, W, 3), EXIF orientation applied.

    With ``max_side``, the image may be decoded at 1/2, 1/4 or 1/8 scale as long as its
    long side stays at least ``max_side`` pixels; the factor is returned beside the
    image, so pixel positions can be mapped back to the full photo. Raises
    :class:`UnreadableImageError` for empty, non-image, truncated, tiny or too large files.
    """
    if not data:
        raise UnreadableImageError(f"{source} is empty")
    kind = image_kind(data)
    if kind is None:
        raise UnreadableImageError(f"{source} is not an image (expected JPEG, PNG, WebP, BMP or TIFF)")
    if kind == "jpeg" and not jpeg_is_complete(data):
        raise UnreadableImageError(f"{source} is a truncated or damaged JPEG")
    size = header_size(data, kind, source=source)
    flag, factor = _reduction(size, max_side)
    _check_pixels(size, factor if kind == "jpeg" else 1, source)  # others decode in full first
    image = _imdecode(data, flag)
    if image is None:
        raise UnreadableImageError(f"{source} is a damaged {kind.upper()} file that cannot be decoded")
    height, width = image.shape[:2]
    if min(height, width) < MIN_SIDE_PX:
        raise UnreadableImageError(f"{source} is too small to show a board ({width}x{height} px)")
    return image, factor


class PhotoDecoder:
    """One image file's bytes, decoded on demand at the reductions asked for, each once.

    A reader that finds the board in a small decode and needs more pixels only for part
    of its work (a Boggle tray's small cells) asks for a larger decode, and no work is
    done twice.
    """

    def __init__(self, data: bytes, *, source: str = "image") -> None:
        self.data = data
        self.source = source
        self._decoded: dict[int, tuple[np.ndarray, int]] = {}

    def decode(self, max_side: int | None = None) -> tuple[np.ndarray, int]:
        """The image and its reduction factor, as :func:`decode_image_scaled` gives them."""
        if not self._decoded:  # the first decode checks the file and names what is wrong with it
            image, factor = decode_image_scaled(self.data, source=self.source, max_side=max_side)
            self._decoded[factor] = image, factor
            return image, factor
        kind = image_kind(self.data)
        size = header_size(self.data, kind, source=self.source) if kind is not None else None
        _, factor = _reduction(size, max_side)
        if factor not in self._decoded:
            self._decoded[factor] = decode_image_scaled(self.data, source=self.source, max_side=max_side)
        return self._decoded[factor]


def _imdecode(data: bytes, flag: int) -> np.ndarray | None:
    try:
        return cv2.imdecode(np.frombuffer(data, dtype=np.uint8), flag)
    except cv2.error:  # some malformed headers make the decoder raise rather than fail
        return None


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
