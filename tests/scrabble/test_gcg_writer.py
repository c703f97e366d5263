from pathlib import Path

import pytest

from boardsight.errors import BadInputError
from boardsight.scrabble import load_rules
from boardsight.scrabble.gcg_reader import parse_gcg, read_gcg
from boardsight.scrabble.gcg_writer import GcgRecorder, save_gcg, write_gcg
from boardsight.scrabble.move import Placement
from boardsight.scrabble.replay import replay

DATA = Path(__file__).parent / "data"


def test_write_then_read_gives_the_same_record() -> None:
    record = read_gcg(DATA / "six_pass_game.gcg")
    text = write_gcg(record)
    again = parse_gcg(text.encode("utf-8"))
    assert write_gcg(again) == text
    assert [(e.kind, e.score, e.cumulative, e.note) for e in again.events] == [
        (e.kind, e.score, e.cumulative, e.note) for e in record.events
    ]
    assert text == (DATA / "six_pass_game.gcg").read_text(encoding="utf-8")


def test_latin1_input_is_written_as_utf8(tmp_path: Path) -> None:
    source = "#player1 cesar César\n#player2 b Björn\n>cesar: AT 8G AT +4 4\n".encode("latin-1")
    record = parse_gcg(source)
    target = tmp_path / "out.gcg"
    save_gcg(record, target)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("#character-encoding UTF-8\n") and "César" in text


def test_save_never_overwrites_unless_asked(tmp_path: Path) -> None:
    record = read_gcg(DATA / "six_pass_game.gcg")
    target = tmp_path / "game.gcg"
    target.write_text("precious")
    with pytest.raises(BadInputError, match="already exists"):
        save_gcg(record, target)
    assert target.read_text() == "precious"
    save_gcg(record, target, overwrite=True)
    assert read_gcg(target).events[0].tiles == "QAT"


def test_recorder_appends_and_flushes_each_event(tmp_path: Path) -> None:
    path = tmp_path / "live.gcg"
    recorder = GcgRecorder(path, ["Anna Andersson", "Bertil"], pragmas={"lexicon": "ENABLE"})
    recorder.placement(0, Placement(7, 6, "across", "QAT"), 24, rack="AEIQRST")
    # Readable while the game goes on: the file is flushed after every event.
    assert read_gcg(path).events[0].cumulative == 24
    recorder.placement(1, Placement(4, 8, "down", "ABE."), 7)
    recorder.note("nice")
    recorder.exchange(0, "FV")
    recorder.pass_turn(1)
    recorder.close()
    record = read_gcg(path)
    assert [p.nickname for p in record.players] == ["Anna_Andersson", "Bertil"]
    assert [(e.kind, e.cumulative) for e in record.events] == [
        ("placement", 24),
        ("placement", 7),
        ("exchange", 24),
        ("pass", 7),
    ]
    assert record.events[1].note == "nice"
    assert replay(record, load_rules("naspa")).ok
    with pytest.raises(BadInputError, match="already exists"):
        GcgRecorder(path, ["a", "b"])


def test_recorder_resumes_a_game_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "live.gcg"
    with GcgRecorder(path, ["Anna", "Bertil"]) as recorder:
        recorder.placement(0, Placement(7, 6, "across", "QAT"), 24)
    with GcgRecorder.resume(path) as recorder:
        recorder.placement(1, Placement(4, 8, "down", "ABE."), 7)
        recorder.placement(0, Placement(4, 8, "across", ".XE"), 20)
    record = read_gcg(path)
    assert [event.cumulative for event in record.events] == [24, 7, 44]
    assert replay(record, load_rules("naspa")).ok
