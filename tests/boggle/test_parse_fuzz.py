"""Fuzzing the Boggle board parser: board text mutated, cut short, or random."""

from fuzzing import FUZZ, reads_cleanly, text_inputs
from hypothesis import given

from boardsight.boggle.parse import board_from_json, parse_board

BOARDS = ("RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO", "S T A R\nE Qu I N\nL A M P\nD O G E\n", "ABCDEFGHIJKLMNOP")


@FUZZ
@given(text_inputs(*BOARDS))
def test_the_board_parser_raises_only_one_line_errors(text: str) -> None:
    reads_cleanly(parse_board, text)


@FUZZ
@given(text_inputs('{"game": "boggle", "rows": 2, "cols": 2, "grid": [["A", "B"], ["QU", "#"]]}'))
def test_a_board_sidecar_raises_only_one_line_errors(text: str) -> None:
    import json

    try:
        data = json.loads(text)
    except ValueError:
        return  # not JSON at all: the file reader refuses it before this function sees it
    reads_cleanly(lambda payload: board_from_json(payload, "fuzzed.json"), data)
