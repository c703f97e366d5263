"""Rewrite movegen_golden.txt from the positions it lists (run after a deliberate change).

    PYTHONPATH=. python tests/scrabble/data/regenerate_movegen_golden.py

Every position's moves were also checked against the slow generator in
tests/scrabble/brute_force_moves.py when the file was first written.
"""

from __future__ import annotations

from pathlib import Path

from boardsight.lexicon import load_lexicon
from boardsight.scrabble import load_rules, load_tileset
from boardsight.scrabble.cgp import parse_cgp
from boardsight.scrabble.movegen import generate_placements

GOLDEN = Path(__file__).with_name("movegen_golden.txt")
HEADER = "# All moves for fixed positions (ENABLE2K, NASPA rules), best first: position tiles score.\n"


def read_positions(text: str) -> list[tuple[str, str]]:
    """The ``(cgp, rack)`` of each ``> CGP`` line (the rack generated is the CGP's rack on turn)."""
    return [(line[2:], parse_cgp(line[2:]).rack) for line in text.splitlines() if line.startswith("> ")]


def render(positions: list[tuple[str, str]]) -> str:
    lexicon, tileset, rules = load_lexicon("enable"), load_tileset("english"), load_rules("naspa")
    parts = [HEADER]
    for cgp, rack in positions:
        moves = generate_placements(parse_cgp(cgp).board, rack, lexicon, tileset, rules)
        parts.append(f"> {cgp}\n")
        parts.append(f"# {len(moves)} moves for {rack}\n")
        parts.extend(f"{move.position} {move.tiles} {move.score}\n" for move in moves)
    return "".join(parts)


if __name__ == "__main__":
    GOLDEN.write_text(render(read_positions(GOLDEN.read_text(encoding="utf-8"))), encoding="utf-8")
    print(f"wrote {GOLDEN}")
