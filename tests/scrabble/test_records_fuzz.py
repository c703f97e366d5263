"""Fuzzing the GCG reader (and the replay of what it accepts) and the CGP parser."""

from pathlib import Path

from fuzzing import FUZZ, inputs, reads_cleanly, text_inputs
from hypothesis import given

from boardsight.scrabble import load_rules
from boardsight.scrabble.cgp import parse_cgp
from boardsight.scrabble.gcg_reader import parse_gcg
from boardsight.scrabble.replay import replay

GAME = (Path(__file__).parent / "data" / "six_pass_game.gcg").read_bytes()
LATIN1_GAME = GAME.replace(b"#character-encoding UTF-8", b"#character-encoding ISO-8859-1").replace(
    b"Bertil Berg", "Bertil Bergström".encode("latin-1")
)
POSITION = (
    "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/5I1N3N3/"
    "3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6 AABDELT/AEEHIIL 318/341 0 lex CSW21;"
)
NASPA = load_rules("naspa")


def parse_and_replay(data: bytes) -> None:
    record = parse_gcg(data, source="fuzzed.gcg")
    replay(record, NASPA)


@FUZZ
@given(inputs(GAME, LATIN1_GAME))
def test_the_gcg_reader_and_replay_raise_only_one_line_errors(data: bytes) -> None:
    reads_cleanly(parse_and_replay, data)


@FUZZ
@given(text_inputs(POSITION, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AQT/ 0/0 0"))
def test_the_cgp_parser_raises_only_one_line_errors(text: str) -> None:
    reads_cleanly(parse_cgp, text)
