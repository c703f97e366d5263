"""Median wall and CPU time per reading stage over photos, beside an earlier run's figures.

Used by the reading benchmarks: each photo's stage times (the readings' ``timings`` and
``cpu_timings``, and the whole read timed around the call) are added; the medians are
printed as a table, with the medians of an earlier run saved with ``--json`` (for
instance by the code before a change) beside them when given ``--compare``. Wall time
counts waiting for a core when the machine is shared; CPU time does not, so it is the
steadier figure to compare.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

STAGES = ("decode", "find", "read", "check", "total")


def time_median_run(read: Callable[[], Any], runs: int) -> tuple[dict[str, float], dict[str, float]]:
    """Wall and CPU seconds per stage (and ``total``, timed around ``read()``) of the run of
    median wall time out of ``runs``; the stages are the reading's ``timings`` and ``cpu_timings``."""
    samples = []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        reading = read()
        wall = {**reading.timings, "total": time.perf_counter() - start}
        cpu = {**reading.cpu_timings, "total": time.process_time() - start_cpu}
        samples.append((wall, cpu))
    ranked = sorted(range(runs), key=lambda index: samples[index][0]["total"])
    return samples[ranked[runs // 2]]


def stage_parts(wall: dict[str, float], cpu: dict[str, float]) -> list[str]:
    """One photo's stages but ``total`` as ``"stage WALL/CPU"`` in ms (``-`` for a missing figure)."""
    return [
        f"{stage} {_ms(seconds)}/{_ms(cpu.get(stage))}" for stage, seconds in wall.items() if stage != "total"
    ]


class StageTimes:
    """Stage times in seconds, per photo: ``{"wall": {stage: s}, "cpu": {stage: s}}``."""

    def __init__(self) -> None:
        self.photos: dict[str, dict[str, dict[str, float]]] = {}

    def add(self, photo: str, wall: dict[str, float], cpu: dict[str, float]) -> None:
        self.photos[photo] = {"wall": dict(wall), "cpu": dict(cpu)}

    def medians(self) -> dict[str, dict[str, float]]:
        """``{"wall"|"cpu": {stage: median seconds}}`` over the photos that have the stage."""
        result: dict[str, dict[str, float]] = {"wall": {}, "cpu": {}}
        for kind in result:
            for stage in STAGES:
                values = [times[kind][stage] for times in self.photos.values() if stage in times[kind]]
                if values:
                    result[kind][stage] = statistics.median(values)
        return result

    def save(self, path: Path) -> None:
        payload = {"photos": self.photos, "medians": self.medians()}
        path.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")

    def table(self, baseline: Path | None = None) -> str:
        """The medians in ms, a line a stage; with ``baseline`` (a saved run) its medians beside."""
        now = self.medians()
        before: dict[str, Any] = {}
        if baseline is not None:
            before = json.loads(baseline.read_text(encoding="utf-8"))["medians"]
        header = f"{'stage':<8} {'wall ms':>8} {'CPU ms':>8}"
        if before:
            header += f"   {'before: wall':>12} {'CPU':>6}"
        lines = [f"median over {len(self.photos)} photos", header]
        for stage in STAGES:
            if stage not in now["wall"] and stage not in now["cpu"]:
                continue
            line = f"{stage:<8} {_ms(now['wall'].get(stage)):>8} {_ms(now['cpu'].get(stage)):>8}"
            if before:
                line += f"   {_ms(before['wall'].get(stage)):>12} {_ms(before['cpu'].get(stage)):>6}"
            lines.append(line)
        return "\n".join(lines)


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{1000 * seconds:.0f}"
