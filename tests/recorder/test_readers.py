import types

import numpy as np
import pytest

from boardsight.app import recording
from boardsight.datasets.synth.game_video import TemplateSquareReader
from boardsight.errors import BadInputError, NotFoundError
from boardsight.recorder import readers
from boardsight.recorder.readers import ClassifierReader, square_reader


def fake_classifier_modules(seen: dict) -> tuple[types.ModuleType, ...]:
    """Stand-ins for the Scrabble reader's classifier modules: every square reads 'empty' but H8 reads Q."""
    names = ["empty", "blank", "Q", "A"]

    def classify(crops):
        probabilities = np.tile([0.9, 0.02, 0.04, 0.04], (len(crops), 1))
        probabilities[7 * 15 + 7] = [0.05, 0.05, 0.8, 0.1]
        probabilities[7 * 15 + 8] = [0.1, 0.7, 0.1, 0.1]
        return probabilities

    def cut_squares(image, corners, *, margin, cell_px):
        seen.update(corners=np.asarray(corners), margin=margin, cell_px=cell_px, size=image.shape)
        return [np.zeros((cell_px, cell_px, 3), np.uint8)] * 225

    def read_squares(probabilities, class_names, tileset):
        return [class_names[i] for i in probabilities.argmax(axis=1)], probabilities

    onnx = types.SimpleNamespace(
        reader_model=lambda: types.SimpleNamespace(
            classify=classify, class_names=names, cell_px=40, margin=0.1
        )
    )
    return (
        onnx,
        types.SimpleNamespace(cut_squares=cut_squares),
        types.SimpleNamespace(read_squares=read_squares),
    )


def test_classifier_reader_cuts_at_the_profile_corners() -> None:
    seen: dict = {}
    reader = ClassifierReader(*fake_classifier_modules(seen), "english")
    corners = np.array([[10, 20], [300, 22], [310, 300], [5, 290]], np.float64)
    tokens, confidence = reader.read_grid(np.zeros((400, 400, 3), np.uint8), corners)
    assert tokens.shape == (15, 15) and tokens[7, 7] == "Q" and tokens[7, 8] == "?" and tokens[0, 0] == "."
    assert confidence[7, 7] == pytest.approx(0.8)
    np.testing.assert_allclose(seen["corners"], corners)
    assert (seen["margin"], seen["cell_px"]) == (0.1, 40)
    tokens, _ = reader.read_squares(np.zeros((150, 150, 3), np.uint8))
    np.testing.assert_allclose(seen["corners"][2], [150, 150])


def test_onnx_prefers_the_classifier(monkeypatch) -> None:
    modules = fake_classifier_modules({})
    monkeypatch.setattr(readers, "_classifier_modules", lambda: modules)
    assert isinstance(square_reader("onnx", "swedish"), ClassifierReader)

    def missing():
        raise NotFoundError("no model file at scrabble_tiles.onnx")

    missing_model = (types.SimpleNamespace(reader_model=missing), *modules[1:])
    monkeypatch.setattr(readers, "_classifier_modules", lambda: missing_model)
    with pytest.raises(NotFoundError, match=r"Scrabble square model is missing .*make train-scrabble"):
        square_reader("onnx")
    assert isinstance(recording.square_reader("synthetic"), TemplateSquareReader)  # the demo videos' reader
    with pytest.raises(BadInputError, match="unknown square reader"):
        square_reader("psychic")
    with pytest.raises(BadInputError, match="unknown square reader"):
        recording.square_reader("psychic")


def test_the_recorder_lets_a_grid_reader_cut_its_own_squares(tmp_path) -> None:
    from boardsight.calibration.board import BoardProfile
    from boardsight.recorder.pipeline import Recorder
    from boardsight.recorder.session import GameSession
    from boardsight.scrabble.rules import load_rules

    seen: dict = {}
    reader = ClassifierReader(*fake_classifier_modules(seen), "english")
    corners = np.array([[40, 30], [600, 30], [610, 340], [30, 340]], np.float64)
    session = GameSession.start(tmp_path / "g.gcg", ["A", "B"], load_rules("naspa"))
    recorder = Recorder(session, reader, BoardProfile("p", (640, 360), corners))
    reading = recorder.read(np.zeros((360, 640, 3), np.uint8))
    np.testing.assert_allclose(seen["corners"], corners)
    assert seen["size"] == (360, 640, 3)
    assert reading.tokens[7, 7] == "Q"
