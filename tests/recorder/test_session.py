import numpy as np
import pytest

from boardsight.errors import BadInputError
from boardsight.lexicon import Lexicon, load_lexicon
from boardsight.recorder.commands import parse_command
from boardsight.recorder.session import AMEND, HOLD, PLAY, SAME, WITHDRAW, GameSession, tokens_from_rows
from boardsight.scrabble.game import OUT, SCORELESS
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.rules import load_rules


class Table:
    """A board as a camera reads it, changed square by square."""

    def __init__(self) -> None:
        self.cells = [["."] * 15 for _ in range(15)]

    def put(self, square: str, word: str, down: bool = False) -> np.ndarray:
        col, row = ord(square[0]) - 65, int(square[1:]) - 1
        for index, letter in enumerate(word):
            self.cells[row + index if down else row][col if down else col + index] = letter
        return self.tokens()

    def puts(self, *moves: tuple) -> np.ndarray:
        for move in moves:
            self.put(*move)
        return self.tokens()

    def take(self, *squares: str) -> np.ndarray:
        for square in squares:
            self.cells[int(square[1:]) - 1][ord(square[0]) - 65] = "."
        return self.tokens()

    def tokens(self) -> np.ndarray:
        return tokens_from_rows(["".join(row) for row in self.cells])


@pytest.fixture(scope="module")
def enable() -> Lexicon:
    return load_lexicon("enable")


@pytest.fixture
def game(tmp_path, enable) -> GameSession:
    return GameSession.start(tmp_path / "game.gcg", ["Anna", "Bo"], load_rules("naspa"), enable)


def lines(session: GameSession) -> list[str]:
    return [line for line in session.log.path.read_text().splitlines() if line.startswith(">")]


def run(session: GameSession, text: str):
    command = parse_command(text)
    assert command is not None
    return session.command(command)


def test_plays_alternate_and_are_scored(game) -> None:
    table = Table()
    messages = game.on_board(table.put("G8", "ZAX"), 1.0)
    assert [m.kind for m in messages] == ["move"]
    game.on_board(table.puts(("H7", "B", True), ("H9", "T")), 30.0)
    assert lines(game) == [">Anna: 8G ZAX +38 38", ">Bo: H7 B.T +5 5"]
    assert game.on_board(table.tokens(), 40.0) == []  # nothing new


def test_phonies_are_recorded_and_flagged(game) -> None:
    table = Table()
    messages = game.on_board(table.put("G8", "ZAXY"), 1.0)
    assert lines(game) == [">Anna: 8G ZAXY +46 46"]
    assert "not in enable: ZAXY" in messages[0].text


def test_tiles_taken_back_are_a_withdrawn_phony(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "ZAX"), 1.0)
    game.on_board(table.puts(("H7", "B", True), ("H9", "T")), 30.0)
    assert game.assess(table.take("H7", "H9")).kind == WITHDRAW
    game.on_board(table.tokens(), 60.0)
    assert lines(game)[-1] == ">Bo: -- -5 0"
    assert game.state.on_turn == 0  # Bo lost the turn
    game.on_board(table.puts(("G7", "B", True), ("G9", "E")), 90.0)
    assert lines(game)[-1].startswith(">Anna: G7 B.E")


def test_a_knocked_tile_is_held_and_reported_once(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "ZAX"), 1.0)
    knocked = table.take("I8")
    first = game.on_board(knocked, 30.0)
    assert [m.kind for m in first] == ["hold"]
    assert "I8 (X)" in first[0].text
    assert game.on_board(knocked, 31.0) == []
    back = game.on_board(table.put("I8", "X"), 32.0)
    assert back[0].text == "the board matches the record again"
    assert len(lines(game)) == 1


def test_an_illegal_change_is_held(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "ZAX"), 1.0)
    held = game.on_board(table.put("A1", "QI"), 30.0)  # not connected
    assert held[0].kind == "hold" and "not one legal play" in held[0].text
    game.on_board(table.put("A3", "EH"), 31.0)
    assert len(lines(game)) == 1


def test_a_misread_of_a_recorded_tile_keeps_the_record(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "ZAX"), 1.0)
    table.put("H8", "R")  # A misread as R
    messages = game.on_board(table.put("I7", "O", down=True), 30.0)
    assert messages[0].kind == "warning" and "H8 reads R, the record has A" in messages[0].text
    assert lines(game)[-1] == ">Bo: I7 O. +10 10"


def test_too_many_tiles_of_a_letter_is_a_misread(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "ZAX"), 1.0)
    held = game.on_board(table.put("J5", "ZZZ", down=True), 30.0)
    assert "misread" in held[0].text


