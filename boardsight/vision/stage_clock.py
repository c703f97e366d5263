"""Wall and CPU time of a reading's stages (decode, find, read, check).

Wall time is what a person waits; CPU time is what the work costs on a core of its own,
which stays put when other programs share the cores (the wall time then also counts
waiting for one). Readings keep both, per stage, in seconds.
"""

from __future__ import annotations

import time


class StageClock:
    """Laps of consecutive stages: each :meth:`lap` records the time since the one before."""

    def __init__(self) -> None:
        self.wall: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        self._started = (self._wall, self._cpu)

    def lap(self, stage: str) -> None:
        """Record the wall and CPU seconds since the last lap (or the start) as ``stage``."""
        wall, cpu = time.perf_counter(), time.process_time()
        self.wall[stage] = wall - self._wall
        self.cpu[stage] = cpu - self._cpu
        self._wall, self._cpu = wall, cpu

    def total(self) -> tuple[float, float]:
        """Wall and CPU seconds since the clock was started."""
        return time.perf_counter() - self._started[0], time.process_time() - self._started[1]
