import cv2
import numpy as np
import pytest

from boardsight.calibration.board import (
    MOVED,
    OK,
    UNSURE,
    BoardProfile,
    calibrate_board,
    check_fit,
    draw_overlay,
    load_board_profile,
    save_board_profile,
)
from boardsight.calibration.board_finder import largest_quad_finder, parse_corners
from boardsight.calibration.profiles import ProfileExistsError
from boardsight.datasets.synth.game_video import (
    EMPTY_ROWS,
    BoardView,
    Effects,
    Hand,
    render_view,
    table_texture,
)
from boardsight.errors import BadInputError
from boardsight.vision.reading import BoardNotFoundError

VIEW = BoardView.tilted(960, 540)
PLAYED = tuple("....QUIZ......." if row == 7 else "." * 15 for row in range(15))


@pytest.fixture(scope="module")
def background() -> np.ndarray:
    return table_texture(960, 540, seed=3)


@pytest.fixture(scope="module")
def empty_board(background) -> np.ndarray:
    return render_view(EMPTY_ROWS, VIEW, background)


@pytest.fixture(scope="module")
def calibrated(empty_board):
    return calibrate_board("table", empty_board, VIEW.corners, source="test")


def shifted(picture: np.ndarray, dx: float, dy: float) -> np.ndarray:
    return cv2.warpAffine(picture, np.float32([[1, 0, dx], [0, 1, dy]]), picture.shape[1::-1])


def test_largest_outline_finds_the_grid(empty_board) -> None:
    corners = largest_quad_finder(empty_board)
    assert np.max(np.linalg.norm(corners - VIEW.corners, axis=1)) < 4


def test_no_outline_no_board() -> None:
    with pytest.raises(BoardNotFoundError):
        largest_quad_finder(np.full((300, 400, 3), 128, np.uint8))


def test_parse_corners() -> None:
    np.testing.assert_allclose(parse_corners("1,2 3,4;5,6 7,8")[3], [7, 8])
    with pytest.raises(BadInputError, match="four x,y pairs"):
        parse_corners("1,2 3,4")
    with pytest.raises(BadInputError, match="four x,y pairs"):
        parse_corners("a,b c,d e,f g,h")


def test_homography_maps_corners_to_squares(calibrated) -> None:
    profile, _ = calibrated
    mapped = cv2.perspectiveTransform(profile.corners.reshape(-1, 1, 2), profile.homography).reshape(-1, 2)
    np.testing.assert_allclose(mapped, [[0, 0], [15, 0], [15, 15], [0, 15]], atol=1e-6)
    assert 25 < profile.square_px < 30


def test_fit_holds_with_tiles_flicker_and_a_hand(calibrated, background) -> None:
    profile, reference = calibrated
    played = render_view(PLAYED, VIEW, background)
    assert check_fit(played, profile, reference).status == OK
    flickered = Effects(flicker=0.25, noise=3, seed=1).apply(played, 2)
    assert check_fit(flickered, profile, reference).status == OK
    with_hand = played.copy()
    Hand((480, 250), 50).draw(with_hand)
    assert check_fit(with_hand, profile, reference).status == OK
    assert check_fit(shifted(played, 1.5, -1), profile, reference).status == OK


@pytest.mark.parametrize(("dx", "dy"), [(9, 0), (0, -8), (7, 7)])
def test_a_moved_camera_is_noticed(calibrated, background, dx, dy) -> None:
    profile, reference = calibrated
    result = check_fit(shifted(render_view(PLAYED, VIEW, background), dx, dy), profile, reference)
    assert result.status == MOVED
    assert result.moved
    assert result.shift_px == pytest.approx(np.hypot(dx, dy), rel=0.35)
    assert "camera has moved" in result.message


def test_a_turned_camera_is_noticed(calibrated, empty_board) -> None:
    profile, reference = calibrated
    turned = cv2.warpAffine(empty_board, cv2.getRotationMatrix2D((480, 270), 1.5, 1.0), (960, 540))
    assert check_fit(turned, profile, reference).status == MOVED