def test_a_blank_gets_its_letter_from_the_lexicon(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "ZAX"), 1.0)
    game.on_board(table.puts(("H7", "B", True), ("H9", "T")), 30.0)
    game.on_board(table.puts(("G9", "?", True), ("G10", "D")), 60.0)  # Z?D: only ZED
    assert lines(game)[-1] == ">Anna: G8 .eD +13 51"
    assert game.board.get(8, 6) == "e"
    assert game.assess(table.tokens()).kind == SAME  # the blank reads ? and the record says e


def test_an_ambiguous_blank_is_asked_for(game) -> None:
    table = Table()
    held = game.on_board(table.put("G8", "?AT"), 1.0)
    assert held[0].kind == "hold" and "fix G8" in held[0].text
    messages = run(game, "fix G8 c")
    assert messages[0].text == "G8 holds c"
    assert lines(game) == [">Anna: 8G cAT +4 4"]


def test_no_lexicon_asks_for_every_blank(tmp_path) -> None:
    session = GameSession.start(tmp_path / "g.gcg", ["A", "B"], load_rules("naspa"))
    held = session.on_board(Table().put("G8", "Q?"), 1.0)
    assert "which letter" in held[0].text


def test_rearranged_tiles_amend_the_play(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "TAX"), 1.0)
    table.take("G8", "H8", "I8")
    assessment = game.assess(table.put("H8", "ZAX"), 5.0)
    assert assessment.kind == AMEND
    messages = game.commit(assessment, 5.0)
    assert "rearranged" in messages[0].text
    assert lines(game) == [">Anna: 8H ZAX +38 38"]
    assert game.state.on_turn == 1


def test_rearranging_long_after_is_held(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "TAX"), 1.0)
    table.take("G8", "H8", "I8")
    assert game.assess(table.put("H8", "ZAX"), 100.0).kind == HOLD


def test_commands_pass_exchange_note(game) -> None:
    assert run(game, "pass")[0].kind == "move"
    assert run(game, "exchange 4")[0].text == ">Bo: -4 +0 0"
    assert run(game, "exchange QVV")[0].text == ">Anna: -QVV +0 0"
    run(game, "note slow start")
    assert game.log.path.read_text().rstrip().endswith("#note slow start")


def test_challenges_under_each_rule(tmp_path, enable) -> None:
    expected = {
        "naspa": ">Bo: - +0 0",  # double: the challenger loses the turn
        "wespa": "(challenge) +5",  # five points a word
        "swedish": "(challenge) -10",  # the challenger loses ten points
    }
    for name, text in expected.items():
        session = GameSession.start(tmp_path / f"{name}.gcg", ["Anna", "Bo"], load_rules(name), enable)
        session.on_board(Table().put("G8", "ZAX"), 1.0)
        messages = run(session, "challenge stands")
        assert text in messages[0].text, name
        assert session.state.on_turn == (0 if name == "naspa" else 1)
    casual = GameSession.start(tmp_path / "casual.gcg", ["Anna", "Bo"], load_rules("casual"), enable)
    casual.on_board(Table().put("G8", "ZAX"), 1.0)
    assert run(casual, "challenge stands")[0].text.startswith(">Bo: -")  # the printed rules: double
    wespa = read_gcg(tmp_path / "wespa.gcg")
    assert wespa.events[-1].player == 0


def test_challenge_off_by_command_then_the_tiles_come_off(game) -> None:
    table = Table()
    game.on_board(table.put("G8", "ZAXY"), 1.0)
    assert run(game, "challenge off")[0].text == ">Anna: -- -46 0"
    held = game.on_board(table.tokens(), 20.0)  # the camera still sees the tiles: no new event
    assert held[0].kind == "hold" and "withdrawn play is still on the board" in held[0].text
    assert game.on_board(table.take("J8"), 25.0)[0].kind == "hold"  # ZAX alone would be a legal play
    assert game.on_board(table.take("G8", "H8", "I8"), 30.0)[0].text == "the board matches the record again"
    assert len(lines(game)) == 2
    game.on_board(table.put("G8", "ZAX"), 40.0)
    assert lines(game)[-1] == ">Bo: 8G ZAX +38 38"


def test_challenge_needs_a_play(game) -> None:
    assert run(game, "challenge stands")[0].kind == "error"
    run(game, "pass")
    assert "not a play" in run(game, "challenge off")[0].text


def test_play_by_hand(game) -> None:
    messages = run(game, "play 8H ZAX")
    assert messages[0].text == ">Anna: 8H ZAX +38 38"
    assert run(game, "play 8H QI")[0].kind == "error"  # occupied
    assert "not a position" in run(game, "play Z99 QI")[0].text
    assert game.assess(Table().put("H8", "ZAX")).kind == SAME


