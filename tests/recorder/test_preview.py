import numpy as np

from boardsight.calibration.board import BoardProfile
from boardsight.capture.frames import Frame
from boardsight.datasets.synth.game_video import BoardView, TemplateSquareReader, render_view, table_texture
from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.preview import draw_preview
from boardsight.recorder.session import GameSession
from boardsight.scrabble.rules import load_rules


def test_preview_draws_state_scores_and_reading(tmp_path) -> None:
    view = BoardView.tilted(640, 360)
    rows = tuple("......ZAX......" if row == 7 else "." * 15 for row in range(15))
    picture = render_view(rows, view, table_texture(640, 360))
    session = GameSession.start(tmp_path / "g.gcg", ["Anna", "Bo"], load_rules("naspa"))
    recorder = Recorder(session, TemplateSquareReader(), BoardProfile("p", (640, 360), view.corners))
    for index in range(20):
        recorder.process(Frame(index, picture, index / 10))
    assert recorder.status.last_event == ">Anna: 8G ZAX +38 38"
    drawn = draw_preview(recorder.last_image, recorder)
    assert drawn.shape == picture.shape
    changed = np.any(drawn != picture, axis=2)
    assert changed[:60].mean() > 0.02  # the status lines at the top
    top_left = view.corners[0].astype(int)
    assert changed[
        top_left[1] - 2 : top_left[1] + 3, top_left[0] - 2 : top_left[0] + 3
    ].any()  # the grid's outline
    wide = draw_preview(np.zeros((720, 2560, 3), np.uint8), recorder, max_width=1280)
    assert wide.shape == (360, 1280, 3)
