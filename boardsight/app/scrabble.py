"""Scrabble positions and records: the moves for a position, a record replayed; a photo is a position.

Importing this module lets :func:`boardsight.scrabble.position_source.load_position` read
image files: the board is read with the CNN in the tile set of the chosen rules, checked
against that language's lexicon, and handed over with empty racks and zero scores (the
photo shows neither). A blank whose letter the words do not settle takes its first candidate.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from boardsight.app.reading import read_photo
from boardsight.lexicon import DEFAULT_LEXICON, Lexicon, load_lexicon
from boardsight.scrabble import load_rules, load_tileset
from boardsight.scrabble.board import Board
from boardsight.scrabble.gcg_model import GcgRecord
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.layout import load_layout
from boardsight.scrabble.movegen import GeneratedMove, generate_placements
from boardsight.scrabble.position import Position
from boardsight.scrabble.position_source import PositionRequest, register_position_reader
from boardsight.scrabble.rack import checked_rack
from boardsight.scrabble.record_rules import rules_from_record
from boardsight.scrabble.replay import ReplayResult, replay
from boardsight.scrabble.rules import RuleSet

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff")
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
