"""Rendered squares rehearsed while a classifier is fine-tuned on a few photos of one set.

A few labelled boards hold mostly empty squares and only some of the letters, so a
network tuned on them alone drifts: it reads more squares as empty and forgets letters
those boards lack (F read as E). Mixing drawn crops of every class, in the shares the
shipped model was trained on, into each batch keeps what it knew while it learns the
set's own look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardsight.errors import BadInputError

if TYPE_CHECKING:
    from boardsight.models.metadata import ModelMetadata
    from boardsight.models.training.cell_set import CellSet

DEFAULT_CROPS = 3000
"""Rendered crops rehearsed by default (about 15 s to draw for Scrabble, a minute for Boggle)."""
CELLS_PER_TRAY = 25
"""A rendered Boggle tray gives about this many cells."""
SEED_OFFSET = 1000
"""Rehearsal crops are drawn from other seeds than the shipped model's training crops."""


def _recipe(game: str) -> tuple[list[str], tuple[int, int]]:
    if game == "scrabble":
        from boardsight.models.training.scrabble.tile_data import CLASS_NAMES, INPUT_SIZE
    elif game == "boggle":
        from boardsight.models.training.boggle.cube_data import CLASS_NAMES, INPUT_SIZE
    else:
        raise BadInputError(f"unknown game {game!r}: choose scrabble or boggle")
    return list(CLASS_NAMES), tuple(INPUT_SIZE)


def rehearsal_cells(
    game: str, metadata: ModelMetadata, count: int, *, seed: int = 0, jobs: int = 1
) -> CellSet:
    """About ``count`` rendered crops of ``game`` in ``metadata``'s classes and input size."""
    class_names, input_size = _recipe(game)
    if list(metadata.class_names) != class_names or tuple(metadata.input_size) != input_size:
        raise BadInputError(
            "the model's classes or input size are not this version's training recipe; "
            "fine-tune it with --rehearsal 0"
        )
    if game == "scrabble":
        from boardsight.models.training.scrabble.crop_data import CropSpec, crop_cell_set

        return crop_cell_set(CropSpec(count, seed=seed + SEED_OFFSET), jobs=jobs)
    from boardsight.models.training.boggle.cube_data import TraySpec, render_cell_set

    trays = max(1, -(-count // CELLS_PER_TRAY))
    return render_cell_set(TraySpec(count=trays, seed=seed + SEED_OFFSET), jobs=jobs)
