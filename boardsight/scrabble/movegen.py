"""Generate every legal move for a rack on a position, scored and ranked.

Algorithm: Appel and Jacobson (1988), "The world's fastest Scrabble program", on a
minimal DAWG (:mod:`boardsight.scrabble.dawg`), with cross-checks. Chosen over a GADDAG by
measurement (``benchmarks/compare_movegen_algorithms.py``, which runs both on the same
positions and checks they find the same moves): on ENABLE2K the DAWG has 54,000 nodes and
builds in 0.7 s, the GADDAG 431,000 nodes and takes 16-22 s; in Python the GADDAG's extra
nodes cost more than its fewer dead ends save, once the DAWG's left parts are built once a
rack and shared by every anchor (step 2).

The steps:

1. :func:`line_constraints` finds each line's anchors (the empty squares next to a tile;
   a column is handled like a row) and, for every empty square, its cross-check as a bit
   mask of the letters that make a word with the tiles above and below (every letter when
   no tile touches it) and its cross-score (the value of those tiles);
2. :meth:`_Search.build_left_parts` grows the rack's left parts (word prefixes of rack
   tiles) once a position, breadth first, each with every tile that may follow it on an
   anchor. Such options are indexed by that tile's letter and ordered by length (an anchor
   with room for ``k`` tiles before it takes a prefix of a list), and by the first letter
   of the tiles that follow an anchor; only what some anchor can use is kept;
3. an anchor with tiles just left of it takes them as its left part; any other takes the
   options its cross-check allows that fit in the free squares before it;
4. ``extend`` and ``extend_plain`` (in :meth:`_Search.generate_line`; the second for a rack
   without blanks) go on to the right over tiles on the board and rack tiles allowed by
   the cross-checks, carrying the score (main-word sum, word multiplier, crossword sum),
   so a move is scored the moment it is recorded.

A single tile is one move whichever way it is read: it is kept across when it forms an
across word, else down. Blanks (``?``) may stand for any letter of the DAWG.

How it got fast. Timings on the shared 2-core machine move with its load, so each change
was judged by the instructions it executes (callgrind, mean per position): the issue's
benchmark position; the first 16 random mid-game positions of ``bench_movegen.py`` (their
own racks; the two that hold a blank weigh most); the first 8 of them with the first rack
tile made a blank:

=====================================================================  ======  ======  ======
version                                                                bench   random  blank
=====================================================================  ======  ======  ======
before: letter sets, a rack dict, each word rescored when recorded      31.4M   61.7M  143.7M
letters, cross-checks and rack as bit masks; the rack as integers;      26.3M   39.1M   88.6M
score carried while extending; one tuple of what each square needs;
moves made into ``GeneratedMove`` in C; the garbage collector paused
left parts indexed by the tile after the anchor; the rest of the        25.3M   36.3M   82.6M
rack checked only before recursing; cross-checks of tiles below in
one set intersection
left parts keep only the anchor tiles some anchor can use               24.5M   35.8M   79.1M
a separate extension for racks without blanks                           24.2M   37.7M   77.2M
premiums along each line worked out once a layout                       23.4M   34.1M   76.7M
=====================================================================  ======  ======  ======

- Bits: the candidates for a square are one ``&`` of the node's edges, the cross-check
  and the rack, taken a bit at a time, so a blank tries only the edges the cross-check
  allows instead of 26 letters; and a tile is recursed on only when the node after it has
  an edge that the next square and the rest of the rack allow (most calls that found
  nothing before are gone).
- The rack travels as a letter mask, a blank count and the multiset packed a few bits a
  tile kind: one subtraction a step and nothing to put back.
- The garbage collector walked the DAWG's 54,000 dicts again and again while the search
  made its tuples: pausing it saved 6% on its own.

What did not help (measured, then dropped): memoising the right part by (node, square,
rack) across anchors, as only 6% of the calls repeat one; filters built from ``map`` and
``compress`` over bound methods, as a method-wrapper call costs more than the Python test;
a lexical look-ahead (can the rest of the rack finish the word at all, memoised by node
and rack, with a precomputed mask of the letters that end a word at each node as a fast
path): it skipped 40% of the calls but cost 6% more than they did; keeping with each
left part the node after the first tile past the anchor, to test the second tile by mask:
building it cost 5% more than the walks it saved. Still 60% of the recursive calls find
nothing (the rack cannot finish the word): in Python no cheaper test was found. Not tried:
finding a single-tile play only once instead of across and down, as it is at most one
candidate an anchor (the copy is dropped when recorded).
"""

