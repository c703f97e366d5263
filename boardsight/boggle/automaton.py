"""The word list compiled for the solver: a minimal automaton stored as per-letter tables.

Every word of a lexicon that is long enough to score becomes a path through a minimal
acyclic automaton (a DAWG: the trie of the words with equal sub-trees merged), built
with the incremental algorithm of Daciuk, Mihov, Watson and Watson (2000) from the
sorted words. ENABLE2K (173,528 words) gives about 54,000 states and 123,000 edges.

The solver needs one thing fast: "from state ``s``, where does letter ``L`` lead?".
So the automaton is stored as one list per letter, ``tables[L][s]`` = the next state
(0: none), and one list ``state_info[s]`` holding the bit mask of the letters that
leave ``s`` with :attr:`Automaton.terminal_bit` set when ``s`` ends a word. A
multi-letter reading of a face (``QU``, ``TH``) gets a composed table
``tables["QU"][s] = tables["U"][tables["Q"][s]]`` the first time a board needs it.

The tables are cached on disk by :func:`boardsight.lexicon.cache.load_or_build`, keyed
by the lexicon's content hash and the minimum word length, so a fresh process only
reads them back (tens of milliseconds) instead of rebuilding (about a second).
"""

from __future__ import annotations

import array
import hashlib
import weakref
from collections.abc import Iterable

from boardsight.lexicon import Lexicon
from boardsight.lexicon.cache import cache_dir, load_or_build

FORMAT = "boggle-automaton-v1"
CACHE_KIND = "boggle-automaton"
ROOT = 1


class Automaton:
    """A minimal automaton over ``alphabet`` as per-letter child tables (see the module docstring)."""

    def __init__(self, alphabet: str, letter_tables: list[list[int]], state_info: list[int]) -> None:
        self.alphabet = alphabet
        self.letter_bits = {letter: 1 << index for index, letter in enumerate(alphabet)}
        self.terminal_bit = 1 << len(alphabet)
        self.state_info = state_info
        self.states = len(state_info)
        self._zero = [0] * self.states
        self._tables: dict[str, list[int]] = dict(zip(alphabet, letter_tables, strict=True))

    def table(self, reading: str) -> list[int]:
        """The child table of a face reading (one letter or several); all zeros when impossible."""
        found = self._tables.get(reading)
        if found is not None:
            return found
        if len(reading) < 2:
            return self._zero
        head = self.table(reading[:-1])
        last = self.table(reading[-1])
        composed = [last[state] if state else 0 for state in head]
        self._tables[reading] = composed
        return composed

    def accepts(self, word: str) -> bool:
        """True when ``word`` is one of the compiled words."""
        state = ROOT
        for letter in word:
            state = self.table(letter)[state]
            if not state:
                return False
        return bool(self.state_info[state] & self.terminal_bit)


def build_automaton(sorted_words: Iterable[str]) -> tuple[str, int, list[tuple[int, str, int]], list[bool]]:
    """Build the minimal automaton of ``sorted_words`` (code-point order, no duplicates).

    Returns ``(alphabet, states, edges, terminal)``: states are numbered breadth-first
    from ``ROOT`` = 1 (0 means "no state"), ``edges`` are ``(state, letter, target)``.
    """
    children: list[dict[str, int] | None] = [None, {}]
    terminal = [False, False]
    register: dict[tuple, int] = {}
    unchecked: list[tuple[int, str, int]] = []
    previous = ""

    def minimise(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, letter, child = unchecked.pop()
            key = (terminal[child], tuple(sorted(children[child].items())))  # type: ignore[union-attr]
            existing = register.get(key)
            if existing is None:
                register[key] = child
            else:
                children[parent][letter] = existing  # type: ignore[index]
                children[child] = None

    for word in sorted_words:
        common = 0
        for mine, theirs in zip(word, previous, strict=False):
            if mine != theirs:
                break
            common += 1
        minimise(common)
        node = unchecked[-1][2] if unchecked else ROOT
        for letter in word[common:]:
            children.append({})
            terminal.append(False)
            new = len(children) - 1
            children[node][letter] = new  # type: ignore[index]
            unchecked.append((node, letter, new))
            node = new
        terminal[node] = True
        previous = word
    minimise(0)

    numbering = {ROOT: ROOT}
    queue = [ROOT]
    for state in queue:
        for _, child in sorted(children[state].items()):  # type: ignore[union-attr]
            if child not in numbering:
                numbering[child] = len(numbering) + 1
                queue.append(child)
    edges = []
    new_terminal = [False] * (len(numbering) + 1)
    alphabet = set()
    for old, new in numbering.items():
        new_terminal[new] = terminal[old]
        for letter, child in children[old].items():  # type: ignore[union-attr]
            edges.append((new, letter, numbering[child]))
            alphabet.add(letter)
    return "".join(sorted(alphabet)), len(numbering) + 1, edges, new_terminal


def _sections(words: list[str]) -> tuple[dict, dict]:
    alphabet, states, edges, terminal = build_automaton(words)
    index = {letter: position for position, letter in enumerate(alphabet)}
    tables = array.array("I", bytes(4 * states * len(alphabet)))
    info = array.array("Q", bytes(8 * states))
    terminal_bit = 1 << len(alphabet)
    for state, is_terminal in enumerate(terminal):
        if is_terminal:
            info[state] = terminal_bit
    for state, letter, target in edges:
        tables[index[letter] * states + state] = target
        info[state] |= 1 << index[letter]
    return {"alphabet": alphabet, "states": states, "words": len(words)}, {"tables": tables, "info": info}


def _consistent(meta: dict, sections: dict) -> bool:
    """True when a cached automaton has the shape its header promises."""
    try:
        states, letters = int(meta["states"]), len(meta["alphabet"])
        return len(sections["tables"]) == states * letters and len(sections["info"]) == states
    except (KeyError, TypeError, ValueError):
        return False


def _from_sections(meta: dict, sections: dict) -> Automaton:
    alphabet, states = meta["alphabet"], meta["states"]
    tables = sections["tables"]
    letter_tables = [tables[i * states : (i + 1) * states].tolist() for i in range(len(alphabet))]
    return Automaton(alphabet, letter_tables, sections["info"].tolist())


_COMPILED: weakref.WeakKeyDictionary[Lexicon, dict[int, Automaton]] = weakref.WeakKeyDictionary()


def cache_key(lexicon: Lexicon, min_length: int) -> str:
    """The cache key of a lexicon's automaton: its content hash, folding and minimum length."""
    details = f"{FORMAT}|{lexicon.info.content_hash}|{lexicon.info.folding}|{min_length}"
    return hashlib.sha256(details.encode()).hexdigest()[:32]


def automaton_for(lexicon: Lexicon, min_length: int) -> Automaton:
    """The automaton of the words of ``lexicon`` with at least ``min_length`` letters.

    Memoised per lexicon object, and cached on disk for lexicons with a content hash.
    """
    per_length = _COMPILED.setdefault(lexicon, {})
    found = per_length.get(min_length)
    if found is not None:
        return found

    def build() -> tuple[dict, dict]:
        return _sections([word for word in lexicon.sorted_words if len(word) >= min_length])

    if lexicon.info.content_hash:
        key = cache_key(lexicon, min_length)
        meta, sections = load_or_build(CACHE_KIND, key, build)
        if not _consistent(meta, sections):
            (cache_dir() / f"{CACHE_KIND}-{key}.bin").unlink(missing_ok=True)
            meta, sections = load_or_build(CACHE_KIND, key, build)
    else:
        meta, sections = build()
    automaton = _from_sections(meta, sections)
    per_length[min_length] = automaton
    return automaton
