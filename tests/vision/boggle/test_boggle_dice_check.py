import itertools

import numpy as np
import pytest

from boardsight.boggle.dice import load_dice_set
from boardsight.errors import BadInputError
from boardsight.vision.boggle.assignment import min_cost_assignment
from boardsight.vision.boggle.dice_check import cell_name, check_dice, fit_dice_set

NAMES = [chr(code) for code in range(ord("A"), ord("Z") + 1)] + ["QU", "IN", "TH", "ER", "HE", "AN", "#"]


def table(readings: list[dict[str, float]]) -> np.ndarray:
    """Probabilities (cells, classes): the named classes get their value, the rest share what is left."""
    out = np.zeros((len(readings), len(NAMES)))
    for cell, reading in enumerate(readings):
        rest = (1 - sum(reading.values())) / (len(NAMES) - len(reading))
        out[cell] = rest
        for name, value in reading.items():
            out[cell, NAMES.index(name)] = value
    return out


def a_classic_board() -> list[str]:
    """One face of each classic die, in die order: a board the classic set can show."""
    return [
        die[0] if die[0] != "A" or index == 0 else die[1]
        for index, die in enumerate(load_dice_set("classic").dice)
    ]


def test_assignment_matches_brute_force() -> None:
    rng = np.random.default_rng(1)
    for size in range(1, 7):
        for _ in range(10):
            cost = np.round(rng.random((size, size)) * 10, 1)
            chosen = min_cost_assignment(cost)
            best = min(sum(cost[i, p[i]] for i in range(size)) for p in itertools.permutations(range(size)))
            assert sorted(chosen) == list(range(size))
            assert cost[np.arange(size), chosen].sum() == pytest.approx(best)


def test_assignment_is_optimal_among_many_ties() -> None:
    """Many dice of a set carry the same face, so a tray's costs are full of ties."""
    rng = np.random.default_rng(2)
    for size in range(1, 8):
        for _ in range(10):
            cost = rng.integers(0, 3, (size, size)).astype(float)
            chosen = min_cost_assignment(cost)
            best = min(sum(cost[i, p[i]] for i in range(size)) for p in itertools.permutations(range(size)))
            assert sorted(chosen) == list(range(size))
            assert cost[np.arange(size), chosen].sum() == best


def test_assignment_rejects_bad_matrices() -> None:
    with pytest.raises(ValueError, match="square"):
        min_cost_assignment(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="finite"):
        min_cost_assignment(np.array([[np.inf, 0.0], [0.0, 0.0]]))


def test_a_possible_board_is_left_alone() -> None:
    board = a_classic_board()
    fit = fit_dice_set(table([{token: 0.9} for token in board]), NAMES, load_dice_set("classic"))
    assert fit.tokens == board
    assert fit.changes == []
    assert sorted(fit.dice) == list(range(16))


def test_two_qu_from_a_set_with_one_qu_die() -> None:
    # Classic: only die 2 (A B J M O QU) has QU. Cell 5 reads QU but could be O; cell 2 reads QU for sure.
    board = a_classic_board()
    readings = [{token: 0.9} for token in board]
    readings[2] = {"QU": 0.95, "O": 0.01}
    readings[5] = {"QU": 0.55, "O": 0.40}
    fit = fit_dice_set(table(readings), NAMES, load_dice_set("classic"))
    assert fit.tokens[2] == "QU"
    assert fit.tokens[5] == "O"
    assert [change["cell"] for change in fit.changes] == ["B2"]
    change = fit.changes[0]
    assert (change["read"], change["now"]) == ("QU", "O")
    assert "the only die of the classic set with QU fits C1 better" in change["why"]


def test_a_face_no_die_carries() -> None:
    board = a_classic_board()
    readings = [{token: 0.9} for token in board]
    readings[0] = {"Q": 0.6, "A": 0.3}
    fit = fit_dice_set(table(readings), NAMES, load_dice_set("classic"))
    assert fit.tokens[0] == "A"
    assert "no die of the classic set has a Q face" in fit.changes[0]["why"]


def test_auto_picks_the_fitting_set_and_none_switches_off() -> None:
    board = a_classic_board()
    probabilities = table([{token: 0.9} for token in board])
    fit = check_dice(probabilities, NAMES, "auto")
    assert fit is not None and fit.dice_set == "classic"
    assert check_dice(probabilities, NAMES, "none") is None


def test_a_board_of_an_unknown_set_is_kept_as_read_even_when_a_set_is_named() -> None:
    probabilities = table([{"Z": 0.97}] * 16)  # sixteen Z cubes: no bundled set comes close
    for dice in ("auto", "classic"):
        fit = check_dice(probabilities, NAMES, dice)
        assert fit is not None and fit.changes == [] and fit.tokens == ["Z"] * 16
        assert fit.posterior < 0.01
        assert len(fit.flags) == 15 and fit.flags[0]["why"].endswith("kept, flagged")


def test_confident_cells_that_break_a_set_are_kept_and_flagged() -> None:
    # A tray of an edition with a second QU die: both read at 97%. One die of the set
    # has QU, so the set would change one of them; the set is what the evidence refutes.
    board = a_classic_board()
    readings = [{token: 0.9} for token in board]
    readings[2] = {"QU": 0.97, "O": 0.01}
    readings[5] = {"QU": 0.97, "O": 0.01}
    fit = check_dice(table(readings), NAMES, "auto")
    assert fit is not None and fit.changes == []
    assert fit.tokens[2] == fit.tokens[5] == "QU"
    assert [flag["cell"] for flag in fit.flags] in (["C1"], ["B2"])


def test_a_doubtful_cell_is_changed_when_the_set_fits_the_rest() -> None:
    board = a_classic_board()
    readings = [{token: 0.9} for token in board]
    readings[2] = {"QU": 0.97, "O": 0.01}
    readings[5] = {"QU": 0.5, "O": 0.45}
    fit = check_dice(table(readings), NAMES, "classic")
    assert fit is not None and fit.tokens[5] == "O"
    assert [change["cell"] for change in fit.changes] == ["B2"]
    assert "the classic set: " in fit.changes[0]["why"] and fit.posterior >= 0.8


def test_a_doubtful_face_no_edition_prints_is_changed() -> None:
    board = a_classic_board()
    readings = [{token: 0.9} for token in board]
    readings[0] = {"Q": 0.3, "A": 0.25}  # a bare Q: every bundled set prints Qu
    fit = check_dice(table(readings), NAMES, "auto")
    assert fit is not None and fit.tokens[0] == "A" and fit.posterior >= 0.8
    assert [change["cell"] for change in fit.changes] == ["A1"]


def test_bad_choices() -> None:
    with pytest.raises(BadInputError, match="unknown dice set"):
        check_dice(table([{"A": 0.9}] * 16), NAMES, "deluxe")
    with pytest.raises(BadInputError, match="16 dice"):
        check_dice(table([{"A": 0.9}] * 25), NAMES, "classic")


def test_cell_names() -> None:
    assert [cell_name(index, 5) for index in (0, 4, 5, 24)] == ["A1", "E1", "A2", "E5"]
