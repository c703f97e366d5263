"""Corner error of the Scrabble board finder against labelled photos.

    python benchmarks/bench_scrabble_corners.py DIR [DIR ...] [--method lattice|outline] [--verbose]

For every image with a sidecar holding ``corners`` (in any folder given), finds the
board and prints the mean distance between found and labelled corners, in pixels and
as a share of the grid's diagonal, after matching the corner order (labels start at
the reading orientation's top-left, the finder at the photo's). Also prints the time
the finder takes (photo already decoded).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from boardsight.errors import BoardsightError
from boardsight.paths import WEB_IMAGE_SUFFIXES
from boardsight.vision.geometry import quad_diagonal
from boardsight.vision.image_io import load_image
from boardsight.vision.scrabble import board_finder


def labelled_photos(folders: list[Path]) -> list[tuple[Path, np.ndarray]]:
    found = []
    for folder in folders:
        for sidecar in sorted(folder.rglob("*.json")):
            label = json.loads(sidecar.read_text(encoding="utf-8"))
            if label.get("game") != "scrabble" or not label.get("corners"):
                continue
            images = [
                p for p in sidecar.parent.glob(sidecar.stem + ".*") if p.suffix.lower() in WEB_IMAGE_SUFFIXES
            ]
            if images:
                found.append((images[0], np.asarray(label["corners"], dtype=np.float64)))
    return found


def corner_error(found: np.ndarray, label: np.ndarray) -> float:
    """Mean corner distance after the best cyclic match of corner order (either direction)."""
    candidates = [np.roll(order, shift, axis=0) for order in (found, found[::-1]) for shift in range(4)]
    return min(float(np.linalg.norm(c - label, axis=1).mean()) for c in candidates)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--method", choices=["auto", "lattice", "outline"], default="auto")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()
    if args.method != "auto":
        keep = board_finder.find_by_lattice if args.method == "lattice" else board_finder.find_by_outline
        board_finder.find_by_lattice = keep
        board_finder.find_by_outline = keep
    photos = labelled_photos(args.folders)
    shares, seconds, failures = [], [], 0
    for path, label in photos:
        image = load_image(path)
        start = time.perf_counter()
        try:
            location = board_finder.find_board(image)
        except BoardsightError as error:
            failures += 1
            print(f"FAIL  {path.name}: {error}")
            continue
        seconds.append(time.perf_counter() - start)
        pixels = corner_error(location.corners, label)
        share = pixels / quad_diagonal(label)
        shares.append(share)
        if args.verbose or share > 0.01:
            print(
                f"{share * 100:6.2f}%  {pixels:7.1f} px  {location.method:7s} "
                f"score {location.score:.3f}  {seconds[-1] * 1000:5.0f} ms  {path.name}"
            )
    if not shares:
        print("no labelled photos found")
        return 1
    values = np.array(shares) * 100
    print(
        f"photos {len(photos)}  found {len(shares)}  failed {failures}  "
        f"corner error (% of diagonal): mean {values.mean():.2f}  median {np.median(values):.2f}  "
        f"max {values.max():.2f}  under 1%: {(values < 1).sum()}  under 2%: {(values < 2).sum()}"
    )
    print(f"finder time: mean {np.mean(seconds) * 1000:.0f} ms  max {np.max(seconds) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
