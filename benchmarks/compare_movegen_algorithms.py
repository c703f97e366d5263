"""Measure the two classic move generators on the same positions: Appel-Jacobson on a DAWG
(what boardsight ships) against a GADDAG (Gordon 1994), written here only to compare.

Usage: python benchmarks/compare_movegen_algorithms.py [--positions N] [--seed S]

Prints, for each structure, its build time, size and load time from the cache, then the
median generation time on the benchmark position and on seeded random mid-game positions,
and checks that both generators find exactly the same moves with the same scores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench_movegen import BENCHMARK_CGP, random_position

from boardsight.lexicon import load_lexicon
from boardsight.lexicon.cache import load_or_build
from boardsight.scrabble import load_rules, load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.cgp import parse_cgp
from boardsight.scrabble.coords import ACROSS, DOWN, position_name
from boardsight.scrabble.dawg import Dawg, _from_sections, _to_sections, build_graph, load_dawg
from boardsight.scrabble.movegen import LineConstraints, generate_placements, line_constraints
from boardsight.scrabble.rack import parse_rack
from boardsight.scrabble.tileset import BLANK

SEPARATOR = "^"


def gaddag_strings(words: list[str]) -> list[str]:
    """For each word and each split, the reversed prefix, the separator and the suffix."""
    strings = []
    for word in words:
        for split in range(1, len(word) + 1):
            prefix, suffix = word[:split][::-1], word[split:]
            strings.append(f"{prefix}{SEPARATOR}{suffix}" if suffix else prefix)
    strings.sort()
    return strings


def load_gaddag(lexicon) -> Dawg:
    def build():
        children, final = build_graph(gaddag_strings(lexicon.sorted_words))
        return {"nodes": len(children)}, _to_sections(children, final)

    _meta, sections = load_or_build("scrabble-gaddag-compare-v1", lexicon.info.content_hash[:32], build)
    return _from_sections(sections)


class GaddagGenerator:
    """Gordon's generation: from each anchor go left, then through the separator to the right.

    A move is made only from its leftmost anchor (going left stops before another empty anchor).
    """

    def __init__(self, gaddag: Dawg, tileset, rules, rack: dict[str, int]) -> None:
        self.children = gaddag.children
        self.final = gaddag.final
        self.values = {letter: tileset.value(letter) for letter in tileset.alphabet}
        self.values.update({letter.lower(): 0 for letter in tileset.alphabet})
        self.rack_size, self.bingo, self.rack = rules.rack_size, rules.bingo_bonus, rack
        self.found: list[tuple] = []

    def line(self, line, direction, tiles, checks, cross_scores, letter_mult, word_mult, anchors) -> None:
        self.line_index, self.direction, self.tiles = line, direction, tiles
        self.upper = [tile.upper() for tile in tiles]
        self.checks, self.cross_scores = checks, cross_scores
        self.letter_mult, self.word_mult = letter_mult, word_mult
        self.size = len(tiles)
        self.is_anchor = [False] * self.size
        for anchor in anchors:
            self.is_anchor[anchor] = True
        for anchor in anchors:
            self.anchor = anchor
            self.go_left(anchor, 0, "", 0)

    def go_left(self, square: int, node: int, word: str, placed: int) -> None:
        tiles = self.tiles
        children = self.children
        if tiles[square]:
            child = children[node].get(self.upper[square], -1)
            if child >= 0:
                self.after_left(square, child, "." + word, placed)
            return
        check = self.checks[square]
        kids = children[node]
        rack = self.rack
        for letter, count in rack.items():
            if not count:
                continue
            if letter == BLANK:
                rack[BLANK] = count - 1
                for designated, child in kids.items():
                    if designated != SEPARATOR and (check is None or designated in check):
                        self.after_left(square, child, designated.lower() + word, placed + 1)
                rack[BLANK] = count
                continue
            child = kids.get(letter, -1)
            if child >= 0 and (check is None or letter in check):
                rack[letter] = count - 1
                self.after_left(square, child, letter + word, placed + 1)
                rack[letter] = count

    def after_left(self, square: int, node: int, word: str, placed: int) -> None:
        left = square - 1
        right = self.anchor + 1
        left_free = left < 0 or not self.tiles[left]
        right_free = right >= self.size or not self.tiles[right]
        if self.final[node] and left_free and right_free and placed:
            self.record(word, square, placed)
        if left >= 0 and not (left_free and self.is_anchor[left]):
            self.go_left(left, node, word, placed)
        if left_free and right < self.size:
            through = self.children[node].get(SEPARATOR, -1)
            if through >= 0:
                self.go_right(right, through, word, placed, square)

    def go_right(self, square: int, node: int, word: str, placed: int, start: int) -> None:
        tiles = self.tiles
        if tiles[square]:
            child = self.children[node].get(self.upper[square], -1)
            if child >= 0:
                self.after_right(square, child, word + ".", placed, start)
            return
        check = self.checks[square]
        kids = self.children[node]
        rack = self.rack
        for letter, count in rack.items():
            if not count:
                continue
            if letter == BLANK:
                rack[BLANK] = count - 1
                for designated, child in kids.items():
                    if designated != SEPARATOR and (check is None or designated in check):
                        self.after_right(square, child, word + designated.lower(), placed + 1, start)
                rack[BLANK] = count
                continue
            child = kids.get(letter, -1)
            if child >= 0 and (check is None or letter in check):
                rack[letter] = count - 1
                self.after_right(square, child, word + letter, placed + 1, start)
                rack[letter] = count

    def after_right(self, square: int, node: int, word: str, placed: int, start: int) -> None:
        right = square + 1
        right_free = right >= self.size or not self.tiles[right]
        if self.final[node] and right_free and placed:
            self.record(word, start, placed)
        if right < self.size:
            self.go_right(right, node, word, placed, start)

    def record(self, word: str, start: int, placed: int) -> None:
        if placed == 1:
            if len(word) == 1 and self.direction == ACROSS:
                return
            if self.direction == DOWN and len(word) > 1:
                index = start + next(i for i, letter in enumerate(word) if letter != ".")
                if self.checks[index] is not None:
                    return
        values, tiles = self.values, self.tiles
        main, multiplier, cross = 0, 1, 0
        for offset, letter in enumerate(word):
            square = start + offset
            if letter == ".":
                main += values[tiles[square]]
                continue
            value = values[letter] * self.letter_mult[square]
            main += value
            multiplier *= self.word_mult[square]
            if self.cross_scores[square] >= 0:
                cross += (self.cross_scores[square] + value) * self.word_mult[square]
        score = main * multiplier + cross + (self.bingo if placed == self.rack_size else 0)
        self.found.append((score, self.line_index, start, self.direction, word))


def gaddag_moves(board: Board, rack: str, lexicon, tileset, rules, gaddag: Dawg) -> list[tuple]:
    layout = board.layout
    rows, cols = layout.rows, layout.cols
    dawg = load_dawg(lexicon)
    alphabet = "".join(letter for letter in tileset.alphabet if letter in dawg.children[0])
    values = {letter: tileset.value(letter) for letter in tileset.alphabet}
    values.update({letter.lower(): 0 for letter in tileset.alphabet})
    generator = GaddagGenerator(gaddag, tileset, rules, dict(parse_rack(rack, tileset)))
    cells = board.cells
    by_row = [cells[row * cols : (row + 1) * cols] for row in range(rows)]
    by_col = [cells[col::cols] for col in range(cols)]
    empty = not any(cells)
    for direction in (ACROSS, DOWN):
        transposed = direction == DOWN
        lines, crossing = (by_col, by_row) if transposed else (by_row, by_col)
        start = (layout.start[1], layout.start[0]) if transposed else layout.start
        for line, tiles in enumerate(lines):
            if empty:
                if line != start[0]:
                    continue
                constraints = LineConstraints([start[1]], [0] * len(tiles), [-1] * len(tiles))
            else:
                constraints = line_constraints(lines, crossing, line, dawg, lexicon.words, alphabet, values)
            if not constraints.anchors:
                continue
            # The GADDAG generator takes cross-checks as letter sets (None: no crossword).
            checks = [
                None if score < 0 else {letter for letter, bit in dawg.bits.items() if bit & mask}
                for mask, score in zip(constraints.masks, constraints.cross_scores, strict=True)
            ]
            if transposed:
                letter_mult = list(layout.letter_multipliers[line::cols])
                word_mult = list(layout.word_multipliers[line::cols])
            else:
                letter_mult = list(layout.letter_multipliers[line * cols : (line + 1) * cols])
                word_mult = list(layout.word_multipliers[line * cols : (line + 1) * cols])
            generator.line(
                line,
                direction,
                tiles,
                checks,
                constraints.cross_scores,
                letter_mult,
                word_mult,
                constraints.anchors,
            )
    return generator.found


def timed(function, repeat: int) -> tuple[float, object]:
    samples, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    lexicon, tileset, rules = load_lexicon("enable"), load_tileset("english"), load_rules("naspa")
    for name, loader in (("DAWG", load_dawg), ("GADDAG", load_gaddag)):
        start = time.perf_counter()
        graph = loader(lexicon)
        edges = sum(len(children) for children in graph.children)
        ready = time.perf_counter() - start
        print(f"{name}: {len(graph.children):,} nodes, {edges:,} edges, ready in {ready:.2f} s")
    dawg, gaddag = load_dawg(lexicon), load_gaddag(lexicon)

    def both(board: Board, rack: str) -> tuple[float, float]:
        dawg_time, dawg_found = timed(
            lambda: generate_placements(board, rack, lexicon, tileset, rules, dawg=dawg), 5
        )
        gaddag_time, gaddag_found = timed(
            lambda: gaddag_moves(board, rack, lexicon, tileset, rules, gaddag), 5
        )
        ours = sorted((move.score, move.position, move.tiles) for move in dawg_found)
        theirs = []
        for score, line, start, direction, word in gaddag_found:
            row, col = (line, start) if direction == ACROSS else (start, line)
            theirs.append((score, position_name(row, col, direction), word))
        assert ours == sorted(theirs), f"the generators disagree on {rack}"
        return dawg_time, gaddag_time

    position = parse_cgp(BENCHMARK_CGP)
    dawg_time, gaddag_time = both(position.board, position.rack)
    print(f"benchmark position: DAWG {dawg_time * 1000:.2f} ms, GADDAG {gaddag_time * 1000:.2f} ms")
    rng = random.Random(args.seed)
    pairs = []
    for _ in range(args.positions):
        random_pos = random_position(rng, lexicon, tileset, rules, dawg)
        pairs.append(both(random_pos.board, random_pos.rack))
    dawg_median = statistics.median(pair[0] for pair in pairs) * 1000
    gaddag_median = statistics.median(pair[1] for pair in pairs) * 1000
    print(
        f"{args.positions} random positions: DAWG median {dawg_median:.2f} ms, GADDAG {gaddag_median:.2f} ms"
    )
    print("both generators found the same moves with the same scores on every position")


if __name__ == "__main__":
    main()
