"""Write a folder of synthetic score-sheet photos and their word-list sidecars."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np

from boardsight.datasets.synth.handwriting import hand_fonts
from boardsight.datasets.synth.sheets import SheetSpec, render_sheet
from boardsight.errors import BadInputError

SHEET_CODE = 3
"""Mixed into each example's seed, apart from the Boggle (1) and Scrabble (2) renderers'."""


def sheet_stem(index: int) -> str:
    return f"sheet_{index:06d}"


def generate_sheets(
    out: str | Path,
    *,
    count: int,
    seed: int,
    start: int = 0,
    fonts: str = "train",
    width: tuple[int, int] = (1200, 1600),
    words: tuple[int, int] = (12, 40),
    overwrite: bool = False,
    on_done: Callable[[int], None] | None = None,
) -> list[Path]:
    """Render sheets ``start .. start+count-1`` into ``out``; returns the image paths."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise BadInputError(f"{out} is not a folder")
    indices = range(start, start + count)
    if not overwrite:
        for index in indices:
            for suffix in (".jpg", ".json"):
                if (out / f"{sheet_stem(index)}{suffix}").exists():
                    raise BadInputError(
                        f"{out / (sheet_stem(index) + suffix)} exists; pass --overwrite to replace it"
                    )
    out.mkdir(parents=True, exist_ok=True)
    spec = SheetSpec(words=words, fonts=hand_fonts(fonts))
    paths = []
    for index in indices:
        rng = np.random.default_rng([seed, SHEET_CODE, index])
        photo_width = int(rng.integers(width[0], width[1] + 1))
        jpeg, payload = render_sheet(rng, spec, photo_width)
        payload["synth"].update({"seed": seed, "index": index, "fonts": fonts})
        image = out / f"{sheet_stem(index)}.jpg"
        image.write_bytes(jpeg)
        image.with_suffix(".json").write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        paths.append(image)
        if on_done is not None:
            on_done(1)
    return paths
