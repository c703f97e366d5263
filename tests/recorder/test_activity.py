import numpy as np
import pytest

from boardsight.datasets.synth.game_video import (
    EMPTY_ROWS,
    BoardView,
    Effects,
    Hand,
    render_view,
    table_texture,
)
from boardsight.recorder.activity import ActivityMeter
from boardsight.recorder.stability import StabilitySettings

VIEW = BoardView.tilted(800, 450)
THRESHOLD = StabilitySettings().motion_threshold
PLAYED = tuple("......ZAX......" if row == 7 else "." * 15 for row in range(15))


@pytest.fixture(scope="module")
def pictures():
    background = table_texture(800, 450, seed=2)
    return render_view(EMPTY_ROWS, VIEW, background), render_view(PLAYED, VIEW, background)


def test_first_frame_has_nothing_to_compare(pictures) -> None:
    assert ActivityMeter(VIEW.corners).measure(pictures[0], 0.0) is None


@pytest.mark.parametrize(
    "effects",
    [
        Effects(flicker=0.2, seed=1),
        Effects(shake_px=0.5, seed=2),
        Effects(noise=4, seed=3),
        Effects(blur_px=5),
    ],
    ids=["flicker", "shake", "noise", "blur"],
)
def test_light_shake_noise_and_blur_are_not_motion(pictures, effects) -> None:
    meter = ActivityMeter(VIEW.corners)
    for index in range(20):
        activity = meter.measure(effects.apply(pictures[1], index), index / 10)
        assert activity is None or (float(activity.motion.max()) < THRESHOLD and not activity.covered)


def test_a_new_tile_moves_only_its_squares(pictures) -> None:
    meter = ActivityMeter(VIEW.corners)
    meter.measure(pictures[0], 0.0)
    activity = meter.measure(pictures[1], 0.1)
    moved = np.argwhere(activity.motion > THRESHOLD)
    assert {tuple(square) for square in moved} == {(7, 6), (7, 7), (7, 8)}
    assert not activity.covered


def test_a_hand_covers_the_border(pictures) -> None:
    meter = ActivityMeter(VIEW.corners)
    meter.measure(pictures[1], 0.0)
    with_hand = pictures[1].copy()
    Hand((400, 200), 45).draw(with_hand)
    activity = meter.measure(with_hand, 0.1)
    assert activity.covered
    assert float(activity.motion.max()) > THRESHOLD
    still = meter.measure(with_hand, 0.2)  # a hand held still is still a hand
    assert still.covered


def test_something_left_on_the_border_is_accepted_after_a_while(pictures) -> None:
    meter = ActivityMeter(VIEW.corners, accept_cover_s=5.0)
    meter.measure(pictures[1], 0.0)
    cluttered = pictures[1].copy()
    cluttered[408:424, 330:420] = (20, 20, 20)  # a pencil case on the near edge of the board
    assert meter.measure(cluttered, 0.1).covered
    assert meter.measure(cluttered, 3.0).covered
    assert not meter.measure(cluttered, 6.0).covered
    assert not meter.measure(cluttered, 6.1).covered


def test_reference_follows_the_light(pictures) -> None:
    meter = ActivityMeter(VIEW.corners)
    meter.measure(pictures[1], 0.0)
    darker = (pictures[1] * 0.6).astype(np.uint8)
    for index in range(1, 30):
        activity = meter.measure(darker, index / 10)
        meter.refresh_reference()
    assert not activity.covered
