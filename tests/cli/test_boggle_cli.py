import json

import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app

runner = CliRunner()
BOARD = "STAR/EQIN/LAMP/DOGE"
WORDS = ["star", "rain", "qat", "main", "lamp", "doge", "gamp", "load", "stain", "equal", "sequin", "train"]


@pytest.fixture
def lexicon(tmp_path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return str(path)


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    assert result.stderr.startswith("boardsight: error: ")
    assert result.stderr.strip().count("\n") == 0
    assert "Traceback" not in result.output
    return result.stderr


def test_solve_prints_the_board_first_then_words_and_total(lexicon) -> None:
    result = runner.invoke(app, ["solve", BOARD, "--lexicon", lexicon])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("board 4x4, rules ntu")
    assert lines[1:6] == ["   A  B  C  D", "1  S  T  A  R", "2  E  Qu I  N", "3  L  A  M  P", "4  D  O  G  E"]
    assert any(line.split()[:3] == ["SEQUIN", "3", "A1-A2-B2-C2-D2"] for line in lines)
    assert lines[-1] == "11 words, 15 points"


def test_solve_json_and_rules(lexicon) -> None:
    result = runner.invoke(app, ["solve", BOARD, "--lexicon", lexicon, "--rules", "hasbro", "--json"])
    payload = json.loads(result.stdout)
    assert payload["rules"] == "hasbro"
    assert payload["count"] == 10  # QAT needs the Qu cube read as Q
    assert payload["words"][0] == {"word": "SEQUIN", "points": 3, "path": ["A1", "A2", "B2", "C2", "D2"]}


def test_solve_reference_board_with_enable() -> None:
    result = runner.invoke(app, ["solve", "perslatgsineters", "--rules", "hasbro", "--json"])
    payload = json.loads(result.stdout)
    assert (payload["count"], payload["total_points"]) == (1045, 3625)


def test_solve_a_board_file_with_a_fix(tmp_path, lexicon) -> None:
    board = tmp_path / "tray.json"
    grid = [list("STAR"), ["E", "QU", "I", "N"], list("LAMP"), list("DOGE")]
    board.write_text(json.dumps({"game": "boggle", "rows": 4, "cols": 4, "grid": grid}))
    result = runner.invoke(app, ["solve", str(board), "--lexicon", lexicon, "--fix", "B2=E", "--json"])
    payload = json.loads(result.stdout)
    assert payload["board_text"] == "STAR/EEIN/LAMP/DOGE"
    assert "SEQUIN" not in [word["word"] for word in payload["words"]]


@pytest.mark.parametrize(
    ("arguments", "needle"),
    [
        (["solve", "abcdefghijklmnopq"], "square number"),
        (["solve", "ABC/DE"], "row 2 has 2 faces"),
        (["solve", "missing.json"], "no such board file"),
        (["solve", BOARD, "--fix", "Z9=A"], "off this 4x4 board"),
        (["solve", BOARD, "--rules", "chess"], "no rules named 'chess'"),
    ],
)
def test_bad_boards_and_options_are_one_line_errors(arguments: list[str], needle: str) -> None:
    assert needle in one_line_error(runner.invoke(app, arguments))


@pytest.fixture
def game(tmp_path):
    (tmp_path / "alice.txt").write_text("STAR\nTAIN\nTRAIN\nSEQUINS\n")
    (tmp_path / "b.txt").write_text("sequin\n\nequal\nqat\n")
    (tmp_path / "ch.txt").write_text("# game 1\nalice: tain sequins\nbob: sequin qat\n")
    return tmp_path


def test_check_with_challenges_json(game, lexicon) -> None:
    lists = [str(game / "alice.txt"), f"bob={game / 'b.txt'}"]
    arguments = ["check", BOARD, *lists, "--lexicon", lexicon, "--challenges", str(game / "ch.txt"), "--json"]
    result = runner.invoke(app, [*arguments, "--missed", "2"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    raw = {player["name"]: player["raw_score"] for player in payload["players"]}
    # alice: STAR 1 + TRAIN 2 - TAIN 1 - SEQUINS 3 = -1; bob: SEQUIN 3+2, EQUAL 2, QAT 1+1 = 9.
    assert raw == {"alice": -1, "bob": 9}
    assert payload["leaders"] == ["bob"]
    assert [word["word"] for word in payload["missed"]] == ["STAIN", "DOGE"]
    bob_words = payload["players"][1]["words"]
    assert [(word["written"], word["line"], word["challenge"]) for word in bob_words] == [
        ("sequin", 1, "unsuccessful"),
        ("equal", 3, None),
        ("qat", 4, "unsuccessful"),
    ]


def test_check_human_output(game, lexicon) -> None:
    result = runner.invoke(
        app, ["check", BOARD, str(game / "alice.txt"), "--lexicon", lexicon, "--challenge-all"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("board 4x4, rules ntu")
    assert "judging: every word (computer check of all lists)" in result.stdout
    # STAR 1; TAIN, TRAIN and SEQUINS invalid: penalties 1 + 1 + 3. 1 - 5 = -4.
    assert "alice: raw score -4" in result.stdout
    assert "leader: alice with -4" in result.stdout


def test_check_records_results_and_standings_read_them(game, lexicon) -> None:
    results = game / "results.csv"
    lists = [str(game / "alice.txt"), f"bob={game / 'b.txt'}"]
    for number in (1, 2):
        arguments = [
            "check",
            BOARD,
            *lists,
            "--lexicon",
            lexicon,
            "--record",
            str(results),
            "--only-challenged",
        ]
        game_option = "--game" if number == 1 else "--game-number"  # the old name still works, hidden
        result = runner.invoke(app, [*arguments, "--round", "1", game_option, str(number)])
        assert result.exit_code == 0, result.output
    assert (
        results.read_text()
        == "round,game,player1,score1,player2,score2\n1,1,alice,9,bob,6\n1,2,alice,9,bob,6\n"
    )
    standings = runner.invoke(app, ["tournament", "standings", str(results), "--json"])
    payload = json.loads(standings.stdout)
    assert [(row["player"], row["match_points"], row["spread"]) for row in payload["standings"]] == [
        ("alice", 1.0, 6),
        ("bob", 0.0, -6),
    ]
    human = runner.invoke(app, ["tournament", "standings", str(results)])
    assert "spread capped at 200" in human.stdout
    assert human.stdout.splitlines()[3].split() == ["1", "alice", "1", "+6", "1", "1-0-0"]


def test_record_refuses_a_file_that_is_not_a_results_file(game, lexicon) -> None:
    other = game / "notes.csv"
    other.write_text("name,age\nx,1\n")
    arguments = ["check", BOARD, str(game / "alice.txt"), str(game / "b.txt"), "--lexicon", lexicon]
    result = runner.invoke(app, [*arguments, "--record", str(other), "--round", "1", "--game", "1"])
    assert "not a results file" in one_line_error(result)
    assert other.read_text() == "name,age\nx,1\n"
    result = runner.invoke(app, [*arguments, "--record", str(game / "r.csv")])
    assert "--record needs --round and --game" in one_line_error(result)
    result = runner.invoke(app, [*arguments, "--round", "1"])
    assert "only go with --record" in one_line_error(result)
    assert not (game / "r.csv").exists()


def test_bad_lists_and_challenges(game, lexicon) -> None:
    (game / "junk.txt").write_bytes(bytes(range(256)) * 4)
    (game / "empty.txt").write_text("")
    (game / "bad.txt").write_text("star\nc4t\n")
    base = ["check", BOARD, "--lexicon", lexicon]
    assert "binary" in one_line_error(runner.invoke(app, [*base, str(game / "junk.txt")]))
    assert "no words" in one_line_error(runner.invoke(app, [*base, str(game / "empty.txt")]))
    assert "line 2: 'c4t'" in one_line_error(runner.invoke(app, [*base, str(game / "bad.txt")]))
    assert "no such word list" in one_line_error(runner.invoke(app, [*base, str(game / "nobody.txt")]))
    both = [*base, str(game / "alice.txt"), "--challenges", str(game / "ch.txt"), "--challenge-all"]
    assert "not both" in one_line_error(runner.invoke(app, both))
    stray = [*base, str(game / "alice.txt"), "--challenges", str(game / "ch.txt")]
    assert "no list for player 'bob'" in one_line_error(runner.invoke(app, stray))
    hasbro = [*base, str(game / "alice.txt"), "--rules", "hasbro", "--challenges", str(game / "ch.txt")]
    assert "judge every word" in one_line_error(runner.invoke(app, hasbro))


def test_bad_results_file(tmp_path) -> None:
    path = tmp_path / "results.csv"
    path.write_text("round,game,player1,score1,player2,score2\n1,1,A,10,B,x\n")
    assert "score2 'x' is not a whole number" in one_line_error(
        runner.invoke(app, ["tournament", "standings", str(path)])
    )


def test_a_256_letter_board_is_solved_not_taken_for_a_file_name(lexicon) -> None:
    letters = ("STAREQINLAMPDOGE" * 16)[:256]
    result = runner.invoke(app, ["solve", letters, "--lexicon", lexicon])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("board 16x16")


def test_a_100_by_100_board_is_refused_in_one_short_line(lexicon) -> None:
    board = "/".join(["AEIOURSTLN" * 10] * 100)
    error = one_line_error(runner.invoke(app, ["solve", board, "--lexicon", lexicon]))
    assert "at most 26 columns" in error and len(error) < 200


def test_check_without_challenges_judges_every_word_and_says_so(game, lexicon) -> None:
    result = runner.invoke(app, ["check", BOARD, str(game / "alice.txt"), "--lexicon", lexicon])
    assert result.exit_code == 0, result.output
    assert "judging: every word (no challenge file: the computer checks all lists" in result.stdout
    assert "alice: raw score -4" in result.stdout  # as --challenge-all: the invalid words do not stand
    payload = json.loads(
        runner.invoke(app, ["check", BOARD, str(game / "alice.txt"), "--lexicon", lexicon, "--json"]).stdout
    )
    assert payload["judging"] == "every word"


def test_check_only_challenged_keeps_the_ntu_procedure_without_a_file(game, lexicon) -> None:
    arguments = ["check", BOARD, str(game / "alice.txt"), "--lexicon", lexicon, "--only-challenged"]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    assert "judging: challenged words only (0 challenges)" in result.stdout
    assert "stands: not challenged" in result.stdout
    both = runner.invoke(app, [*arguments, "--challenge-all"])
    assert "not both" in one_line_error(both)


def test_check_help_shows_the_game_number_option_not_the_old_name() -> None:
    result = runner.invoke(app, ["check", "--help"], terminal_width=200)
    assert "--game-number" in result.stdout
    assert "--game " not in result.stdout


def test_solve_top_and_min_length_show_fewer_words_but_the_whole_total(lexicon) -> None:
    everything = json.loads(runner.invoke(app, ["solve", BOARD, "--lexicon", lexicon, "--json"]).stdout)
    result = runner.invoke(app, ["solve", BOARD, "--lexicon", lexicon, "--top", "2", "--min-length", "5"])
    assert result.exit_code == 0, result.output
    long_words = [entry["word"] for entry in everything["words"] if len(entry["word"]) >= 5]
    table = [line.split() for line in result.stdout.splitlines()]
    listed = [row[0] for row in table if row and row[0] in {w["word"] for w in everything["words"]}]
    assert listed == long_words[:2] and len(long_words) > 2
    assert "showing 2 word(s) of 5+ letters" in result.stdout
    assert f"{everything['count']:,} words, {everything['total_points']:,} points" in result.stdout
    payload = json.loads(
        runner.invoke(app, ["solve", BOARD, "--lexicon", lexicon, "--json", "--min-length", "5"]).stdout
    )
    assert [entry["word"] for entry in payload["words"]] == long_words
    assert payload["count"] == everything["count"]
