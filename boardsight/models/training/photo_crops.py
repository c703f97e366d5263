"""Labelled crops cut from a user's own labelled photos (sidecars such as ``read --json`` writes).

The crops are cut at the labelled corners with the reader's own cutting function and
the model's own recipe (its input size, colour and margin, read from its metadata), so
they look to the network as the squares it will read. Scrabble: every tile, half the
empty squares, and (where the model has the class) a copy of half the tiles turned by
a random quarter turn labelled ``turned``; Boggle: every cell.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from boardsight.datasets.store import Example, iter_examples
from boardsight.errors import BadInputError
from boardsight.models.metadata import ModelMetadata
from boardsight.models.preprocess import to_input_pixels
from boardsight.models.training.cell_set import CellSet
from boardsight.vision.image_io import load_image

GAMES = ("scrabble", "boggle")
EMPTY_SHARE = 0.5
TURNED_SHARE = 0.5
TURNED = "turned"


def photos_with_grid_and_corners(folder: str | Path, game: str) -> list[Example]:
    """The photos of ``game`` in ``folder`` whose sidecars have both a grid and corners (maybe none)."""
    return [
        example
        for example in iter_examples(folder)
        if example.game == game and example.label.has_grid and example.label.corners is not None
    ]


def labelled_photos(folder: str | Path, game: str) -> list[Example]:
    """The photos of ``game`` in ``folder`` whose sidecars have both a grid and corners; an error if none."""
    photos = photos_with_grid_and_corners(folder, game)
    if not photos:
        raise BadInputError(
            f"{folder}: no labelled {game} photos (a photo with a sidecar holding grid and corners)"
        )
    return photos


def _cut(example: Example, game: str, metadata: ModelMetadata) -> list[np.ndarray]:
    image = load_image(example.image_path)
    margin = float(metadata.preprocessing.get("cell_margin", 0.0))
    cell_px = metadata.input_size[0]
    corners = example.label.corners_array()
    if game == "scrabble":
        from boardsight.vision.scrabble.squares import cut_squares

        return cut_squares(image, corners, margin=margin, cell_px=cell_px)
    from boardsight.vision.boggle.cells import cut_cells

    return cut_cells(image, corners, len(example.label.grid), margin=margin, cell_px=cell_px)


def _class_of(token: str, game: str) -> str:
    if game == "scrabble" and token.islower():
        return "?"  # a designated blank looks like any blank
    return token


def photo_crops(examples: list[Example], game: str, metadata: ModelMetadata, *, seed: int = 0) -> CellSet:
    """The labelled crops of ``examples`` in ``metadata``'s classes and recipe."""
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose scrabble or boggle")
    names = metadata.class_names
    colour = metadata.preprocessing.get("colour", "gray")
    images, labels, groups = [], [], []
    for number, example in enumerate(examples):
        rng = np.random.default_rng([seed, number])
        tokens = [_class_of(token, game) for row in example.label.grid for token in row]
        unknown = sorted({token for token in tokens if token not in names})
        if unknown:
            raise BadInputError(f"{example.label_path}: the model has no class for {', '.join(unknown)}")
        for crop, token in zip(_cut(example, game, metadata), tokens, strict=True):
            if game == "scrabble" and token == "." and rng.random() >= EMPTY_SHARE:
                continue
            pixels = to_input_pixels(crop, metadata.input_size, colour)
            images.append(pixels)
            labels.append(names.index(token))
            groups.append(example.image_path.name)
            if (
                game == "scrabble"
                and TURNED in names
                and token not in (".", "?")
                and rng.random() < TURNED_SHARE
            ):
                images.append(np.ascontiguousarray(np.rot90(pixels, int(rng.integers(1, 4)))))
                labels.append(names.index(TURNED))
                groups.append(example.image_path.name)
    return CellSet(np.stack(images), np.array(labels, dtype=np.int64), list(names), np.array(groups))
