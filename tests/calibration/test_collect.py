import numpy as np

from boardsight.calibration.collect import collect_views, pattern_visible
from boardsight.capture.frames import MemorySource


def test_keeps_only_new_views(chessboard_views, pattern) -> None:
    blank = np.full_like(chessboard_views[0], 120)
    stream = [chessboard_views[0]] * 3 + [
        blank,
        chessboard_views[1],
        chessboard_views[1],
        chessboard_views[2],
    ]
    seen: list[int] = []
    collected = collect_views(
        MemorySource(stream, fps=1.0), pattern, 3, on_view=lambda count, _corners: seen.append(count)
    )
    assert len(collected.views) == 3
    assert [name for name, _ in collected.views] == ["frame 0", "frame 4", "frame 6"]
    assert seen == [1, 2, 3]
    assert collected.frames_seen == 7


def test_views_too_close_in_time_are_skipped(chessboard_views, pattern) -> None:
    collected = collect_views(MemorySource(chessboard_views[:4], fps=30.0), pattern, 4, min_interval_s=0.05)
    assert [name for name, _ in collected.views] == ["frame 0", "frame 2"]


def test_stops_at_max_frames(chessboard_views, pattern) -> None:
    collected = collect_views(MemorySource(chessboard_views, fps=1.0), pattern, 10, max_frames=2)
    assert len(collected.views) == 2


def test_quick_check(chessboard_views, pattern) -> None:
    assert pattern_visible(chessboard_views[0], pattern)
    assert not pattern_visible(np.full_like(chessboard_views[0], 200), pattern)
