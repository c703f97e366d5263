"""The README and the pages under docs/ stay true: links, commands, options and imports exist.

The README is an overview (at most :data:`README_MAX_LINES` lines, the quick start first);
every ``boardsight ...`` line in a shell block of any page names a real command and real
options; every ``from boardsight... import ...`` in a Python block imports; the README's
Python example runs.
"""

from __future__ import annotations

import importlib
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from boardsight.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 250
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _blocks(page: Path, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(page.read_text(encoding="utf-8")) if lang == language]


def _command_lines(page: Path) -> list[str]:
    """The ``boardsight`` command lines of a page's shell blocks (continuations joined, ``$`` dropped)."""
    found = []
    for block in _blocks(page, "sh"):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.strip().removeprefix("$ ")
            if line.startswith("boardsight "):
                found.append(line)
    return found


def test_the_readme_is_an_overview() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES
    first_block = FENCE.search(text)
    assert first_block is not None and first_block.group(2) == "make demo\nmake test\n"
    assert text.index("## Quick start") < first_block.start()


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_links_lead_to_files(page: Path) -> None:
    missing = [
        target
        for target in LINK.findall(page.read_text(encoding="utf-8"))
        if "://" not in target and not (page.parent / target).exists()
    ]
    assert not missing


def _check_command(line: str, root: Any) -> list[str]:
    """What is wrong with one command line: an unknown command or option (empty when right)."""
    tokens = shlex.split(line, comments=True)[1:]
    command, path = root, ["boardsight"]
    while tokens and hasattr(command, "commands") and not tokens[0].startswith("-"):
        if tokens[0] not in command.commands:
            return [f"{' '.join(path)} has no command {tokens[0]!r}"]
        command = command.commands[tokens.pop(0)]
        path.append(command.name or "")
    known = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)} | {"--help"}
    options = [token.split("=", 1)[0] for token in tokens if token.startswith("-") and token != "-"]
    return [f"{' '.join(path)} has no option {option}" for option in options if option not in known]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_commands_and_options_exist(page: Path) -> None:
    root = typer.main.get_command(app)
    problems = [problem for line in _command_lines(page) for problem in _check_command(line, root)]
    assert not problems


def test_the_command_checker_finds_mistakes() -> None:
    root = typer.main.get_command(app)
    assert _check_command("boardsight read tray.jpg --debug-image x.png", root) == []
    assert _check_command("boardsight read tray.jpg --debug-picture x.png", root)
    assert _check_command("boardsight scrabble move game.gcg", root)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_python_imports_exist(page: Path) -> None:
    missing = []
    for block in _blocks(page, "python"):
        for module, names in re.findall(r"^from (boardsight[\w.]*) import ([\w, ]+)$", block, re.MULTILINE):
            imported = importlib.import_module(module)
            missing += [
                f"{module}.{name}"
                for name in names.replace(" ", "").split(",")
                if not hasattr(imported, name)
            ]
    assert not missing


def test_the_readme_python_example_runs() -> None:
    (example,) = _blocks(README, "python")
    done = subprocess.run(
        [sys.executable, "-c", example], cwd=ROOT, capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].isdigit()
