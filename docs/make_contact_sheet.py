"""Rebuild docs/synthetic_contact_sheet.png: 16 synthetic Boggle trays and 4 Scrabble boards.

    .venv/bin/python docs/make_contact_sheet.py            # or: PYTHONPATH=. python docs/...

Each cell shows one whole synthetic photo (as written by ``boardsight dataset synth``,
seed 2024) with its labelled grid corners drawn in green and corner 0 marked red. The
sheet is saved as a 256-colour PNG to stay well under 1 MB.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from boardsight.datasets.synth.writer import SynthSpec, render_example

OUT = Path(__file__).resolve().parent / "synthetic_contact_sheet.png"
SEED = 2024
CELL = 256
COLUMNS = 5


def _thumbnail(jpeg: bytes, corners: list[list[float]]) -> np.ndarray:
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    points = np.array(corners, np.float64)
    scale = CELL / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    cell = np.full((CELL, CELL, 3), 245, np.uint8)
    y0, x0 = (CELL - small.shape[0]) // 2, (CELL - small.shape[1]) // 2
    cell[y0 : y0 + small.shape[0], x0 : x0 + small.shape[1]] = small
    drawn = np.round(points * scale + [x0, y0]).astype(np.int32)
    cv2.polylines(cell, [drawn], True, (60, 220, 60), 1, cv2.LINE_AA)
    cv2.circle(cell, tuple(int(v) for v in drawn[0]), 3, (40, 40, 230), -1, cv2.LINE_AA)
    return cell


def main() -> None:
    cells = []
    trays = SynthSpec("boggle", sizes=(4, 5, 6), width=(1024, 1024))
    for index in range(16):
        jpeg, label = render_example(trays, SEED, index)
        cells.append(_thumbnail(jpeg, label["corners"]))
    for index, tiles in enumerate(("english", "english", "english", "swedish")):
        jpeg, label = render_example(SynthSpec("scrabble", tiles=tiles, width=(1024, 1024)), SEED, index)
        cells.append(_thumbnail(jpeg, label["corners"]))
    rows = [np.hstack(cells[i : i + COLUMNS]) for i in range(0, len(cells), COLUMNS)]
    sheet = cv2.cvtColor(np.vstack(rows), cv2.COLOR_BGR2RGB)
    Image.fromarray(sheet).quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(OUT, optimize=True)
    print(f"wrote {OUT} ({OUT.stat().st_size / 1024:.0f} KiB)", file=sys.stderr)


if __name__ == "__main__":
    main()
