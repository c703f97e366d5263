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
BOARD = EXAMPLES / "scrabble_board.jpg"
TRUTH = json.loads((EXAMPLES / "scrabble_board.json").read_text(encoding="utf-8"))


def same_squares(read: list[list[str]], truth: list[list[str]]) -> bool:
    """Every square right; a designated blank in the label may be read ``?`` or as that lower-case letter."""
    return all(
        a == b or (b.islower() and a in ("?", b))
        for row_read, row_truth in zip(read, truth, strict=True)
        for a, b in zip(row_read, row_truth, strict=True)
    )


def test_reads_the_bundled_board() -> None:
    result = runner.invoke(app, ["read", str(BOARD), "--game", "scrabble"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Scrabble board (reader onnx, english tiles")
    assert lines[1].split() == list("ABCDEFGHIJKLMNO")
    board = [line.split()[1:] for line in lines[2:17]]
    assert same_squares(board, TRUTH["grid"])
    assert any(line.startswith("words: ") for line in lines)
    assert any(line.startswith("CGP: ") for line in lines)


def test_game_auto_finds_the_board() -> None:
    result = runner.invoke(app, ["read", str(BOARD), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["game"] == "scrabble"


def test_json_is_a_valid_sidecar_with_words_blanks_and_cgp() -> None:
    result = runner.invoke(app, ["read", str(BOARD), "--game", "scrabble", "--tiles", "english", "--json"])
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    label = Label.from_dict(payload)
    assert same_squares(label.grid, TRUTH["grid"])
    assert payload["rows"] == payload["cols"] == 15
    assert all(0 <= value <= 1 for row in payload["confidence"] for value in row)
    assert set(payload["timings_ms"]) >= {"find", "read", "decode", "total"}
    assert payload["words"] and all({"word", "position", "valid"} <= set(word) for word in payload["words"])
    assert payload["cgp"].endswith(" / 0/0 0")
    truth = np.array(TRUTH["corners"])
    assert np.abs(np.array(payload["corners"]) - truth).max() < 10


def test_threads_give_the_same_reading_and_a_bad_count_is_one_line() -> None:
    def reading(threads: str) -> dict:
        result = runner.invoke(
            app, ["read", str(BOARD), "--game", "scrabble", "--json", "--threads", threads]
        )
        assert result.exit_code == 0, result.stderr
        payload = json.loads(result.stdout)
        return {key: value for key, value in payload.items() if key not in ("timings_ms", "cpu_ms")}

    assert reading("1") == reading("2")
    bad = runner.invoke(app, ["read", str(BOARD), "--game", "scrabble", "--threads", "0"])
    assert bad.exit_code == 2 and "threads must be a whole number of at least 1" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


def test_debug_image(tmp_path: Path) -> None:
    out = tmp_path / "debug.png"
    result = runner.invoke(app, ["read", str(BOARD), "--game", "scrabble", "--debug-image", str(out)])
    assert result.exit_code == 0, result.stderr
    image = cv2.imread(str(out))
    assert image is not None and image.shape == cv2.imread(str(BOARD)).shape


def test_moves_on_a_photo() -> None:
    result = runner.invoke(
        app, ["scrabble", "moves", str(BOARD), "--rack", "AEINRST", "--top", "3", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["moves"] and payload["position"].split()[0].count("/") == 14


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda path: cv2.imwrite(str(path), np.full((600, 800, 3), 180, np.uint8)), "no Scrabble board"),
        (
            lambda path: cv2.imwrite(
                str(path), np.random.default_rng(3).integers(0, 255, (600, 800, 3), dtype=np.uint8)
            ),
            "no Scrabble board",
        ),
        (lambda path: path.write_bytes(BOARD.read_bytes()[:4000]), "truncated"),
        (lambda path: cv2.imwrite(str(path), np.zeros((1, 1, 3), np.uint8)), "too small"),
        (lambda path: path.write_text("no photo here\n"), "not an image"),
    ],
    ids=["blank", "noise", "truncated", "one-pixel", "text"],
)
def test_bad_photos_fail_in_one_line(tmp_path: Path, make, message: str) -> None:
    photo = tmp_path / "photo.jpg"
    make(photo)
    for args in (
        ["read", str(photo), "--game", "scrabble"],
        ["scrabble", "moves", str(photo), "--rack", "A"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.stderr
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_unknown_tile_set() -> None:
    result = runner.invoke(app, ["read", str(BOARD), "--game", "scrabble", "--tiles", "klingon"])
    assert result.exit_code == 2
    assert "unknown tile set" in result.stderr


def test_read_fixes_a_board_square_with_a_tile_or_a_blank() -> None:
    arguments = ["read", str(BOARD), "--game", "scrabble", "--json", "--fix", "H8=Q", "--fix", "A1=e"]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.stderr
    grid = json.loads(result.stdout)["grid"]
    assert grid[7][7] == "Q" and grid[0][0] == "e"
    bad = runner.invoke(app, ["read", str(BOARD), "--game", "scrabble", "--fix", "H8=7"])
    assert bad.exit_code == 2 and "not a tile of this set" in bad.stderr
