"""The root group lists every command without importing it, and lists it as the command says."""

from __future__ import annotations

import subprocess
import sys

import typer.main

from boardsight.cli.app import COMMANDS, app

HEAVY = ("numpy", "cv2", "onnxruntime", "PIL", "torch")


def _first_line(text: str | None) -> str:
    return " ".join((text or "").strip().split("\n\n")[0].split())


def test_each_listed_line_of_help_is_the_commands_own() -> None:
    root = typer.main.get_command(app)
    for name, entry in COMMANDS.items():
        command = root.commands[name]
        assert command.name == name
        assert _first_line(entry.help) == _first_line(command.help), name


def test_root_help_imports_no_image_or_model_library() -> None:
    code = (
        "import sys\n"
        "sys.argv = ['boardsight', '--help']\n"
        "from boardsight.cli.app import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(sorted(set(sys.modules) & set({HEAVY!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Commands" in done.stdout and "scrabble" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_command_is_loaded_when_it_runs() -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["lexicon", "check", "QAT"])
    assert result.exit_code == 0 and "QAT" in result.stdout
