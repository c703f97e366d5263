"""Synthetic Scrabble board photos with exact labels in the shared format."""

from __future__ import annotations

from typing import Any

import numpy as np

from boardsight.datasets.synth.fonts import FontFace
from boardsight.datasets.synth.photo import Photo, Subject, photograph
from boardsight.datasets.synth.positions import Engine
from boardsight.datasets.synth.scene import box_faces
from boardsight.datasets.synth.scrabble_scene import OWNER_TILE, board_faces, layout_board


def render_scrabble(
    rng: np.random.Generator,
    tiles: str,
    width: int,
    fonts: tuple[FontFace, ...],
    *,
    clutter: bool = True,
    engine: Engine | None = None,
) -> tuple[Photo, dict[str, Any]]:
    """One photo of a board with a legal position and its sidecar payload.

    The grid is in reading orientation whatever the board's turn in the photo, so
    ``corners[0]`` may be any of the photo's four board corners; blanks are lowercase
    letters (their designation is known from the position).
    """
    layout = layout_board(rng, tiles, fonts, engine=engine)
    outline = layout.outline()
    key_faces = {
        OWNER_TILE + i: box_faces(tile.box)["top"][0] for i, tile in enumerate(layout.tiles) if tile.on_grid
    }
    subject = Subject(
        frame_points=outline,
        shadow_points=outline,
        table_z=-layout.thickness,
        footprint_radius=float(np.hypot(*outline[:, :2].max(axis=0))),
        grid_corners=layout.grid_corners(),
        key_faces=key_faces,
        build_faces=lambda r, camera, light, ambient: board_faces(r, layout, camera, light, ambient),
        lid_color=layout.style.margin,
        lid_size=(0.5, 0.7),
        tight_points=layout.grid_corners(),
    )
    photo = photograph(rng, subject, width, clutter=clutter)
    corners = [[round(float(x), 2), round(float(y), 2)] for x, y in photo.corners]
    payload: dict[str, Any] = {
        "game": "scrabble",
        "rows": 15,
        "cols": 15,
        "grid": layout.grid,
        "corners": corners,
        "source_repo": "boardsight synthetic",
        "licence": "MIT (generated)",
        "label_origin": "synthetic",
        "notes": "Corners are the outer corners of the 15x15 grid on the board surface; blanks are "
        "lowercase letters (designation known from the generated position).",
        "synth": {
            "tiles": tiles,
            "phase": layout.phase,
            "board": layout.style.name,
            "labels": layout.label_kind,
            "tile_look": layout.tile_look,
            "font": layout.font.name,
            **photo.details,
        },
    }
    return photo, payload
