import numpy as np

from boardsight.datasets.synth.game_video import (
    EMPTY_ROWS,
    BoardView,
    ScriptedMove,
    TemplateSquareReader,
    VideoPlan,
    changed_squares,
    game_frames,
    premium_kind,
    render_view,
    table_texture,
)
from boardsight.vision.geometry import rectify

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_premiums_follow_the_standard_layout() -> None:
    assert premium_kind(0, 0) == "TW"
    assert premium_kind(7, 7) == "DW"
    assert premium_kind(1, 5) == "TL"
    assert premium_kind(0, 3) == "DL"
    assert premium_kind(0, 1) is None


def test_template_reader_reads_every_letter_and_blank() -> None:
    rows = ["." * 15] * 15
    rows = [*rows[:5], "..ABCDEFGHIJK..", "..LMNOPQRSTUV..", "..WXYZ?........", *rows[8:]]
    view = BoardView.tilted(960, 540)
    picture = render_view(rows, view, table_texture(960, 540))
    tokens, confidence = TemplateSquareReader(32).read_squares(rectify(picture, view.corners, 480, 480))
    assert ["".join(row) for row in tokens] == rows
    assert float(np.median(confidence)) > 0.9


def test_game_frames_show_the_hand_then_the_tiles() -> None:
    view = BoardView.tilted(320, 180)
    after = tuple("......ZAX......" if row == 7 else "." * 15 for row in range(15))
    plan = VideoPlan(still_frames=3, reach_frames=2, place_frames=1, drop_every=4)
    frames = list(game_frames([ScriptedMove(after, "pass")], view, plan=plan))
    assert len(frames) == 3 + 2 + 1 + 2 + 3
    assert sum(picture is None for picture, _ in frames) == 2
    assert frames[-1][1] == "pass"
    assert changed_squares(EMPTY_ROWS, after) == [(7, 6), (7, 7), (7, 8)]


def test_template_reader_reads_swedish_tiles() -> None:
    rows = ["." * 15] * 15
    rows = [*rows[:6], "...ÅÄÖAOZ......", *rows[7:]]
    view = BoardView.tilted(960, 540)
    picture = render_view(rows, view, table_texture(960, 540), tiles="swedish")
    tokens, _ = TemplateSquareReader(32, "swedish").read_squares(rectify(picture, view.corners, 480, 480))
    assert "".join(tokens[6]) == "...ÅÄÖAOZ......"
