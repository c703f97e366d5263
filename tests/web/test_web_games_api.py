"""``/api/boggle`` and ``/api/scrabble``: solve, judge lists, results rows, moves, GCG replay."""

from __future__ import annotations

import csv
import io

from conftest import TRAY_GRID
from fastapi.testclient import TestClient

from boardsight.boggle.parse import parse_board
from boardsight.boggle.solver import solve as solve_board

GAME = """#player1 anna Anna
#player2 bertil Bertil
>anna: AEIQRST 8G QAT +24 24
>bertil: ABDEFLV I5 ABE. +9 9
"""
SOLUTION = solve_board(parse_board("/".join("".join(row) for row in TRAY_GRID)), "enable", "ntu")
SHARED, ALICE_ONLY = (found.word.lower() for found in SOLUTION.words[:2])
LISTS = [
    {"name": "alice", "text": f"{SHARED}\nzzzz\n{ALICE_ONLY}\n"},
    {"name": "bob", "text": f"{SHARED}\n"},
]


def test_solve_answers_every_word_with_its_path(client: TestClient) -> None:
    answer = client.post("/api/boggle/solve", json={"grid": TRAY_GRID, "rules": "ntu", "lexicon": "enable"})
    assert answer.status_code == 200, answer.text
    payload = answer.json()
    assert payload["count"] == len(SOLUTION) and payload["total_points"] == SOLUTION.total_points
    assert all(word["path"] and len(word["path"]) >= 3 for word in payload["words"])


def test_check_gives_the_verdicts_of_boardsight_check(client: TestClient) -> None:
    body = {"grid": TRAY_GRID, "lists": LISTS, "challenge_all": True, "rules": "hasbro"}
    answer = client.post("/api/boggle/check", json=body)
    assert answer.status_code == 200, answer.text
    players = {player["name"]: player for player in answer.json()["players"]}
    alice = {word["written"]: word for word in players["alice"]["words"]}
    assert alice["zzzz"]["status"] != "valid" and not alice["zzzz"]["counted"]
    assert alice[SHARED]["crossed_off"] and players["bob"]["words"][0]["crossed_off"]
    assert alice[ALICE_ONLY]["counted"] and alice[ALICE_ONLY]["path"]


def test_a_challenge_changes_the_score(client: TestClient) -> None:
    lists = [{"name": "alice", "text": "zzzz\n"}, {"name": "bob", "text": f"{SHARED}\n"}]
    plain = client.post("/api/boggle/check", json={"grid": TRAY_GRID, "lists": lists}).json()
    challenged = client.post(
        "/api/boggle/check",
        json={"grid": TRAY_GRID, "lists": lists, "challenges": [{"player": "alice", "word": "zzzz"}]},
    ).json()
    before = plain["players"][0]["words"][0]
    after = challenged["players"][0]["words"][0]
    assert before["counted"] and not after["counted"] and after["challenge"] == "successful"


def test_a_list_with_a_bad_line_is_a_400_naming_the_line(client: TestClient) -> None:
    lists = [{"name": "alice", "text": "cell\nno way\n"}]
    answer = client.post("/api/boggle/check", json={"grid": TRAY_GRID, "lists": lists})
    assert answer.status_code == 400 and "line 2" in answer.json()["error"]


def test_a_bad_board_is_a_400(client: TestClient) -> None:
    answer = client.post("/api/boggle/solve", json={"grid": [["A", "%"], ["B", "C"]]})
    assert answer.status_code == 400 and "not a Boggle face" in answer.json()["error"]


def test_results_csv_and_appending_to_a_results_file_of_the_folder(client: TestClient, photo_folder) -> None:
    body = {"grid": TRAY_GRID, "lists": LISTS, "round": 2, "game": 1, "file": "club.csv"}
    text = client.post("/api/boggle/results.csv", json=body).text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["round", "game", "player1", "score1", "player2", "score2"]
    assert rows[1][:3] == ["2", "1", "alice"] and rows[1][4] == "bob"
    for _ in range(2):
        assert client.post("/api/boggle/results", json=body).status_code == 200
    written = (photo_folder / "club.csv").read_text().splitlines()
    assert written[0] == ",".join(rows[0]) and written[1] == written[2] == ",".join(rows[1])


def test_a_results_file_outside_the_folder_is_refused(client: TestClient, photo_folder) -> None:
    body = {"grid": TRAY_GRID, "lists": LISTS, "round": 1, "game": 1, "file": "../escape.csv"}
    answer = client.post("/api/boggle/results", json=body)
    assert answer.status_code == 400
    assert not (photo_folder.parent / "escape.csv").exists()


def test_moves_on_a_board_given_as_rows(client: TestClient) -> None:
    grid = ["." * 15] * 7 + ["......CAT......"] + ["." * 15] * 7
    answer = client.post("/api/scrabble/moves", json={"grid": grid, "rack": "S", "top": 5})
    assert answer.status_code == 200, answer.text
    moves = answer.json()["moves"]
    assert moves and all(move["placed"] for move in moves)
    assert any(
        move["tiles"] == "...S" and move["placed"] == [{"row": 7, "col": 9, "tile": "S"}] for move in moves
    )
    assert moves == sorted(moves, key=lambda move: -move["score"])


def test_moves_need_a_letter_for_each_blank(client: TestClient) -> None:
    grid = ["." * 15] * 7 + ["......C?T......"] + ["." * 15] * 7
    answer = client.post("/api/scrabble/moves", json={"grid": grid, "rack": "S"})
    assert answer.status_code == 400 and "blank" in answer.json()["error"]


def test_replay_gives_each_move_its_board_and_the_disagreements(client: TestClient) -> None:
    answer = client.post("/api/scrabble/replay", files={"gcg": ("game.gcg", GAME.encode(), "text/plain")})
    assert answer.status_code == 200, answer.text
    payload = answer.json()
    first, second = payload["events"]
    assert first["board"][7][6:9] == "QAT" and not first["disagrees"]
    assert second["disagrees"] and second["computed_score"] == 7
    assert second["board"][4][8] == "A"
    assert payload["disagreements"][0]["kind"] == "score" and not payload["agrees"]


def test_a_broken_record_is_a_400_naming_the_line(client: TestClient) -> None:
    answer = client.post(
        "/api/scrabble/replay",
        files={"gcg": ("bad.gcg", b"#player1 a A\n>a: A8T 8G AT +4 4\n", "text/plain")},
    )
    assert answer.status_code == 400 and "line 2" in answer.json()["error"]
