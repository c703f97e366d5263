"""Labelled crops held as arrays: what a classifier is trained and validated on.

Plain numpy, saved with ``np.savez_compressed`` (no pickle), so a set made once can be
reused by several training runs and inspected by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from boardsight.errors import BadInputError


@dataclass
class CellSet:
    """Crops ``images`` (N, H, W) or (N, H, W, 3) uint8 with ``labels`` (N,) indexing ``class_names``.

    ``groups`` (N,) names where each crop came from (a font, a photo, a source), so
    that whole groups can be held out for validation.
    """

    images: np.ndarray
    labels: np.ndarray
    class_names: list[str]
    groups: np.ndarray

    def __post_init__(self) -> None:
        count = len(self.images)
        if len(self.labels) != count or len(self.groups) != count:
            raise BadInputError("a cell set needs one label and one group per image")
        if count and (self.labels.min() < 0 or self.labels.max() >= len(self.class_names)):
            raise BadInputError("a cell set label is outside its class names")

    def __len__(self) -> int:
        return len(self.images)

    def subset(self, mask: np.ndarray) -> CellSet:
        """The crops where ``mask`` (N,) is true."""
        return CellSet(self.images[mask], self.labels[mask], self.class_names, self.groups[mask])

    def split_by_group(self, held_out: set[str]) -> tuple[CellSet, CellSet]:
        """(kept, held out): whole groups go to one side only."""
        mask = np.isin(self.groups, sorted(held_out))
        return self.subset(~mask), self.subset(mask)

    def class_counts(self) -> dict[str, int]:
        counts = np.bincount(self.labels, minlength=len(self.class_names))
        return {name: int(count) for name, count in zip(self.class_names, counts, strict=True)}

    @classmethod
    def concatenate(cls, sets: list[CellSet]) -> CellSet:
        """One set from several with the same class names."""
        if not sets:
            raise BadInputError("nothing to concatenate")
        names = sets[0].class_names
        if any(part.class_names != names for part in sets):
            raise BadInputError("cell sets with different class names cannot be joined")
        return cls(
            np.concatenate([part.images for part in sets]),
            np.concatenate([part.labels for part in sets]),
            names,
            np.concatenate([part.groups for part in sets]),
        )

    def save(self, path: str | Path) -> None:
        np.savez_compressed(
            path,
            images=self.images,
            labels=self.labels.astype(np.int64),
            class_names=np.array(self.class_names),
            groups=self.groups.astype(str),
        )

    @classmethod
    def load(cls, path: str | Path) -> CellSet:
        with np.load(path, allow_pickle=False) as data:
            return cls(
                data["images"], data["labels"], [str(name) for name in data["class_names"]], data["groups"]
            )
