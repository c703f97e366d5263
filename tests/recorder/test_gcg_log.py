import pytest

from boardsight.errors import BadInputError
from boardsight.recorder.gcg_log import GcgLog, nickname_for
from boardsight.scrabble.gcg_model import PASS, PLACEMENT, GcgEvent
from boardsight.scrabble.gcg_reader import read_gcg


def play(player: int, position: str, tiles: str, score: int) -> GcgEvent:
    return GcgEvent(0, player, PLACEMENT, "", score, 0, position=position, tiles=tiles)


def test_events_reach_the_file_at_once(tmp_path) -> None:
    path = tmp_path / "game.gcg"
    log = GcgLog.create(path, ["Anna Berg", "Bo"], pragmas={"lexicon": "enable"})
    assert path.read_text().splitlines() == [
        "#character-encoding UTF-8",
        "#player1 Anna_Berg Anna Berg",
        "#player2 Bo Bo",
        "#lexicon enable",
    ]
    log.append(play(0, "8H", "QAT", 24))
    assert path.read_text().splitlines()[-1] == ">Anna_Berg: 8H QAT +24 24"
    log.append(GcgEvent(0, 1, PASS, "", 0, 0))
    log.append(play(0, "H8", ".I", 11))
    assert path.read_text().splitlines()[-1] == ">Anna_Berg: H8 .I +11 35"
    assert log.totals == [35, 0]
    record = read_gcg(path)
    assert [event.cumulative for event in record.events] == [24, 0, 35]


def test_never_replaces_a_file_without_force(tmp_path) -> None:
    path = tmp_path / "game.gcg"
    path.write_text("precious")
    with pytest.raises(BadInputError, match=r"--resume .* --force"):
        GcgLog.create(path, ["A", "B"])
    assert path.read_text() == "precious"
    GcgLog.create(path, ["A", "B"], force=True)
    assert "#player1 A A" in path.read_text()


def test_bad_players(tmp_path) -> None:
    with pytest.raises(BadInputError, match="two players"):
        GcgLog.create(tmp_path / "a.gcg", ["Solo"])
    with pytest.raises(BadInputError, match="share a name"):
        GcgLog.create(tmp_path / "b.gcg", ["Anna B", "Anna  B"])
    with pytest.raises(BadInputError, match="empty"):
        nickname_for("  ")
    assert nickname_for("Ann: Lee") == "Ann__Lee"


def test_undo_cuts_the_last_event_and_its_note(tmp_path) -> None:
    path = tmp_path / "game.gcg"
    log = GcgLog.create(path, ["A", "B"])
    log.append(play(0, "8H", "QAT", 24))
    before = path.read_bytes()
    log.append(play(1, "H8", ".I", 11))
    log.note("QI is not in TWL06")
    assert "#note QI" in path.read_text()
    dropped = log.drop_last()
    assert dropped.tiles == ".I"
    assert path.read_bytes() == before
    assert log.totals == [24, 0]
    log.drop_last()
    with pytest.raises(BadInputError, match="no move to undo"):
        log.drop_last()
    with pytest.raises(BadInputError, match="record one first"):
        log.note("nothing yet")


def test_resume_appends_and_undoes_old_events(tmp_path) -> None:
    path = tmp_path / "game.gcg"
    log = GcgLog.create(path, ["A", "B"])
    log.append(play(0, "8H", "QAT", 24))
    log.note("nice")
    with path.open("a") as handle:
        handle.write(">B: - +0 0")  # no final newline, as an editor may leave it
    resumed, record = GcgLog.resume(path)
    assert len(record.events) == 2
    assert resumed.totals == [24, 0]
    resumed.append(play(0, "H8", ".I", 11))
    assert read_gcg(path).events[-1].cumulative == 35
    resumed.drop_last()
    resumed.drop_last()
    assert path.read_text().rstrip().endswith("#note nice")


def test_resume_needs_a_game(tmp_path) -> None:
    missing = tmp_path / "missing.gcg"
    with pytest.raises(BadInputError, match="no such file"):
        GcgLog.resume(missing)
    over = tmp_path / "over.gcg"
    over.write_text("#player1 A A\n#player2 B B\n>A: 8H QAT +24 24\n#rack1 ABC\n")
    with pytest.raises(BadInputError, match="game is over"):
        GcgLog.resume(over)
