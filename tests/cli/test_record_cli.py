"""``boardsight record`` on a short synthetic video, with commands typed along it."""

import cv2
import pytest
from typer.testing import CliRunner

import boardsight.cli.record as record_cli
from boardsight.capture.frames import CameraLostError, MemorySource
from boardsight.cli.app import app
from boardsight.datasets.synth.game_video import BoardView, ScriptedMove, VideoPlan, game_frames
from boardsight.errors import NotFoundError
from boardsight.scrabble.gcg_reader import read_gcg

runner = CliRunner()
SIZE = (640, 360)
FPS = 10.0


def rows_with(*words: tuple[int, int, str]) -> tuple[str, ...]:
    rows = [["."] * 15 for _ in range(15)]
    for row, col, word in words:
        for index, letter in enumerate(word):
            rows[row][col + index] = letter
    return tuple("".join(row) for row in rows)


ZAX = rows_with((7, 6, "ZAX"))
MOVES = [
    ScriptedMove(ZAX),
    ScriptedMove(ZAX, "pass"),
    ScriptedMove(rows_with((7, 6, "ZAX"), (6, 8, "O"))),  # O over X: OX
]


def write_clip(path, moves, start=None):
    """Write a video of ``moves``; return the commands typed along it (with their times) and its frames."""
    plan = VideoPlan(still_frames=18, reach_frames=4, place_frames=2)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), FPS, SIZE)
    script = []
    options = {"start": start} if start else {}
    frames = list(game_frames(moves, BoardView.tilted(*SIZE), plan=plan, seed=4, **options))
    for index, (picture, command) in enumerate(frames):
        writer.write(picture)
        if command:
            script.append(f"@{index / FPS:.1f} {command}")
    writer.release()
    return "\n".join(script) + "\n", [picture for picture, _ in frames]


@pytest.fixture(scope="module")
def clip(tmp_path_factory):
    """A video of three turns, the commands typed along it, and its frames."""
    path = tmp_path_factory.mktemp("clip") / "game.avi"
    script, pictures = write_clip(path, MOVES)
    return path, script, pictures


def test_record_a_video(clip, tmp_path) -> None:
    video, script, _ = clip
    out = tmp_path / "game.gcg"
    args = [
        "record",
        "--video",
        str(video),
        "--out",
        str(out),
        "--players",
        "Anna,Bo",
        "--reader",
        "synthetic",
    ]
    result = runner.invoke(app, args, input=script + "bogus\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [">Anna: 8G ZAX +38 38", ">Bo: - +0 0", ">Anna: I7 O. +10 48"]
    assert "error: bogus: unknown command" in result.stderr
    assert "continue with --resume" in result.stderr
    record = read_gcg(out)
    assert record.pragmas["lexicon"] == "enable"
    assert [event.score for event in record.events] == [38, 0, 10]


def test_never_overwrites_and_resumes(clip, tmp_path) -> None:
    video, _, _ = clip
    out = tmp_path / "game.gcg"
    out.write_text("precious\n")
    base = ["record", "--video", str(video), "--out", str(out), "--reader", "synthetic"]
    refused = runner.invoke(app, base)
    assert refused.exit_code == 2 and "--resume" in refused.stderr and "--force" in refused.stderr
    assert out.read_text() == "precious\n"
    first = runner.invoke(app, [*base, "--force", "--players", "Anna,Bo"], input="@4.0 quit\n")
    assert first.exit_code == 0, first.stderr
    assert first.stdout.splitlines() == [">Anna: 8G ZAX +38 38"]
    later = tmp_path / "later.avi"  # the camera after a restart: ZAX is on the board
    later_script = write_clip(later, MOVES[1:], start=ZAX)[0]
    resumed = runner.invoke(
        app,
        ["record", "--video", str(later), "--out", str(out), "--reader", "synthetic", "--resume"],
        input=later_script,
    )
    assert resumed.exit_code == 0, resumed.stderr
    assert "resuming" in resumed.stderr
    assert resumed.stdout.splitlines() == [">Bo: - +0 0", ">Anna: I7 O. +10 48"]
    assert len(read_gcg(out).events) == 3


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--camera", "0"], "exactly one"),
        (["--resume", "--force"], "give one of them"),
        (["--tiles", "klingon"], "unknown tile set"),
        (["--tiles", "swedish", "--rules", "naspa"], "english tiles"),
        (["--reader", "magic"], "unknown square reader"),
        (["--board-profile", "nowhere"], "no board profile"),
    ],
)
def test_bad_options_are_one_line(clip, tmp_path, extra, message) -> None:
    video, _, _ = clip
    result = runner.invoke(
        app,
        ["record", "--video", str(video), "--out", str(tmp_path / "g.gcg"), "--reader", "synthetic", *extra],
    )
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1