def test_undo_holds_the_board_until_corrected(game) -> None:
    table = Table()
    table.put("G8", "ZAX")
    game.on_board(table.put("H7", "B", down=True), 1.0)  # B over A: BA down and ZAX across -> illegal
    assert len(lines(game)) == 0
    table.take("H7")
    game.on_board(table.tokens(), 2.0)
    assert len(lines(game)) == 1
    assert run(game, "undo")[0].text.startswith("undone: >Anna: 8G ZAX")
    assert lines(game) == []
    assert game.assess(table.tokens()).kind == HOLD  # the same board is not recorded again
    run(game, "fix G8 Z")
    assert lines(game) == [">Anna: 8G ZAX +38 38"]


def test_undo_of_a_command(game) -> None:
    run(game, "pass")
    run(game, "undo")
    assert game.state.on_turn == 0
    assert run(game, "undo")[0].kind == "error"


def test_fix_errors(game) -> None:
    assert "nothing has been read" in run(game, "fix H8 Q")[0].text
    game.on_board(Table().put("G8", "ZAX"), 1.0)
    assert "not a square" in run(game, "fix Z99 Q")[0].text
    assert "no letter" in run(game, "fix H8 Å")[0].text


def test_end_after_going_out_double(game) -> None:
    game.on_board(Table().put("G8", "ZAX"), 1.0)
    game.state.ended_by, game.state.finisher = OUT, 0
    messages = run(game, "end")
    assert [m.kind for m in messages] == ["move", "info"]
    unseen_value = 187 - 19  # every tile's value, less ZAX on the board
    assert lines(game)[-1].endswith(f"+{2 * unseen_value} {38 + 2 * unseen_value}")
    assert game.finished
    assert run(game, "pass")[0].kind == "error"


def test_end_after_going_out_transfer(tmp_path, enable) -> None:
    session = GameSession.start(tmp_path / "c.gcg", ["Anna", "Bo"], load_rules("casual"), enable)
    session.on_board(Table().put("G8", "ZAX"), 1.0)
    session.state.ended_by, session.state.finisher = OUT, 0
    run(session, "end AEI")
    assert lines(session)[-2:] == [">Bo: (AEI) -3 -3", ">Anna: (AEI) +3 41"]


def test_end_on_scoreless_turns_needs_the_racks(game) -> None:
    game.state.ended_by = SCORELESS
    assert "give each player's rack" in run(game, "end")[0].text
    run(game, "end AB C")
    assert lines(game) == [">Anna: (AB) -4 -4", ">Bo: (C) -3 -3"]


def test_end_before_the_game_is_over(game) -> None:
    assert "not over" in run(game, "end")[0].text
    messages = run(game, "end Q Z")
    assert messages[0].kind == "warning"


def test_time_penalty_status_help_quit(game) -> None:
    assert run(game, "time Bo 2")[0].text == ">Bo: (time) -20 -20"
    assert "no player" in run(game, "time Cy 1")[0].text
    status = run(game, "status")[0].text
    assert "Anna 0, Bo -20" in status and "Anna to play" in status
    assert "challenge off" in run(game, "help")[0].text
    assert run(game, "quit")[0].kind == "info" and game.quit_requested


def test_resume_goes_on_where_it_stopped(tmp_path, enable) -> None:
    path = tmp_path / "game.gcg"
    first = GameSession.start(path, ["Anna", "Bo"], load_rules("naspa"), enable)
    table = Table()
    first.on_board(table.put("G8", "ZAX"), 1.0)
    resumed = GameSession.resume(path, load_rules("naspa"), enable)
    assert resumed.state.on_turn == 1
    assert resumed.assess(table.tokens()).kind == SAME
    resumed.on_board(table.puts(("H7", "B", True), ("H9", "T")), 30.0)
    assert lines(resumed)[-1] == ">Bo: H7 B.T +5 5"


def test_resume_refuses_an_inconsistent_record(tmp_path) -> None:
    path = tmp_path / "bad.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: 8H QAT +99 99\n")
    with pytest.raises(BadInputError, match=r"cannot resume .* line 3"):
        GameSession.resume(path, load_rules("naspa"))


def test_first_reading_of_a_board_in_play_without_resume(game) -> None:
    table = Table()
    table.put("G8", "ZAX")
    held = game.on_board(table.puts(("H7", "B", True), ("H9", "T")), 1.0)
    assert held[0].kind == "hold"
    assert game.assess(table.tokens()).kind != PLAY


def test_swedish_tiles_and_rules(tmp_path) -> None:
    session = GameSession.start(tmp_path / "sv.gcg", ["Åsa", "Örjan"], load_rules("swedish"))
    messages = session.on_board(Table().put("H8", "ÅR"), 1.0)
    assert messages[0].text == ">Åsa: 8H ÅR +10 10"  # (Å 4 + R 1) on the double-word centre
    held = session.on_board(Table().puts(("H8", "ÅR"), ("J8", "W")), 30.0)
    assert "no W tile (only a blank can be W)" in held[0].text
    assert read_gcg(tmp_path / "sv.gcg").players[1].name == "Örjan"