from __future__ import annotations

import gc
from collections import Counter
from itertools import combinations, repeat
from operator import itemgetter, mul
from typing import NamedTuple

from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import ACROSS, DOWN, position_name
from boardsight.scrabble.dawg import Dawg, load_dawg
from boardsight.scrabble.layout import Layout
from boardsight.scrabble.move import Exchange, Placement
from boardsight.scrabble.rack import parse_rack, rack_string
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.tileset import BLANK, TileSet

DEFAULT_RACK_SIZE = 7
DEFAULT_BINGO_BONUS = 50


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


class LineConstraints(NamedTuple):
    """What the tiles across a line allow on each of its squares."""

    anchors: list[int]  # empty squares next to a tile, left to right
    masks: list[int]  # letters allowed by the crossword (every letter when there is none)
    cross_scores: list[int]  # value of the crossword's tiles on the board, -1 when there is none


def line_constraints(
    lines: list[list[str]],
    crossing: list[list[str]],
    line: int,
    dawg: Dawg,
    words: frozenset[str],
    alphabet: str,
    values: dict[str, int],
) -> LineConstraints:
    """Anchors, cross-check masks and cross-scores of ``lines[line]`` (a row, or a column).

    ``lines`` are the board's rows (or columns) and ``crossing`` the lines at right angles:
    ``crossing[p]`` goes through square ``p`` of this line, which has index ``line`` in it.
    """
    bits = dawg.bits
    full = (1 << len(bits)) - 1
    tiles = lines[line]
    size = len(tiles)
    anchors: list[int] = []
    masks = [full] * size
    cross_scores = [-1] * size
    nothing = [""] * size
    before = lines[line - 1] if line else nothing
    after = lines[line + 1] if line + 1 < len(lines) else nothing
    if not (any(tiles) or any(before) or any(after)):
        return LineConstraints(anchors, masks, cross_scores)
    children, final = dawg.children, dawg.final
    last = size - 1
    for position in range(size):
        if tiles[position]:
            continue
        if not (before[position] or after[position]):
            if (position and tiles[position - 1]) or (position < last and tiles[position + 1]):
                anchors.append(position)
            continue
        anchors.append(position)
        other = crossing[position]
        start = line
        while start and other[start - 1]:
            start -= 1
        end = line + 1
        while end < len(other) and other[end]:
            end += 1
        above = "".join(other[start:line]).upper()
        below = "".join(other[line + 1 : end]).upper()
        mask = 0
        if above:
            # Follow the DAWG through the tiles above; only its next letters can fit.
            node = 0
            for letter in above:
                node = children[node].get(letter, -1)
                if node < 0:
                    break
            if node >= 0:
                for letter, child in children[node].items():
                    for following in below:
                        child = children[child].get(following, -1)
                        if child < 0:
                            break
                    else:
                        if final[child]:
                            mask |= bits[letter]
        else:
            # Every letter before the tiles below, looked up in the word set in one C call.
            for word in words.intersection(map(str.__add__, alphabet, repeat(below))):
                mask |= bits[word[0]]
        masks[position] = mask
        cross_scores[position] = sum(map(values.get, other[start:line])) + sum(
            map(values.get, other[line + 1 : end])
        )
    return LineConstraints(anchors, masks, cross_scores)


class LinePremiums(NamedTuple):
    """The premiums along one line of a layout."""

    letter: list[int]  # letter multiplier of each square
    word: list[int]  # word multiplier of each square
    plain_before: list[int]  # how many squares just before each one have no letter premium
    word_products: list[int]  # product of the word multipliers of the squares before each one


