import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app
from boardsight.datasets import Label

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAY = EXAMPLES / "boggle_tray.jpg"
TRAY_GRID = json.loads((EXAMPLES / "boggle_tray.json").read_text())["grid"]


def test_reads_the_bundled_tray() -> None:
    result = runner.invoke(app, ["read", str(TRAY)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Boggle tray 5x5 (reader onnx, dice set big)")
    board = [line.split() for line in lines[1:6]]
    assert board == [[token if len(token) == 1 else token.capitalize() for token in row] for row in TRAY_GRID]
    assert any(line.startswith("corners (TL TR BR BL)") for line in lines)


def test_json_is_a_valid_sidecar() -> None:
    result = runner.invoke(app, ["read", str(TRAY), "--json", "--game", "boggle", "--size", "5"])
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    label = Label.from_dict(payload)
    assert label.grid == TRAY_GRID
    assert payload["rows"] == payload["cols"] == 5
    assert len(payload["confidence"]) == 5 and all(0 <= v <= 1 for row in payload["confidence"] for v in row)
    assert set(payload["timings_ms"]) >= {"find", "read", "decode", "total"}
    truth = np.array(json.loads((EXAMPLES / "boggle_tray.json").read_text())["corners"])
    assert np.abs(np.array(payload["corners"]) - truth).max() < 8


def test_debug_image_is_written_once(tmp_path: Path) -> None:
    out = tmp_path / "debug.png"
    result = runner.invoke(app, ["read", str(TRAY), "--debug-image", str(out)])
    assert result.exit_code == 0, result.stderr
    image = cv2.imread(str(out))
    assert image is not None and image.shape[1] == 1200
    again = runner.invoke(app, ["read", str(TRAY), "--debug-image", str(out)])
    assert again.exit_code == 2
    assert "exists; pass --force" in again.stderr
    assert runner.invoke(app, ["read", str(TRAY), "--debug-image", str(out), "--force"]).exit_code == 0
    # the old name still works, hidden from --help
    assert runner.invoke(app, ["read", str(TRAY), "--debug-image", str(out), "--overwrite"]).exit_code == 0
    assert "--overwrite" not in runner.invoke(app, ["read", "--help"], terminal_width=200).stdout


@pytest.mark.needs_tesseract
def test_tesseract_reader_reads_a_tray() -> None:
    result = runner.invoke(app, ["read", str(TRAY), "--reader", "tesseract", "--dice", "none", "--json"])
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["label_origin"] == "boardsight read (tesseract)"
    read = [token for row in payload["grid"] for token in row]
    right = sum(a == b for a, b in zip(read, [token for row in TRAY_GRID for token in row], strict=True))
    assert right >= 20  # a baseline: it reads most cubes


def _blank(path: Path) -> None:
    cv2.imwrite(str(path), np.full((480, 640, 3), 200, dtype=np.uint8))


def _something_else(path: Path) -> None:
    rng = np.random.default_rng(4)
    image = np.full((480, 640, 3), 90, dtype=np.uint8)
    for _ in range(30):
        centre = tuple(int(v) for v in rng.integers(0, 640, 2))
        cv2.circle(
            image, centre, int(rng.integers(5, 60)), tuple(int(v) for v in rng.integers(0, 256, 3)), -1
        )
    cv2.imwrite(str(path), image)


def _truncated(path: Path) -> None:
    _ok, data = cv2.imencode(".jpg", np.full((480, 640, 3), 120, dtype=np.uint8))
    path.write_bytes(data.tobytes()[: len(data) // 2])


def _one_pixel(path: Path) -> None:
    cv2.imwrite(str(path), np.zeros((1, 1, 3), dtype=np.uint8))


def _text(path: Path) -> None:
    path.write_text("RNAAN/OMENC/YTEWE/LIPIE/EQFTO\n")


@pytest.mark.parametrize(
    ("maker", "name", "message"),
    [
        (_blank, "blank.png", "found in {path}"),
        (_something_else, "shapes.jpg", "found in {path}"),
        (_truncated, "cut.jpg", "truncated or damaged JPEG"),
        (_one_pixel, "dot.png", "too small"),
        (_text, "board.jpg", "is not an image"),
    ],
)
def test_bad_photos_give_one_line_and_exit_2(tmp_path: Path, maker, name: str, message: str) -> None:
    path = tmp_path / name
    maker(path)
    result = runner.invoke(app, ["read", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert message.format(path=path) in lines[0]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--size", "7"], "bad tray size"),
        (["--dice", "deluxe"], "unknown dice set"),
        (["--game", "chess"], "unknown game"),
        (["--reader", "magic"], "unknown reader 'magic'"),
    ],
)
def test_bad_options(options: list[str], message: str) -> None:
    result = runner.invoke(app, ["read", str(TRAY), *options])
    assert result.exit_code == 2
    assert message in result.stderr


def test_missing_photo(tmp_path: Path) -> None:
    result = runner.invoke(app, ["read", str(tmp_path / "nope.jpg")])
    assert result.exit_code == 2
    assert "no such file" in result.stderr


def test_solve_reads_a_photo_and_takes_fixes() -> None:
    result = runner.invoke(app, ["solve", str(TRAY), "--fix", "A1=QU"])
    assert result.exit_code == 0, result.stderr
    assert "read " in result.stderr and "5x5 tray (reader onnx, dice set big)" in result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("board 5x5")
    assert lines[2].split() == ["1", "Qu", "C", "R", "N", "Y"]  # the fix, shown in the board judged
    assert lines[-1].endswith("points")


def test_check_judges_lists_against_a_photo(tmp_path: Path) -> None:
    words = tmp_path / "ann.txt"
    words.write_text("axletree\nurn\nzebra\n")
    result = runner.invoke(app, ["check", str(TRAY), str(words), "--json"])
    assert result.exit_code == 0, result.stderr
    verdicts = {entry["word"]: entry for entry in json.loads(result.stdout)["players"][0]["words"]}
    assert verdicts["AXLETREE"]["status"] == verdicts["URN"]["status"] == "valid"
    assert verdicts["ZEBRA"]["status"] == "not_on_board"


def test_no_tray_with_the_game_given(tmp_path: Path) -> None:
    path = tmp_path / "blank.png"
    _blank(path)
    result = runner.invoke(app, ["read", str(path), "--game", "boggle"])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"boardsight: error: no Boggle tray found in {path}"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--tiles", "klingon"], "unknown tile set 'klingon'"),  # a Scrabble option on a Boggle photo
        (["--dice", "d20"], "unknown dice set 'd20'"),
        (["--reader", "psychic"], "unknown reader 'psychic'"),
        (["--size", "9"], "bad tray size '9'"),
    ],
)
def test_an_unknown_option_value_is_an_error_whatever_the_game(option: list[str], message: str) -> None:
    result = runner.invoke(app, ["read", str(TRAY), *option])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def _save_profile(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, size: tuple[int, int], k1: float) -> str:
    from boardsight.calibration.camera_profile import CameraProfile, save_camera_profile

    monkeypatch.setenv("BOARDSIGHT_CONFIG_DIR", str(tmp_path / "config"))
    width, height = size
    matrix = np.array([[width, 0, width / 2], [0, width, height / 2], [0, 0, 1]], dtype=float)
    save_camera_profile(CameraProfile("lens", size, matrix, np.array([k1, 0, 0, 0, 0]), 0.2, {}))
    return "lens"


def test_read_with_a_camera_profile_undistorts_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    height, width = cv2.imread(str(TRAY)).shape[:2]
    plain = json.loads(runner.invoke(app, ["read", str(TRAY), "--json"]).stdout)
    name = _save_profile(monkeypatch, tmp_path, (width, height), -0.3)
    result = runner.invoke(app, ["read", str(TRAY), "--json", "--camera-profile", name])
    assert result.exit_code == 0, result.stderr
    bent = json.loads(result.stdout)
    assert bent["grid"] == plain["grid"]
    assert np.abs(np.array(bent["corners"]) - np.array(plain["corners"])).max() > 3  # straightened


def test_a_camera_profile_of_another_shape_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    name = _save_profile(monkeypatch, tmp_path, (640, 640), 0.0)
    result = runner.invoke(app, ["read", str(TRAY), "--camera-profile", name])
    assert result.exit_code == 2
    assert "another shape" in result.stderr and result.stderr.count("\n") == 1


def test_read_fixes_a_tray_cell() -> None:
    result = runner.invoke(app, ["read", str(TRAY), "--json", "--fix", "A1=QU"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["grid"][0][0] == "QU"
