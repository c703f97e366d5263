"""Game videos with the synthetic renderer's 3D boards: a fixed camera, tiles laid move by move.

The board style, the tiles' look, the table, the light and the camera are drawn once from
a seed (:func:`make_scene`); :class:`SceneRenderer` then renders the board in any state.
Tiles keep their place in the render order from the move that laid them, so a tile
already on the board looks the same in every later frame (its texture and its small
offset on the square come from its own draws), as on a real table. Used with
:func:`boardsight.datasets.synth.game_video.game_frames` for hands, flicker, shake and blur.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from boardsight.datasets.synth.backgrounds import table_texture
from boardsight.datasets.synth.camera import Camera, frame_camera
from boardsight.datasets.synth.fonts import fonts_for
from boardsight.datasets.synth.raster import Canvas, draw_faces, warp_plane_texture
from boardsight.datasets.synth.scene import light_direction
from boardsight.datasets.synth.scrabble_scene import (
    BoardLayout,
    Tile,
    board_faces,
    layout_board,
    tile_on_square,
)
from boardsight.scrabble.tileset import load_tileset
from boardsight.scrabble.tokens import BLANK, BOARD_SIZE, EMPTY


@dataclass(frozen=True)
class VideoScene:
    """Everything fixed for a whole video."""

    layout: BoardLayout
    camera: Camera
    light: np.ndarray
    ambient: float
    background: np.ndarray
    seed: int

    @property
    def grid_corners(self) -> np.ndarray:
        """The grid's corners in the picture (TL, TR, BR, BL as the words read), shape (4, 2)."""
        return self.camera.project(self.layout.grid_corners()).astype(np.float32)


def make_scene(
    seed: int, *, tiles: str = "english", size: tuple[int, int] = (1280, 720), tilt_deg: float = 28.0
) -> VideoScene:
    """A board, table, light and a camera leaning in from the board's bottom edge."""
    rng = np.random.default_rng(seed)
    layout = layout_board(rng, tiles, fonts_for("train"))
    layout = replace(
        layout, grid=[[EMPTY] * BOARD_SIZE for _ in range(BOARD_SIZE)], tiles=[], props=[], bag=None
    )
    width, height = size
    camera = frame_camera(
        layout.outline(),
        width,
        height,
        tilt=math.radians(tilt_deg),
        azimuth=math.radians(270 + rng.uniform(-10, 10)),
        roll=math.radians(rng.normal(0, 2)),
        fill=0.9,
        fov=math.radians(rng.uniform(50, 65)),
        offset=(0.0, 0.0),
        target=np.zeros(3),
    )
    light = light_direction(rng.uniform(0, 2 * math.pi), math.radians(rng.uniform(45, 80)))
    ambient = float(rng.uniform(0.5, 0.7))
    plane = camera.plane_homography(-layout.thickness)
    extent = 6 * layout.board_half
    mm_per_px = extent / 1600
    texture = table_texture(rng, 1600, 1600, mm_per_px)
    to_world = np.array([[mm_per_px, 0, -extent / 2], [0, -mm_per_px, extent / 2], [0, 0, 1.0]])
    background = warp_plane_texture(texture, plane @ to_world, width, height)
    return VideoScene(layout, camera, light, ambient, background, seed)


class SceneRenderer:
    """Renders the board of a :class:`VideoScene` in the states of a game, in order."""

    def __init__(self, scene: VideoScene) -> None:
        self.scene = scene
        self.tileset = load_tileset(scene.layout.tiles_name)
        self._order: dict[tuple[int, int], Tile] = {}

    def _tile(self, row: int, col: int, token: str) -> Tile:
        rng = np.random.default_rng([self.scene.seed, row, col, ord(token[0])])
        return tile_on_square(self.scene.layout, row, col, token, self.tileset, rng)

    def __call__(self, rows: tuple[str, ...]) -> np.ndarray:
        """The picture (H, W, 3) BGR uint8 of the board holding ``rows`` (``.`` empty, ``?`` blank)."""
        wanted = {
            (row, col): token
            for row, line in enumerate(rows)
            for col, token in enumerate(line)
            if token != EMPTY
        }
        for square in [square for square, tile in self._order.items() if square not in wanted]:
            del self._order[square]
        for square, token in sorted(wanted.items()):
            tile = self._order.get(square)
            if tile is None or (tile.letter or BLANK) != (token if token.isupper() else BLANK):
                self._order.pop(square, None)
                self._order[square] = self._tile(*square, token)
        scene = self.scene
        grid = [[EMPTY] * BOARD_SIZE for _ in range(BOARD_SIZE)]
        for (row, col), token in wanted.items():
            grid[row][col] = token
        layout = replace(scene.layout, grid=grid, tiles=list(self._order.values()))
        faces = board_faces(
            np.random.default_rng(scene.seed + 1), layout, scene.camera, scene.light, scene.ambient
        )
        canvas = Canvas(scene.background)
        draw_faces(canvas, scene.camera, faces)
        return np.clip(canvas.color, 0, 255).astype(np.uint8)
