"""Labelled board photos in the shared exchange format: read, write, check, iterate, score.

A dataset is a folder of images, each with a JSON sidecar of the same stem (the
format is defined in the project's ``DATASET.md``)::

    from boardsight.datasets import iter_examples, scan_dataset

    for example in iter_examples("photos/"):
        example.image_path, example.label.grid, example.label.corners

    scan = scan_dataset("photos/")      # examples plus every problem found
"""

from __future__ import annotations

from boardsight.datasets.label import InvalidLabelError, Label, label_problems
from boardsight.datasets.photo_size import image_size
from boardsight.datasets.problems import Problem
from boardsight.datasets.store import (
    DatasetError,
    DatasetScan,
    Example,
    iter_examples,
    read_label,
    scan_dataset,
    validate_example,
    write_example,
)

__all__ = [
    "DatasetError",
    "DatasetScan",
    "Example",
    "InvalidLabelError",
    "Label",
    "Problem",
    "image_size",
    "iter_examples",
    "label_problems",
    "read_label",
    "scan_dataset",
    "validate_example",
    "write_example",
]
