import json

import numpy as np
import pytest

from boardsight.calibration.camera_profile import CameraProfile, load_camera_profile, save_camera_profile
from boardsight.calibration.profiles import (
    ProfileExistsError,
    check_name,
    config_dir,
    list_profiles,
    load_profile,
    save_profile,
)
from boardsight.errors import BadInputError, NotFoundError

MATRIX = np.array([[500.0, 0, 320], [0, 501.0, 240], [0, 0, 1]])


def make_profile(name: str = "webcam") -> CameraProfile:
    return CameraProfile(name, (640, 480), MATRIX, np.array([-0.1, 0.01, 0, 0, 0]), 0.2, {"source": "test"})


def test_config_dir_follows_the_environment(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BOARDSIGHT_CONFIG_DIR", str(tmp_path / "x"))
    assert config_dir() == tmp_path / "x"
    monkeypatch.delenv("BOARDSIGHT_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_dir() == tmp_path / "xdg" / "boardsight"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert config_dir() == tmp_path / "home" / ".config" / "boardsight"


def test_round_trip(isolated_config) -> None:
    path = save_camera_profile(make_profile())
    assert path == isolated_config / "cameras" / "webcam.json"
    loaded = load_camera_profile("webcam")
    np.testing.assert_allclose(loaded.camera_matrix, MATRIX)
    assert loaded.image_size == (640, 480)
    assert loaded.details["source"] == "test"
    # the file is readable JSON with one matrix row a line
    text = path.read_text()
    assert "[500.0, 0.0, 320.0]," in text
    assert json.loads(text)["kind"] == "camera"


def test_load_by_path(isolated_config) -> None:
    path = save_camera_profile(make_profile("lab"))
    assert load_camera_profile(str(path)).name == "lab"


def test_never_overwritten_without_force() -> None:
    save_camera_profile(make_profile())
    with pytest.raises(ProfileExistsError, match="--force"):
        save_camera_profile(make_profile())
    save_camera_profile(make_profile(), force=True)


def test_missing_profile_names_the_known_ones() -> None:
    save_camera_profile(make_profile("lab"))
    with pytest.raises(NotFoundError, match="known: lab"):
        load_camera_profile("kitchen")


@pytest.mark.parametrize("name", ["", "../evil", "a/b", ".hidden", "x" * 65, "name.json", "sp ace"])
def test_unsafe_names(name: str) -> None:
    with pytest.raises(BadInputError):
        check_name(name)


def test_damaged_profile_is_one_line(isolated_config) -> None:
    folder = isolated_config / "cameras"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text("{not json")
    with pytest.raises(BadInputError, match="not a readable profile"):
        load_camera_profile("bad")
    (folder / "board.json").write_text('{"kind": "board"}')
    with pytest.raises(BadInputError, match="not a camera profile"):
        load_camera_profile("board")
    (folder / "empty.json").write_text('{"kind": "camera", "name": "empty"}')
    with pytest.raises(BadInputError, match="damaged"):
        load_camera_profile("empty")


def test_invalid_values_are_refused() -> None:
    with pytest.raises(BadInputError, match="camera matrix"):
        CameraProfile("x", (640, 480), np.zeros((3, 3)), np.zeros(5))
    with pytest.raises(BadInputError, match="distortion"):
        CameraProfile("x", (640, 480), MATRIX, np.zeros(3))


def test_list_shows_cameras_and_boards_and_problems(isolated_config) -> None:
    save_camera_profile(make_profile("b-cam"))
    save_camera_profile(make_profile("a-cam"))
    save_profile("board", "table-3", {"summary": "a board"})
    (isolated_config / "boards" / "broken.json").write_text("[]")
    entries = list_profiles()
    assert [(entry.kind, entry.name) for entry in entries] == [
        ("camera", "a-cam"),
        ("camera", "b-cam"),
        ("board", "broken"),
        ("board", "table-3"),
    ]
    assert "focal 500.0" in entries[0].summary
    assert entries[2].problem
    assert load_profile("board", "table-3")["summary"] == "a board"
