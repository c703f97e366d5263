"""Synthetic labelled photos of Boggle trays and Scrabble boards.

Each photo is rendered from a 3D scene (cubes, tiles, tray walls, a table and clutter)
through a pinhole camera, then given light and sensor effects; its sidecar carries the
exact grid and the grid's corners in the shared labelled-photo format::

    from boardsight.datasets.synth import SynthSpec, generate, render_example

    jpeg, sidecar = render_example(SynthSpec("boggle", sizes=(5,)), seed=1, index=0)
    generate(SynthSpec("boggle"), "out/", count=100, seed=1, jobs=2)
"""

from __future__ import annotations

from boardsight.datasets.synth.fonts import FONT_SPLITS, fonts_for
from boardsight.datasets.synth.writer import SynthSpec, generate, render_example

__all__ = ["FONT_SPLITS", "SynthSpec", "fonts_for", "generate", "render_example"]
