import json
import re

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

import boardsight.cli.calibrate as calibrate_cli
from boardsight.calibration.board_finder import default_finder
from boardsight.calibration.pattern import ChessboardPattern
from boardsight.calibration.synthetic import SyntheticCamera, calibration_views, render_chessboard
from boardsight.capture.frames import MemorySource
from boardsight.cli.app import app

runner = CliRunner()
PATTERN = ChessboardPattern(9, 6, 25.0)
CAMERA = SyntheticCamera.simple(480, 360, 420.0, (-0.15, 0.03, 0.0, 0.0, 0.0))


@pytest.fixture(autouse=True)
def isolated_config(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDSIGHT_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


@pytest.fixture(scope="module")
def views() -> list[np.ndarray]:
    poses = calibration_views(PATTERN, CAMERA, 7, seed=11)
    return [
        render_chessboard(PATTERN, CAMERA, rvec, tvec, seed=index) for index, (rvec, tvec) in enumerate(poses)
    ]


@pytest.fixture
def photos(tmp_path, views) -> list[str]:
    paths = []
    for index, image in enumerate(views):
        path = tmp_path / f"view{index}.png"
        cv2.imwrite(str(path), image)
        paths.append(str(path))
    return paths


def test_calibrate_from_photos_then_list(photos, isolated_config) -> None:
    result = runner.invoke(
        app, ["calibrate", "camera", *photos, "--grid", "9x6", "--square-mm", "25", "--name", "desk"]
    )
    assert result.exit_code == 0, result.stderr
    assert "camera profile 'desk' saved" in result.stdout
    assert "reprojection" in result.stdout
    saved = json.loads((isolated_config / "cameras" / "desk.json").read_text())
    assert abs(saved["camera_matrix"][0][0] - 420.0) / 420.0 < 0.02
    assert saved["pattern"] == {"kind": "chessboard", "grid": "9x6", "square_mm": 25.0}
    listed = runner.invoke(app, ["calibrate", "list", "--json"])
    assert [entry["name"] for entry in json.loads(listed.stdout)] == ["desk"]
    table = runner.invoke(app, ["calibrate", "list"])
    assert "desk" in table.stdout


def test_existing_profile_needs_force(photos) -> None:
    args = ["calibrate", "camera", *photos, "--name", "desk", "--json"]
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert again.stderr.count("\n") == 1
    assert "--force" in again.stderr
    forced = runner.invoke(app, [*args, "--force"])
    assert forced.exit_code == 0
    assert json.loads(forced.stdout)["rms_error_px"] < 0.5


def test_no_chessboard_is_one_line(tmp_path) -> None:
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((120, 160, 3), 90, np.uint8))
    result = runner.invoke(app, ["calibrate", "camera", str(blank), str(blank)])
    assert result.exit_code == 2
    assert result.stderr.startswith("boardsight: error: no 9x6 chessboard found")
    assert result.stderr.count("\n") == 1


def test_too_few_views_is_one_line(photos) -> None:
    result = runner.invoke(app, ["calibrate", "camera", *photos[:2]])
    assert result.exit_code == 2
    assert "found in only 2 of 2" in result.stderr
    assert result.stderr.count("\n") == 1


def test_unreadable_photo_and_bad_options(tmp_path, photos) -> None:
    text = tmp_path / "notes.png"
    text.write_text("hello")
    assert runner.invoke(app, ["calibrate", "camera", str(text)]).exit_code == 2
    assert "COLSxROWS" in runner.invoke(app, ["calibrate", "camera", *photos, "--grid", "nine"]).stderr
    assert "chessboard" in runner.invoke(app, ["calibrate", "camera", *photos, "--pattern", "dots"]).stderr
    assert "not both" in runner.invoke(app, ["calibrate", "camera", *photos, "--camera", "0"]).stderr
    assert runner.invoke(app, ["calibrate", "camera"]).exit_code == 2


def test_calibrate_live_from_a_camera(monkeypatch, views) -> None:
    opened: list[int] = []

    def fake_camera(index: int, **_options):
        opened.append(index)
        return MemorySource(views, fps=1.0)

    monkeypatch.setattr(calibrate_cli, "CameraSource", fake_camera)
    result = runner.invoke(app, ["calibrate", "camera", "--camera", "2", "--frames", "6", "--name", "live"])
    assert result.exit_code == 0, result.stderr
    assert opened == [2]
    assert "view 6 of 6" in result.stderr


