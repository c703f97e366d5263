"""Tile sets: which letters a language's tiles carry, how many of each and what they score.

>>> english = load_tileset("english")
>>> english.count("E"), english.value("Z"), english.blanks, english.total_tiles
(12, 10, 2, 100)
>>> load_tileset("swedish").blank_only
('Q', 'W', 'Ü', 'Æ')
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property

from boardsight.errors import BadInputError
from boardsight.lexicon.folding import FOLDINGS, Folding, fold_word
from boardsight.scrabble.datafiles import read_data_file, require
from boardsight.scrabble.tokens import BLANK


@dataclass(frozen=True)
class TileSet:
    """A tile distribution. Letters are upper case; a blank is written ``?`` on a rack.

    ``counts`` and ``values`` hold the letters that have tiles of their own; the letters
    of ``blank_only`` can only be played with a blank; ``alphabet`` holds every letter a
    tile can show, in the language's sorting order; ``lexicon`` names the lexicon its
    words are judged with by default (None: the set names none).
    """

    name: str
    description: str
    folding: Folding
    alphabet: tuple[str, ...]
    counts: dict[str, int]
    values: dict[str, int]
    blanks: int
    blank_value: int
    blank_only: tuple[str, ...]
    lexicon: str | None = None

    @property
    def letters(self) -> tuple[str, ...]:
        """The letters that have tiles of their own, in alphabet order."""
        return tuple(letter for letter in self.alphabet if letter in self.counts)

    @property
    def total_tiles(self) -> int:
        return sum(self.counts.values()) + self.blanks

    def count(self, tile: str) -> int:
        """How many tiles of ``tile`` (a letter or ``?``) the full set holds."""
        if tile == BLANK:
            return self.blanks
        return self.counts.get(tile, 0)

    def value(self, tile: str) -> int:
        """Face value of a tile: a letter's value, or the blank's (``?``, or any lower-case letter)."""
        if tile == BLANK or tile.islower():
            return self.blank_value
        return self.values.get(tile, 0)

    def is_letter(self, letter: str) -> bool:
        """True when a tile (or a blank) can show ``letter`` (upper case)."""
        return letter in self._alphabet_set

    @cached_property
    def _alphabet_set(self) -> frozenset[str]:
        return frozenset(self.alphabet)

    def full_bag(self) -> Counter[str]:
        """Every tile of the set, as a multiset (blanks as ``?``)."""
        bag: Counter[str] = Counter(self.counts)
        if self.blanks:
            bag[BLANK] = self.blanks
        return bag

    def fold(self, word: str) -> str:
        """Fold a written word to this set's letters (upper case, accents folded as the language says)."""
        return fold_word(word, self.folding)

    def rack_value(self, tiles: str) -> int:
        """Sum of the face values of the tiles on a rack (``?`` for a blank)."""
        return sum(self.value(tile) for tile in tiles)


def tileset_from_table(table: dict, source: str) -> TileSet:
    """Build a :class:`TileSet` from a parsed tile-set file, checking it is consistent."""
    alphabet_text = require(table, "alphabet", str, source)
    alphabet = tuple(alphabet_text)
    if len(set(alphabet)) != len(alphabet) or not all(ch.isalpha() and ch.isupper() for ch in alphabet):
        raise BadInputError(f"{source}: 'alphabet' must list distinct upper-case letters")
    folding = require(table, "folding", str, source)
    if folding not in FOLDINGS:
        raise BadInputError(f"{source}: unknown folding {folding!r} (known: {', '.join(FOLDINGS)})")
    tiles = require(table, "tiles", dict, source)
    counts: dict[str, int] = {}
    values: dict[str, int] = {}
    for letter, entry in tiles.items():
        if letter not in alphabet:
            raise BadInputError(f"{source}: tile {letter!r} is not in the alphabet")
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in entry)
        ):
            raise BadInputError(f"{source}: tile {letter!r} must be [count, value] of whole numbers")
        counts[letter], values[letter] = entry
    blank_only = tuple(require(table, "blank_only", list, source))
    expected_blank_only = tuple(letter for letter in alphabet if letter not in counts)
    if sorted(blank_only) != sorted(expected_blank_only):
        raise BadInputError(
            f"{source}: 'blank_only' must list exactly the letters without tiles: "
            + "".join(expected_blank_only)
        )
    blanks = require(table, "blanks", int, source)
    if blanks < 0:
        raise BadInputError(f"{source}: 'blanks' must not be negative")
    return TileSet(
        name=require(table, "name", str, source),
        description=str(table.get("description", "")),
        folding=folding,  # type: ignore[arg-type]
        alphabet=alphabet,
        counts={letter: counts[letter] for letter in alphabet if letter in counts},
        values={letter: values[letter] for letter in alphabet if letter in values},
        blanks=blanks,
        blank_value=int(table.get("blank_value", 0)),
        blank_only=blank_only,
        lexicon=str(table["lexicon"]) if "lexicon" in table else None,
    )


@cache
def _load(name_or_path: str) -> TileSet:
    table, source = read_data_file("tilesets", name_or_path, "tile set")
    return tileset_from_table(table, source)


def load_tileset(name_or_path: str | os.PathLike[str] = "english") -> TileSet:
    """Load a bundled tile set by name (``"english"``, ``"swedish"``) or a tile-set file by path."""
    return _load(str(name_or_path))
