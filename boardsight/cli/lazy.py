"""Sub-commands that are imported when they run, so ``boardsight --help`` starts quickly.

Most commands need OpenCV, NumPy or ONNX Runtime, which take far longer to import than the
command line itself; the root group knows each command by name and one line of help, and
imports its module only when that command is run or asked for its own help.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
import typer.core
import typer.main

from boardsight.cli.errors import GuardedTyper


@dataclass(frozen=True)
class LazyCommand:
    """Where a command lives (``module``, ``attribute``: a command function or a Typer app)
    and the line of help the root's ``--help`` shows for it."""

    module: str
    attribute: str
    help: str

    def load(self, name: str) -> Any:
        """The click command, built from its module (imported now)."""
        target = getattr(importlib.import_module(self.module), self.attribute)
        if isinstance(target, typer.Typer):
            command = typer.main.get_group(target)
        else:
            single = GuardedTyper()
            single.command(name)(target)
            command = typer.main.get_command(single)
        command.name = name
        return command


class LazyCommands(MutableMapping[str, Any]):
    """The root's commands by name: each built on first use, in the order they were listed."""

    def __init__(self, lazy: dict[str, LazyCommand]) -> None:
        self.lazy = dict(lazy)
        self.loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self.loaded:
            if name not in self.lazy:
                raise KeyError(name)
            self.loaded[name] = self.lazy[name].load(name)
        return self.loaded[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self.loaded[name] = command

    def __delitem__(self, name: str) -> None:
        self.lazy.pop(name, None)
        self.loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.lazy, *self.loaded]))

    def __len__(self) -> int:
        return len(set(self.lazy) | set(self.loaded))

    def __contains__(self, name: object) -> bool:
        return name in self.lazy or name in self.loaded


class LazyGroup(typer.core.TyperGroup):
    """A group whose commands (``lazy_commands``) are imported when they run."""

    lazy_commands: ClassVar[dict[str, LazyCommand]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        commands = LazyCommands(self.lazy_commands)
        for name, command in self.commands.items():
            commands[name] = command
        self.commands = commands
        self._listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        commands = self.commands
        if self._listing and isinstance(commands, LazyCommands) and cmd_name not in commands.loaded:
            entry = commands.lazy.get(cmd_name)
            return None if entry is None else typer.core.TyperCommand(name=cmd_name, help=entry.help)
        return commands.get(cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True  # the listing needs each command's line of help, not its module
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def lazy_group(commands: dict[str, LazyCommand]) -> type[LazyGroup]:
    """A :class:`LazyGroup` class that knows ``commands``."""
    return type("BoardsightGroup", (LazyGroup,), {"lazy_commands": dict(commands)})