_PREMIUMS: dict[int, tuple[Layout, list[LinePremiums], list[LinePremiums]]] = {}


def _line_premiums(layout: Layout) -> tuple[list[LinePremiums], list[LinePremiums]]:
    """The premiums of every row and every column of ``layout``, worked out once a layout."""
    known = _PREMIUMS.get(id(layout))
    if known is not None and known[0] is layout:
        return known[1], known[2]
    cols = layout.cols
    letters, words = layout.letter_multipliers, layout.word_multipliers

    def premiums(letter: list[int], word: list[int]) -> LinePremiums:
        plain_before, word_products = [0], [1]
        for square in range(len(letter)):
            plain_before.append(plain_before[-1] + 1 if letter[square] == 1 else 0)
            word_products.append(word_products[-1] * word[square])
        return LinePremiums(letter, word, plain_before, word_products)

    rows = [
        premiums(list(letters[row * cols : (row + 1) * cols]), list(words[row * cols : (row + 1) * cols]))
        for row in range(layout.rows)
    ]
    columns = [premiums(list(letters[col::cols]), list(words[col::cols])) for col in range(cols)]
    _PREMIUMS[id(layout)] = (layout, rows, columns)
    return rows, columns


class _Search:
    """Appel-Jacobson generation for one rack on one position; moves go to ``self.found``.

    The rack travels as integers: ``letters`` (a bit for each letter on it), ``blanks`` and
    ``code``, the whole multiset with a few bits of count for each kind of tile, so a
    recursion step changes it with one subtraction and nothing needs putting back.
    """

    def __init__(self, dawg: Dawg, values: dict[str, int], rack: dict[str, int], rules: RuleSet | None):
        self.children = dawg.children
        self.final = dawg.final
        self.masks = dawg.masks
        self.bits = dawg.bits
        self.letter_of = {bit: letter for letter, bit in dawg.bits.items()}
        self.full = (1 << len(dawg.bits)) - 1
        self.lower = {letter: letter.lower() for letter in dawg.bits}
        self.values = values
        rack = {tile: count for tile, count in rack.items() if count}
        self.total = sum(rack.values())
        self.blanks = rack.get(BLANK, 0)
        self.letters = sum(self.bits.get(tile, 0) for tile in rack if tile != BLANK)
        width = max(rack.values(), default=1).bit_length()
        self.slot = (1 << width) - 1
        self.shifts = {tile: width * index for index, tile in enumerate(sorted(rack))}
        self.code = sum(count << self.shifts[tile] for tile, count in rack.items())
        self.rack_size = rules.rack_size if rules else DEFAULT_RACK_SIZE
        self.bingo = rules.bingo_bonus if rules else DEFAULT_BINGO_BONUS
        self.found: list[tuple[int, str, int, int, int, str]] = []
        self.bonuses = [0] * (self.total + 2)
        if self.rack_size < len(self.bonuses):
            self.bonuses[self.rack_size] = self.bingo

    # -- left parts ---------------------------------------------------------------------------

    def build_left_parts(self, longest: int, open_wanted: list[int], through_wanted: list[int]) -> None:
        """Index every left part of the rack (a word prefix of up to ``longest`` tiles) together
        with each tile that may follow it on the anchor square.

        Built once a position, breadth first, so every list is ordered by the left part's
        length and an anchor with room for ``k`` tiles takes a prefix of it. A left part is
        ``(tiles, length, their values, their sum)``; an option is ``(left part, node after
        the anchor tile, final, letter shown, value, rack code left, letters left, blanks
        left, letters reachable next, continuation mask, letter bit)``. ``open_parts`` maps
        a letter to its options that can still make a word when the square after the anchor
        is empty, and to ``ends[k]``, the number of them with at most ``k`` tiles before the
        anchor; the letter ``""`` holds those of every letter (for anchors without a
        crossword). ``through_parts`` maps the first letter of the tiles right after an anchor
        to the options whose node goes on with it. Only what some anchor can use is kept:
        ``open_wanted[k]`` holds the letters that anchors followed by an empty square and
        with room for ``k`` tiles before them allow, ``through_wanted[k]`` the first letters
        of the tiles after the other such anchors.
        """
        children, final, masks, bits = self.children, self.final, self.masks, self.bits
        full, lower, values, total = self.full, self.lower, self.values, self.total
        letter_of, shifts, slot = self.letter_of, self.shifts, self.slot
        blank_weight = 1 << shifts[BLANK] if BLANK in shifts else 0
        open_lists: dict[str, list[tuple]] = {letter: [] for letter in bits}
        open_ends: dict[str, list[int]] = {letter: [] for letter in bits}
        open_every: list[tuple] = []
        open_lists[""], open_ends[""] = open_every, []
        through_lists: dict[int, list[tuple]] = {}
        through_ends: dict[int, list[int]] = {}
        for bit in bits.values():
            if bit & through_wanted[0]:
                through_lists[bit], through_ends[bit] = [], []
        level = [("", 0, self.code, self.letters, self.blanks, (), 0)]
        for length in range(longest + 1):
            left = total - length - 1  # tiles left once the anchor square is filled
            open_letters, followed_by = open_wanted[length], through_wanted[length]
            deeper = []
            for word, node, code, letters, blanks, tile_values, tile_sum in level:
                kids = children[node]
                part = (word, length, tile_values, tile_sum)
                if blanks:
                    # Every edge: the letter from the rack when it is there, and from a blank.
                    real_reach = full if left else 0
                    blank_reach = (full if blanks > 1 else letters) if left else 0
                    blank_code = code - blank_weight
                    for letter, child in kids.items():
                        edges = masks[child]
                        bit = bits[letter]
                        if not (bit & open_letters or edges & followed_by):
                            continue
                        fin = final[child]
                        if bit & letters:
                            shift = shifts[letter]
                            after = letters ^ bit if code >> shift & slot == 1 else letters
                            cont = edges & real_reach
                            option = (
                                part,
                                child,
                                fin,
                                letter,
                                values[letter],
                                code - (1 << shift),
                                after,
                                blanks,
                                real_reach,
                                cont,
                                bit,
                            )
                            following = edges & followed_by
                            while following:
                                low = following & -following
                                following ^= low
                                through_lists[low].append(option)
                            if (fin or cont) and bit & open_letters:
                                open_lists[letter].append(option)
                                open_every.append(option)
                        cont = edges & blank_reach
                        option = (
                            part,
                            child,
                            fin,
                            lower[letter],
                            0,
                            blank_code,
                            letters,
                            blanks - 1,
                            blank_reach,
                            cont,
                            bit,
                        )
                        following = edges & followed_by
                        while following:
                            low = following & -following
                            following ^= low
                            through_lists[low].append(option)
                        if (fin or cont) and bit & open_letters:
                            open_lists[letter].append(option)
                            open_every.append(option)
                else:
                    # Only the edges of letters on the rack, one bit at a time.
                    available = masks[node] & letters
                    while available:
                        bit = available & -available
                        available ^= bit
                        letter = letter_of[bit]
                        child = kids[letter]
                        edges = masks[child]
                        if not (bit & open_letters or edges & followed_by):
                            continue
                        fin = final[child]
                        shift = shifts[letter]
                        after = letters ^ bit if code >> shift & slot == 1 else letters
                        reach = after if left else 0
                        cont = edges & reach
                        option = (
                            part,
                            child,
                            fin,
                            letter,
                            values[letter],
                            code - (1 << shift),
                            after,
                            0,
                            reach,
                            cont,
                            bit,
                        )
                        following = edges & followed_by
                        while following:
                            low = following & -following
                            following ^= low
                            through_lists[low].append(option)
                        if (fin or cont) and bit & open_letters:
                            open_lists[letter].append(option)
                            open_every.append(option)
                if length == longest:
                    continue
                available = masks[node] & letters
                while available:
                    bit = available & -available
                    available ^= bit
                    letter = letter_of[bit]
                    shift = shifts[letter]
                    value = values[letter]
                    deeper.append(
                        (
                            word + letter,
                            kids[letter],
                            code - (1 << shift),
                            letters ^ bit if code >> shift & slot == 1 else letters,
                            blanks,
                            (*tile_values, value),
                            tile_sum + value,
                        )
                    )
                if blanks:
                    blank_values = (*tile_values, 0)
                    blank_code = code - blank_weight
                    for letter, child in kids.items():
                        deeper.append(
                            (
                                word + lower[letter],
                                child,
                                blank_code,
                                letters,
                                blanks - 1,
                                blank_values,
                                tile_sum,
                            )
                        )
            for letter, options in open_lists.items():
                open_ends[letter].append(len(options))
            for bit, options in through_lists.items():
                through_ends[bit].append(len(options))
            level = deeper
        self.longest = longest
        self.open_parts = {
            letter: (options, open_ends[letter])
            for letter, options in open_lists.items()
            if options or not letter
        }
        self.through_parts = {
            self.letter_of[bit]: (options, through_ends[bit]) for bit, options in through_lists.items()
        }

    # -- one line -----------------------------------------------------------------------------

    def generate_line(
        self,
        line: int,
        down: bool,
        tiles: list[str],
        constraints: LineConstraints,
        premiums: LinePremiums,
    ) -> None:
        """Record every move of one line. The recursion is a closure over the line's data:
        local names are much cheaper than attributes in the innermost loop."""
        children, final, masks, bits = self.children, self.final, self.masks, self.bits
        letter_of, lower, values, found = self.letter_of, self.lower, self.values, self.found
        full, total, bonuses = self.full, self.total, self.bonuses
        shifts, slot = self.shifts, self.slot
        blank_weight = 1 << shifts[BLANK] if BLANK in shifts else 0
        # Moves are recorded as (sort key, tiles, score, row, column, direction): the key
        # orders by score (best first), then across before down, line and start square; ties
        # go on to the tiles.
        key_step = self.key_step
        line_key = (int(down) * self.key_lines + line) * self.key_squares
        size = len(tiles)
        cmasks, cross_scores = constraints.masks, constraints.cross_scores
        letter_mult, word_mult, plain_before, word_products = premiums
        # What each empty square needs, in one tuple: the letters its crossword allows, its
        # premiums, what a tile there adds to the crossword score (a constant and a factor of
        # the tile's premium value), the run of tiles right after it (upper-case letters,
        # dots, value), the square after that run and the letters allowed there.
        first = constraints.anchors[0]  # no move reaches right of an anchor from before the first
        squares: list[tuple | None] = [None] * first
        for square in range(first, size):
            if tiles[square]:
                squares.append(None)
                continue
            cross_score = cross_scores[square]
            word_here = word_mult[square]
            if cross_score >= 0:
                cross_base, cross_factor = cross_score * word_here, word_here
            else:
                cross_base = cross_factor = 0
            end = square + 1
            if end < size and tiles[end]:
                while end < size and tiles[end]:
                    end += 1
                run = tiles[square + 1 : end]
                run_letters, dots, run_value = "".join(run).upper(), "." * len(run), sum(map(values.get, run))
            else:
                run_letters = dots = ""
                run_value = 0
            squares.append(
                (
                    cmasks[square],
                    letter_mult[square],
                    word_here,
                    cross_base,
                    cross_factor,
                    run_letters,
                    dots,
                    run_value,
                    end,
                    cmasks[end] if end < size else 0,
                )
            )
        word_start = 0

        def keep_single(word: str) -> bool:
            # One tile is one move whichever way it is read: keep it across when it makes an
            # across word, else down.
            if len(word) == 1:
                return down
            if not down:
                return True
            index = word_start + next(i for i, letter in enumerate(word) if letter != ".")
            return cross_scores[index] < 0

        def extend_plain(
            node: int,
            square: int,
            word: str,
            placed: int,
            main: int,
            mult: int,
            cross: int,
            letters: int,
            code: int,
        ) -> None:
            # Fill the empty ``square`` with a tile of a rack without blanks, then walk the tiles
            # after it. The candidates are the letters on an edge of the node, allowed by the
            # crossword and on the rack, taken one bit at a time.
            (
                allowed,
                letter_mult_here,
                word_here,
                cross_base,
                cross_factor,
                run,
                dots,
                run_value,
                end,
                next_allowed,
            ) = squares[square]
            kids = children[node]
            mult *= word_here
            cross += cross_base
            main += run_value
            placed += 1
            # The rest of the rack may lack the letter placed here: checked before recursing.
            next_allowed = next_allowed & letters if placed < total else 0
            bonus = bonuses[placed]
            candidates = masks[node] & allowed & letters
            while candidates:
                bit = candidates & -candidates
                candidates ^= bit
                letter = letter_of[bit]
                child = kids[letter]
                if run:
                    for following in run:
                        child = children[child].get(following, -1)
                        if child < 0:
                            break
                    if child < 0:
                        continue
                fin = final[child]
                cont = masks[child] & next_allowed
                if fin or cont:
                    value = values[letter] * letter_mult_here
                    new_word = word + letter + dots
                    new_main = main + value
                    new_cross = cross + value * cross_factor
                    if fin and (placed > 1 or keep_single(new_word)):
                        score = new_main * mult + new_cross + bonus
                        found.append(
                            (
                                line_key + word_start - score * key_step,
                                new_word,
                                score,
                                word_start,
                                line,
                                DOWN,
                            )
                            if down
                            else (
                                line_key + word_start - score * key_step,
                                new_word,
                                score,
                                line,
                                word_start,
                                ACROSS,
                            )
                        )
                    if cont:
                        shift = shifts[letter]
                        if code >> shift & slot > 1:
                            extend_plain(
                                child,
                                end,
                                new_word,
                                placed,
                                new_main,
                                mult,
                                new_cross,
                                letters,
                                code - (1 << shift),
                            )
                        elif cont & ~bit:
                            extend_plain(
                                child,
                                end,
                                new_word,
                                placed,
                                new_main,
                                mult,
                                new_cross,
                                letters ^ bit,
                                code - (1 << shift),
                            )

        def extend(
            node: int,
            square: int,
            word: str,
            placed: int,
            main: int,
            mult: int,
            cross: int,
            letters: int,
            blanks: int,
            code: int,
        ) -> None:
            # The same with one blank or more on the rack: every edge of the node that the
            # crossword allows, from the rack when the letter is there and from a blank.
            (
                allowed,
                letter_mult_here,
                word_here,
                cross_base,
                cross_factor,
                run,
                dots,
                run_value,
                end,
                next_allowed,
            ) = squares[square]
            kids = children[node]
            mult *= word_here
            cross += cross_base
            main += run_value
            placed += 1
            if placed == total:
                next_allowed = 0
            bonus = bonuses[placed]
            candidates = masks[node] & allowed
            blank_reach = next_allowed if blanks > 1 else next_allowed & letters
            blank_score = main * mult + cross + bonus
            blank_code = code - blank_weight
            while candidates:
                bit = candidates & -candidates
                candidates ^= bit
                letter = letter_of[bit]
                child = kids[letter]
                if run:
                    for following in run:
                        child = children[child].get(following, -1)
                        if child < 0:
                            break
                    if child < 0:
                        continue
                fin = final[child]
                if bit & letters:
                    cont = masks[child] & next_allowed
                    if fin or cont:
                        value = values[letter] * letter_mult_here
                        new_word = word + letter + dots
                        new_main = main + value
                        new_cross = cross + value * cross_factor
                        if fin and (placed > 1 or keep_single(new_word)):
                            score = new_main * mult + new_cross + bonus
                            found.append(
                                (
                                    line_key + word_start - score * key_step,
                                    new_word,
                                    score,
                                    word_start,
                                    line,
                                    DOWN,
                                )
                                if down
                                else (
                                    line_key + word_start - score * key_step,
                                    new_word,
                                    score,
                                    line,
                                    word_start,
                                    ACROSS,
                                )
                            )
                        if cont:
                            shift = shifts[letter]
                            after = letters if code >> shift & slot > 1 else letters ^ bit
                            extend(
                                child,
                                end,
                                new_word,
                                placed,
                                new_main,
                                mult,
                                new_cross,
                                after,
                                blanks,
                                code - (1 << shift),
                            )
                cont = masks[child] & blank_reach
                if fin or cont:
                    new_word = word + lower[letter] + dots
                    if fin and (placed > 1 or keep_single(new_word)):
                        found.append(
                            (
                                line_key + word_start - blank_score * key_step,
                                new_word,
                                blank_score,
                                word_start,
                                line,
                                DOWN,
                            )
                            if down
                            else (
                                line_key + word_start - blank_score * key_step,
                                new_word,
                                blank_score,
                                line,
                                word_start,
                                ACROSS,
                            )
                        )
                    if cont:
                        if blanks > 1:
                            extend(
                                child,
                                end,
                                new_word,
                                placed,
                                main,
                                mult,
                                cross,
                                letters,
                                blanks - 1,
                                blank_code,
                            )
                        else:
                            extend_plain(child, end, new_word, placed, main, mult, cross, letters, blank_code)

        previous_anchor = -1
        for anchor in constraints.anchors:
            if anchor > 0 and tiles[anchor - 1]:
                # Tiles just left of the anchor are the left part.
                start = anchor - 1
                while start > 0 and tiles[start - 1]:
                    start -= 1
                node = 0
                for tile in tiles[start:anchor]:
                    node = children[node].get(tile.upper(), -1)
                    if node < 0:
                        break
                if node >= 0 and masks[node] & cmasks[anchor]:
                    word_start = start
                    main = sum(map(values.get, tiles[start:anchor]))
                    dots = "." * (anchor - start)
                    if self.blanks:
                        extend(node, anchor, dots, 0, main, 1, 0, self.letters, self.blanks, self.code)
                    else:
                        extend_plain(node, anchor, dots, 0, main, 1, 0, self.letters, self.code)
                previous_anchor = anchor
                continue
            # Left parts on the free squares before the anchor, then a tile the anchor allows.
            limit = min(anchor - previous_anchor - 1, self.longest)
            previous_anchor = anchor
            (
                allowed,
                letter_mult_here,
                word_here,
                cross_base,
                cross_factor,
                run,
                dots,
                run_value,
                end,
                next_allowed,
            ) = squares[anchor]
            # A left part of up to ``plain`` tiles covers no letter premium; the word
            # premiums it covers are a quotient of running products.
            plain = plain_before[anchor]
            word_before = word_here * word_products[anchor]
            if run:
                options, ends = self.through_parts.get(run[0], ((), [0] * (limit + 1)))
                groups = [options[: ends[limit]]]
            elif allowed == full:
                options, ends = self.open_parts[""]
                groups = [options[: ends[limit]]]
            else:
                groups = [
                    options[: ends[limit]]
                    for letter, (options, ends) in self.open_parts.items()
                    if letter and bits[letter] & allowed
                ]
            for options in groups:
                for part, child, fin, shown, value, code, after, blanks, reach, cont, bit in options:
                    if run:
                        if not bit & allowed:
                            continue
                        for following in run:
                            child = children[child].get(following, -1)
                            if child < 0:
                                break
                        if child < 0:
                            continue
                        fin = final[child]
                        cont = masks[child] & reach & next_allowed
                    else:
                        cont &= next_allowed
                    word, length, tile_values, left_main = part
                    if not (fin or cont):
                        continue
                    if length > plain:
                        left_main = sum(map(mul, tile_values, letter_mult[anchor - length : anchor]))
                    value *= letter_mult_here
                    new_main = left_main + value + run_value
                    mult = word_before // word_products[anchor - length]
                    cross = cross_base + value * cross_factor
                    new_word = word + shown + dots
                    word_start = anchor - length
                    if fin and (length or keep_single(new_word)):
                        score = new_main * mult + cross + bonuses[length + 1]
                        found.append(
                            (
                                line_key + word_start - score * key_step,
                                new_word,
                                score,
                                word_start,
                                line,
                                DOWN,
                            )
                            if down
                            else (
                                line_key + word_start - score * key_step,
                                new_word,
                                score,
                                line,
                                word_start,
                                ACROSS,
                            )
                        )
                    if cont:
                        if blanks:
                            extend(
                                child, end, new_word, length + 1, new_main, mult, cross, after, blanks, code
                            )
                        else:
                            extend_plain(child, end, new_word, length + 1, new_main, mult, cross, after, code)


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
    # The search makes many small tuples that all live until it returns: the cyclic
    # garbage collector would walk the lexicon's structures again and again for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _generate_placements(board, rack, lexicon, tileset, rules, dawg or load_dawg(lexicon))
    finally:
        if collecting:
            gc.enable()


