"""Training crops for the cube-face classifier, cut from synthetic tray photos.

Each tray photo comes from the project's synthetic renderer (``boardsight dataset
synth``) with exact labels; its cells are cut with :func:`cut_cells` from the labelled
corners, exactly as the reader cuts them from found corners, and shrunk to the model's
input size. Real dice sets make some faces rare (no die has a bare Q, X is on one die),
so part of the trays are rolled from the renderer's "balanced" dice, whose faces are
drawn evenly from every class. Crops are grouped by font so fonts can be held out.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from boardsight.boggle.dice import FACE_TOKENS
from boardsight.models.preprocess import to_input_pixels
from boardsight.models.training.cell_set import CellSet
from boardsight.models.training.rendered_cells import render_in_processes
from boardsight.vision.boggle.cells import cut_cells

CLASS_NAMES: list[str] = [chr(code) for code in range(ord("A"), ord("Z") + 1)] + [
    "QU",
    "IN",
    "TH",
    "ER",
    "HE",
    "AN",
    "#",
]
"""The classes of a newly trained model; at run time the names are read from the model file."""
INPUT_SIZE = (40, 40)
CELL_MARGIN = 0.06
RECIPE = {"colour": "gray", "normalise": "per_image", "cell_margin": CELL_MARGIN}
assert set(CLASS_NAMES) == FACE_TOKENS


@dataclass(frozen=True)
class TraySpec:
    """Which synthetic trays to render: how many, from which seed, fonts and widths."""

    count: int
    seed: int
    fonts: str = "train"
    sizes: tuple[int, ...] = (4, 5, 6)
    width: tuple[int, int] = (640, 1600)
    balanced_share: float = 0.5


def tray_cells(spec: TraySpec, index: int) -> tuple[np.ndarray, np.ndarray, str]:
    """Crops (n, H, W) uint8, labels (n,) and font name of tray ``index`` of ``spec``."""
    from boardsight.datasets.synth import SynthSpec, render_example

    synth = SynthSpec(
        "boggle", sizes=spec.sizes, width=spec.width, fonts=spec.fonts, balanced_dice=spec.balanced_share
    )
    jpeg, payload = render_example(synth, spec.seed, index)
    image = cv2.imdecode(np.frombuffer(jpeg, dtype=np.uint8), cv2.IMREAD_COLOR)
    size = int(payload["rows"])
    crops = cut_cells(image, np.array(payload["corners"]), size, margin=CELL_MARGIN, cell_px=INPUT_SIZE[0])
    pixels = np.stack([to_input_pixels(crop, INPUT_SIZE, "gray") for crop in crops])
    labels = np.array([CLASS_NAMES.index(token) for row in payload["grid"] for token in row])
    return pixels, labels, str(payload.get("synth", {}).get("font", "unknown"))


def _one(args: tuple[TraySpec, int]) -> tuple[np.ndarray, np.ndarray, str]:
    return tray_cells(*args)


def render_cell_set(spec: TraySpec, *, jobs: int = 1, progress=None) -> CellSet:
    """Render ``spec.count`` trays (in ``jobs`` processes) and gather their cells."""
    tasks = [(spec, index) for index in range(spec.count)]
    return render_in_processes(_one, tasks, CLASS_NAMES, jobs=jobs, chunksize=4, progress=progress)
