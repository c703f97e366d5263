"""Scrabble positions and records: the moves for a position, a record replayed; a photo is a position.

Importing this module lets :func:`boardsight.scrabble.position_source.load_position` read
image files: the board is read with the CNN in the tile set of the chosen rules, checked
against that language's lexicon, and handed over with empty racks and zero scores (the
photo shows neither). A blank whose letter the words do not settle takes its first candidate.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from boardsight.app.reading import read_photo
from boardsight.errors import BadInputError
from boardsight.lexicon import DEFAULT_LEXICON, Lexicon, load_lexicon
from boardsight.paths import PHOTO_SUFFIXES
from boardsight.scrabble import load_rules, load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.coords import parse_position
from boardsight.scrabble.gcg_model import GcgRecord
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.layout import load_layout
from boardsight.scrabble.move import Exchange, Placement
from boardsight.scrabble.movegen import GeneratedMove, generate_exchanges, generate_placements
from boardsight.scrabble.position import Position
from boardsight.scrabble.position_source import PositionRequest, register_position_reader
from boardsight.scrabble.rack import checked_rack
from boardsight.scrabble.record_rules import rules_from_record
from boardsight.scrabble.replay import ReplayResult, replay
from boardsight.scrabble.rules import RuleSet
from boardsight.scrabble.scoring import Score, score_placement
from boardsight.scrabble.tileset import TileSet
from boardsight.scrabble.validation import Violation, find_violations
from boardsight.scrabble.words import main_word

DEFAULT_RULES = "naspa"


def rules_for(rules: RuleSet | str | None) -> RuleSet:
    """``rules`` itself, the rule set it names, or the default (NASPA) for None."""
    return rules if isinstance(rules, RuleSet) else load_rules(rules or DEFAULT_RULES)


def lexicon_for(rules: RuleSet, lexicon: Lexicon | str | None = None) -> Lexicon:
    """``lexicon`` itself, the lexicon it names, or for None the default of the rules' tile set."""
    if isinstance(lexicon, Lexicon):
        return lexicon
    return load_lexicon(lexicon or load_tileset(rules.tileset).lexicon or DEFAULT_LEXICON)


def scrabble_moves(
    position: Position,
    rack: str,
    *,
    lexicon: Lexicon | str | None = None,
    rules: RuleSet | str | None = DEFAULT_RULES,
    top: int | None = None,
) -> list[GeneratedMove]:
    """The legal placements of ``rack`` on ``position``, best first (the first ``top`` of them).

    A rack no player can hold (more tiles than a rack takes, more of a letter than the set
    has) is a :class:`~boardsight.errors.BadInputError`.
    """
    chosen = rules_for(rules)
    tileset = load_tileset(chosen.tileset)
    checked_rack(rack, tileset, rack_size=chosen.rack_size)
    moves = generate_placements(position.board, rack, lexicon_for(chosen, lexicon), tileset, chosen)
    return moves if top is None else moves[:top]


def move_word(position: Position, move: GeneratedMove) -> str:
    """The word ``move`` forms, as spelled (blanks lower case): ``I.ARS`` through an A is ``IAARS``."""
    new_tiles = {(row, col): tile for row, col, tile in move.placement.new_tiles()}
    return main_word(position.board, new_tiles, move.direction)


def scrabble_exchanges(
    position: Position, rack: str, *, rules: RuleSet | str | None = DEFAULT_RULES
) -> list[Exchange]:
    """The exchanges ``rack`` may make on ``position``: none when too few tiles are left in the bag.

    The bag is counted when the position lets it be (the tiles not on the board nor on
    this rack, less the other players' full racks); when it cannot, exchanges are allowed.
    """
    chosen = rules_for(rules)
    tileset = load_tileset(chosen.tileset)
    bag = tiles_in_bag(position, rack, tileset, chosen)
    return generate_exchanges(rack.upper(), tileset) if bag is None or chosen.can_exchange(bag) else []


def tiles_in_bag(position: Position, rack: str, tileset: TileSet, rules: RuleSet) -> int | None:
    """Tiles left in the bag, when the position lets us count them (None when it does not)."""
    unseen = tileset.total_tiles - position.board.tile_count() - len(rack)
    if unseen < 0:
        return None
    others = len(position.racks) - 1
    return max(0, unseen - others * rules.rack_size)


@dataclass(frozen=True)
class MoveCheck:
    """A proposed move judged: the placement as played (``.`` for tiles played through), every
    rule it breaks, and its score when it breaks none."""

    placement: Placement
    violations: list[Violation]
    score: Score | None


def score_move(
    position: Position,
    where: str,
    tiles: str,
    *,
    rack: str | None = None,
    rules: RuleSet | str | None = DEFAULT_RULES,
    lexicon: Lexicon | str | None = None,
) -> MoveCheck:
    """Judge the move ``tiles`` at ``where`` (``8D`` across, ``D8`` down) on ``position``.

    The rack is checked when given (else the one the position shows, if any); words are
    judged with ``lexicon`` (None: the rules' tile set's own).
    """
    chosen = rules_for(rules)
    tileset = load_tileset(chosen.tileset)
    layout = position.board.layout
    parsed = parse_position(where, rows=layout.rows, cols=layout.cols)
    if parsed is None:
        raise BadInputError(f"{where!r} is not a position: write 8D for across, D8 for down")
    row, col, direction = parsed
    rack_text = rack if rack is not None else position.rack
    rack_counter = checked_rack(rack_text, tileset, rack_size=chosen.rack_size) if rack_text else None
    resolved, violations = find_violations(
        position.board,
        Placement(row, col, direction, tiles),
        tileset,
        rack=rack_counter,
        lexicon=lexicon_for(chosen, lexicon),
    )
    score = None if violations else score_placement(position.board, resolved, tileset, chosen)
    return MoveCheck(resolved, violations, score)


def replay_record(
    record_or_path: GcgRecord | str | Path,
    *,
    rules: RuleSet | str | None = None,
    lexicon: Lexicon | str | None = None,
) -> ReplayResult:
    """Replay a GCG record (or the file at a path): every move re-scored, each disagreement listed.

    With ``rules`` None, the rules are those the record shows (its challenge bonuses, the
    list its ``#lexicon`` names: :func:`~boardsight.scrabble.record_rules.rules_from_record`);
    the result's ``rules_reason`` says which and why. With ``lexicon``, the words not in it
    are listed too.
    """
    named = rules_for(rules) if rules is not None else None
    record = record_or_path
    if not isinstance(record, GcgRecord):
        layout = load_layout((named or rules_for(DEFAULT_RULES)).layout)
        record = read_gcg(Path(record), rows=layout.rows, cols=layout.cols)
    if named is None:
        shown = rules_from_record(record)
        chosen, reason = load_rules(shown.name), shown.reason
    else:
        chosen, reason = named, "as named"
    words = lexicon_for(chosen, lexicon) if lexicon is not None else None
    return dataclasses.replace(replay(record, chosen, words), rules_reason=reason)


def position_from_photo(path: Path, request: PositionRequest, *, reader: str = "onnx") -> Position:
    """The position on the board in the photo at ``path`` (racks empty, scores zero)."""
    tiles = load_tileset(request.rules.tileset).name
    position = read_photo(path, game="scrabble", reader=reader, tiles=tiles).position
    layout = load_layout(request.rules.layout)
    return Position(Board(layout, position.board.cells))  # set for every Scrabble reading


register_position_reader(PHOTO_SUFFIXES, position_from_photo)
