"""Find and load lexicons by name or path, through the compiled cache.

Named lexicons:

- ``enable``: ENABLE2K, bundled with the package (public domain).
- ``yawl``: YAWL, when its file is installed (``BOARDSIGHT_YAWL`` or the user's data folder).
- ``sv``: Swedish, Debian's ``wswedish`` list at ``/usr/share/dict/swedish`` (Latin-1).

Any other argument is read as the path of a plain word list.
"""

from __future__ import annotations

import hashlib
import lzma
import os
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from boardsight.errors import BadInputError, NotFoundError
from boardsight.lexicon.cache import load_or_build
from boardsight.lexicon.folding import FOLDINGS, Folding
from boardsight.lexicon.lexicon import Lexicon, LexiconInfo
from boardsight.lexicon.wordlist import guess_folding, parse_word_list

_CACHE_FORMAT = "lexicon-v1"
DEFAULT_LEXICON = "enable"
SWEDISH_PATH = Path("/usr/share/dict/swedish")


@dataclass(frozen=True)
class LexiconSource:
    """How to find a named lexicon's raw word list and what to say about it."""

    name: str
    description: str
    licence: str
    folding: Folding | None = None
    drop_proper_nouns: bool = False
    missing_hint: str = ""


NAMED_LEXICONS: dict[str, LexiconSource] = {
    "enable": LexiconSource(
        name="enable",
        description="ENABLE2K word list (bundled)",
        licence="public domain (compiled by Alan Beale, 1997, 2000)",
        folding="english",
    ),
    "yawl": LexiconSource(
        name="yawl",
        description="YAWL, Yet Another Word List",
        licence="public domain (Mendel Leo Cooper)",
        folding="english",
        missing_hint="put yawl.txt in the user's data folder or set BOARDSIGHT_YAWL=PATH",
    ),
    "sv": LexiconSource(
        name="sv",
        description="Swedish word list of Debian's wswedish package (proper nouns dropped)",
        licence="GPL-2 or later (Skåne/Sjælland Linux User Group, via Debian wswedish)",
        folding="swedish",
        drop_proper_nouns=True,
        missing_hint="install it with: sudo apt-get install wswedish",
    ),
}


def _data_home() -> Path:
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "boardsight"


def _bundled_enable() -> bytes:
    packed = resources.files("boardsight.lexicon").joinpath("data/enable2k.txt.xz").read_bytes()
    return packed


def _named_path(name: str) -> Path | None:
    if name == "yawl":
        override = os.environ.get("BOARDSIGHT_YAWL")
        return Path(override) if override else _data_home() / "yawl.txt"
    if name == "sv":
        override = os.environ.get("BOARDSIGHT_SWEDISH")
        return Path(override) if override else SWEDISH_PATH
    return None


def _read_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError as error:
        raise NotFoundError(f"word list {path} does not exist") from error
    except IsADirectoryError as error:
        raise BadInputError(f"{path} is a folder, not a word list") from error
    except OSError as error:
        raise BadInputError(f"cannot read word list {path}: {error.strerror}") from error


def _compile(
    raw: bytes,
    *,
    key_bytes: bytes,
    name: str,
    source: str,
    licence: str,
    folding: Folding | None,
    drop_proper_nouns: bool,
    unpack=None,
) -> Lexicon:
    folding = folding or guess_folding(raw if unpack is None else unpack(raw))
    digest = hashlib.sha256(key_bytes).hexdigest()
    key = hashlib.sha256(f"{_CACHE_FORMAT}|{digest}|{folding}|{drop_proper_nouns}".encode()).hexdigest()[:32]

    def build():
        text = raw if unpack is None else unpack(raw)
        parsed = parse_word_list(text, folding=folding, drop_proper_nouns=drop_proper_nouns, source=source)
        meta = {
            "encoding": parsed.encoding,
            "dropped": parsed.dropped.as_dict(),
            "duplicates": parsed.duplicates,
            "blank_lines": parsed.blank_lines,
        }
        return meta, {"words": "\n".join(parsed.words).encode("utf-8")}

    meta, sections = load_or_build("lexicon", key, build)
    words = bytes(sections["words"]).decode("utf-8").split("\n")
    info = LexiconInfo(
        name=name,
        source=source,
        licence=licence,
        folding=folding,
        encoding=meta["encoding"],
        content_hash=digest,
        dropped=meta["dropped"],
        duplicates=meta["duplicates"],
    )
    return Lexicon(words, info)


def load_lexicon(
    name_or_path: str | os.PathLike[str] = DEFAULT_LEXICON, *, folding: Folding | None = None
) -> Lexicon:
    """Load a named lexicon (``enable``, ``yawl``, ``sv``) or a word-list file.

    ``folding`` forces English or Swedish folding for a file; by default a file that
    uses Å, Ä or Ö is folded the Swedish way. Results are memoised per process.
    """
    if folding is not None and folding not in FOLDINGS:
        raise BadInputError(f"unknown folding {folding!r}: choose one of {', '.join(FOLDINGS)}")
    return _load_cached(str(name_or_path), folding)


@lru_cache(maxsize=8)
def _load_cached(name_or_path: str, folding: Folding | None) -> Lexicon:
    if name_or_path == "enable":
        source = NAMED_LEXICONS["enable"]
        packed = _bundled_enable()
        return _compile(
            packed,
            key_bytes=packed,
            name="enable",
            source="bundled enable2k.txt",
            licence=source.licence,
            folding="english",
            drop_proper_nouns=False,
            unpack=lzma.decompress,
        )
    if name_or_path in NAMED_LEXICONS:
        source = NAMED_LEXICONS[name_or_path]
        path = _named_path(name_or_path)
        if path is None or not path.is_file():
            raise NotFoundError(f"lexicon {name_or_path!r} is not installed ({path}): {source.missing_hint}")
        raw = _read_file(path)
        return _compile(
            raw,
            key_bytes=raw,
            name=name_or_path,
            source=str(path),
            licence=source.licence,
            folding=folding or source.folding,
            drop_proper_nouns=source.drop_proper_nouns,
        )
    path = Path(name_or_path)
    if not path.exists() and os.sep not in name_or_path and "." not in name_or_path:
        known = ", ".join(NAMED_LEXICONS)
        raise NotFoundError(f"no lexicon named {name_or_path!r} and no such file (named lexicons: {known})")
    raw = _read_file(path)
    return _compile(
        raw,
        key_bytes=raw,
        name=path.stem,
        source=str(path),
        licence="as stated by its owner",
        folding=folding,
        drop_proper_nouns=False,
    )
