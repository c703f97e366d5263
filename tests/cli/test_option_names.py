"""One option name for one meaning across every command (old names stay, hidden, for a while)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import typer
import typer.core

from boardsight.cli.app import app


def _commands(command: Any, path: str = "boardsight") -> Iterator[tuple[str, Any]]:
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, f"{path} {name}")


def _visible_options() -> Iterator[tuple[str, typer.core.TyperOption]]:
    for path, command in _commands(typer.main.get_command(app)):
        for param in command.params:
            if isinstance(param, typer.core.TyperOption) and not param.hidden:
                yield path, param


def test_dash_r_means_rules_wherever_it_is_shown() -> None:
    with_r = [(path, option.opts) for path, option in _visible_options() if "-r" in option.opts]
    assert with_r, "no command has -r"
    assert all("--rules" in opts for _, opts in with_r), with_r


def test_replacing_files_is_force_everywhere() -> None:
    overwrite = [path for path, option in _visible_options() if "--overwrite" in option.opts]
    assert overwrite == []
    assert any("--force" in option.opts for path, option in _visible_options() if path == "boardsight read")


def test_game_means_the_game_played_never_a_number() -> None:
    for path, option in _visible_options():
        if "--game" in option.opts:
            assert option.type_descriptor.annotation is not int, path
