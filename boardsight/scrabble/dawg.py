"""A minimal DAWG (deterministic acyclic word graph) of a lexicon, compiled once and cached.

Built with the incremental algorithm of Daciuk et al. for sorted input: each word is
added along the longest prefix it shares with the previous one, and finished nodes are
merged with an equal node already seen, so common suffixes are stored once. ENABLE2K
(173,528 words) becomes about 54,000 nodes and 123,000 edges.

The compiled arrays are cached with :func:`boardsight.lexicon.cache.load_or_build`, keyed
by the lexicon's content hash, so a fresh process loads them instead of rebuilding. Next to
the edges the cache holds each node's edge letters as a bit mask (``masks``, one bit a
letter of ``bits``), which move generation intersects with cross-checks and the rack.
"""

from __future__ import annotations

import array
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from boardsight.lexicon import Lexicon
from boardsight.lexicon.cache import load_or_build

_CACHE_KIND = "scrabble-dawg-v3"


@dataclass(frozen=True)
class Dawg:
    """``children[node]`` maps a letter to the next node; ``final[node]`` says a word ends there.

    ``bits`` gives every letter on an edge its own bit (in code-point order) and ``masks[node]``
    is the union of the bits of the node's edge letters.
    """

    children: list[dict[str, int]]
    final: list[bool]
    masks: list[int]
    bits: dict[str, int]

    ROOT = 0

    def walk(self, letters: str, node: int = 0) -> int | None:
        """The node reached by reading ``letters`` from ``node``; ``None`` when no word goes that way."""
        children = self.children
        for letter in letters:
            node = children[node].get(letter, -1)
            if node < 0:
                return None
        return node

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        node = self.walk(word)
        return node is not None and self.final[node]

    def words(self) -> Iterable[str]:
        """Every word, in code-point order (for tests and small lexicons)."""
        stack = [(0, "")]
        while stack:
            node, prefix = stack.pop()
            if self.final[node] and prefix:
                yield prefix
            stack.extend(
                (child, prefix + letter)
                for letter, child in sorted(self.children[node].items(), reverse=True)
            )


def build_graph(sorted_words: Iterable[str]) -> tuple[list[dict[str, int]], list[bool]]:
    """Build the minimal automaton of words given in code-point order (node 0 is the root)."""
    edges: list[dict[str, int]] = [{}]
    final = [False]
    register: dict[tuple, int] = {}
    free: list[int] = []
    previous = ""
    path = [0]

    def minimise(keep: int) -> None:
        for depth in range(len(path) - 1, keep, -1):
            node, parent, letter = path[depth], path[depth - 1], previous[depth - 1]
            signature = (final[node], tuple(sorted(edges[node].items())))
            twin = register.get(signature)
            if twin is None:
                register[signature] = node
            else:
                edges[parent][letter] = twin
                edges[node] = {}
                free.append(node)
        del path[keep + 1 :]

    for word in sorted_words:
        if word == previous:
            continue
        common = 0
        limit = min(len(word), len(previous))
        while common < limit and word[common] == previous[common]:
            common += 1
        minimise(common)
        node = path[-1]
        for letter in word[common:]:
            if free:
                fresh = free.pop()
                final[fresh] = False
            else:
                fresh = len(edges)
                edges.append({})
                final.append(False)
            edges[node][letter] = fresh
            path.append(fresh)
            node = fresh
        final[node] = True
        previous = word
    minimise(0)
    return _compact(edges, final)


def _compact(edges: list[dict[str, int]], final: list[bool]) -> tuple[list[dict[str, int]], list[bool]]:
    """Renumber the nodes reachable from the root densely, root first."""
    order: list[int] = []
    number: dict[int, int] = {}
    stack = [0]
    while stack:
        node = stack.pop()
        if node in number:
            continue
        number[node] = len(order)
        order.append(node)
        stack.extend(child for child in edges[node].values() if child not in number)
    children = [{letter: number[child] for letter, child in edges[node].items()} for node in order]
    return children, [final[node] for node in order]


def letter_bits(letters: Iterable[str]) -> dict[str, int]:
    """One bit for each distinct letter of ``letters`` (the edge letters), in code-point order."""
    return {letter: 1 << index for index, letter in enumerate(sorted(set(letters)))}


def edge_masks(children: list[dict[str, int]], bits: dict[str, int]) -> list[int]:
    """For each node, the union of the bits of its edge letters."""
    return [sum(bits[letter] for letter in node_children) for node_children in children]


def _to_sections(children: list[dict[str, int]], final: list[bool]) -> dict[str, array.array | bytes]:
    starts = array.array("I", [0])
    letters = array.array("I")
    targets = array.array("I")
    for node_children in children:
        for letter, child in sorted(node_children.items()):
            letters.append(ord(letter))
            targets.append(child)
        starts.append(len(letters))
    sections = {"starts": starts, "letters": letters, "targets": targets, "final": bytes(final)}
    bits = letter_bits(chr(code) for code in set(letters))
    if len(bits) <= 64:  # the masks fit an unsigned 64-bit array; else they are computed on loading
        sections["masks"] = array.array("Q", edge_masks(children, bits))
    return sections


def _from_sections(sections: dict) -> Dawg:
    starts, targets, final = sections["starts"], sections["targets"], sections["final"]
    letters = [chr(code) for code in sections["letters"]]
    children = [
        dict(
            zip(
                letters[starts[node] : starts[node + 1]],
                targets[starts[node] : starts[node + 1]],
                strict=True,
            )
        )
        for node in range(len(starts) - 1)
    ]
    bits = letter_bits(chr(code) for code in set(sections["letters"]))
    masks = sections["masks"].tolist() if "masks" in sections else edge_masks(children, bits)
    return Dawg(children, [bool(flag) for flag in final], masks, bits)


MIN_WORD_LENGTH = 2  # a Scrabble word has at least two letters, whatever a word list holds


def playable_words(words: Iterable[str]) -> list[str]:
    """The words a play may form, sorted: one-letter entries (Swedish Å, I, Ö ...) left out."""
    return sorted({word for word in words if len(word) >= MIN_WORD_LENGTH})


def dawg_from_words(words: Iterable[str]) -> Dawg:
    """A DAWG of ``words`` (folded upper case), built in memory without the cache."""
    children, final = build_graph(playable_words(words))
    bits = letter_bits(letter for node_children in children for letter in node_children)
    return Dawg(children, final, edge_masks(children, bits), bits)


_MEMO: dict[str, Dawg] = {}


def load_dawg(lexicon: Lexicon) -> Dawg:
    """The DAWG of ``lexicon``: from the compiled cache when there, else built and cached.

    Lexicons without a content hash (made in memory) are built without the cache, keyed by their words.
    """
    key = lexicon.info.content_hash
    if not key:
        key = hashlib.sha256("\n".join(lexicon.sorted_words).encode("utf-8")).hexdigest()
        if key not in _MEMO:
            _MEMO[key] = dawg_from_words(lexicon.sorted_words)
        return _MEMO[key]
    if key not in _MEMO:

        def build():
            children, final = build_graph(playable_words(lexicon.sorted_words))
            return {"nodes": len(children)}, _to_sections(children, final)

        _meta, sections = load_or_build(_CACHE_KIND, key[:32], build)
        _MEMO[key] = _from_sections(sections)
    return _MEMO[key]
