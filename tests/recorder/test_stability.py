import numpy as np

from boardsight.recorder.stability import (
    COVERED,
    MOVING,
    SETTLING,
    STABLE,
    UNCERTAIN,
    Activity,
    Reading,
    StabilitySettings,
    StabilityTracker,
    vote,
)

SETTINGS = StabilitySettings(
    settle_s=1.0, vote_window=5, min_readings=3, read_interval_s=0.0, idle_read_interval_s=0.0
)
QUIET = Activity(np.zeros((3, 3), np.float32))
BUSY = Activity(np.full((3, 3), 0.5, np.float32))


def reading(rows: list[str], confidence: float = 0.9) -> Reading:
    tokens = np.array([list(row) for row in rows], dtype="<U1")
    return Reading(tokens, np.full(tokens.shape, confidence, np.float32))


BOARD = reading(["...", ".A.", "..."])


def run(tracker: StabilityTracker, steps: list[tuple[float, Activity | None, Reading]]):
    return [tracker.observe(time_s, activity, lambda r=r: r) for time_s, activity, r in steps]


def test_stable_only_after_settling() -> None:
    tracker = StabilityTracker(SETTINGS)
    verdicts = run(tracker, [(t / 10, QUIET if t else None, BOARD) for t in range(15)])
    assert verdicts[0].status == MOVING  # nothing to compare the first frame with
    assert {v.status for v in verdicts[1:11]} == {SETTLING}
    assert verdicts[11].status == STABLE and verdicts[11].new
    assert "".join(verdicts[11].tokens[1]) == ".A."
    assert not verdicts[12].new  # the same state is offered once


def test_motion_and_cover_restart_the_wait() -> None:
    tracker = StabilityTracker(SETTINGS)
    steps = [(0.1 * t, QUIET, BOARD) for t in range(1, 9)]
    steps += [(0.9, BUSY, BOARD), (1.0, Activity(np.zeros((3, 3)), covered=True), BOARD)]
    steps += [(1.0 + 0.1 * t, QUIET, BOARD) for t in range(1, 12)]
    verdicts = run(tracker, steps)
    assert verdicts[8].status == MOVING
    assert verdicts[9].status == COVERED
    assert [v.status for v in verdicts[10:]].count(STABLE) == 1  # stable only a full second after the cover


def test_a_square_changing_between_readings_is_uncertain() -> None:
    tracker = StabilityTracker(SETTINGS)
    flips = [BOARD, reading(["...", ".B.", "..."]), BOARD, reading(["...", ".B.", "..."])]
    verdicts = run(tracker, [(0.4 * t, QUIET, flips[t % 4]) for t in range(1, 8)])
    assert verdicts[-1].status == UNCERTAIN
    assert verdicts[-1].uncertain == [(1, 1)]


def test_low_confidence_is_uncertain() -> None:
    tracker = StabilityTracker(SETTINGS)
    verdicts = run(tracker, [(0.5 * t, QUIET, reading(["...", ".A.", "..."], 0.3)) for t in range(1, 6)])
    assert verdicts[-1].status == UNCERTAIN
    assert len(verdicts[-1].uncertain) == 9


def test_a_new_state_after_a_change_is_offered_again() -> None:
    tracker = StabilityTracker(SETTINGS)
    other = reading(["...", ".AB", "..."])
    steps = [(0.2 * t, QUIET, BOARD) for t in range(1, 10)] + [(2.0, BUSY, other)]
    steps += [(2.0 + 0.2 * t, QUIET, other) for t in range(1, 10)]
    verdicts = run(tracker, steps)
    offered = [v for v in verdicts if v.status == STABLE and v.new]
    assert len(offered) == 2
    assert "".join(offered[1].tokens[1]) == ".AB"


def test_readings_are_taken_sparingly() -> None:
    settings = StabilitySettings(settle_s=0.5, read_interval_s=0.25, idle_read_interval_s=2.0, min_readings=2)
    tracker = StabilityTracker(settings)
    calls = []

    def read() -> Reading:
        calls.append(1)
        return BOARD

    for t in range(1, 61):
        tracker.observe(t / 20, QUIET, read)
    tracker.observe(3.05, BUSY, read)
    assert tracker.readings_taken == len(calls)
    assert 4 <= len(calls) <= 8  # every 0.25 s while settling, then every 2 s; none while moving


def test_vote_majority_and_confidence() -> None:
    settings = StabilitySettings(min_votes=0.6, min_confidence=0.5)
    readings = [BOARD, BOARD, reading(["...", ".B.", "..."], 0.2)]
    tokens, confidence, uncertain = vote(readings, settings)
    assert tokens[1, 1] == "A" and uncertain == []
    assert confidence[1, 1] == np.float32(0.9)
    tokens, _, uncertain = vote([BOARD, reading(["...", ".B.", "..."])], settings)
    assert uncertain == [(1, 1)]


def test_reset_forgets_the_offer() -> None:
    tracker = StabilityTracker(SETTINGS)
    run(tracker, [(0.2 * t, QUIET, BOARD) for t in range(1, 10)])
    tracker.reset()
    verdicts = run(tracker, [(2 + 0.2 * t, QUIET, BOARD) for t in range(1, 10)])
    assert any(v.status == STABLE and v.new for v in verdicts)
