"""Rendered chessboard views of a known camera, shared by the calibration tests."""

from __future__ import annotations

import numpy as np
import pytest

from boardsight.calibration.pattern import ChessboardPattern
from boardsight.calibration.synthetic import SyntheticCamera, calibration_views, render_chessboard

PATTERN = ChessboardPattern(9, 6, 25.0)
TRUE_CAMERA = SyntheticCamera.simple(640, 480, 560.0, (-0.22, 0.08, 0.001, -0.0005, 0.0))


@pytest.fixture(autouse=True)
def isolated_config(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """Each test saves its profiles in a folder of its own."""
    folder = tmp_path / "config"
    monkeypatch.setenv("BOARDSIGHT_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def pattern() -> ChessboardPattern:
    return PATTERN


@pytest.fixture(scope="session")
def true_camera() -> SyntheticCamera:
    return TRUE_CAMERA


@pytest.fixture(scope="session")
def poses() -> list[tuple[np.ndarray, np.ndarray]]:
    return calibration_views(PATTERN, TRUE_CAMERA, 10, seed=7)


@pytest.fixture(scope="session")
def chessboard_views(poses) -> list[np.ndarray]:
    """Ten photos of a 9x6 chessboard through :data:`TRUE_CAMERA`."""
    return [
        render_chessboard(PATTERN, TRUE_CAMERA, rvec, tvec, seed=index)
        for index, (rvec, tvec) in enumerate(poses)
    ]
