from pathlib import Path

import pytest

from boardsight.errors import NotFoundError
from boardsight.scrabble.gcg_model import END_RACK_PENALTY, EXCHANGE, PASS, PLACEMENT
from boardsight.scrabble.gcg_reader import GcgError, parse_gcg, read_gcg
from boardsight.scrabble.move import Placement

DATA = Path(__file__).parent / "data"
GAME = (DATA / "six_pass_game.gcg").read_text(encoding="utf-8")


def test_reads_players_pragmas_events_and_notes() -> None:
    record = read_gcg(DATA / "six_pass_game.gcg")
    assert [(p.number, p.nickname, p.name) for p in record.players] == [
        (1, "anna", "Anna Andersson"),
        (2, "bertil", "Bertil Berg"),
    ]
    assert record.pragmas["title"].startswith("A short game")
    assert record.lexicon == "ENABLE"
    kinds = [event.kind for event in record.events]
    assert kinds[:4] == [PLACEMENT, PLACEMENT, PLACEMENT, EXCHANGE]
    assert kinds[4] == PASS and kinds[-1] == END_RACK_PENALTY
    first = record.events[0]
    assert (first.line, first.rack, first.position, first.tiles, first.score, first.cumulative) == (
        6,
        "AEIQRST",
        "8G",
        "QAT",
        24,
        24,
    )
    assert first.note == "The first move doubles on the star."
    assert first.move() == Placement(7, 6, "across", "QAT")
    assert record.events[3].tiles == "FV"


def test_quackle_style_lines() -> None:
    text = "#player1 a A\n#player2 b B\n>a: AOXJGWS  8g   JAW   +26   26  KO, EX\n>b:  -7 +0 0\n"
    record = parse_gcg(text)
    jaw, exchange = record.events
    assert (jaw.position, jaw.comment) == ("8G", "KO, EX")
    assert (exchange.kind, exchange.exchange_count, exchange.rack) == (EXCHANGE, 7, "")


def test_multi_line_notes_and_blank_lines() -> None:
    text = "#player1 a A\n#player2 b B\n>a: AT 8G AT +4 4\n#note first\nsecond\n\n>b: - +0 0\n"
    record = parse_gcg(text)
    assert record.events[0].note == "first\nsecond"
    assert len(record.events) == 2


@pytest.mark.parametrize(
    ("encoding", "header"),
    [
        ("utf-8", "#character-encoding UTF-8\n"),
        ("latin-1", "#character-encoding ISO-8859-1\n"),
        ("utf-8", ""),
        ("latin-1", ""),
    ],
)
def test_utf8_and_latin1_files(encoding: str, header: str) -> None:
    text = header + "#player1 cesar César Åkesson\n#player2 b Björn\n>cesar: AT 8G AT +4 4\n"
    record = parse_gcg(text.encode(encoding))
    assert record.players[0].name == "César Åkesson" and record.players[1].name == "Björn"
    assert record.encoding == encoding


def test_windows_line_endings() -> None:
    record = parse_gcg(GAME.replace("\n", "\r\n").encode())
    assert len(record.events) == 11


BROKEN = [
    ("", 1, "empty"),
    ("#character-encoding ASCII\n", 1, "unsupported character encoding"),
    ("#player1 a A\n#character-encoding UTF-8\n", 2, "must be the first line"),
    ("#player1 a A\n#player1 b B\n", 2, "#player1 appears twice"),
    ("#player1 a A\n#player2 a B\n", 2, "share the nickname 'a'"),
    ("#player1 a Ann\n#player2 b Ann\n", 2, "share the name 'Ann'"),
    ("#title x\n#title y\n", 2, "#title appears twice"),
    ("#game-type lonify\n", 1, "unsupported game type"),
    ("#player1 a A\n#note hello\n", 2, "#note before any event"),
    (">a: AT 8G AT +4 4\n", 1, "before the #player lines"),
    ("#player1 a A\n>a: AT 8G AT +4 4\n#title late\n", 3, "after the first event"),
    ("#player1 a A\n>b: AT 8G AT +4 4\n", 2, "no player has the nickname 'b'"),
    ("#player1 a A\n>a: AT AT +4 4\n", 2, "not a position"),
    ("#player1 a A\n>a: AT 8Z AT +4 4\n", 2, "not a position"),
    ("#player1 a A\n>a: A8T 8G AT +4 4\n", 2, "malformed rack"),
    ("#player1 a A\n>a: AT 8G A2T +4 4\n", 2, "malformed play"),
    ("#player1 a A\n>a: AT -A.T +0 0\n", 2, "malformed exchange"),
    ("#player1 a A\n>a: AT 8G AT +x 4\n", 2, "malformed score"),
    ("#player1 a A\n>a: AT 8G AT +4\n", 2, "expected a score and a cumulative total"),
    ("#player1 a A\n>a: AT (A#) -2 -2\n", 2, "malformed rack 'A#'"),
    ("#player1 a A\n#rack1 AT\n>a: AT 8G AT +4 4\n", 3, "after the final #rack lines"),
    ("#player1 a A\nstray text\n", 2, "not a pragma"),
]


@pytest.mark.parametrize(("text", "line", "message"), BROKEN)
def test_broken_files_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(GcgError, match=message) as raised:
        parse_gcg(text.encode("utf-8"), source="game.gcg")
    assert raised.value.line == line
    assert str(raised.value).startswith(f"game.gcg line {line}:")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(NotFoundError, match="no such file"):
        read_gcg(tmp_path / "nope.gcg")


def test_a_file_that_says_utf8_but_is_not_names_the_line() -> None:
    data = "#character-encoding UTF-8\n#player1 a A\n#player2 b Björn\n".encode("latin-1")
    with pytest.raises(GcgError, match="line 3: the file says UTF-8"):
        parse_gcg(data, source="game.gcg")
