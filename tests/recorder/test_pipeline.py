"""End to end: a synthetic video of the hand-made game must give back its record."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight.calibration.board import BoardProfile
from boardsight.datasets.synth.game_script import script_from_record
from boardsight.datasets.synth.game_video import (
    BoardView,
    Effects,
    TemplateSquareReader,
    VideoPlan,
    game_frames,
)
from boardsight.lexicon import load_lexicon
from boardsight.recorder.pipeline import Recorder, RecorderSettings
from boardsight.recorder.rehearsal import compare_records, rules_for, run_frames
from boardsight.recorder.session import GameSession
from boardsight.scrabble.gcg_reader import read_gcg
from boardsight.scrabble.rules import load_rules

FPS = 10.0
DATA = Path(__file__).parent / "data"
SIZE = (640, 360)


def record_video(frames, session: GameSession, board: BoardProfile, **options):
    recorder = Recorder(session, TemplateSquareReader(32), board, **options)
    return recorder, run_frames(recorder, frames, FPS).messages


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
    assert compare_records(short_game, read_gcg(path)) == []
    assert len(read_gcg(path).events) == len(short_game.events)
    assert not [m for m in messages if m.kind in ("hold", "error")]
    assert recorder.status.last_event.startswith(">Anna_Berg: -")
    assert recorder.tracker.readings_taken < len(video) / 3  # busy frames are not read


def test_a_moved_camera_stops_commits_until_the_board_is_found(tmp_path, short_game, video) -> None:
    rules = load_rules("naspa")
    shift = np.float32([[1, 0, 9], [0, 1, 5]])
    # the camera is knocked during the challenge of the phony, 15 s in
    moved = [
        (None if picture is None else cv2.warpAffine(picture, shift, SIZE), typed)
        if index > 150
        else (picture, typed)
        for index, (picture, typed) in enumerate(video)
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
    assert compare_records(short_game, read_gcg(tmp_path / "moved.gcg")) == []


def test_compare_records_names_each_disagreement(short_game) -> None:
    assert compare_records(short_game, short_game) == []
    shorter = read_gcg(DATA / "short_game.gcg")
    shorter.events = shorter.events[:-1]
    shorter.events[0].score = 37
    problems = compare_records(short_game, shorter)
    assert len(problems) == 2
    assert problems[0].startswith("event 1 (line 5): expected ('Anna Berg', 'placement', ((7, 6, 'Z')")
    assert problems[1].endswith("recorded None")
    assert rules_for(short_game).name == "naspa"


def test_placements_compare_by_the_tiles_laid(short_game) -> None:
    other = read_gcg(DATA / "short_game.gcg")
    other.events[1].tiles = "BAT"  # the A played through, written as its letter
    other.events[2].position, other.events[2].tiles = "8J", "Y"  # the one-tile play, from its own square
    assert compare_records(short_game, other) == []
