import random
from pathlib import Path

import pytest
from brute_force_moves import brute_force_moves  # tests/scrabble is on sys.path (conftest)

from boardsight.errors import BadInputError
from boardsight.lexicon import Lexicon, load_lexicon
from boardsight.scrabble import load_rules, load_tileset
from boardsight.scrabble.board import Board, place_tiles
from boardsight.scrabble.cgp import parse_cgp
from boardsight.scrabble.dawg import _from_sections, _to_sections, build_graph, dawg_from_words, load_dawg
from boardsight.scrabble.movegen import generate_exchanges, generate_placements
from boardsight.scrabble.scoring import score_placement
from boardsight.scrabble.validation import check_placement

GOLDEN = Path(__file__).parent / "data" / "movegen_golden.txt"

SMALL_WORDS = [
    "AA",
    "AB",
    "AD",
    "AE",
    "AG",
    "AH",
    "AI",
    "AL",
    "AM",
    "AN",
    "AR",
    "AS",
    "AT",
    "AW",
    "AX",
    "AY",
    "BA",
    "BE",
    "BI",
    "BO",
    "BY",
    "DE",
    "DO",
    "ED",
    "EF",
    "EH",
    "EL",
    "EM",
    "EN",
    "ER",
    "ES",
    "ET",
    "EX",
    "FA",
    "FE",
    "GO",
    "HA",
    "HE",
    "HI",
    "HM",
    "HO",
    "ID",
    "IF",
    "IN",
    "IS",
    "IT",
    "JO",
    "KA",
    "KI",
    "LA",
    "LI",
    "LO",
    "MA",
    "ME",
    "MI",
    "MO",
    "MU",
    "MY",
    "NA",
    "NE",
    "NO",
    "NU",
    "OD",
    "OE",
    "OF",
    "OH",
    "OI",
    "OM",
    "ON",
    "OP",
    "OR",
    "OS",
    "OW",
    "OX",
    "OY",
    "PA",
    "PE",
    "PI",
    "QI",
    "RE",
    "SH",
    "SI",
    "SO",
    "TA",
    "TI",
    "TO",
    "UH",
    "UM",
    "UN",
    "UP",
    "US",
    "UT",
    "WE",
    "WO",
    "XI",
    "XU",
    "YA",
    "YE",
    "YO",
    "ZA",
    "BAD",
    "BED",
    "BET",
    "CAB",
    "CAT",
    "DOE",
    "EAT",
    "ETA",
    "TEA",
    "TAE",
    "ATE",
    "OAT",
    "TOE",
    "DOT",
    "QAT",
    "ZAS",
    "ZAX",
    "ADZ",
    "ABED",
    "BEAD",
    "BADE",
    "BATE",
    "BEAT",
    "BETA",
    "DATE",
    "TOAD",
    "DOTE",
    "ABET",
    "ORATE",
    "OATER",
    "ROTATE",
    "TOTER",
    "ROTE",
    "TORE",
    "RATE",
    "TARE",
    "TEAR",
    "AERO",
    "AERIE",
    "IDEA",
    "AIDE",
    "OBOE",
    "REDO",
    "RODE",
    "DOER",
    "BORED",
    "ROBED",
    "DEBTOR",
]


@pytest.fixture(scope="module")
def small_lexicon() -> Lexicon:
    return Lexicon.from_words(SMALL_WORDS)


def as_dict(moves) -> dict:
    found = {}
    for move in moves:
        key = frozenset(move.placement.new_tiles())
        assert key not in found, f"{move} generated twice"
        found[key] = move.score
    return found


def random_board(rng: random.Random, lexicon: Lexicon, tileset, rules, turns: int) -> Board:
    board = Board()
    for _ in range(turns):
        rack = "".join(rng.choice("AABDEEIORST?") for _ in range(7))
        moves = generate_placements(board, rack, lexicon, tileset, rules)
        if moves:
            place_tiles(board, rng.choice(moves[:5]).placement.new_tiles())
    return board


@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_a_brute_force_generator(seed: int, small_lexicon, english, naspa) -> None:
    rng = random.Random(seed)
    board = random_board(rng, small_lexicon, english, naspa, turns=rng.randint(0, 6))
    rack = "".join(rng.choice("AABDEEIORST?") for _ in range(rng.randint(1, 7)))
    fast = as_dict(generate_placements(board, rack, small_lexicon, english, naspa))
    slow = brute_force_moves(board, rack, small_lexicon, english, naspa)
    assert fast == slow


@pytest.mark.parametrize(("seed", "blanks"), [(0, 1), (1, 1), (4, 2)])
def test_agrees_with_a_brute_force_generator_on_racks_with_blanks(
    seed: int, blanks: int, small_lexicon, english, naspa
) -> None:
    rng = random.Random(1000 + seed)
    board = random_board(rng, small_lexicon, english, naspa, turns=rng.randint(2, 8))
    rack = "?" * blanks + "".join(rng.choice("AABDEEIORST") for _ in range(rng.randint(1, 7 - blanks)))
    fast = as_dict(generate_placements(board, rack, small_lexicon, english, naspa))
    assert fast == brute_force_moves(board, rack, small_lexicon, english, naspa)


