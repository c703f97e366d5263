"""Adjudication of word lists, one hand-worked case per rule.

Board (``STAR/EQIN/LAMP/DOGE``, the Qu cube at B2)::

       A  B  C  D
    1  S  T  A  R
    2  E  Qu I  N
    3  L  A  M  P
    4  D  O  G  E

Lexicon: STAR RAIN QAT MAIN LAMP DOGE GAMP LOAD STAIN EQUAL SEQUIN TRAIN AT.
TAIN and NIAT are on the board but not words; TRAIN and SEQUINS are not on the board.
NTU points: 3-4 letters 1, 5: 2, 6: 3, 7: 5; penalties 3-5: 1, 6: 2, 7: 3, 8+: 4.
"""

import pytest

from boardsight.boggle import load_rules, parse_board
from boardsight.boggle.adjudicate import ChallengeOutcome, adjudicate
from boardsight.boggle.wordlists import Challenge, PlayerList
from boardsight.errors import BadInputError
from boardsight.lexicon import Lexicon

BOARD = parse_board("STAR/EQIN/LAMP/DOGE")
LEXICON = Lexicon.from_words(
    ["star", "rain", "qat", "main", "lamp", "doge", "gamp", "load", "stain", "equal", "sequin", "train", "at"]
)
NTU = load_rules("ntu")
HASBRO = load_rules("hasbro")


def player(name: str, *words: str) -> PlayerList:
    return PlayerList(name, words, tuple(range(1, len(words) + 1)))


def scores(result) -> dict[str, int]:
    return {item.name: item.raw_score for item in result.players}


def by_word(result, name: str) -> dict[str, object]:
    return {verdict.written: verdict for verdict in result.player(name).verdicts}


def test_statuses_of_each_kind_of_word() -> None:
    result = adjudicate(BOARD, [player("alice", "star", "TAIN", "Train", "at", "STAR")], LEXICON, NTU)
    statuses = [verdict.status for verdict in result.player("alice").verdicts]
    assert statuses == ["valid", "not_in_lexicon", "not_on_board", "too_short", "repeated"]
    assert BOARD.path_names(result.player("alice").verdicts[0].path) == ["A1", "B1", "C1", "D1"]


def test_ntu_5_1_only_challenged_words_are_judged() -> None:
    # Nobody challenges: STAR 1 + TAIN 1 + TRAIN 2 + SEQUINS 5 = 9, invalid words keep their points.
    result = adjudicate(
        BOARD, [player("alice", "STAR", "TAIN", "TRAIN", "SEQUINS"), player("bob", "LAMP")], LEXICON, NTU
    )
    alice = result.player("alice")
    assert (alice.word_points, alice.penalties, alice.bonuses, alice.raw_score) == (9, 0, 0, 9)
    assert all(not verdict.judged and verdict.challenge is None for verdict in alice.verdicts)


def test_ntu_5_2_successful_challenge_costs_the_points_and_the_penalty() -> None:
    # TAIN: its 1 point is lost and the 4-letter penalty 1 paid: -1. SEQUINS: 5 lost, penalty 3: -3.
    # STAR 1 and the unchallenged TRAIN 2 stand: 1 + 2 - 1 - 3 = -1.
    lists = [player("alice", "STAR", "TAIN", "TRAIN", "SEQUINS"), player("bob", "LAMP")]
    challenges = [Challenge("alice", "tain"), Challenge("ALICE", "sequins")]
    result = adjudicate(BOARD, lists, LEXICON, NTU, challenges=challenges)
    alice = result.player("alice")
    assert (alice.word_points, alice.penalties, alice.bonuses, alice.raw_score) == (3, 4, 0, -1)
    words = by_word(result, "alice")
    assert words["TAIN"].challenge is ChallengeOutcome.SUCCESSFUL and words["TAIN"].score == -1
    assert words["SEQUINS"].score == -3
    assert words["TRAIN"].counted and not words["TRAIN"].judged


def test_ntu_5_3_unsuccessful_challenge_gives_the_penalty_to_the_challenged_player() -> None:
    # SEQUIN 3 + penalty 2 = 5; QAT (Qu read as Q, rule 3.5) 1 + penalty 1 = 2; EQUAL 2 unchallenged: 9.
    lists = [player("alice", "STAR"), player("bob", "SEQUIN", "EQUAL", "QAT")]
    result = adjudicate(
        BOARD, lists, LEXICON, NTU, challenges=[Challenge("bob", "SEQUIN"), Challenge("bob", "qat")]
    )
    bob = result.player("bob")
    assert (bob.word_points, bob.penalties, bob.bonuses, bob.raw_score) == (6, 0, 3, 9)
    assert by_word(result, "bob")["SEQUIN"].challenge is ChallengeOutcome.UNSUCCESSFUL
    assert result.player("alice").raw_score == 1


