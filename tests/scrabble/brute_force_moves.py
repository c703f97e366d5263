"""An independent, slow move generator for checking the fast one.

It walks every start square and direction, fills the empty squares with rack tiles while
the main word stays a prefix of some word (binary search in the sorted word list, no DAWG),
then keeps the placements that :mod:`boardsight.scrabble.validation` accepts and scores
them with :mod:`boardsight.scrabble.scoring`.
"""

from __future__ import annotations

from collections import Counter

from boardsight.lexicon import Lexicon
from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import ACROSS, DOWN
from boardsight.scrabble.move import Placement
from boardsight.scrabble.scoring import score_placement
from boardsight.scrabble.tileset import BLANK, TileSet
from boardsight.scrabble.validation import find_violations


def brute_force_moves(board: Board, rack: str, lexicon: Lexicon, tileset: TileSet, rules=None) -> dict:
    """``{frozenset of (row, col, tile): score}`` for every legal placement."""
    found: dict[frozenset, int] = {}
    counts = Counter(rack)
    for direction in (ACROSS, DOWN):
        step = (0, 1) if direction == ACROSS else (1, 0)
        for row in range(board.rows):
            for col in range(board.cols):
                before = (row - step[0], col - step[1])
                if board.occupied(*before):
                    continue
                _extend(
                    board, lexicon, tileset, rules, counts, row, col, direction, step, row, col, "", "", found
                )
    return found


def _extend(
    board, lexicon, tileset, rules, rack, row, col, direction, step, cur_row, cur_col, tiles, word, found
):
    at_end = not board.contains(cur_row, cur_col) or not board.get(cur_row, cur_col)
    if at_end and any(tile != "." for tile in tiles) and word in lexicon:
        placement = Placement(row, col, direction, tiles)
        resolved, violations = find_violations(board, placement, tileset, lexicon=lexicon)
        if not violations:
            key = frozenset(resolved.new_tiles())
            found[key] = score_placement(board, resolved, tileset, rules).total
    if not board.contains(cur_row, cur_col):
        return
    here = board.get(cur_row, cur_col)
    next_row, next_col = cur_row + step[0], cur_col + step[1]
    if here:
        if lexicon.has_prefix(word + here.upper()):
            _extend(
                board,
                lexicon,
                tileset,
                rules,
                rack,
                row,
                col,
                direction,
                step,
                next_row,
                next_col,
                tiles + ".",
                word + here.upper(),
                found,
            )
        return
    for tile in list(rack):
        if not rack[tile]:
            continue
        letters = tileset.alphabet if tile == BLANK else (tile,)
        rack[tile] -= 1
        for letter in letters:
            if lexicon.has_prefix(word + letter):
                shown = letter.lower() if tile == BLANK else letter
                _extend(
                    board,
                    lexicon,
                    tileset,
                    rules,
                    rack,
                    row,
                    col,
                    direction,
                    step,
                    next_row,
                    next_col,
                    tiles + shown,
                    word + letter,
                    found,
                )
        rack[tile] += 1
