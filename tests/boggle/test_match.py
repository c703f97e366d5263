"""Rounds and standings, hand-worked (NTU 5.5, 6.1, 7.1)."""

import pytest

from boardsight.boggle import load_rules
from boardsight.boggle.match import rounds_from_games, score_round
from boardsight.boggle.results import parse_results, results_row
from boardsight.boggle.standings import standings
from boardsight.errors import BadInputError

MATCH = load_rules("ntu").match


def test_ntu_5_5_spread_is_capped_at_200_a_round() -> None:
    # 250 + 60 = 310 against 30 + 40 = 70: the difference 240 counts as 200.
    result = score_round(1, ("alice", "bob"), [(250, 30), (60, 40)], MATCH)
    assert result.totals == (310, 70)
    assert (result.winner, result.spread) == ("alice", 200)
    assert (result.spread_of("alice"), result.spread_of("bob")) == (200, -200)


def test_spread_under_the_cap_counts_in_full() -> None:
    # 30 + 25 = 55 against 20 + 28 = 48.
    result = score_round(1, ("alice", "bob"), [(30, 20), (25, 28)], MATCH)
    assert (result.winner, result.spread, result.spread_of("bob")) == ("alice", 7, -7)


def test_ntu_6_1_match_points_by_the_sum_of_two_games() -> None:
    # bob wins game 2 by 10, alice game 1 by 40: alice takes the round, 1 to 0.
    win = score_round(1, ("alice", "bob"), [(60, 20), (15, 25)], MATCH)
    assert win.match_points == (1.0, 0.0)
    assert (win.points_of("alice"), win.points_of("bob")) == (1.0, 0.0)
    # Equal sums (50 each) are a draw: half a point each, no spread.
    draw = score_round(1, ("alice", "bob"), [(30, 20), (20, 30)], MATCH)
    assert (draw.winner, draw.match_points, draw.spread_of("alice")) == (None, (0.5, 0.5), 0)


RESULTS = """round,game,player1,score1,player2,score2,notes
1,1,A,40,B,30,
1,2,B,25,A,35,player order may change
1,1,C,30,D,40,
1,2,C,20,D,30,

2,1,A,10,D,20,
2,2,D,30,A,20,
2,1,B,12,C,22,
2,2,B,30,C,40,
"""


def test_ntu_7_1_progressive_tiebreak() -> None:
    # Round 1: A 75-55 B (A by 20), D 70-50 C (D by 20). Round 2: D 50-30 A, C 62-42 B (both by 20).
    # D: 2 points, +40, progressive 1 + 2 = 3. A: 1, 0, 1 + 1 = 2. C: 1, 0, 0 + 1 = 1. B: 0, -40, 0.
    # A and C are equal on match points and spread; A won earlier, so A's progressive is higher.
    table = standings(rounds_from_games(parse_results(RESULTS), MATCH))
    assert [(row.rank, row.player, row.match_points, row.spread, row.progressive) for row in table] == [
        (1, "D", 2.0, 40, 3.0),
        (2, "A", 1.0, 0, 2.0),
        (3, "C", 1.0, 0, 1.0),
        (4, "B", 0.0, -40, 0.0),
    ]
    assert (table[0].wins, table[0].draws, table[0].losses, table[0].rounds) == (2, 0, 0, 2)


def test_players_equal_on_everything_share_a_rank() -> None:
    text = "round,game,player1,score1,player2,score2\n1,1,X,10,Y,12\n1,2,X,12,Y,10\n"
    table = standings(rounds_from_games(parse_results(text), MATCH))
    assert [(row.rank, row.player, row.match_points, row.progressive) for row in table] == [
        (1, "X", 0.5, 0.5),
        (1, "Y", 0.5, 0.5),
    ]


def test_a_missed_round_keeps_the_cumulative_total() -> None:
    # E beats F in round 1 and sits out round 2; G beats H in round 2 only. E: 1 + 1 = 2; G: 0 + 1 = 1.
    one_game = load_rules("hasbro").match
    text = "round,game,player1,score1,player2,score2\n1,1,E,5,F,3\n2,1,G,9,H,1\n"
    table = {row.player: row for row in standings(rounds_from_games(parse_results(text), one_game))}
    assert (table["E"].progressive, table["G"].progressive) == (2.0, 1.0)
    assert table["G"].spread == 8  # no cap under the hasbro rules
    assert table["E"].rank == 2 and table["G"].rank == 1


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "empty"),
        ("round,game,player1,score1,player2\n", "missing column 'score2'"),
        ("round,game,player1,score1,player2,score2\n", "no games"),
        ("round,game,player1,score1,player2,score2\n1,1,A,x,B,2\n1,2,A,1,B,2\n", "line 2: score1 'x'"),
        ("round,game,player1,score1,player2,score2\n0,1,A,1,B,2\n", "round must be at least 1"),
        ("round,game,player1,score1,player2,score2\n1,1,A,1,a,2\n", "against themselves"),
        ("round,game,player1,score1,player2,score2\n1,1,A,1,B\n", "fields"),
        ("round,game,player1,score1,player2,score2\n1,1,A,1,B,2\n", "has 1 game(s); the rules play 2"),
        ("round,game,player1,score1,player2,score2\n1,1,A,1,B,2\n1,1,B,1,A,2\n", "game number twice"),
        (
            "round,game,player1,score1,player2,score2\n1,1,A,1,B,2\n1,2,A,1,B,2\n1,1,A,1,C,2\n",
            "line 4: A meets both B and C in round 1",
        ),
    ],
)
def test_bad_results_files(text: str, needle: str) -> None:
    with pytest.raises(BadInputError) as caught:
        rounds_from_games(parse_results(text, "results.csv"), MATCH, "results.csv")
    assert needle in str(caught.value)
    assert "\n" not in str(caught.value)


def test_results_row_round_trips() -> None:
    text = "round,game,player1,score1,player2,score2\n" + results_row(3, 2, ("Ann, Jr.", "Bo"), (-2, 17))
    (record,) = parse_results(text)
    assert (record.round, record.game, record.players, record.scores) == (3, 2, ("Ann, Jr.", "Bo"), (-2, 17))