def _generate_placements(
    board: Board, rack: str, lexicon: Lexicon, tileset: TileSet, rules: RuleSet | None, dawg: Dawg
) -> list[GeneratedMove]:
    layout = board.layout
    rows, cols = layout.rows, layout.cols
    root = dawg.children[0]
    alphabet = "".join(letter for letter in tileset.alphabet if letter in root)
    values = {letter: tileset.value(letter) for letter in tileset.alphabet}
    values.update({letter.lower(): 0 for letter in (*tileset.alphabet, *dawg.bits)})
    search = _Search(dawg, values, parse_rack(rack, tileset), rules)
    if not search.total:
        return []
    cells = board.cells
    for tile in set(cells):
        values.setdefault(tile, 0)  # a letter the tile set lacks (or no tile) is worth nothing
    by_row = [cells[row * cols : (row + 1) * cols] for row in range(rows)]
    by_col = [cells[col::cols] for col in range(cols)]
    empty = not any(cells)
    work = []
    # What the left parts must serve: by the room before each anchor with no tile before it,
    # the letters that anchor allows (when an empty square follows it) or the first letter
    # of the tiles right after it.
    most = search.total - 1
    open_need, through_need = [0] * (most + 1), [0] * (most + 1)
    bits = dawg.bits
    for down in (False, True):
        lines, crossing = (by_col, by_row) if down else (by_row, by_col)
        for line, tiles in enumerate(lines):
            if empty:
                start_line, start_square = (layout.start[1], layout.start[0]) if down else layout.start
                if line != start_line:
                    continue
                size = len(tiles)
                constraints = LineConstraints([start_square], [search.full] * size, [-1] * size)
            else:
                constraints = line_constraints(lines, crossing, line, dawg, lexicon.words, alphabet, values)
                if not constraints.anchors:
                    continue
            work.append((line, down, tiles, constraints))
            previous = -1
            for anchor in constraints.anchors:
                if not (anchor > 0 and tiles[anchor - 1]):
                    room = min(anchor - previous - 1, most)
                    if anchor + 1 < len(tiles) and tiles[anchor + 1]:
                        through_need[room] |= bits.get(tiles[anchor + 1].upper(), 0)
                    else:
                        open_need[room] |= constraints.masks[anchor]
                previous = anchor
    longest = max((room for room in range(most + 1) if open_need[room] or through_need[room]), default=0)
    for room in range(most - 1, -1, -1):
        open_need[room] |= open_need[room + 1]
        through_need[room] |= through_need[room + 1]
    search.build_left_parts(longest, open_need, through_need)
    search.key_lines = max(rows, cols)
    search.key_squares = max(rows, cols)
    search.key_step = 2 * search.key_lines * search.key_squares
    rows_premiums, cols_premiums = _line_premiums(layout)
    for line, down, tiles, constraints in work:
        search.generate_line(line, down, tiles, constraints, (cols_premiums if down else rows_premiums)[line])
    found = search.found
    found.sort()  # best score first, then across before down, then by line, square and tiles
    # Both maps run in C: take each move's fields and make a GeneratedMove of them.
    return list(map(tuple.__new__, repeat(GeneratedMove), map(itemgetter(2, 3, 4, 5, 1), found)))


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
