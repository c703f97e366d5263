from pathlib import Path

import cv2
import numpy as np
import pytest

from boardsight.errors import BadInputError
from boardsight.vision import reading
from boardsight.vision.reading import BoardReading, read_photo, register_reader


@pytest.fixture
def fake_reader(monkeypatch):
    import boardsight.vision.readers  # noqa: F401  (registered now, so not into the stand-in registry)

    monkeypatch.setattr(reading, "_READERS", {})

    @register_reader("boggle", "fake")
    def read(image: np.ndarray, *, source: str, **_: object) -> BoardReading:
        height, width = image.shape[:2]
        corners = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=float)
        return BoardReading(
            game="boggle",
            grid=[["A", "B"], ["QU", "#"]],
            confidence=[[0.9, 0.8], [0.99, 0.5]],
            corners=corners,
            reader="fake",
        )

    return read


def test_read_photo_maps_corners_to_full_resolution(tmp_path: Path, fake_reader) -> None:
    path = tmp_path / "photo.jpg"
    cv2.imwrite(str(path), np.full((1200, 1600, 3), 128, dtype=np.uint8))
    result = read_photo(path, game="boggle", reader="fake", max_side=400)
    np.testing.assert_allclose(result.corners[2], [1599.5, 1199.5], atol=2)
    assert set(result.timings) == {"decode", "total"}
    sidecar = result.to_sidecar()
    assert sidecar["rows"] == 2 and sidecar["grid"][1] == ["QU", "#"]
    assert sidecar["game"] == "boggle"


def test_unknown_reader_and_game(tmp_path: Path, fake_reader) -> None:
    with pytest.raises(BadInputError, match="available: boggle/fake"):
        read_photo(tmp_path / "x.jpg", game="boggle", reader="nope")
    with pytest.raises(BadInputError, match="unknown game"):
        read_photo(tmp_path / "x.jpg", game="chess")


def test_select_checks_orders_expands_groups_and_names_strangers() -> None:
    def select(checks: str | list[str] | tuple[str, ...] | None) -> tuple[str, ...]:
        return reading.select_checks(
            checks, ("a", "b", "c"), {"ab": ("a", "b")}, ("c",), unknown="no check {name!r} ({choices})"
        )

    assert select(None) == ("c",)
    assert select(()) == ()
    assert select(["c", "ab"]) == ("a", "b", "c")
    assert select("b") == ("b",)
    with pytest.raises(BadInputError, match=r"no check 'x' \(a, b, c, ab\)"):
        select(["a", "x"])


def test_decode_photo_hands_on_larger_decodes_at_their_scale() -> None:
    rng = np.random.default_rng(5)
    ok, encoded = cv2.imencode(".jpg", rng.integers(0, 255, (1200, 1600, 3), dtype=np.uint8))
    assert ok
    image, factor, larger = reading.decode_photo(encoded.tobytes(), source="x.jpg", max_side=400)
    assert factor == 4 and image.shape == (300, 400, 3)
    sharper, scale = larger(800)
    assert sharper.shape == (600, 800, 3) and scale == 2
    assert larger(5000)[1] == 4  # at most the whole photo