def test_list_when_empty() -> None:
    assert "no profiles" in runner.invoke(app, ["calibrate", "list"]).stdout


@pytest.fixture
def board_photos(tmp_path):
    from boardsight.datasets.synth.game_video import EMPTY_ROWS, BoardView, render_view, table_texture

    view = BoardView.tilted(800, 450)
    background = table_texture(800, 450, seed=5)
    still = tmp_path / "board.png"
    cv2.imwrite(str(still), render_view(EMPTY_ROWS, view, background))
    moved = tmp_path / "moved.png"
    picture = render_view(EMPTY_ROWS, view, background)
    cv2.imwrite(str(moved), cv2.warpAffine(picture, np.float32([[1, 0, 10], [0, 1, 6]]), (800, 450)))
    return still, moved, view


def test_calibrate_board_then_check(board_photos, isolated_config, tmp_path) -> None:
    still, moved, view = board_photos
    result = runner.invoke(
        app, ["calibrate", "board", "--image", str(still), "--name", "club-table-3", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["found_by"] in ("scrabble reader (onnx)", "scrabble board finder", "largest outline")
    assert report["found_by"] == default_finder()[0]  # the best finder installed
    assert np.max(np.abs(np.array(report["corners"]) - view.corners)) < 4
    assert (isolated_config / "boards" / "club-table-3.json").exists()
    assert cv2.imread(report["overlay"]) is not None
    ok = runner.invoke(app, ["calibrate", "check", "club-table-3", "--image", str(still)])
    assert ok.exit_code == 0
    assert "where it was" in ok.stdout
    bad = runner.invoke(app, ["calibrate", "check", "club-table-3", "--image", str(moved), "--json"])
    assert bad.exit_code == 1
    assert json.loads(bad.stdout)["status"] == "moved"
    again = runner.invoke(app, ["calibrate", "board", "--image", str(still), "--name", "club-table-3"])
    assert again.exit_code == 2 and "--force" in again.stderr


def test_calibrate_board_by_hand_with_overlay_file(board_photos, tmp_path) -> None:
    still, _, _ = board_photos
    overlay = tmp_path / "seen.png"
    args = ["calibrate", "board", "--image", str(still), "--corners", "100,40 700,40 720,420 80,420"]
    result = runner.invoke(app, [*args, "--overlay", str(overlay)])
    assert result.exit_code == 0, result.stderr
    assert "given by hand" in result.stdout
    assert overlay.exists()
    # the overlay file is not replaced without --force, and nothing is saved then
    result = runner.invoke(app, [*args, "--name", "other", "--overlay", str(overlay)])
    assert result.exit_code == 2 and "already exists" in result.stderr


def test_calibrate_board_errors(board_photos, tmp_path) -> None:
    still, _, _ = board_photos
    assert "exactly one" in runner.invoke(app, ["calibrate", "board"]).stderr
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((300, 400, 3), 100, np.uint8))
    result = runner.invoke(app, ["calibrate", "board", "--image", str(blank)])
    assert result.exit_code == 2 and "board found" in result.stderr
    assert result.exit_code == 2 and re.search("no (Scrabble )?board found", result.stderr)
    result = runner.invoke(app, ["calibrate", "check", "nothing", "--image", str(still)])
    assert result.exit_code == 2 and "no board profile named 'nothing'" in result.stderr
    result = runner.invoke(app, ["calibrate", "board", "--image", str(still), "--camera-profile", "nope"])
    assert result.exit_code == 2 and "no camera profile" in result.stderr


def test_show_without_a_display_is_one_line(board_photos, monkeypatch) -> None:
    still, _, _ = board_photos
    for variable in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(variable, raising=False)
    result = runner.invoke(app, ["calibrate", "board", "--image", str(still), "--show"])
    assert result.exit_code == 1
    assert "no display" in result.stderr


def test_calibrate_board_from_a_camera(board_photos, monkeypatch) -> None:
    still, _, _ = board_photos
    picture = cv2.imread(str(still))
    monkeypatch.setattr(calibrate_cli, "CameraSource", lambda index, **_: MemorySource([picture] * 20))
    result = runner.invoke(app, ["calibrate", "board", "--camera", "0", "--name", "live"])
    assert result.exit_code == 0, result.stderr
    assert "board profile 'live' saved" in result.stdout
    checked = runner.invoke(app, ["calibrate", "check", "live", "--camera", "0"])
    assert checked.exit_code == 0
