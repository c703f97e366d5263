"""Generate every legal move for a rack on a position, scored and ranked.

Algorithm: Appel and Jacobson (1988), "The world's fastest Scrabble program", on a
minimal DAWG (:mod:`boardsight.scrabble.dawg`), with cross-checks. Chosen over a GADDAG by
measurement (``benchmarks/compare_movegen_algorithms.py``, which runs both on the same
positions and checks they find the same moves): on ENABLE2K the DAWG has 54,000 nodes and
builds in 0.7 s, the GADDAG 431,000 nodes and takes 16-22 s; generating took 4.4 ms against
10.8 ms on the benchmark position and 5.7 ms against 13.7 ms (medians) on 20 random
mid-game positions. In Python the GADDAG's extra nodes cost more than its fewer dead ends
save, once the DAWG's left parts are built once a rack and indexed (step 3).

The steps, for each direction (down is the across case on the transposed board):

1. :func:`_line_constraints` computes, for every empty square of a line, its cross-check
   (the letters that make a valid word with the tiles above and below; ``None`` when no
   tile touches it) and its cross-score (the value of those tiles);
2. anchors are the empty squares next to a tile (the start square on an empty board);
3. for an anchor with tiles just left of it, their letters are the fixed left part;
   otherwise the left part is rack tiles on the free squares before the anchor: every such
   word prefix is grown once a position (:meth:`_Generator.build_left_parts`) and indexed by
   the letters that may follow it, so an anchor only visits the prefixes whose next letter
   its cross-check allows;
4. ``extend_right`` (in :meth:`_Generator.generate_line`) extends each left part through
   the anchor to the right, over tiles on the board and rack tiles allowed by the
   cross-checks, and records every word that ends on a final DAWG node before an empty
   square; ``record`` scores it then (letter premiums, word premiums, crosswords, the
   bingo bonus).

A single tile is one move whichever way it is read: it is kept across when it forms an
across word, else down. Blanks (``?``) try every letter of the tile set's alphabet.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import NamedTuple

from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import ACROSS, DOWN, position_name
from boardsight.scrabble.dawg import Dawg, load_dawg
from boardsight.scrabble.move import Exchange, Placement
from boardsight.scrabble.rack import parse_rack, rack_string
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.tileset import BLANK, TileSet


class GeneratedMove(NamedTuple):
    """A legal placement and its score; ``row``/``col`` 0-based, ``tiles`` as GCG writes them."""

    score: int
    row: int
    col: int
    direction: str
    tiles: str

    @property
    def placement(self) -> Placement:
        return Placement(self.row, self.col, self.direction, self.tiles)

    @property
    def position(self) -> str:
        return position_name(self.row, self.col, self.direction)

    def __str__(self) -> str:
        return f"{self.position} {self.tiles} {self.score}"


def _line_constraints(
    cells: list[str],
    cols: int,
    rows: int,
    line: int,
    transposed: bool,
    dawg: Dawg,
    words: frozenset[str],
    alphabet: str,
    values: dict[str, int],
) -> tuple[list[str], list[frozenset[str] | None], list[int]]:
    """Tiles, cross-checks and cross-scores of one line (a row, or a column when ``transposed``).

    A cross-check is ``None`` when no tile touches the square across the line, else the
    set of letters that make a word with the tiles there; a cross-score is -1 when there is
    no crossword, else the value of its tiles already on the board.
    """
    if transposed:
        size, depth = rows, cols

        def index(position: int, offset: int) -> int:
            return position * cols + offset
    else:
        size, depth = cols, rows

        def index(position: int, offset: int) -> int:
            return offset * cols + position

    children, final = dawg.children, dawg.final
    tiles: list[str] = []
    checks: list[frozenset[str] | None] = []
    cross_scores: list[int] = []
    for position in range(size):
        here = cells[index(position, line)]
        tiles.append(here)
        before = line > 0 and cells[index(position, line - 1)]
        after = line + 1 < depth and cells[index(position, line + 1)]
        if here or not (before or after):
            checks.append(None)
            cross_scores.append(-1)
            continue
        above = []
        offset = line - 1
        while offset >= 0 and (letter := cells[index(position, offset)]):
            above.append(letter)
            offset -= 1
        below = []
        offset = line + 1
        while offset < depth and (letter := cells[index(position, offset)]):
            below.append(letter)
            offset += 1
        suffix = "".join(below).upper()
        if above:
            # Follow the DAWG through the tiles above; only its next letters can fit.
            node = 0
            for letter in reversed(above):
                node = children[node].get(letter.upper(), -1)
                if node < 0:
                    break
            allowed = []
            if node >= 0:
                for letter, child in children[node].items():
                    for following in suffix:
                        child = children[child].get(following, -1)
                        if child < 0:
                            break
                    else:
                        if final[child]:
                            allowed.append(letter)
            checks.append(frozenset(allowed))
        else:
            checks.append(frozenset(letter for letter in alphabet if letter + suffix in words))
        cross_scores.append(sum(values.get(letter, 0) for letter in above + below))
    return tiles, checks, cross_scores


class _Generator:
    """Appel-Jacobson generation, line by line; moves go to ``self.found``.

    The recursion carries only the DAWG node, the square, the tile string, the count of
    tiles placed and the rack left; a word is scored once, when it is recorded.
    """

    def __init__(self, dawg: Dawg, tileset: TileSet, rules: RuleSet | None, rack: dict[str, int]) -> None:
        self.children = dawg.children
        self.final = dawg.final
        self.values = {letter: tileset.value(letter) for letter in tileset.alphabet}
        for letter in tileset.alphabet:
            self.values[letter.lower()] = 0
        self.rack_size = rules.rack_size if rules else 7
        self.bingo = rules.bingo_bonus if rules else 50
        self.rack = rack
        self.found: list[tuple[int, bool, int, int, str]] = []

    def generate_line(
        self,
        line: int,
        direction: str,
        tiles: list[str],
        checks: list[frozenset[str] | None],
        cross_scores: list[int],
        letter_mult: list[int],
        word_mult: list[int],
        anchors: list[int],
    ) -> None:
        """Record every move of one line. The recursion is a closure over the line's data:
        local names are much cheaper than attributes in the innermost loop."""
        children = self.children
        final = self.final
        values = self.values
        found = self.found
        rack_size = self.rack_size
        bingo = self.bingo
        upper = [tile.upper() for tile in tiles]
        size = len(tiles)
        across = direction == ACROSS
        anchor = -1

        def record(word: str, start: int, placed: int) -> None:
            if placed == 1:
                # One tile: keep it across when it makes an across word, else down.
                if len(word) == 1:
                    if across:
                        return
                elif not across:
                    index = start + next(i for i, letter in enumerate(word) if letter != ".")
                    if checks[index] is not None:
                        return
            main = 0
            multiplier = 1
            cross = 0
            square = start
            for letter in word:
                if letter == ".":
                    main += values[tiles[square]]
                else:
                    value = values[letter] * letter_mult[square]
                    main += value
                    multiplier *= word_mult[square]
                    cross_score = cross_scores[square]
                    if cross_score >= 0:
                        cross += (cross_score + value) * word_mult[square]
                square += 1
            score = main * multiplier + cross + (bingo if placed == rack_size else 0)
            found.append((-score, not across, line, start, word))

        def extend_right(node: int, square: int, word: str, placed: int, rack: dict[str, int]) -> None:
            while square < size and tiles[square]:
                node = children[node].get(upper[square], -1)
                if node < 0:
                    return
                word += "."
                square += 1
            if square > anchor and final[node]:
                record(word, square - len(word), placed)
            if square >= size:
                return
            check = checks[square]
            kids = children[node]
            following = square + 1
            # A tile on the next square must continue the word: test it before recursing.
            needed = upper[following] if following < size and tiles[following] else ""
            if len(kids) < len(rack):
                # Few ways on from here: try them rather than every rack letter.
                for letter, child in kids.items():
                    count = rack.get(letter, 0)
                    if (
                        count
                        and (check is None or letter in check)
                        and (not needed or needed in children[child])
                    ):
                        rack[letter] = count - 1
                        extend_right(child, following, word + letter, placed + 1, rack)
                        rack[letter] = count
                count = rack.get(BLANK, 0)
                if count:
                    rack[BLANK] = count - 1
                    for designated, child in kids.items():
                        if (check is None or designated in check) and (
                            not needed or needed in children[child]
                        ):
                            extend_right(child, following, word + designated.lower(), placed + 1, rack)
                    rack[BLANK] = count
                return
            for letter, count in rack.items():
                if not count:
                    continue
                if letter == BLANK:
                    rack[BLANK] = count - 1
                    for designated, child in kids.items():
                        if (check is None or designated in check) and (
                            not needed or needed in children[child]
                        ):
                            extend_right(child, following, word + designated.lower(), placed + 1, rack)
                    rack[BLANK] = count
                    continue
                child = kids.get(letter, -1)
                if (
                    child >= 0
                    and (check is None or letter in check)
                    and (not needed or needed in children[child])
                ):
                    rack[letter] = count - 1
                    extend_right(child, following, word + letter, placed + 1, rack)
                    rack[letter] = count

        left_parts = self.left_parts
        previous_anchor = -1
        for anchor in anchors:
            if anchor > 0 and tiles[anchor - 1]:
                start = anchor - 1
                while start > 0 and tiles[start - 1]:
                    start -= 1
                node = 0
                for position in range(start, anchor):
                    node = children[node].get(upper[position], -1)
                    if node < 0:
                        break
                if node >= 0:
                    extend_right(node, anchor, "." * (anchor - start), 0, self.rack)
                previous_anchor = anchor
                continue
            # Left parts on the free squares before the anchor, then a letter the anchor allows.
            check = checks[anchor]
            limit = min(anchor - previous_anchor - 1, self.left_longest)
            after = anchor + 1
            # A tile right after the anchor must continue the word: check it before recursing.
            needed = upper[after] if after < size and tiles[after] else ""
            for letter in left_parts.keys() if check is None else check:
                buckets = left_parts.get(letter)
                if buckets is None:
                    continue
                blank_letter = letter.lower()
                for length in range(limit + 1):
                    placed = length + 1
                    for word, node, rack in buckets[length]:
                        child = children[node][letter]
                        if needed and needed not in children[child]:
                            continue
                        count = rack.get(letter, 0)
                        if count > 0:
                            rack[letter] = count - 1
                            extend_right(child, after, word + letter, placed, rack)
                            rack[letter] = count
                        count = rack.get(BLANK, 0)
                        if count > 0:
                            rack[BLANK] = count - 1
                            extend_right(child, after, word + blank_letter, placed, rack)
                            rack[BLANK] = count
            previous_anchor = anchor

    def build_left_parts(self, longest: int) -> None:
        """Index every left part of the rack (a word prefix, up to ``longest`` tiles) by the letters
        that could follow it on the anchor square, and by its length.

        Built once a position; each anchor then visits only the left parts that can continue
        with a letter its cross-check allows, instead of growing them again and again.
        """
        self.left_parts: dict[str, list[list[tuple[str, int]]]] = {}
        self.left_longest = longest
        self._grow_left_part("", 0, longest)

    def _grow_left_part(self, word: str, node: int, limit: int) -> None:
        rack = self.rack
        kids = self.children[node]
        length = len(word)
        index = self.left_parts
        blank = rack.get(BLANK, 0) > 0
        remaining = None
        for letter in kids:
            if blank or rack.get(letter, 0) > 0:
                buckets = index.get(letter)
                if buckets is None:
                    buckets = index[letter] = [[] for _ in range(self.left_longest + 1)]
                if remaining is None:
                    remaining = dict(rack)
                buckets[length].append((word, node, remaining))
        if limit <= 0:
            return
        for letter, count in rack.items():
            if not count:
                continue
            if letter == BLANK:
                rack[BLANK] = count - 1
                for designated, child in kids.items():
                    self._grow_left_part(word + designated.lower(), child, limit - 1)
                rack[BLANK] = count
                continue
            child = kids.get(letter, -1)
            if child >= 0:
                rack[letter] = count - 1
                self._grow_left_part(word + letter, child, limit - 1)
                rack[letter] = count


def _anchors(
    tiles_by_line: list[list[str]], line: int, empty_board: bool, start: tuple[int, int]
) -> list[int]:
    tiles = tiles_by_line[line]
    size = len(tiles)
    if empty_board:
        return [start[1]] if line == start[0] else []
    anchors = []
    above = tiles_by_line[line - 1] if line > 0 else None
    below = tiles_by_line[line + 1] if line + 1 < len(tiles_by_line) else None
    for position in range(size):
        if tiles[position]:
            continue
        if (
            (position > 0 and tiles[position - 1])
            or (position + 1 < size and tiles[position + 1])
            or (above is not None and above[position])
            or (below is not None and below[position])
        ):
            anchors.append(position)
    return anchors


def generate_placements(
    board: Board,
    rack: str,
    lexicon: Lexicon,
    tileset: TileSet,
    rules: RuleSet | None = None,
    *,
    dawg: Dawg | None = None,
) -> list[GeneratedMove]:
    """Every legal placement of tiles from ``rack`` (``?`` for a blank) on ``board``, best first.

    Ties are broken by position and tiles, so the order is the same on every run.
    """
    dawg = dawg or load_dawg(lexicon)
    words = lexicon.words
    layout = board.layout
    rows, cols = layout.rows, layout.cols
    root = dawg.children[0]
    alphabet = "".join(letter for letter in tileset.alphabet if letter in root)
    values = {letter: tileset.value(letter) for letter in tileset.alphabet}
    generator = _Generator(dawg, tileset, rules, dict(parse_rack(rack, tileset)))
    cells = board.cells
    empty = not any(cells)
    letter_mults = layout.letter_multipliers
    word_mults = layout.word_multipliers
    generator.build_left_parts(min(sum(generator.rack.values()), max(rows, cols)) - 1)
    for direction in (ACROSS, DOWN):
        transposed = direction == DOWN
        lines, size = (cols, rows) if transposed else (rows, cols)
        if transposed:
            tiles_by_line = [[cells[p * cols + line] for p in range(size)] for line in range(lines)]
            start = (layout.start[1], layout.start[0])
        else:
            tiles_by_line = [cells[line * cols : (line + 1) * cols] for line in range(lines)]
            start = layout.start
        for line in range(lines):
            anchors = _anchors(tiles_by_line, line, empty, start)
            if not anchors:
                continue
            tiles, checks, cross_scores = _line_constraints(
                cells, cols, rows, line, transposed, dawg, words, alphabet, values
            )
            if transposed:
                letter_mult = [letter_mults[p * cols + line] for p in range(size)]
                word_mult = [word_mults[p * cols + line] for p in range(size)]
            else:
                letter_mult = list(letter_mults[line * cols : (line + 1) * cols])
                word_mult = list(word_mults[line * cols : (line + 1) * cols])
            generator.generate_line(
                line, direction, tiles, checks, cross_scores, letter_mult, word_mult, anchors
            )
    found = generator.found
    found.sort()  # best score first, then across before down, then by line, square and tiles
    return [
        GeneratedMove(-negative, start_at, line, DOWN, word)
        if down
        else GeneratedMove(-negative, line, start_at, ACROSS, word)
        for negative, down, line, start_at, word in found
    ]


def generate_exchanges(rack: str, tileset: TileSet | None = None) -> list[Exchange]:
    """Every distinct exchange of one or more tiles of ``rack``, fewest tiles first."""
    tiles = sorted(rack)
    seen: set[str] = set()
    exchanges = []
    for size in range(1, len(tiles) + 1):
        for chosen in combinations(tiles, size):
            key = rack_string(Counter(chosen), tileset)
            if key not in seen:
                seen.add(key)
                exchanges.append(Exchange(key))
    return exchanges
