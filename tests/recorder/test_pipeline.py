"""End to end: a synthetic video of the hand-made game must give back its record."""

import numpy as np
import pytest

from boardsight.calibration.board import BoardProfile
from boardsight.capture.frames import Frame
from boardsight.lexicon import load_lexicon
from boardsight.recorder.commands import parse_command
from boardsight.recorder.pipeline import Recorder, RecorderSettings
from boardsight.recorder.script import script_from_record
from boardsight.recorder.session import GameSession
from boardsight.recorder.synthetic import BoardView, Effects, TemplateSquareReader, VideoPlan, game_frames
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.rules import load_rules

FPS = 10.0
SIZE = (640, 360)


def record_video(frames, session: GameSession, board: BoardProfile, **options):
    recorder = Recorder(session, TemplateSquareReader(32), board, **options)
    messages = []
    for index, (picture, typed) in enumerate(frames):
        time_s = index / FPS
        if picture is not None:
            messages += recorder.process(Frame(index, picture, time_s))
        for line in typed.split("\n"):
            command = parse_command(line)
            if command is not None:
                messages += recorder.command(command, time_s)
    messages += recorder.finish()
    return recorder, messages


def events_of(record):
    return [
        (e.player, e.kind, e.position, e.tiles, e.exchange_count, e.score, e.cumulative)
        for e in record.events
    ]


@pytest.fixture(scope="module")
def video(short_game):
    moves = script_from_record(short_game, load_rules("naspa"))
    plan = VideoPlan(still_frames=20, reach_frames=5, place_frames=3, drop_every=13)
    effects = Effects(flicker=0.1, shake_px=0.3, noise=2, seed=3)
    return list(game_frames(moves, BoardView.tilted(*SIZE), plan=plan, effects=effects, seed=1))


def test_the_recording_reproduces_the_game(tmp_path, short_game, video) -> None:
    rules = load_rules("naspa")
    path = tmp_path / "recorded.gcg"
    session = GameSession.start(path, ["Anna Berg", "Bo Ek"], rules, load_lexicon("enable"))
    board = BoardProfile("test", SIZE, BoardView.tilted(*SIZE).corners)
    recorder, messages = record_video(video, session, board, settings=RecorderSettings(phony_settle_s=2.0))
    assert events_of(read_gcg(path)) == events_of(short_game)
    assert not [m for m in messages if m.kind in ("hold", "error")]
    assert recorder.status.last_event.startswith(">Anna_Berg: -")
    assert recorder.tracker.readings_taken < len(video) / 3  # busy frames are not read


def test_a_moved_camera_stops_commits_until_the_board_is_found(tmp_path, short_game, video) -> None:
    rules = load_rules("naspa")
    shift = np.float32([[1, 0, 9], [0, 1, 5]])
    import cv2

    moved = [
        (None if p is None else cv2.warpAffine(p, shift, SIZE), c) if i > 150 else (p, c)
        for i, (p, c) in enumerate(video)
    ]
    corners = BoardView.tilted(*SIZE).corners
    found = []

    def finder(image):
        found.append(1)
        return corners + np.array([9, 5])

    session = GameSession.start(tmp_path / "moved.gcg", ["Anna Berg", "Bo Ek"], rules, load_lexicon("enable"))
    _, messages = record_video(
        moved,
        session,
        BoardProfile("test", SIZE, corners),
        finder=finder,
        settings=RecorderSettings(phony_settle_s=2.0, fit_check_interval_s=2.0),
    )
    texts = [m.text for m in messages]
    assert any("the camera has moved" in text for text in texts)
    assert any("found the board again" in text for text in texts)
    assert found
    assert events_of(read_gcg(tmp_path / "moved.gcg")) == events_of(short_game)
