from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight.datasets.synth import SynthSpec, render_example
from boardsight.vision.game_detect import detect_game
from boardsight.vision.reading import BoardNotFoundError

BOARD = Path(__file__).resolve().parents[3] / "examples" / "scrabble_board.jpg"


def rendered(spec: SynthSpec, seed: int) -> np.ndarray:
    jpeg, _ = render_example(spec, seed, 0)
    return cv2.imdecode(np.frombuffer(jpeg, dtype=np.uint8), cv2.IMREAD_COLOR)


def test_a_rendered_board_is_scrabble() -> None:
    assert detect_game(cv2.imread(str(BOARD))) == "scrabble"


@pytest.mark.parametrize("size", [4, 5])
def test_a_rendered_tray_is_boggle(size: int) -> None:
    assert detect_game(rendered(SynthSpec("boggle", sizes=(size,), width=(800, 800)), seed=size)) == "boggle"


def test_neither() -> None:
    with pytest.raises(BoardNotFoundError, match="no Scrabble board or Boggle tray"):
        detect_game(np.full((480, 640, 3), 128, np.uint8))


def test_a_tray_is_no_scrabble_board() -> None:
    from boardsight.vision.scrabble.board_finder import find_board

    with pytest.raises(BoardNotFoundError):
        find_board(rendered(SynthSpec("boggle", sizes=(6,), width=(800, 800)), seed=0))


def test_a_tray_is_told_without_the_full_board_search(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardsight.vision import game_detect

    searches = []
    real = game_detect.find_board

    def recording(image: np.ndarray, **options: bool):
        searches.append(options.get("thorough", True))
        return real(image, **options)

    monkeypatch.setattr(game_detect, "find_board", recording)
    tray = rendered(SynthSpec("boggle", sizes=(5,), width=(800, 800)), seed=5)
    assert detect_game(tray) == "boggle"
    assert searches == [False]


def test_the_first_board_search_finds_a_clear_board_where_the_full_one_does() -> None:
    from boardsight.vision.scrabble.board_finder import SURE_SCORE, find_board

    image = rendered(SynthSpec("scrabble", width=(1600, 1600)), seed=2)
    quick, full = find_board(image, thorough=False), find_board(image)
    assert quick.score >= SURE_SCORE and quick.settled
    np.testing.assert_allclose(quick.corners, full.corners)


def test_what_the_detection_found_is_what_the_readers_would_find() -> None:
    from boardsight.vision.boggle.tray_reading import locate_tray
    from boardsight.vision.game_detect import locate_game
    from boardsight.vision.scrabble.board_finder import find_board

    tray = rendered(SynthSpec("boggle", sizes=(4,), width=(800, 800)), seed=4)
    detected = locate_game(tray)
    assert detected.game == "boggle" and detected.found is detected.tray is not None
    np.testing.assert_allclose(detected.tray.corners, locate_tray(tray).corners)
    board = rendered(SynthSpec("scrabble", width=(1600, 1600)), seed=2)
    detected = locate_game(board)
    assert detected.game == "scrabble" and detected.found is detected.board is not None
    np.testing.assert_allclose(detected.board.corners, find_board(board).corners)


def test_a_board_only_the_full_search_finds_is_handed_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardsight.vision import game_detect
    from boardsight.vision.scrabble.board_finder import find_board

    def full_only(image: np.ndarray, *, thorough: bool = True) -> object:
        if not thorough:
            raise BoardNotFoundError("the first search found nothing")
        return find_board(image)

    monkeypatch.setattr(game_detect, "find_board", full_only)
    board = rendered(SynthSpec("scrabble", width=(1600, 1600)), seed=2)
    detected = game_detect.locate_game(board)
    assert detected.game == "scrabble" and detected.found is detected.board is not None
    np.testing.assert_allclose(detected.board.corners, find_board(board).corners)
