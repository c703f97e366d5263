"""Write what a reader got wrong as pictures: one crop per wrong cell, one overlay per wrong board.

Layout under the chosen folder, one sub-folder per reader::

    onnx/cells/<photo>_r03c07_true-E_read-F.png   the cell, cut from the photo rectified
                                                   with the labelled corners
    onnx/boards/<photo>.jpg                        the photo with the labelled grid (green),
                                                   the reader's corners (red) and its wrong cells

A board gets an overlay when the reader could not read it, read a grid of the wrong
size, or read any cell wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from boardsight.datasets.eval_report import relative_name
from boardsight.datasets.evaluation import Evaluation, Outcome
from boardsight.datasets.tokens import BLANK, BLOCKED, EMPTY, is_designated_blank
from boardsight.errors import BadInputError
from boardsight.vision.geometry import cell_crops, grid_points, rectify
from boardsight.vision.image_io import load_image

CELL_PX = 96
CELL_MARGIN = 0.15
OVERLAY_MAX_SIDE = 1600
GREEN = (60, 200, 60)
RED = (40, 40, 230)
_TOKEN_NAMES = {EMPTY: "empty", BLANK: "blank", BLOCKED: "blocked"}


@dataclass
class MistakesWritten:
    cells: int = 0
    boards: int = 0
    cells_without_corners: int = 0


def prepare_folder(folder: Path, *, force: bool) -> None:
    """Refuse a folder that exists and holds anything, unless ``force``; check it can be made."""
    if folder.exists() and not folder.is_dir():
        raise BadInputError(f"{folder} exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise BadInputError(f"{folder} is not empty; choose another folder or pass --force to write into it")


def token_name(token: str | None) -> str:
    """A token as it can stand in a file name on any file system (``e`` and ``E`` differ)."""
    if token is None:
        return "none"
    if is_designated_blank(token):
        return f"blank-{token}"
    return _TOKEN_NAMES.get(token, token)


def _photo_name(outcome: Outcome, root: Path) -> str:
    return relative_name(outcome.example.image_path.with_suffix(""), root).replace("/", "__")


def _corners(outcome: Outcome) -> np.ndarray | None:
    labelled = outcome.example.label.corners_array()
    if labelled is not None:
        return labelled
    return None if outcome.reading is None else np.asarray(outcome.reading.corners, dtype=np.float64)


def _write(path: Path, image: np.ndarray) -> None:
    ok, encoded = cv2.imencode(path.suffix, image)
    if not ok:
        raise BadInputError(f"could not encode {path.name}")
    path.write_bytes(encoded.tobytes())


def _ascii(text: str) -> str:
    return text.encode("ascii", "replace").decode("ascii")


def _draw_label(canvas: np.ndarray, outcome: Outcome, scale: float, thickness: int) -> None:
    """The labelled grid lines in green, each wrong cell circled in red with what was read."""
    label = outcome.example.label
    corners = label.corners_array()
    if corners is None:
        return
    points = grid_points(corners, label.rows, label.cols) * scale
    for line in [*points, *points.transpose(1, 0, 2)]:
        cv2.polylines(canvas, [np.round(line).astype(np.int32)], False, GREEN, thickness)
    for mistake in outcome.score.mistakes:
        quad = points[mistake.row : mistake.row + 2, mistake.col : mistake.col + 2].reshape(4, 2)
        centre = quad.mean(axis=0)
        cell = float(np.linalg.norm(quad[1] - quad[0]))
        cv2.circle(canvas, np.round(centre).astype(int).tolist(), max(3, round(cell * 0.4)), RED, thickness)
        anchor = np.round(centre + np.array([cell * 0.1, -cell * 0.1])).astype(int).tolist()
        text = _ascii(mistake.predicted)
        cv2.putText(canvas, text, anchor, cv2.FONT_HERSHEY_SIMPLEX, max(0.4, cell / 60), RED, thickness)


def overlay(image: np.ndarray, outcome: Outcome) -> np.ndarray:
    """The photo (long side at most OVERLAY_MAX_SIDE) with the label, the read corners and the mistakes."""
    scale = min(1.0, OVERLAY_MAX_SIDE / max(image.shape[:2]))
    canvas = (
        cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        if scale < 1
        else image.copy()
    )
    thickness = max(1, round(max(canvas.shape[:2]) / 500))
    _draw_label(canvas, outcome, scale, thickness)
    if outcome.reading is not None:
        read = np.round(np.asarray(outcome.reading.corners, dtype=np.float64) * scale).astype(np.int32)
        cv2.polylines(canvas, [read], True, RED, thickness)
    caption = outcome.error or ("grid of the wrong size" if outcome.score.shape_mismatch else "")
    if caption:
        size = max(0.5, max(canvas.shape[:2]) / 1600)
        cv2.putText(
            canvas, _ascii(caption), (10, round(30 * size)), cv2.FONT_HERSHEY_SIMPLEX, size, RED, thickness
        )
    return canvas


def write_mistakes(evaluation: Evaluation, folder: Path) -> MistakesWritten:
    """Write cell crops and board overlays of every mistake of every reader into ``folder``."""
    written = MistakesWritten()
    for result in evaluation.results:
        cells_dir = folder / result.reader / "cells"
        boards_dir = folder / result.reader / "boards"
        for outcome in result.outcomes:
            score = outcome.score
            if not (outcome.failed or score.shape_mismatch or score.mistakes):
                continue
            image = load_image(outcome.example.image_path)
            name = _photo_name(outcome, evaluation.root)
            boards_dir.mkdir(parents=True, exist_ok=True)
            _write(boards_dir / f"{name}.jpg", overlay(image, outcome))
            written.boards += 1
            if not score.mistakes:
                continue
            corners = _corners(outcome)
            if corners is None:
                written.cells_without_corners += len(score.mistakes)
                continue
            label = outcome.example.label
            flat = rectify(image, corners, label.cols * CELL_PX, label.rows * CELL_PX)
            crops = cell_crops(flat, label.rows, label.cols, margin=CELL_MARGIN)
            cells_dir.mkdir(parents=True, exist_ok=True)
            for mistake in score.mistakes:
                file_name = (
                    f"{name}_r{mistake.row:02d}c{mistake.col:02d}"
                    f"_true-{token_name(mistake.label)}_read-{token_name(mistake.predicted)}.png"
                )
                _write(cells_dir / file_name, crops[mistake.row][mistake.col])
                written.cells += 1
    return written
