from pathlib import Path

import pytest

from boardsight.boggle.wordlists import (
    parse_challenges,
    parse_player_list,
    read_challenges,
    read_player_list,
    split_list_argument,
)
from boardsight.errors import BadInputError, NotFoundError


def test_list_keeps_words_as_written_with_their_lines() -> None:
    parsed = parse_player_list("Star\n\n  rain \n# a note\nQAT\n", "alice")
    assert parsed.words == ("Star", "rain", "QAT")
    assert parsed.lines == (1, 3, 5)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "no words"),
        ("\n  \n# only a note\n", "no words"),
        ("star\ntwo words\n", "line 2: 'two words'"),
        ("c4t", "line 1"),
    ],
)
def test_bad_lists(text: str, needle: str) -> None:
    with pytest.raises(BadInputError) as caught:
        parse_player_list(text, "alice", "alice.txt")
    assert needle in str(caught.value)


def test_names_come_from_the_stem_or_name_equals_path(tmp_path) -> None:
    path = tmp_path / "alice.txt"
    path.write_text("star\n")
    assert read_player_list(str(path)).name == "alice"
    assert read_player_list(f"Ann={path}").name == "Ann"
    assert split_list_argument("bob=lists/b.txt") == ("bob", Path("lists/b.txt"))


def test_list_files_that_cannot_be_lists(tmp_path) -> None:
    binary = tmp_path / "junk.txt"
    binary.write_bytes(bytes(range(256)) * 8)
    with pytest.raises(BadInputError, match="binary"):
        read_player_list(str(binary))
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(BadInputError, match="no words"):
        read_player_list(str(empty))
    with pytest.raises(NotFoundError, match="no such word list"):
        read_player_list(str(tmp_path / "missing.txt"))
    with pytest.raises(BadInputError, match="folder"):
        read_player_list(str(tmp_path))


def test_latin1_list_is_read(tmp_path) -> None:
    path = tmp_path / "carol.txt"
    path.write_bytes("café\nstar\n".encode("latin-1"))
    assert read_player_list(str(path)).words == ("café", "star")


def test_challenge_file_format(tmp_path) -> None:
    text = "# game 1\nbob: QI, zee\n\nalice:tae\n"
    challenges = parse_challenges(text, "ch.txt")
    assert [(c.player, c.word, c.line) for c in challenges] == [
        ("bob", "QI", 2),
        ("bob", "zee", 2),
        ("alice", "tae", 4),
    ]
    path = tmp_path / "ch.txt"
    path.write_text(text)
    assert len(read_challenges(path)) == 3


@pytest.mark.parametrize(
    ("text", "needle"),
    [("bob QI", "line 1: expected 'PLAYER: WORD"), ("bob:", "expected"), ("bob: q1", "'q1'")],
)
def test_bad_challenge_files(text: str, needle: str) -> None:
    with pytest.raises(BadInputError, match=needle):
        parse_challenges(text, "ch.txt")
