"""Labelled-photo sets on disk: find examples, read and write sidecars, check them.

A dataset is a folder searched recursively; an example is an image (``.jpg``,
``.jpeg``, ``.png``, ``.webp``, any case) with a JSON sidecar of the same stem beside
it. An image without a sidecar is not an example; a sidecar without an image is a
problem to report.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from boardsight.datasets import problems as kinds
from boardsight.datasets.label import InvalidLabelError, Label, label_problems
from boardsight.datasets.photo_size import displayed_size, image_size
from boardsight.datasets.problems import Problem, errors_only
from boardsight.errors import BadInputError, BoardsightError, NotFoundError
from boardsight.paths import WEB_IMAGE_SUFFIXES

SIDECAR_SUFFIX = ".json"


class DatasetError(BadInputError):
    """A dataset folder that cannot be used as it is (run ``boardsight dataset check``)."""


@dataclass(frozen=True)
class Example:
    """One labelled photo: the image's path and what its sidecar says."""

    image_path: Path
    label: Label

    @property
    def label_path(self) -> Path:
        return sidecar_path(self.image_path)

    @property
    def stem(self) -> str:
        return self.image_path.stem

    @property
    def game(self) -> str:
        return self.label.game


@dataclass
class DatasetScan:
    """What a dataset folder holds: its usable examples, its problems, and unlabelled images."""

    root: Path
    examples: list[Example] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    unlabelled_images: list[Path] = field(default_factory=list)
    sidecars: int = 0

    @property
    def errors(self) -> list[Problem]:
        return errors_only(self.problems)

    @property
    def warnings(self) -> list[Problem]:
        return [problem for problem in self.problems if not problem.is_error]


def sidecar_path(image_path: Path) -> Path:
    """The sidecar's path for an image: same folder, same stem, ``.json``."""
    return image_path.with_suffix(SIDECAR_SUFFIX)


def is_image_path(path: Path) -> bool:
    return path.suffix.lower() in WEB_IMAGE_SUFFIXES


