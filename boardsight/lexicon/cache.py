"""A compiled cache of derived data (folded word lists, solver tries) on disk.

Files live in the user's cache folder (``BOARDSIGHT_CACHE_DIR`` overrides it) and
are named by a content key, so a changed source simply misses the cache and is
rebuilt. The format is a JSON header followed by raw byte sections (``bytes`` or
:class:`array.array`): nothing in it can run code when read, unlike a pickle.
"""

from __future__ import annotations

import array
import contextlib
import json
import os
import struct
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

MAGIC = b"BSCACHE1"
_HEADER_LENGTH = struct.Struct("<I")

Section = bytes | array.array
Sections = dict[str, Section]


def cache_dir() -> Path:
    """The folder where boardsight keeps compiled caches."""
    override = os.environ.get("BOARDSIGHT_CACHE_DIR")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "boardsight"


def encode_container(meta: Mapping[str, Any], sections: Mapping[str, Section]) -> bytes:
    """Serialise ``meta`` and ``sections`` into one self-describing blob."""
    layout = []
    payloads = []
    for name, section in sections.items():
        if isinstance(section, array.array):
            raw = section.tobytes()
            layout.append([name, len(raw), section.typecode])
        else:
            raw = bytes(section)
            layout.append([name, len(raw), None])
        payloads.append(raw)
    header = json.dumps(
        {"meta": dict(meta), "byteorder": sys.byteorder, "sections": layout}, ensure_ascii=False
    ).encode("utf-8")
    return b"".join([MAGIC, _HEADER_LENGTH.pack(len(header)), header, *payloads])


def decode_container(blob: bytes) -> tuple[dict[str, Any], Sections]:
    """Inverse of :func:`encode_container`; raises ``ValueError`` on a damaged blob."""
    if not blob.startswith(MAGIC):
        raise ValueError("not a boardsight cache file")
    offset = len(MAGIC)
    (header_length,) = _HEADER_LENGTH.unpack_from(blob, offset)
    offset += _HEADER_LENGTH.size
    header = json.loads(blob[offset : offset + header_length].decode("utf-8"))
    offset += header_length
    if header.get("byteorder") != sys.byteorder:
        raise ValueError("cache written on a machine of another byte order")
    sections: Sections = {}
    for name, length, typecode in header["sections"]:
        raw = blob[offset : offset + length]
        if len(raw) != length:
            raise ValueError("cache file is truncated")
        offset += length
        if typecode is None:
            sections[name] = raw
        else:
            values = array.array(typecode)
            values.frombytes(raw)
            sections[name] = values
    return header["meta"], sections


def _write_atomically(path: Path, blob: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as temp_file:
            temp_file.write(blob)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def load_or_build(
    kind: str,
    key: str,
    build: Callable[[], tuple[Mapping[str, Any], Mapping[str, Section]]],
) -> tuple[dict[str, Any], Sections]:
    """Return the cached ``(meta, sections)`` of ``kind`` for ``key``, building them if absent.

    A missing, stale or damaged file is rebuilt; an unwritable cache folder only
    costs speed, never correctness.
    """
    path = cache_dir() / f"{kind}-{key}.bin"
    try:
        return decode_container(path.read_bytes())
    except (OSError, ValueError, KeyError, struct.error, UnicodeDecodeError):
        pass
    meta, sections = build()
    blob = encode_container(meta, sections)
    with contextlib.suppress(OSError):
        _write_atomically(path, blob)
    return decode_container(blob)
