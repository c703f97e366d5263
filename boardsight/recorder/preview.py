"""The live view's picture: the frame, the grid coloured by the recorder's state, the reading,
the scores and the last event. Drawing only; showing it is the command line's job."""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.recorder.pipeline import Recorder
from boardsight.recorder.stability import COVERED, MOVING, SETTLING, STABLE, UNCERTAIN
from boardsight.scrabble.tokens import BLANK, EMPTY
from boardsight.vision.geometry import grid_points

STATE_COLOURS = {
    STABLE: (60, 200, 60),
    SETTLING: (0, 200, 255),
    UNCERTAIN: (0, 140, 255),
    MOVING: (0, 90, 255),
    COVERED: (0, 0, 230),
    "moved": (230, 0, 230),
}


def draw_preview(image: np.ndarray, recorder: Recorder, max_width: int = 1280) -> np.ndarray:
    """A copy of ``image`` (the frame as the board profile sees it) with the recorder's view drawn on."""
    scale = min(1.0, max_width / image.shape[1])
    canvas = (
        cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        if scale < 1
        else image.copy()
    )
    status = recorder.status
    colour = STATE_COLOURS.get(status.verdict.status, (200, 200, 200))
    corners = recorder.board.corners * scale
    points = grid_points(corners.astype(np.float32), recorder.board.squares, recorder.board.squares)
    squares = recorder.board.squares
    for index in (0, squares):
        cv2.polylines(canvas, [points[index].round().astype(np.int32)], False, colour, 2, cv2.LINE_AA)
        cv2.polylines(canvas, [points[:, index].round().astype(np.int32)], False, colour, 2, cv2.LINE_AA)
    uncertain = set(status.verdict.uncertain)
    tokens = status.tokens
    if tokens is not None:
        font_scale = max(0.3, float(np.linalg.norm(points[0, 1] - points[0, 0])) / 40)
        for row in range(squares):
            for col in range(squares):
                token = str(tokens[row, col])
                if token == EMPTY and (row, col) not in uncertain:
                    continue
                centre = points[row : row + 2, col : col + 2].reshape(-1, 2).mean(axis=0)
                text = token if token != EMPTY else BLANK
                ink = (0, 0, 255) if (row, col) in uncertain else (255, 255, 0)
                origin = (int(centre[0] - 6 * font_scale), int(centre[1] + 6 * font_scale))
                cv2.putText(
                    canvas, text, origin, cv2.FONT_HERSHEY_SIMPLEX, font_scale, (0, 0, 0), 3, cv2.LINE_AA
                )
                cv2.putText(canvas, text, origin, cv2.FONT_HERSHEY_SIMPLEX, font_scale, ink, 1, cv2.LINE_AA)
    session = recorder.session
    scores = "  ".join(f"{session.player_name(i)} {total}" for i, total in enumerate(session.log.totals))
    on_turn = session.player_name(session.state.on_turn)
    lines = [f"{status.verdict.status}   {scores}   {on_turn} to play", status.last_event or "no move yet"]
    for index, text in enumerate(lines):
        y = 24 + 24 * index
        cv2.putText(canvas, text, (10, y), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 4, cv2.LINE_AA)
        cv2.putText(canvas, text, (10, y), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 1, cv2.LINE_AA)
    return canvas