def test_every_move_is_legal_and_scored_as_the_scorer_says(small_lexicon, english, naspa) -> None:
    board = random_board(random.Random(99), small_lexicon, english, naspa, turns=5)
    moves = generate_placements(board, "ADEORT?", small_lexicon, english, naspa)
    assert moves
    for move in moves:
        resolved = check_placement(board, move.placement, english, lexicon=small_lexicon)
        assert score_placement(board, resolved, english, naspa).total == move.score
    assert [move.score for move in moves] == sorted((move.score for move in moves), reverse=True)


def read_golden() -> list[tuple[str, list[str]]]:
    positions: list[tuple[str, list[str]]] = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.startswith("> "):
            positions.append((line[2:], []))
        elif line and not line.startswith("#"):
            positions[-1][1].append(line)
    return positions


def test_golden_baseline_of_all_moves() -> None:
    lexicon, tileset, rules = load_lexicon("enable"), load_tileset("english"), load_rules("naspa")
    positions = read_golden()
    assert len(positions) == 5
    for cgp, expected in positions:
        position = parse_cgp(cgp)
        moves = generate_placements(position.board, position.rack, lexicon, tileset, rules)
        assert [f"{move.position} {move.tiles} {move.score}" for move in moves] == expected, cgp


def test_benchmark_position_best_moves() -> None:
    cgp = read_golden()[0][0]
    position = parse_cgp(cgp)
    moves = generate_placements(position.board, "AABDELT", load_lexicon("enable"), load_tileset("english"))
    assert len(moves) == 608
    assert str(moves[0]) == "K9 TAEL 38"


def test_opening_moves_cover_the_star_and_bingos_score_fifty(english, naspa) -> None:
    lexicon = Lexicon.from_words(["RETAINS", "STAIN", "AT"])
    moves = generate_placements(Board(), "AEINRST", lexicon, english, naspa)
    assert all(any((row, col) == (7, 7) for row, col, _ in move.placement.new_tiles()) for move in moves)
    best = moves[0]
    assert best.tiles == "RETAINS" and best.score == 2 * 7 + 50 + 2  # one letter doubled on D8 or L8


def test_single_tile_moves_are_listed_once(english, naspa, board_with) -> None:
    lexicon = Lexicon.from_words(["AT", "TA", "QAT"])
    board = board_with(("8G", "QAT"))
    moves = generate_placements(board, "A", lexicon, english, naspa)
    keys = [frozenset(move.placement.new_tiles()) for move in moves]
    assert len(keys) == len(set(keys))
    assert {(move.position, move.tiles) for move in moves} == {("I8", ".A"), ("I7", "A.")}


def test_one_letter_words_of_a_word_list_are_never_plays(board_with) -> None:
    """Swedish lists hold Å, I and Ö as words; a play still needs a word of two letters."""
    swedish, rules = load_tileset("swedish"), load_rules("swedish")
    lexicon = Lexicon.from_words(["I", "Ö", "ÖR"], folding="swedish")
    assert {move.tiles for move in generate_placements(Board(), "IÖR", lexicon, swedish, rules)} == {"ÖR"}
    board = board_with(("8G", "ÖR"))
    for move in generate_placements(board, "IÖ", lexicon, swedish, rules):
        assert move.score == score_placement(board, move.placement, swedish, rules).total


def test_swedish_blank_only_letters(board_with) -> None:
    swedish, rules = load_tileset("swedish"), load_rules("swedish")
    lexicon = Lexicon.from_words(["quiz", "ÅR", "WÅ"], folding="swedish")
    moves = generate_placements(Board(), "UIZ?ÅR", lexicon, swedish, rules)
    tiles = {move.tiles for move in moves}
    assert "qUIZ" in tiles and "ÅR" in tiles and "wÅ" in tiles
    with pytest.raises(BadInputError, match="only a blank"):
        generate_placements(Board(), "QUIZ", lexicon, swedish, rules)


def test_rack_letters_must_belong_to_the_tile_set(english) -> None:
    with pytest.raises(BadInputError, match="not a letter of the english tile set"):
        generate_placements(Board(), "AB1", Lexicon.from_words(["AB"]), english)


def test_exchanges_are_distinct_and_exclude_nothing() -> None:
    exchanges = [exchange.tiles for exchange in generate_exchanges("AAB")]
    assert exchanges == ["A", "B", "AA", "AB", "AAB"]
    assert len(generate_exchanges("ABCDEFG")) == 127


def test_dawg_cache_round_trip(isolated_cache) -> None:
    from boardsight.scrabble import dawg as module

    module._MEMO.clear()  # built here, into this session's cache, whatever ran before
    lexicon = load_lexicon("enable")
    dawg = load_dawg(lexicon)
    assert "QAT" in dawg and "QATZ" not in dawg
    assert list(isolated_cache.glob("scrabble-dawg-*.bin"))
    small = dawg_from_words(["CAT", "CATS", "DOG"])
    assert sorted(small.words()) == ["CAT", "CATS", "DOG"]


def test_dawg_edge_masks_survive_the_cache_format() -> None:
    words = ["CAT", "CATS", "COT", "DOG", "ÅR"]
    built = dawg_from_words(words)
    loaded = _from_sections(_to_sections(*build_graph(sorted(words))))
    assert loaded == built
    root = built.children[0]
    assert built.masks[0] == sum(built.bits[letter] for letter in root)
    cat = built.walk("CA")
    assert built.masks[cat] == built.bits["T"]
