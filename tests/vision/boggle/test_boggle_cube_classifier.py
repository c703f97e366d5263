"""The bundled cube-face model on single rendered cells: every class, every quarter turn."""

import numpy as np
import pytest

from boardsight.boggle.dice import FACE_TOKENS
from boardsight.datasets.synth.fonts import FONT_FACES, font_path
from boardsight.datasets.synth.glyphs import symbol_mask
from boardsight.vision.boggle.onnx_reader import MODEL_PATH, cube_classifier

UNDERLINED = frozenset("MWNZ")
CELL_PX = 64


def rendered_cell(
    token: str, font, quarter_turns: int, *, ink=(110, 40, 25), paper=(228, 232, 236)
) -> np.ndarray:
    """A cell as the reader cuts it: dark tray around a light cube top with ``token`` turned clockwise."""
    cell = np.full((CELL_PX, CELL_PX, 3), (90, 45, 30), dtype=np.float32)
    cube = slice(5, CELL_PX - 5)
    cell[cube, cube] = paper
    mask = np.rot90(symbol_mask(token, font, CELL_PX - 10, 0.5, token in UNDERLINED), -quarter_turns)
    top = cell[cube, cube]
    cell[cube, cube] = top * (1 - mask[..., None]) + np.array(ink, dtype=np.float32) * mask[..., None]
    return cell.astype(np.uint8)


def test_model_file_describes_itself() -> None:
    classifier = cube_classifier(MODEL_PATH)
    assert set(classifier.class_names) == FACE_TOKENS
    assert classifier.metadata.task == "boggle-cube-face"
    assert classifier.metadata.training_command.startswith("boardsight train boggle")
    assert classifier.metadata.validation_accuracy > 0.95
    assert MODEL_PATH.stat().st_size < 5 * 1024 * 1024


# The bundled model misreads 17 and 21 of the 132 cells in these two heavy serif faces; a model
# trained to generalise reads them, and then this mark fails the test until it goes.
MISREAD_FONTS = {"C059 Bold", "URW Bookman Demi"}
MISREAD = pytest.mark.xfail(strict=True, reason="the bundled cube model misreads this held-out serif face")
HELD_OUT_FONTS = [
    pytest.param(face, marks=MISREAD) if face.name in MISREAD_FONTS else face
    for face in FONT_FACES
    if face.split == "holdout"
]


@pytest.mark.parametrize("font", HELD_OUT_FONTS, ids=lambda font: font.name)
def test_every_class_at_every_rotation(font) -> None:
    """Every held-out font the font packages install (system-packages.txt), each on its own."""
    if font_path(font) is None:
        pytest.skip(
            f"{font.name} ({font.filename}) is not installed; scripts/install-system-packages installs it"
        )
    classifier = cube_classifier(MODEL_PATH)
    tokens = sorted(FACE_TOKENS)
    crops = [rendered_cell(token, font, turns) for token in tokens for turns in range(4)]
    names = [name for name, _ in classifier.classify(crops)]
    expected = [token for token in tokens for _ in range(4)]
    pairs = enumerate(zip(expected, names, strict=True))
    wrong = [(want, index % 4, got) for index, (want, got) in pairs if want != got]
    assert len(wrong) <= 4, wrong  # at most 3% of the 132 cells
    for letter in UNDERLINED:  # the underline tells M from W and N from Z however the cube lies
        assert all(names[tokens.index(letter) * 4 + turns] == letter for turns in range(4)), letter
