"""Turn exceptions into one line on stderr and an exit code, never a traceback.

Every command of boardsight is registered through :class:`GuardedTyper`, which wraps
it in :func:`guarded`, so the convention holds for commands added later too.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from boardsight.errors import BoardsightError, first_line

DEBUG_ENV = "BOARDSIGHT_DEBUG"
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # what a shell reports for a program stopped by SIGPIPE

F = TypeVar("F", bound=Callable[..., Any])


def print_error(message: str) -> None:
    """Print one error line on stderr."""
    typer.echo(f"boardsight: error: {message}", err=True)


def _exit_for(error: BaseException) -> typer.Exit:
    if isinstance(error, BoardsightError):
        print_error(first_line(str(error)))
        return typer.Exit(error.exit_code)
    if isinstance(error, FileNotFoundError):
        print_error(f"{error.filename or first_line(str(error))}: no such file")
        return typer.Exit(EXIT_BAD_INPUT)
    if isinstance(error, (PermissionError, IsADirectoryError, NotADirectoryError)):
        print_error(f"{error.filename}: {error.strerror}")
        return typer.Exit(EXIT_BAD_INPUT)
    if isinstance(error, KeyboardInterrupt):
        print_error("interrupted")
        return typer.Exit(EXIT_INTERRUPTED)
    print_error(
        f"internal error ({type(error).__name__}: {first_line(str(error))}); "
        f"rerun with {DEBUG_ENV}=1 to see where"
    )
    return typer.Exit(EXIT_INTERNAL)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    finally:
        os.close(devnull)


def guarded(command: F) -> F:
    """Wrap a command so that any error ends it with one line and an exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except BrokenPipeError:
            # The reader of our output went away (``boardsight solve ... | head``): stop quietly.
            _silence_stdout()
            raise typer.Exit(EXIT_BROKEN_PIPE) from None
        except (Exception, KeyboardInterrupt) as error:
            if os.environ.get(DEBUG_ENV) and not isinstance(error, BoardsightError):
                raise
            raise _exit_for(error) from None

    return wrapper  # type: ignore[return-value]


class GuardedTyper(typer.Typer):
    """A :class:`typer.Typer` whose commands all report errors through :func:`guarded`."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("pretty_exceptions_enable", False)
        kwargs.setdefault("add_completion", False)
        kwargs.setdefault("no_args_is_help", True)
        # Plain help, as click writes it: rendering with Rich would import it on every --help
        # and double the start-up time of ``boardsight --help``.
        kwargs.setdefault("rich_markup_mode", None)
        kwargs.setdefault("context_settings", {"help_option_names": ["-h", "--help"]})
        super().__init__(**kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        register = super().command(*args, **kwargs)

        def decorator(function: F) -> F:
            register(guarded(function))
            return function

        return decorator
