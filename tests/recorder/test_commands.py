import pytest

from boardsight.errors import BadInputError
from boardsight.recorder.commands import KEYS, parse_command


@pytest.mark.parametrize(
    ("line", "name", "args"),
    [
        ("pass", "pass", ()),
        ("  PASS  ", "pass", ()),
        ("exchange 3", "exchange", ("3",)),
        ("exchange qvv", "exchange", ("qvv",)),
        ("exchange ?E", "exchange", ("?E",)),
        ("challenge off", "challenge", ("off",)),
        ("challenge phony", "challenge", ("off",)),
        ("withdraw", "challenge", ("off",)),
        ("challenge stands", "challenge", ("stands",)),
        ("challenge failed 2", "challenge", ("stands", "2")),
        ("play 8H QUIZ", "play", ("8H", "QUIZ")),
        ("fix H8 e", "fix", ("H8", "e")),
        ("fix h8 .", "fix", ("h8", ".")),
        ("note a great   play", "note", ("a great   play",)),
        ("time Anna 2", "time", ("Anna", "2")),
        ("end", "end", ()),
        ("end AEI D?T", "end", ("AEI", "D?T")),
        ("undo", "undo", ()),
        ("status", "status", ()),
        ("help", "help", ()),
        ("quit", "quit", ()),
    ],
)
def test_commands(line: str, name: str, args: tuple[str, ...]) -> None:
    command = parse_command(line)
    assert command is not None
    assert (command.name, command.args, command.at_s) == (name, args, None)


def test_timed_commands_and_blank_lines() -> None:
    command = parse_command("@12.5 pass")
    assert command is not None and command.at_s == 12.5 and command.name == "pass"
    assert parse_command("   ") is None
    assert parse_command("# a comment") is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("dance", "unknown command"),
        ("pass now", "takes nothing"),
        ("exchange", "number of tiles"),
        ("exchange 9", "1 to 7"),
        ("exchange A1", "number of tiles"),
        ("challenge", "challenge off"),
        ("challenge maybe", "challenge off"),
        ("play 8H", "position and the tiles"),
        ("fix H8", "square and what it holds"),
        ("fix H8 QU", "square and what it holds"),
        ("note", "some text"),
        ("time Anna two", "whole minutes"),
        ("end 123", "letters"),
    ],
)
def test_bad_commands_are_one_line(line: str, message: str) -> None:
    with pytest.raises(BadInputError, match=message) as caught:
        parse_command(line)
    assert "\n" not in str(caught.value)


def test_every_key_is_a_valid_command() -> None:
    for text in KEYS.values():
        assert parse_command(text) is not None
