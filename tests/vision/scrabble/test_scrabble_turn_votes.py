"""How many tiles vote on a board's orientation: the first few when they agree by far, else all."""

from collections.abc import Sequence

import numpy as np
import pytest

from boardsight.vision.scrabble.board_reading import FIRST_VOTERS, VOTERS, ReaderModel, orient_and_classify

NAMES = [".", "A", "turned"]


class MarkedTiles:
    """A fake classifier: a crop with a mark in its top-left pixel is an upright A, a crop with
    the mark elsewhere is a turned tile (``doubtful`` ones: half turned), a blank crop is empty."""

    def __init__(self, doubtful: Sequence[int] = ()) -> None:
        self.doubtful = set(doubtful)
        self.crops = 0

    def __call__(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        self.crops += len(crops)
        rows = []
        for crop in crops:
            if not crop.any():
                rows.append([0.98, 0.01, 0.01])
            elif crop[0, 0] and crop.max() not in self.doubtful:
                rows.append([0.01, 0.98, 0.01])
            else:
                rows.append([0.01, 0.49, 0.5] if crop.max() in self.doubtful else [0.01, 0.01, 0.98])
        return np.array(rows)


def board(tiles: int, quarter_turns: int) -> list[np.ndarray]:
    """225 crops cut from a photo of a board turned ``quarter_turns`` times, ``tiles`` of them tiles."""
    crops = [np.zeros((4, 4), dtype=np.uint8) for _ in range(225)]
    for square in range(tiles):
        crops[square * 7][0, 0] = square + 1  # each tile's mark tells it apart
    return [np.ascontiguousarray(np.rot90(crop, quarter_turns)) for crop in crops]


@pytest.mark.parametrize("quarter_turns", range(4))
def test_tiles_that_agree_by_far_settle_the_turn_with_few_voters(quarter_turns: int) -> None:
    classify = MarkedTiles()
    model = ReaderModel(classify=classify, class_names=NAMES, cell_px=4, margin=0.0)
    turns, probabilities, _ = orient_and_classify(board(30, quarter_turns), model, lambda _: None)
    assert turns == quarter_turns
    assert (probabilities[:, 1] > 0.9).sum() == 30  # every tile read upright in the chosen turn
    in_other_turns = 3 * FIRST_VOTERS + (30 - FIRST_VOTERS if quarter_turns else 0)
    assert classify.crops == 225 + in_other_turns


def test_doubtful_first_voters_call_in_the_rest() -> None:
    classify = MarkedTiles(doubtful=range(1, FIRST_VOTERS + 1))  # the first tiles look half turned
    model = ReaderModel(classify=classify, class_names=NAMES, cell_px=4, margin=0.0)
    turns, _, _ = orient_and_classify(board(30, 0), model, lambda _: None)
    assert turns == 0
    assert classify.crops == 225 + 3 * VOTERS
