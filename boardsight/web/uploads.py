"""Checks on an uploaded photo before anything decodes it: its size, its kind, its pixel count.

A photo is refused when it is larger than :data:`MAX_UPLOAD_BYTES`, is not a JPEG, PNG
or WebP by its magic bytes, or its header claims more than :data:`MAX_PIXELS` pixels
(a small file that would decode to gigabytes). Only then is it handed to the reader.
"""

from __future__ import annotations

import struct

from boardsight.errors import BadInputError
from boardsight.vision.image_io import image_kind, jpeg_size, png_size

MAX_UPLOAD_BYTES = 40 * 1024 * 1024  # a 48 MP phone JPEG is about 20 MB
MAX_PIXELS = 100_000_000
ACCEPTED_KINDS = ("jpeg", "png", "webp")


class UploadTooLargeError(BadInputError):
    """The upload is larger than the server accepts."""


def megabytes(count: int) -> str:
    """A byte count for messages: ``40 MB``, ``0.125 MB``."""
    return f"{count / (1 << 20):.3g} MB"


def webp_size(data: bytes) -> tuple[int, int] | None:
    """``(width, height)`` from a WebP's first chunk (lossy VP8, lossless VP8L or extended VP8X)."""
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    return None


_SIZE_READERS = {"jpeg": jpeg_size, "png": png_size, "webp": webp_size}


def check_photo_upload(data: bytes, source: str, *, max_bytes: int = MAX_UPLOAD_BYTES) -> str:
    """The image kind of ``data`` when it may be decoded; a one-line :class:`BadInputError` otherwise."""
    if len(data) > max_bytes:
        raise UploadTooLargeError(f"{source} is larger than {megabytes(max_bytes)}")
    if not data:
        raise BadInputError(f"{source} is empty")
    kind = image_kind(data)
    if kind not in ACCEPTED_KINDS:
        raise BadInputError(f"{source} is not a JPEG, PNG or WebP photo")
    size = _SIZE_READERS[kind](data)
    if size is None:
        raise BadInputError(f"{source} is a damaged {kind.upper()} file (no readable image header)")
    width, height = size
    if width * height > MAX_PIXELS:
        raise BadInputError(f"{source} claims {width}x{height} pixels, more than a photo of a board needs")
    return kind
