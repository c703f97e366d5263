"""Find every word on a board, each with one path of cells.

The search is a depth-first walk of the board and of the compiled word automaton
(:mod:`boardsight.boggle.automaton`) together:

1. Each face's reading gets its child table (``QU`` a composed one); under
   ``qu = "qu-or-q"`` a Qu cube becomes two search cells, one reading ``QU`` and one
   ``Q``, that share one board cell. Blocked faces are left out.
2. For every search cell, the neighbours' step data is packed once per board into
   tuples ``(child table, used-cell bit, cell, reading, letters next to it)``.
3. From every cell, the walk follows a neighbour only when the automaton has a
   transition for its reading (one list index), the cell is not used yet (one bit
   test against an integer mask), and the automaton state can still continue with a
   letter that lies next to that neighbour (one AND of two letter masks) -- so it
   never enters a cell only to find no way on. Words are recorded as they end, with
   the path packed into one integer; strings are only joined as the walk goes
   deeper, and paths are unpacked when someone asks for them.

How it got fast (4x4 / 5x5 random boards of uniform letters per second, ENABLE2K,
measured while developing with ``benchmarks/bench_boggle.py``'s boards; each figure
moves by 5-10% with the load on the shared cores):

- a plain recursive walk of per-letter tables, a list of cells pushed and popped and
  each word joined from it: 4,750 / 2,330;
- the neighbours' step tuples of step 2, the word passed down as a string and the path
  as one packed integer: 7,600 / 3,330;
- the letter-mask look-ahead of step 3: 8,070 / 3,960;
- words shorter than the minimum left out of the automaton (no length test), and
  "ends a word" and "next letters" merged into one integer per state: about 8,600 / 4,100;
- the recursive closure released when the search ends (it refers to itself, so each
  board used to leave a garbage cycle behind and the cyclic collector kept running):
  about 9,000 / 4,400.

Tried and dropped, because they cost as much per board as they saved: neighbour
lists bucketed by letter, neighbour selection memoised by letter mask,
``itertools.compress`` filtering, one dense state-major table instead of per-letter
lists, and filtering neighbour pairs by the letter pairs the lexicon uses (only one
pair in ten can be dropped).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any, NamedTuple

from boardsight.boggle.automaton import ROOT, Automaton, automaton_for
from boardsight.boggle.board import BLOCKED, QU, Board, neighbour_table
from boardsight.boggle.rules import DEFAULT_RULES, Rules, load_rules
from boardsight.lexicon import DEFAULT_LEXICON, Lexicon, load_lexicon


class SearchLayout(NamedTuple):
    """The board as the search sees it: one search cell per face reading."""

    readings: tuple[str, ...]
    cells: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]


class FoundWord(NamedTuple):
    """A word on the board, its points under the rules and one path (row-major cell indices)."""

    word: str
    points: int
    path: tuple[int, ...]


_IDENTITY: dict[int, tuple[int, ...]] = {}


def search_layout(board: Board, qu_readings: tuple[str, ...] = (QU,)) -> SearchLayout:
    """Expand ``board`` into search cells: blocked faces dropped, the Qu cube once per reading."""
    touching = neighbour_table(board.rows, board.cols)
    if BLOCKED not in board.cells and (qu_readings == (QU,) or QU not in board.cells):
        cells = _IDENTITY.get(board.size)
        if cells is None:
            cells = _IDENTITY.setdefault(board.size, tuple(range(board.size)))
        return SearchLayout(board.cells, cells, touching)
    readings: list[str] = []
    owners: list[int] = []
    by_cell: list[list[int]] = [[] for _ in board.cells]
    for cell, face in enumerate(board.cells):
        for reading in () if face == BLOCKED else qu_readings if face == QU else (face,):
            by_cell[cell].append(len(readings))
            readings.append(reading)
            owners.append(cell)
    neighbours = tuple(tuple(other for near in touching[cell] for other in by_cell[near]) for cell in owners)
    return SearchLayout(tuple(readings), tuple(owners), neighbours)


def find_word_codes(automaton: Automaton, layout: SearchLayout) -> tuple[dict[str, int], int]:
    """Every word of ``automaton`` on the board of ``layout``, each with a packed path.

    Returns ``(codes, shift)``: ``codes[word]`` is a 1 followed by the search cells of
    one path, ``shift`` bits each (see :func:`unpack_path`).
    """
    readings, owners, neighbours = layout
    count = len(readings)
    shift = max(count.bit_length(), 1)
    info = automaton.state_info
    terminal = automaton.terminal_bit
    letter_bits = automaton.letter_bits
    tables = [automaton.table(reading) for reading in readings]
    first = [letter_bits.get(reading[0], 0) for reading in readings]
    reach = []
    for touching in neighbours:
        mask = 0
        for other in touching:
            mask |= first[other]
        reach.append(mask)
    entries = [(tables[v], 1 << owners[v], v, readings[v], reach[v]) for v in range(count)]
    steps = [[entries[other] for other in touching] for touching in neighbours]
    found: dict[str, int] = {}

    def extend(v: int, state: int, used: int, word: str, code: int) -> None:
        for table, bit, nxt, reading, nxt_reach in steps[v]:
            child = table[state]
            if child and not used & bit:
                child_info = info[child]
                if child_info & terminal:
                    longer = word + reading
                    if longer not in found:
                        found[longer] = code << shift | nxt
                if child_info & nxt_reach:
                    extend(nxt, child, used | bit, word + reading, code << shift | nxt)

    for v in range(count):
        state = tables[v][ROOT]
        if state:
            state_info = info[state]
            code = 1 << shift | v
            if state_info & terminal and readings[v] not in found:
                found[readings[v]] = code
            if state_info & reach[v]:
                extend(v, state, 1 << owners[v], readings[v], code)
    extend = None  # type: ignore[assignment]  # break the closure's self-reference now
    return found, shift


def unpack_path(code: int, shift: int, owners: tuple[int, ...]) -> tuple[int, ...]:
    """Board cells of a packed path from :func:`find_word_codes`."""
    mask = (1 << shift) - 1
    cells = []
    while code != 1:
        cells.append(owners[code & mask])
        code >>= shift
    cells.reverse()
    return tuple(cells)


def _best_first(found: FoundWord) -> tuple[int, int, str]:
    return -found.points, -len(found.word), found.word


class Solution:
    """Every word on a board under some rules; words and paths unpack when first asked for."""

    def __init__(
        self,
        board: Board,
        rules: Rules,
        lexicon: Lexicon,
        codes: dict[str, int],
        shift: int,
        owners: tuple[int, ...],
    ) -> None:
        self.board = board
        self.rules = rules
        self.lexicon_name = lexicon.name
        self._codes = codes
        self._shift = shift
        self._owners = owners

    def __len__(self) -> int:
        return len(self._codes)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self._codes

    def __iter__(self) -> Iterator[FoundWord]:
        return iter(self.words)

    def path(self, word: str) -> tuple[int, ...] | None:
        """One path of ``word`` (row-major cell indices), or None when it is not on the board."""
        code = self._codes.get(word.upper())
        return None if code is None else unpack_path(code, self._shift, self._owners)

    @cached_property
    def words(self) -> tuple[FoundWord, ...]:
        """Every word, best first (points, then length, then alphabetical)."""
        table = self.rules.points_table
        minimum = self.rules.min_length
        shift, owners = self._shift, self._owners
        mask = (1 << shift) - 1
        found = []
        for word, code in self._codes.items():
            cells = []
            while code != 1:
                cells.append(owners[code & mask])
                code >>= shift
            cells.reverse()
            length = len(word)
            found.append(FoundWord(word, table(length) if length >= minimum else 0, tuple(cells)))
        found.sort(key=_best_first)
        return tuple(found)

    def best(self, top: int | None = None, *, min_length: int = 0) -> tuple[FoundWord, ...]:
        """The best ``top`` words (all for None) of at least ``min_length`` letters, best first."""
        chosen = tuple(found for found in self.words if len(found.word) >= min_length)
        return chosen if top is None else chosen[:top]

    @cached_property
    def total_points(self) -> int:
        """The points of every word on the board together."""
        table = self.rules.points_table
        minimum = self.rules.min_length
        return sum(table(len(word)) for word in self._codes if len(word) >= minimum)

    def as_json(self, top: int | None = None, *, min_length: int = 0) -> dict[str, Any]:
        """The full structure, with paths as cell names; ``words`` holds :meth:`best` of them
        (``count`` and ``total_points`` stay those of the whole board)."""
        return {
            "board": self.board.as_json(),
            "board_text": self.board.to_text(),
            "rules": self.rules.name,
            "lexicon": self.lexicon_name,
            "count": len(self),
            "total_points": self.total_points,
            "words": [
                {"word": found.word, "points": found.points, "path": self.board.path_names(found.path)}
                for found in self.best(top, min_length=min_length)
            ],
        }


def resolve_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the rules it names."""
    return rules if isinstance(rules, Rules) else load_rules(rules)


def resolve_lexicon(lexicon: Lexicon | str) -> Lexicon:
    """``lexicon`` itself, or the lexicon it names."""
    return lexicon if isinstance(lexicon, Lexicon) else load_lexicon(lexicon)


def solve(
    board: Board, lexicon: Lexicon | str = DEFAULT_LEXICON, rules: Rules | str = DEFAULT_RULES
) -> Solution:
    """Every word of ``lexicon`` that ``rules`` let score on ``board``, each with one path.

    >>> from boardsight.boggle import parse_board
    >>> solution = solve(parse_board("perslatgsineters"), rules="hasbro")
    >>> len(solution), solution.total_points
    (1045, 3625)
    """
    rules = resolve_rules(rules)
    lexicon = resolve_lexicon(lexicon)
    layout = search_layout(board, rules.qu_readings)
    codes, shift = find_word_codes(automaton_for(lexicon, rules.min_length), layout)
    return Solution(board, rules, lexicon, codes, shift, layout.cells)
