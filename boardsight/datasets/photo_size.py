"""The size of an image as displayed, read from its header where that is cheap.

Labelled corners are in pixels of the image as displayed, after its EXIF orientation
is applied (as ``cv2.imread`` does). For JPEG and PNG the size and the orientation tag
are read from the header without decoding pixels; other formats are decoded.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

from boardsight.vision.image_io import (
    MIN_SIDE_PX,
    UnreadableImageError,
    decode_image,
    image_kind,
    jpeg_is_complete,
    jpeg_size,
    read_image_bytes,
)

_TURNED_ORIENTATIONS = frozenset({5, 6, 7, 8})  # EXIF orientations that swap width and height
_ORIENTATION_TAG = 0x0112
HEAD_BYTES = 256 * 1024  # headers, EXIF and ICC profiles of a photo fit well within this
TAIL_BYTES = 64  # where a JPEG's end-of-image marker is unless the file carries a trailer


def tiff_orientation(tiff: bytes) -> int | None:
    """The EXIF orientation (1-8) held in a TIFF-structured EXIF block, or None."""
    if len(tiff) < 8 or tiff[:2] not in (b"II", b"MM"):
        return None
    endian = "<" if tiff[:2] == b"II" else ">"
    (ifd_offset,) = struct.unpack(endian + "I", tiff[4:8])
    if ifd_offset + 2 > len(tiff):
        return None
    (count,) = struct.unpack(endian + "H", tiff[ifd_offset : ifd_offset + 2])
    for index in range(count):
        entry = ifd_offset + 2 + 12 * index
        if entry + 12 > len(tiff):
            return None
        tag, kind = struct.unpack(endian + "HH", tiff[entry : entry + 4])
        if tag == _ORIENTATION_TAG and kind == 3:  # SHORT
            (value,) = struct.unpack(endian + "H", tiff[entry + 8 : entry + 10])
            return value
    return None


def jpeg_orientation(data: bytes) -> int | None:
    """The EXIF orientation of a JPEG, from its APP1 segment, or None."""
    offset = 2
    while offset + 4 <= len(data) and data[offset] == 0xFF:
        marker = data[offset + 1]
        if marker == 0xFF:
            offset += 1
            continue
        if marker in (0xDA, 0xD9):  # start of scan / end of image: no more headers
            return None
        (length,) = struct.unpack(">H", data[offset + 2 : offset + 4])
        segment = data[offset + 4 : offset + 2 + length]
        if marker == 0xE1 and segment.startswith(b"Exif\x00\x00"):
            return tiff_orientation(segment[6:])
        offset += 2 + length
    return None


def png_header(data: bytes) -> tuple[int, int, int | None] | None:
    """``(width, height, orientation)`` from a PNG's IHDR and eXIf chunks, or None."""
    if len(data) < 33 or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    offset = 8
    while offset + 8 <= len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        if kind == b"eXIf":
            return width, height, tiff_orientation(data[offset + 8 : offset + 8 + length])
        if kind in (b"IDAT", b"IEND"):
            return width, height, None
        offset += 12 + length
    return None  # the chunks before the image data run past ``data``


def _displayed(width: int, height: int, orientation: int | None) -> tuple[int, int]:
    return (height, width) if orientation in _TURNED_ORIENTATIONS else (width, height)


def displayed_size(data: bytes, *, source: str = "image") -> tuple[int, int]:
    """``(width, height)`` of encoded image bytes as displayed (EXIF orientation applied).

    Raises :class:`UnreadableImageError` for bytes that are not a readable image.
    """
    width, height = _header_size(data, source)
    if min(width, height) < MIN_SIDE_PX:
        raise UnreadableImageError(f"{source} is too small to show a board ({width}x{height} px)")
    return width, height


def _header_size(data: bytes, source: str) -> tuple[int, int]:
    kind = image_kind(data)
    if kind == "jpeg":
        if not jpeg_is_complete(data):
            raise UnreadableImageError(f"{source} is a truncated or damaged JPEG")
        size = jpeg_size(data)
        if size is None:
            raise UnreadableImageError(f"{source} is a damaged JPEG (no frame header)")
        return _displayed(*size, jpeg_orientation(data))
    if kind == "png":
        header = png_header(data)
        if header is None:
            raise UnreadableImageError(f"{source} is a damaged PNG (no IHDR header)")
        return _displayed(*header)
    height, width = decode_image(data, source=source).shape[:2]
    return width, height


def image_size(path: str | Path) -> tuple[int, int]:
    """``(width, height)`` of the image file at ``path`` as displayed.

    Reads only the head and tail of large JPEG and PNG files; anything those do not
    settle (a JPEG with a trailer after its image, for one) is read in full.
    """
    path = Path(path)
    try:
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
            if len(head) == HEAD_BYTES:
                handle.seek(-TAIL_BYTES, os.SEEK_END)
                tail = handle.read()
                size = _size_from_head(head, tail, str(path))
                if size is not None:
                    return size
    except OSError:
        pass  # read_image_bytes below names the failure in one line
    return displayed_size(read_image_bytes(path), source=str(path))


def _size_from_head(head: bytes, tail: bytes, source: str) -> tuple[int, int] | None:
    """The displayed size from a large file's head (and tail), or None when they do not settle it."""
    kind = image_kind(head)
    if kind == "jpeg" and jpeg_size(head) is not None and jpeg_is_complete(head + tail):
        return displayed_size(head + tail, source=source)
    if kind == "png" and png_header(head) is not None:
        return displayed_size(head, source=source)
    return None
