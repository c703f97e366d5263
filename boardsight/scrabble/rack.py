"""Racks and the bag: multisets of tiles, written as strings with ``?`` for a blank.

Pure helpers over :class:`collections.Counter`, so a rack read from a GCG line, a CGP
string or a photo all become the same thing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from boardsight.errors import BadInputError
from boardsight.scrabble.board import Board
from boardsight.scrabble.tileset import BLANK, TileSet


def parse_rack(text: str, tileset: TileSet, *, what: str = "rack") -> Counter[str]:
    """Read ``"AEINST?"`` into a multiset; every character must be a tile of ``tileset`` or ``?``.

    Letters are folded (``é`` -> ``E``); a letter that only blanks can show is refused.
    """
    tiles: Counter[str] = Counter()
    for char in text.strip():
        if char == BLANK:
            tiles[BLANK] += 1
            continue
        letter = tileset.fold(char)
        if len(letter) != 1 or not tileset.is_letter(letter):
            raise BadInputError(f"{what} {text!r}: {char!r} is not a letter of the {tileset.name} tile set")
        if tileset.count(letter) == 0:
            raise BadInputError(
                f"{what} {text!r}: {letter} has no tiles in the {tileset.name} set (only a blank)"
            )
        tiles[letter] += 1
    return tiles


def checked_rack(text: str, tileset: TileSet, *, rack_size: int, what: str = "rack") -> Counter[str]:
    """Read a rack a player can hold: at most ``rack_size`` tiles and no more of a tile than the
    set holds. Raises :class:`BadInputError` otherwise.

    The board's tiles are not counted against the set: a board read from a photo may hold
    more of a letter than one set has (two sets mixed, a decorative board).
    """
    tiles = parse_rack(text, tileset, what=what)
    count = sum(tiles.values())
    if count > rack_size:
        raise BadInputError(f"{what} {text!r} has {count} tiles; a rack holds at most {rack_size}")
    full = tileset.full_bag()
    over = sorted(missing_from(full, tiles))
    if over:
        detail = ", ".join(f"{tiles[tile]} {tile}, the set has {full[tile]}" for tile in over)
        raise BadInputError(f"{what} {text!r}: more tiles than the {tileset.name} set holds ({detail})")
    return tiles


def rack_string(
    tiles: Counter[str] | Iterable[str], tileset: TileSet | None = None, *, blanks_first: bool = False
) -> str:
    """A multiset of tiles as a sorted string (alphabet order; blanks last, or first for GCG)."""
    counter = tiles if isinstance(tiles, Counter) else Counter(tiles)
    order = {letter: index for index, letter in enumerate(tileset.alphabet)} if tileset else {}
    letters = sorted(
        (tile for tile in counter.elements() if tile != BLANK),
        key=lambda tile: (order.get(tile, len(order)), tile),
    )
    blanks = BLANK * counter[BLANK]
    return blanks + "".join(letters) if blanks_first else "".join(letters) + blanks


def tiles_used(new_tiles: Iterable[str]) -> Counter[str]:
    """The rack tiles a move's new tiles take: a lower-case (blank) letter takes a ``?``."""
    used: Counter[str] = Counter()
    for tile in new_tiles:
        used[BLANK if tile.islower() else tile] += 1
    return used


def missing_from(rack: Counter[str], needed: Counter[str]) -> Counter[str]:
    """The tiles of ``needed`` that ``rack`` lacks (empty when the rack holds them all)."""
    return Counter({tile: count - rack[tile] for tile, count in needed.items() if count > rack[tile]})


def board_tiles(board: Board) -> Counter[str]:
    """The tiles on a board as a multiset (each blank counted as ``?``)."""
    return tiles_used(tile for _, _, tile in board.tiles())


def unseen_tiles(tileset: TileSet, board: Board, *racks: Counter[str]) -> Counter[str]:
    """Tiles neither on the board nor on the given racks: the bag plus any unknown racks.

    Raises :class:`BadInputError` when the board and racks use more of a tile than the set holds.
    """
    used = board_tiles(board)
    for rack in racks:
        used.update(rack)
    full = tileset.full_bag()
    over = missing_from(full, used)
    if over:
        detail = ", ".join(f"{count} {tile} too many" for tile, count in sorted(over.items()))
        raise BadInputError(f"more tiles than the {tileset.name} set holds: {detail}")
    return full - used
