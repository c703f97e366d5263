"""Synthetic Boggle tray photos with exact labels in the shared format."""

from __future__ import annotations

from typing import Any

import numpy as np

from boardsight.datasets.synth.boggle_scene import OWNER_CUBE_TOP, layout_tray, tray_faces
from boardsight.datasets.synth.fonts import FontFace
from boardsight.datasets.synth.photo import Photo, Subject, photograph
from boardsight.datasets.synth.scene import box_faces


def upright_order(corners: np.ndarray) -> int:
    """How many quarter turns bring the grid's row 0 to the image's top edge.

    ``corners`` are the projected TL, TR, BR, BL of the tray's own grid. The returned ``k``
    makes ``corners[k]`` the image top-left: the edge from ``corners[k]`` to
    ``corners[k+1]`` is the one nearest the image's top.
    """
    middles = [(corners[k][1] + corners[(k + 1) % 4][1]) / 2 for k in range(4)]
    return int(np.argmin(middles))


def boggle_label(grid: list[list[str]], corners: np.ndarray) -> tuple[list[list[str]], list[list[float]]]:
    """Grid and corners as the image shows them (row 0 nearest the top edge)."""
    k = upright_order(corners)
    turned = np.rot90(np.array(grid, dtype=object), k)
    ordered = np.roll(corners, -k, axis=0)
    return turned.tolist(), [[round(float(x), 2), round(float(y), 2)] for x, y in ordered]


def render_boggle(
    rng: np.random.Generator,
    size: int,
    width: int,
    fonts: tuple[FontFace, ...],
    *,
    clutter: bool = True,
    balanced: bool = False,
) -> tuple[Photo, dict[str, Any]]:
    """One photo of a ``size`` x ``size`` tray and its sidecar payload (``balanced``: made-up dice)."""
    layout = layout_tray(rng, size, fonts, balanced=balanced)
    outline = layout.outer_box().corner_points()
    key_faces = {OWNER_CUBE_TOP + i: box_faces(cube.box)["top"][0] for i, cube in enumerate(layout.cubes)}
    subject = Subject(
        frame_points=outline,
        shadow_points=outline,
        table_z=-layout.base,
        footprint_radius=float(np.hypot(*outline[:, :2].max(axis=0))),
        grid_corners=layout.lattice_corners(),
        key_faces=key_faces,
        build_faces=lambda r, camera, light, ambient: tray_faces(r, layout, camera, light, ambient),
        lid_color=layout.tray_color,
        tight_points=layout.lattice_corners(),
    )
    photo = photograph(rng, subject, width, clutter=clutter)
    grid, corners = boggle_label(layout.grid, photo.corners)
    payload: dict[str, Any] = {
        "game": "boggle",
        "rows": size,
        "cols": size,
        "grid": grid,
        "corners": corners,
        "source_repo": "boardsight synthetic",
        "licence": "MIT (generated)",
        "label_origin": "synthetic",
        "notes": "Corners are the outer corners of the cube lattice at the height of the cube tops.",
        "synth": {
            "dice_set": layout.dice_set,
            "font": layout.font.name,
            "cube": layout.cube_material,
            "tray": layout.tray_name,
            "underlined": "".join(sorted(layout.underline)),
            **photo.details,
        },
    }
    return photo, payload
