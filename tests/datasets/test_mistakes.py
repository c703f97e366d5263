from pathlib import Path

import cv2
import numpy as np
import pytest
from labelled_sets import boggle_sidecar, install_fake_readers, readers_on, write_sidecar

from boardsight.datasets import iter_examples
from boardsight.datasets.evaluation import evaluate
from boardsight.datasets.mistakes import prepare_folder, token_name, write_mistakes
from boardsight.errors import BadInputError


@pytest.mark.parametrize(
    ("token", "name"),
    [
        ("A", "A"),
        ("QU", "QU"),
        ("Å", "Å"),
        (".", "empty"),
        ("?", "blank"),
        ("e", "blank-e"),
        ("#", "blocked"),
    ],
)
def test_token_names_are_safe_in_file_names(token: str, name: str) -> None:
    assert token_name(token) == name


def test_prepare_folder(tmp_path: Path) -> None:
    prepare_folder(tmp_path / "new", force=False)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(BadInputError, match="not empty"):
        prepare_folder(tmp_path / "full", force=False)
    prepare_folder(tmp_path / "full", force=True)
    with pytest.raises(BadInputError, match="not a folder"):
        prepare_folder(tmp_path / "full" / "keep.txt", force=True)


def test_wrong_cell_crop_shows_that_cell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A photo of a 4x4 grid of flat colours, turned: the crop of cell (0, 0) holds its colour."""
    install_fake_readers(monkeypatch)
    colours = np.arange(16, dtype=np.uint8).reshape(4, 4) * 15 + 10
    grid_image = np.kron(colours, np.ones((50, 50), dtype=np.uint8))
    photo = cv2.cvtColor(np.rot90(np.pad(grid_image, 20), 1).copy(), cv2.COLOR_GRAY2BGR)  # 240x240
    (tmp_path / "set").mkdir()
    assert cv2.imwrite(str(tmp_path / "set" / "tray.png"), photo)
    # Turned a quarter counter-clockwise: the grid's top-left lies at the photo's bottom-left.
    corners = [[20, 220], [20, 20], [220, 20], [220, 220]]
    write_sidecar(tmp_path / "set" / "tray.json", boggle_sidecar(corners=corners))
    evaluation = evaluate(
        *readers_on(list(iter_examples(tmp_path / "set")), ["sloppy"]), root=tmp_path / "set"
    )
    written = write_mistakes(evaluation, tmp_path / "out")
    assert (written.cells, written.boards) == (1, 1)
    crop = cv2.imread(str(tmp_path / "out" / "sloppy" / "cells" / "tray_r00c00_true-A_read-X.png"))
    centre = crop[crop.shape[0] // 3 : 2 * crop.shape[0] // 3, crop.shape[1] // 3 : 2 * crop.shape[1] // 3]
    assert abs(float(centre.mean()) - colours[0, 0]) < 2
    assert cv2.imread(str(tmp_path / "out" / "sloppy" / "boards" / "tray.jpg")).shape == (240, 240, 3)
