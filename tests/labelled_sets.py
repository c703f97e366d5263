"""Helpers that make small labelled-photo sets by code in temporary folders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np

BOGGLE_GRID = [["A", "B", "C", "D"], ["E", "F", "G", "H"], ["I", "J", "K", "L"], ["M", "N", "O", "QU"]]


def boggle_sidecar(**changes: Any) -> dict[str, Any]:
    """A valid 4x4 Boggle sidecar for a 200x160 image, with ``changes`` applied."""
    payload: dict[str, Any] = {
        "game": "boggle",
        "rows": 4,
        "cols": 4,
        "grid": [list(row) for row in BOGGLE_GRID],
        "corners": [[20, 10], [180, 12], [178, 150], [22, 148]],
        "source_repo": "example/photos",
        "notes": "made by a test",
    }
    payload.update(changes)
    return payload


def scrabble_sidecar(**changes: Any) -> dict[str, Any]:
    """A valid 15x15 Scrabble sidecar for a 200x160 image, with ``changes`` applied."""
    grid = [["."] * 15 for _ in range(15)]
    grid[7][5:10] = ["Å", "?", "e", "S", "T"]
    payload: dict[str, Any] = {
        "game": "scrabble",
        "rows": 15,
        "cols": 15,
        "grid": grid,
        "corners": [[10, 5], [190, 5], [190, 155], [10, 155]],
    }
    payload.update(changes)
    return payload


def write_image(path: Path, width: int = 200, height: int = 160) -> Path:
    """A small noisy test image (PNG or JPEG by suffix)."""
    rng = np.random.default_rng(7)
    path.parent.mkdir(parents=True, exist_ok=True)
    assert cv2.imwrite(str(path), rng.integers(0, 255, (height, width, 3), dtype=np.uint8))
    return path


def write_sidecar(path: Path, payload: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return path


def make_example(
    folder: Path, name: str, payload: Any, *, suffix: str = ".png", size: tuple[int, int] = (200, 160)
) -> Path:
    """Write ``folder/name{suffix}`` (an image) and ``folder/name.json`` (its sidecar)."""
    image = write_image(folder / f"{name}{suffix}", *size)
    write_sidecar(folder / f"{name}.json", payload)
    return image


def readers_on(examples: list[Any], names: list[str]) -> tuple[list[Any], dict[str, Any]]:
    """The examples and the registered readers ``names`` for their games, as ``evaluate`` takes them."""
    from boardsight.datasets.evaluation import example_games
    from boardsight.vision.reading import photo_readers

    return examples, photo_readers(names, example_games(examples))


def install_fake_readers(monkeypatch: Any) -> None:
    """Register test readers for both games that answer from the photo's own sidecar.

    ``perfect`` returns the label; ``sloppy`` reads the first cell as ``X`` (``Y``
    where it is an X) and puts every corner 5 px off; ``blind`` finds no board in
    photos whose name contains ``dark``, and reads the rest like ``perfect``.
    """
    from boardsight.vision import reading
    from boardsight.vision.reading import BoardNotFoundError, BoardReading

    # Register the bundled readers first: were they first imported under the patch, they
    # would register into the stand-in table and be missing once it is taken away.
    reading.available_readers()
    monkeypatch.setattr(reading, "_READERS", {})

    def answer(source: str, name: str, game: str) -> BoardReading:
        payload = json.loads(Path(source).with_suffix(".json").read_text(encoding="utf-8"))
        rows, cols = payload["rows"], payload["cols"]
        grid = (
            [list(row) for row in payload["grid"]] if payload["grid"] else [["A"] * cols for _ in range(rows)]
        )
        corners = np.asarray(payload["corners"] or [[0, 0], [10, 0], [10, 10], [0, 10]], dtype=float)
        timings = {"find": 0.010, "read": 0.020}
        if name == "sloppy":
            grid[0][0] = "X" if grid[0][0] != "X" else "Y"
            corners = corners + np.array([3.0, 4.0])
            timings = {"find": 0.030, "read": 0.040}
        confidence = [[1.0] * cols for _ in range(rows)]
        return BoardReading(game, grid, confidence, corners, name, timings=timings)

    for game in ("boggle", "scrabble"):
        for name in ("perfect", "sloppy", "blind"):

            def read(
                image: np.ndarray, *, source: str, _name: str = name, _game: str = game, **_: object
            ) -> BoardReading:
                if _name == "blind" and "dark" in Path(source).name:
                    raise BoardNotFoundError(f"no {_game} board found in {Path(source).name}")
                return answer(source, _name, _game)

            reading.register_reader(game, name)(read)
