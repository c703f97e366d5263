"""A small folder of photos for the batch tests: bundled ones, rendered trays and a damaged file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from boardsight.datasets.synth import SynthSpec, render_example

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RENDERED = SynthSpec("boggle", sizes=(4,), width=(900, 900), clutter=False)


def make_photos(
    folder: Path, *, rendered: int = 2, scrabble: bool = True
) -> dict[str, list[list[str]] | None]:
    """Write the photos into ``folder``; returns each photo's path and its true grid (None: unreadable)."""
    folder.mkdir(parents=True, exist_ok=True)
    truth: dict[str, list[list[str]] | None] = {}
    bundled = ["boggle_tray"] + (["scrabble_board"] if scrabble else [])
    for name in bundled:
        path = folder / f"{name}.jpg"
        path.write_bytes((EXAMPLES / f"{name}.jpg").read_bytes())
        truth[str(path)] = json.loads((EXAMPLES / f"{name}.json").read_text())["grid"]
    for index in range(rendered):
        jpeg, payload = render_example(RENDERED, 3, index)
        path = folder / f"rendered_{index}.jpg"
        path.write_bytes(jpeg)
        truth[str(path)] = payload["grid"]
    damaged = folder / "damaged.jpg"
    damaged.write_bytes((EXAMPLES / "boggle_tray.jpg").read_bytes()[:3000])
    truth[str(damaged)] = None
    return truth


def make_labelled_set(folder: Path) -> Path:
    """A labelled-photo set: the bundled tray and two rendered ones, each with its sidecar."""
    from boardsight.datasets.synth import generate

    generate(RENDERED, folder, count=2, seed=3)
    for suffix in (".jpg", ".json"):
        (folder / f"boggle_tray{suffix}").write_bytes((EXAMPLES / f"boggle_tray{suffix}").read_bytes())
    return folder


def press_ctrl_c(process: subprocess.Popen, *, timeout_s: float = 120) -> str:
    """Send SIGINT to ``process``'s group as Ctrl-C in a terminal does; its stderr once it ends.

    A process still running after ``timeout_s`` is killed (never left running into the
    tests after) and the test fails.
    """
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"the batch did not stop within {timeout_s:g} s of Ctrl-C")
    return stderr
