import json

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

import boardsight.cli.calibrate as calibrate_cli
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
