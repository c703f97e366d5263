import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app

GAME = Path(__file__).parents[1] / "scrabble" / "data" / "six_pass_game.gcg"
BENCHMARK = (
    "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/5I1N3N3/"
    "3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6 AABDELT/AEEHIIL 318/341 0"
)
EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AQT/ 0/0 0"

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, ["scrabble", *args])


def test_replay_of_a_consistent_game_exits_zero() -> None:
    result = invoke("replay", str(GAME))
    assert result.exit_code == 0, result.stderr
    assert "the record agrees" in result.stdout
    assert "anna 31, bertil -7" in result.stdout


def test_replay_reports_each_disagreement_and_exits_one(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gcg"
    broken.write_text(GAME.read_text().replace("I5 ABE. +7 7", "I5 ABE. +9 9"))
    result = invoke("replay", str(broken))
    assert result.exit_code == 1
    assert "line 8: score: I5 ABE. scores +7, the record says +9" in result.stdout


def test_replay_json_and_lexicon(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("qat\nabet\n")
    result = invoke("replay", str(GAME), "--json", "--lexicon", str(words))
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert payload["agrees"] and payload["complete"]
    assert payload["computed_scores"] == [31, -7]
    assert payload["invalid_words"] == [{"line": 9, "word": "AXE"}]
    assert payload["events"][0] == {
        "line": 6,
        "player": "anna",
        "kind": "placement",
        "move": "8G QAT",
        "recorded_score": 24,
        "computed_score": 24,
        "cumulative": 24,
        "words": ["QAT"],
        "reading": "",
    }


@pytest.mark.parametrize(
    ("content", "message"),
    [("", "line 1: the file is empty"), ("#player1 a A\n>a: A8T 8G AT +4 4\n", "line 2: malformed rack")],
)
def test_replay_of_a_broken_file_is_one_line_naming_the_line(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.gcg"
    path.write_text(content)
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    result = invoke("replay", str(tmp_path / "none.gcg"))
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_moves_on_a_cgp_position() -> None:
    result = invoke("moves", "--cgp", BENCHMARK, "--top", "3")
    assert result.exit_code == 0, result.stderr
    assert "K9        TAEL    TAEL       38" in result.stdout
    assert "B10       BEHEAD  BE..AD     36" in result.stdout  # the word formed, then the tiles laid
    assert "605 more (608 in all" in result.stdout


def test_moves_json_from_a_game_record_at_a_turn() -> None:
    result = invoke("moves", str(GAME), "--turn", "3", "--json", "--top", "0", "--lexicon", "enable")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["rack"] == "EIRSTUX"  # the rack the record shows for turn 3
    assert payload["position"].startswith("15/15/15/15/8A6/8B6/8E6/6QAT6/")
    assert payload["count"] == len(payload["moves"]) > 100
    assert payload["moves"][0]["score"] >= payload["moves"][-1]["score"]
    assert "X" in payload["exchanges"]
    through = [move for move in payload["moves"] if "." in move["tiles"]]
    assert through and all(len(move["word"]) == len(move["tiles"]) for move in through)
    assert all("." not in move["word"] for move in payload["moves"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cgp", EMPTY.replace("AQT", "")], "no rack"),
        ([str(GAME), "--cgp", EMPTY], "not both"),
        ([], "not both or neither"),
        (["--cgp", EMPTY, "--turn", "2"], "--turn applies to a game record"),
        (["--cgp", "15/15 A/ 0/0 0"], "15 rows"),
        (["notes.txt"], "cannot read a position from notes.txt"),
        ([str(GAME), "--turn", "40"], "has 9 turns"),
        (["--cgp", EMPTY, "--rack", "AB1"], "not a letter"),
    ],
)
def test_moves_bad_input(args: list[str], message: str) -> None:
    result = invoke("moves", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_score_a_legal_move() -> None:
    result = invoke("score", "8G", "QAT", "--cgp", EMPTY)
    assert result.exit_code == 0, result.stderr
    assert "8G QAT scores 24" in result.stdout
    payload = json.loads(invoke("score", "8G", "QAT", "--cgp", EMPTY, "--json").stdout)
    assert payload == {
        "move": "8G QAT",
        "legal": True,
        "score": 24,
        "bingo_bonus": 0,
        "words": [{"word": "QAT", "position": "8G", "score": 24}],
    }


def test_score_says_exactly_why_a_move_is_illegal() -> None:
    result = invoke("score", "7G", "QATS", "--cgp", EMPTY)
    assert result.exit_code == 1
    assert "illegal: the first move must cover the start square H8" in result.stdout
    assert "illegal: the rack AQT lacks S" in result.stdout
    result = invoke("score", "8G", "QTA", "--cgp", EMPTY, "--json")
    payload = json.loads(result.stdout)
    assert result.exit_code == 1 and payload["violations"] == [
        {"rule": "not-in-lexicon", "message": "not in enable: QTA"}
    ]


def test_score_on_a_game_record_position() -> None:
    result = invoke("score", "5I", ".XE", "--game", str(GAME), "--turn", "3")
    assert result.exit_code == 0, result.stderr
    assert "5I .XE scores 20" in result.stdout
    bad = invoke("score", "Z9", "AX", "--cgp", EMPTY)
    assert bad.exit_code == 2 and "not a position" in bad.stderr


@pytest.mark.parametrize(
    ("rack", "message"),
    [("ABCDEFGHIJ", "has 10 tiles"), ("ZZAE", "2 Z, the set has 1")],
    ids=["ten", "two-z"],
)
def test_moves_refuses_a_rack_no_player_can_hold(rack: str, message: str) -> None:
    result = invoke("moves", "--cgp", EMPTY, "--rack", rack)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def _with_a_challenge_bonus(tmp_path: Path) -> Path:
    """The six-pass game with a five-point challenge bonus after anna's first play."""
    lines = GAME.read_text().splitlines()
    at = lines.index(">anna: AEIQRST 8G QAT +24 24") + 1
    lines.insert(at, ">anna: AEIRST (challenge) +5 29")
    text = "\n".join(lines).replace("+20 44", "+20 49").replace("+0 44", "+0 49")
    text = text.replace("-13 31", "-13 36")
    path = tmp_path / "five_point.gcg"
    path.write_text(text + "\n")
    return path


def test_replay_takes_the_rules_the_record_shows_and_says_why(tmp_path: Path) -> None:
    record = _with_a_challenge_bonus(tmp_path)
    result = invoke("replay", str(record))
    assert result.exit_code == 0, result.stdout
    assert "rules wespa: the record holds challenge bonuses, which a five-point challenge rule gives" in (
        result.stdout
    )
    payload = json.loads(invoke("replay", str(record), "--json").stdout)
    assert payload["rules"] == "wespa" and "challenge bonuses" in payload["rules_reason"]


def test_replay_rules_named_with_the_option_win(tmp_path: Path) -> None:
    result = invoke("replay", str(_with_a_challenge_bonus(tmp_path)), "-r", "naspa")
    assert result.exit_code == 1
    assert "rules naspa: named with --rules" in result.stdout
    assert "the naspa rules (double challenge) give none" in result.stdout