def test_ntu_5_4_penalty_grows_with_the_word_length() -> None:
    # Seven challenged invalid words of 3 to 9 letters: penalties 1+1+1+2+3+4+4 = 16.
    words = ["Z" * length for length in range(3, 10)]
    result = adjudicate(
        BOARD,
        [player("alice", *words)],
        LEXICON,
        NTU,
        challenges=[Challenge("alice", word) for word in words],
    )
    alice = result.player("alice")
    assert [verdict.score for verdict in alice.verdicts] == [-1, -1, -1, -2, -3, -4, -4]
    assert alice.raw_score == -16


def test_ntu_3_10_repeated_word_counts_once_and_draws_no_penalty() -> None:
    # STAR written three times: 1 point once; the challenge fails once: +1 bonus. Total 2.
    result = adjudicate(
        BOARD,
        [player("alice", "STAR", "star", "Star")],
        LEXICON,
        NTU,
        challenges=[Challenge("alice", "star")],
    )
    alice = result.player("alice")
    assert [verdict.score for verdict in alice.verdicts] == [2, 0, 0]
    assert [verdict.status for verdict in alice.verdicts][1:] == ["repeated", "repeated"]
    assert alice.raw_score == 2


def test_ntu_4_10_challenge_all_is_a_computer_check() -> None:
    # STAR 1 (valid: no bonus), TAIN -1, SEQUINS -3, repeated STAR 0, AT too short: -1 (first row). -4.
    result = adjudicate(
        BOARD, [player("alice", "STAR", "TAIN", "SEQUINS", "STAR", "AT")], LEXICON, NTU, challenge_all=True
    )
    alice = result.player("alice")
    assert [verdict.score for verdict in alice.verdicts] == [1, -1, -3, 0, -1]
    assert alice.raw_score == -4
    assert result.as_json()["judging"] == "every word"


def test_shared_words_score_for_everyone_under_ntu_and_nobody_under_hasbro() -> None:
    lists = [player("alice", "STAR", "RAIN", "TAIN"), player("bob", "star", "LAMP", "NIAT", "QAT")]
    ntu = adjudicate(BOARD, lists, LEXICON, NTU)
    assert scores(ntu) == {"alice": 3, "bob": 4}
    assert by_word(ntu, "alice")["STAR"].shared_with == ("bob",)
    hasbro = adjudicate(BOARD, lists, LEXICON, HASBRO)
    # alice: STAR crossed off, RAIN 1, TAIN invalid. bob: star crossed off, LAMP 1, NIAT invalid,
    # QAT not on the board (the Qu cube reads only QU).
    assert scores(hasbro) == {"alice": 1, "bob": 1}
    assert by_word(hasbro, "bob")["star"].crossed_off
    assert by_word(hasbro, "bob")["QAT"].status == "not_on_board"
    assert hasbro.leaders == ("alice", "bob")


def test_best_missed_words() -> None:
    # On the board: SEQUIN 3, EQUAL 2, STAIN 2, eight words of 1 point: 11 words, 15 points.
    result = adjudicate(BOARD, [player("alice", "SEQUIN", "STAR")], LEXICON, NTU, missed=3)
    assert [found.word for found in result.missed] == ["EQUAL", "STAIN", "DOGE"]
    assert (result.board_words, result.board_points) == (11, 15)
    assert result.as_json()["missed"][0] == {"word": "EQUAL", "points": 2, "path": ["A2", "B2", "B3", "A3"]}


@pytest.mark.parametrize(
    ("challenge", "rules", "needle"),
    [
        (Challenge("carol", "STAR", 2, "ch.txt"), NTU, "ch.txt line 2: no list for player 'carol'"),
        (Challenge("alice", "LAMP", 3, "ch.txt"), NTU, "ch.txt line 3: alice did not write 'LAMP'"),
        (Challenge("alice", "STAR"), HASBRO, "judge every word"),
    ],
)
def test_bad_challenges(challenge: Challenge, rules, needle: str) -> None:
    with pytest.raises(BadInputError) as caught:
        adjudicate(BOARD, [player("alice", "STAR")], LEXICON, rules, challenges=[challenge])
    assert needle in str(caught.value)


def test_player_names_must_differ() -> None:
    with pytest.raises(BadInputError, match="two lists are named"):
        adjudicate(BOARD, [player("alice", "STAR"), player("Alice", "RAIN")], LEXICON, NTU)
    with pytest.raises(BadInputError, match="not both"):
        adjudicate(
            BOARD,
            [player("a", "STAR")],
            LEXICON,
            NTU,
            challenges=[Challenge("a", "STAR")],
            challenge_all=True,
        )


def test_json_breakdown() -> None:
    result = adjudicate(BOARD, [player("alice", "STAR", "TAIN", "AT", "STAR")], LEXICON, NTU)
    alice = result.as_json()["players"][0]
    assert alice["raw_score"] == 2
    assert alice["breakdown"]["words_written"] == 4
    assert alice["breakdown"]["words_counted"] == 3
    assert alice["breakdown"]["repeated"] == 1
    assert alice["breakdown"]["not_in_lexicon"] == 1
    assert alice["words"][0]["path"] == ["A1", "B1", "C1", "D1"]
