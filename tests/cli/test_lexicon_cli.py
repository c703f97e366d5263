import json

from typer.testing import CliRunner

from boardsight.cli.app import app

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith("boardsight ")


def test_info_enable_reports_the_word_count() -> None:
    result = runner.invoke(app, ["lexicon", "info", "enable", "--json"])
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert payload["words"] == 173_528
    assert payload["dropped"]["total"] == 0


def test_check_classic_words_json() -> None:
    result = runner.invoke(app, ["lexicon", "check", "QAT", "SUQ", "QI", "XYZZY", "--json"])
    verdicts = {entry["word"]: entry["valid"] for entry in json.loads(result.stdout)["words"]}
    assert verdicts == {"QAT": True, "SUQ": True, "QI": False, "XYZZY": False}
    assert result.exit_code == 1


def test_check_against_a_file(tmp_path) -> None:
    words = tmp_path / "mine.txt"
    words.write_text("qi\nza\n")
    result = runner.invoke(app, ["lexicon", "check", "qi", "za", "--lexicon", str(words)])
    assert result.exit_code == 0
    assert "valid" in result.stdout


def test_bad_word_list_is_one_line_and_exit_2(tmp_path) -> None:
    binary = tmp_path / "junk.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    result = runner.invoke(app, ["lexicon", "info", str(binary)])
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0
    assert "binary" in result.stderr
    assert "Traceback" not in result.output


def test_closed_pipe_ends_quietly() -> None:
    """``boardsight solve BOARD | head -1`` stops without an error line."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "boardsight", "solve", "ligdrmanesietildsracsepes"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"board 5x5")
    process.stdout.close()
    stderr = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=120) in (0, 141)
    assert stderr == ""


def test_info_drops_an_absurd_entry_and_says_why(tmp_path) -> None:
    words = tmp_path / "junk.txt"
    words.write_bytes(b"cat\ndog\n" + b"x" * 5_000_000 + b"\n")
    result = runner.invoke(app, ["lexicon", "info", str(words)])
    assert result.exit_code == 0, result.output
    assert "dropped   1 (1 too_long)" in result.stdout