def test_a_covered_board_is_unsure(calibrated, empty_board) -> None:
    profile, reference = calibrated
    covered = empty_board.copy()
    covered[:300] = 0
    result = check_fit(covered, profile, reference)
    assert result.status == UNSURE
    assert not result.moved


def test_save_and_load(calibrated, isolated_config) -> None:
    profile, reference = calibrated
    path = save_board_profile(profile, reference)
    assert path == isolated_config / "boards" / "table.json"
    loaded, picture = load_board_profile("table")
    np.testing.assert_allclose(loaded.corners, profile.corners, atol=1e-3)
    assert loaded.details["source"] == "test"
    assert picture.shape == reference.shape
    assert np.abs(picture - np.round(reference)).max() <= 1
    with pytest.raises(ProfileExistsError):
        save_board_profile(profile, reference)
    loaded_by_path, _ = load_board_profile(str(path))
    assert loaded_by_path.name == "table"


def test_profile_checks_frame_size(calibrated) -> None:
    profile, _ = calibrated
    profile.check_size((960, 540))
    with pytest.raises(BadInputError, match="made at 960x540"):
        profile.check_size((1280, 720))


def test_bad_corners_are_refused(empty_board) -> None:
    with pytest.raises(BadInputError, match="inside the picture"):
        calibrate_board("x", empty_board, VIEW.corners + 2000)
    with pytest.raises(BadInputError, match="too small"):
        calibrate_board("x", empty_board, np.array([[0, 0], [10, 0], [10, 10], [0, 10]]))


def test_damaged_board_profile(isolated_config) -> None:
    folder = isolated_config / "boards"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text('{"kind": "board", "name": "bad", "corners": [[0, 0]]}')
    with pytest.raises(BadInputError, match="damaged"):
        load_board_profile("bad")


def test_overlay_draws_the_grid(empty_board) -> None:
    drawn = draw_overlay(empty_board, VIEW.corners, label="table")
    assert drawn.shape == empty_board.shape
    changed = np.any(drawn != empty_board, axis=2)
    assert changed.mean() > 0.02
    assert not np.any(draw_overlay(empty_board, VIEW.corners) is empty_board)


def test_profile_round_trips_through_json() -> None:
    profile = BoardProfile(
        "x", (640, 480), np.array([[10, 10], [600, 12], [610, 470], [5, 460]]), camera_profile="cam"
    )
    again = BoardProfile.from_document({"name": "x", **profile.to_payload()})
    assert again.camera_profile == "cam"
    np.testing.assert_allclose(again.corners, profile.corners, atol=1e-3)


def test_the_scrabble_finder_is_used_once_installed(monkeypatch, empty_board) -> None:
    import types

    from boardsight.calibration import board_finder

    monkeypatch.setattr(board_finder, "available_readers", lambda game=None: [])
    monkeypatch.setattr(board_finder, "scrabble_board_finder", None)  # no board finder
    assert board_finder.default_finder()[0] == "largest outline"
    fake = types.ModuleType("finder")
    fake.find_board = lambda image: types.SimpleNamespace(corners=VIEW.corners + 1.0)
    monkeypatch.setattr(board_finder, "scrabble_board_finder", fake)
    monkeypatch.setattr(board_finder, "available_readers", lambda game=None: [])
    name, finder = board_finder.default_finder()
    assert name == "scrabble board finder"
    np.testing.assert_allclose(finder(empty_board), VIEW.corners + 1.0)
    monkeypatch.setattr(board_finder, "available_readers", lambda game=None: [("scrabble", "onnx")])
    monkeypatch.setattr(
        board_finder,
        "get_reader",
        lambda game, name: lambda image, source: types.SimpleNamespace(corners=VIEW.corners),
    )
    name, finder = board_finder.default_finder()
    assert name == "scrabble reader (onnx)"
    np.testing.assert_allclose(finder(empty_board), VIEW.corners)