def test_resume_needs_a_file(clip, tmp_path) -> None:
    video, _, _ = clip
    result = runner.invoke(
        app, ["record", "--video", str(video), "--out", str(tmp_path / "none.gcg"), "--resume"]
    )
    assert result.exit_code == 2 and "nothing to resume" in result.stderr


def test_the_onnx_reader_must_be_installed(clip, tmp_path, monkeypatch) -> None:
    video, _, _ = clip

    def missing():
        raise NotFoundError("no model file at scrabble_tiles.onnx")

    monkeypatch.setattr("boardsight.vision.scrabble.onnx_reader.reader_model", missing)
    result = runner.invoke(app, ["record", "--video", str(video), "--out", str(tmp_path / "g.gcg")])
    assert result.exit_code == 2 and "Scrabble square model is missing" in result.stderr


class CameraEndingIn(MemorySource):
    """A camera that shows ``pictures`` and then raises ``error`` (lost, or Ctrl-C)."""

    def __init__(self, error: BaseException, pictures) -> None:
        super().__init__(pictures, fps=FPS)
        self.error = error

    def read(self):
        frame = super().read()
        if frame is None:
            raise self.error
        return frame


def test_a_lost_camera_keeps_the_game(clip, tmp_path, monkeypatch) -> None:
    _, _, pictures = clip

    lost = CameraLostError("camera 0 was lost and did not come back after 5 tries")
    monkeypatch.setattr(record_cli, "CameraSource", lambda index, **_: CameraEndingIn(lost, pictures[:60]))
    out = tmp_path / "g.gcg"
    result = runner.invoke(app, ["record", "--camera", "0", "--out", str(out), "--reader", "synthetic"])
    assert result.exit_code == 1
    assert "camera 0 was lost" in result.stderr
    assert "--resume" in result.stderr
    assert len(read_gcg(out).events) == 1


def test_no_board_in_the_video(tmp_path) -> None:
    path = tmp_path / "empty.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), FPS, SIZE)
    import numpy as np

    for _ in range(5):
        writer.write(np.full((SIZE[1], SIZE[0], 3), 90, np.uint8))
    writer.release()
    result = runner.invoke(
        app, ["record", "--video", str(path), "--out", str(tmp_path / "g.gcg"), "--reader", "synthetic"]
    )
    assert result.exit_code == 2 and "no board found" in result.stderr
    assert not (tmp_path / "g.gcg").exists()


def test_preview_needs_a_display(clip, tmp_path, monkeypatch) -> None:
    video, _, _ = clip
    for variable in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(variable, raising=False)
    result = runner.invoke(
        app,
        [
            "record",
            "--video",
            str(video),
            "--out",
            str(tmp_path / "g.gcg"),
            "--preview",
            "--reader",
            "synthetic",
        ],
    )
    assert result.exit_code == 1 and "no display" in result.stderr


def test_a_missing_square_model_is_one_line(clip, tmp_path, monkeypatch) -> None:
    video, _, _ = clip
    monkeypatch.setenv("BOARDSIGHT_SCRABBLE_MODEL", str(tmp_path / "no-such-model.onnx"))
    result = runner.invoke(app, ["record", "--video", str(video), "--out", str(tmp_path / "g.gcg")])
    assert result.exit_code == 2
    assert "Scrabble square model is missing" in result.stderr and "--reader synthetic" in result.stderr
    assert result.stderr.count("\n") == 1


def test_an_interrupt_keeps_the_game_and_exits_130(clip, tmp_path, monkeypatch) -> None:
    _, _, pictures = clip

    interrupt = KeyboardInterrupt()  # what Ctrl-C raises while frames are read
    monkeypatch.setattr(
        record_cli, "CameraSource", lambda index, **_: CameraEndingIn(interrupt, pictures[:60])
    )
    out = tmp_path / "g.gcg"
    result = runner.invoke(app, ["record", "--camera", "0", "--out", str(out), "--reader", "synthetic"])
    assert result.exit_code == 130
    assert f"the game so far is in {out}: continue with --resume" in result.stderr
    assert len(read_gcg(out).events) == 1