def load_sidecar(path: Path) -> tuple[Any, list[Problem]]:
    """Decode a sidecar's JSON; on failure return ``None`` and a ``bad-json`` problem."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, [Problem(kinds.BAD_JSON, "the sidecar is not UTF-8 text", path)]
    except OSError as error:
        return None, [Problem(kinds.BAD_JSON, f"cannot read the sidecar: {error.strerror}", path)]
    try:
        return json.loads(text), []
    except json.JSONDecodeError as error:
        return None, [Problem(kinds.BAD_JSON, f"not valid JSON: {error.msg} (line {error.lineno})", path)]


def read_label(path: str | Path) -> Label:
    """Read and check one sidecar (without its image); raise :class:`InvalidLabelError` if broken."""
    path = Path(path)
    if not path.is_file():
        raise NotFoundError(f"{path}: no such file")
    payload, found = load_sidecar(path)
    if found:
        raise InvalidLabelError(str(found[0]))
    try:
        return Label.from_dict(payload)
    except InvalidLabelError as error:
        raise InvalidLabelError(f"{path}: {error}") from None


def validate_example(image_path: str | Path, label_path: str | Path | None = None) -> list[Problem]:
    """Every problem of one example: its sidecar against the format, its corners against the image."""
    image_path = Path(image_path)
    label_path = Path(label_path) if label_path is not None else sidecar_path(image_path)
    return _check_example(image_path, label_path)[1]


def _check_example(image_path: Path, label_path: Path) -> tuple[Any, list[Problem]]:
    """The decoded sidecar (None if unreadable) and every problem of the example."""
    payload, found = load_sidecar(label_path)
    if found:
        return None, found
    size = None
    try:
        size = image_size(image_path)
    except BoardsightError as error:
        found.append(Problem(kinds.UNREADABLE_IMAGE, str(error), image_path))
    found.extend(problem.at(label_path) for problem in label_problems(payload, size))
    return payload, found


def _walk(root: Path) -> tuple[list[Path], list[Path]]:
    """All sidecars and images under ``root``, sorted by path."""
    sidecars, images = [], []
    for folder, subfolders, files in os.walk(root):
        subfolders.sort()
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix.lower() == SIDECAR_SUFFIX:
                sidecars.append(path)
            elif is_image_path(path):
                images.append(path)
    return sidecars, images


def _check_root(root: str | Path) -> Path:
    root = Path(root)
    if not root.exists():
        raise NotFoundError(f"{root}: no such folder")
    if not root.is_dir():
        raise BadInputError(f"{root} is not a folder")
    return root


def scan_dataset(root: str | Path) -> DatasetScan:
    """Pair every sidecar under ``root`` with its image and check both; nothing is skipped silently."""
    root = _check_root(root)
    sidecars, images = _walk(root)
    images_by_stem: dict[Path, list[Path]] = {}
    for image in images:
        images_by_stem.setdefault(image.with_suffix(""), []).append(image)
    scan = DatasetScan(root=root, sidecars=len(sidecars))
    labelled: set[Path] = set()
    for label_path in sidecars:
        candidates = images_by_stem.get(label_path.with_suffix(""), [])
        labelled.update(candidates)
        if not candidates:
            scan.problems.append(
                Problem(kinds.MISSING_IMAGE, "sidecar without an image of the same stem", label_path)
            )
            continue
        if len(candidates) > 1:
            names = ", ".join(path.name for path in candidates)
            scan.problems.append(
                Problem(
                    kinds.AMBIGUOUS_IMAGE, f"several images share this sidecar's stem: {names}", label_path
                )
            )
            continue
        payload, found = _check_example(candidates[0], label_path)
        scan.problems.extend(found)
        if not errors_only(found):
            scan.examples.append(Example(candidates[0], Label.from_dict(payload)))
    scan.unlabelled_images = [image for image in images if image not in labelled]
    return scan


def iter_examples(root: str | Path) -> Iterator[Example]:
    """The examples under ``root`` in path order; raise :class:`DatasetError` if any sidecar is broken.

    Warnings (such as a corner a pixel outside the frame) do not stop iteration.
    """
    scan = scan_dataset(root)
    if scan.errors:
        first = scan.errors[0]
        more = f" (and {len(scan.errors) - 1} more)" if len(scan.errors) > 1 else ""
        raise DatasetError(f"{first}{more}; run 'boardsight dataset check {scan.root}' for the full list")
    yield from scan.examples


def write_example(
    folder: str | Path,
    stem: str,
    image: np.ndarray | bytes,
    label: Label,
    *,
    suffix: str = ".jpg",
    jpeg_quality: int = 92,
    overwrite: bool = False,
) -> Example:
    """Write an image and its sidecar as ``folder/stem{suffix}`` and ``folder/stem.json``.

    ``image`` is a BGR array (encoded as ``suffix`` says) or already-encoded bytes of
    that format. The label is checked against the image first; existing files are
    replaced only with ``overwrite``.
    """
    suffix = suffix if suffix.startswith(".") else f".{suffix}"
    if suffix.lower() not in WEB_IMAGE_SUFFIXES:
        raise BadInputError(f"cannot write {suffix!r} images; choose one of {', '.join(WEB_IMAGE_SUFFIXES)}")
    folder = Path(folder)
    image_path = folder / f"{stem}{suffix}"
    label_path = sidecar_path(image_path)
    if not overwrite:
        for path in (image_path, label_path):
            if path.exists():
                raise BadInputError(f"{path} exists; not overwriting it")
    data = _encode(image, suffix, jpeg_quality)
    size = displayed_size(data, source=str(image_path))
    found = errors_only(label_problems(label.to_dict(), size))
    if found:
        raise InvalidLabelError(f"{label_path}: {found[0].message}")
    folder.mkdir(parents=True, exist_ok=True)
    image_path.write_bytes(data)
    label_path.write_text(label.to_json(), encoding="utf-8")
    return Example(image_path, label)


def _encode(image: np.ndarray | bytes, suffix: str, jpeg_quality: int) -> bytes:
    if isinstance(image, (bytes, bytearray)):
        return bytes(image)
    params = [cv2.IMWRITE_JPEG_QUALITY, jpeg_quality] if suffix.lower() in (".jpg", ".jpeg") else []
    ok, encoded = cv2.imencode(suffix, image, params)
    if not ok:
        raise BadInputError(f"could not encode the image as {suffix}")
    return encoded.tobytes()
