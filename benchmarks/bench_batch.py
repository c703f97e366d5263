"""Batch throughput: photos/s with 1 and 2 local workers and on a local two-worker Dask cluster.

Usage: python benchmarks/bench_batch.py [PHOTOS ...] [--count 40] [--width 2000] [--runs 3]
       [--game boggle] [--solve] [--no-dask]

Without PHOTOS, renders ``--count`` synthetic tray photos (sizes 4-6, held-out fonts,
seed 7) into a temporary folder; with them (folders, globs or files, as for
``boardsight batch``), reads those, e.g. ``../shared/data/real``. Each set-up first
reads a few photos to start its workers and load the models, then times ``--runs``
whole batches and keeps the best (the least disturbed by other load); it prints
photos/s, how busy the workers were kept (the share of their time spent inside a
photo's work rather than waiting for the next), the time a photo spends in each stage
on its worker, and the machine's load average, since the cores may be shared: on
shared cores the rates say little about scaling, the busy shares still do (on idle
cores, where a photo takes as long with one worker as with two, the rate is workers x
busy share / time a photo). ``--game auto`` adds telling the game from the photo to
each photo's work. Targets: two local workers at least 1.8x one; the Dask cluster
within 15% of the two-worker local pool.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from boardsight.batch.executors import DaskPool, LocalPool, WorkerPool
from boardsight.batch.photos import find_photos
from boardsight.batch.run import plan_batch, run_batch
from boardsight.batch.work import BatchOptions


def render_photos(folder: Path, count: int, width: int) -> list[str]:
    from boardsight.datasets.synth import SynthSpec, generate

    spec = SynthSpec("boggle", sizes=(4, 5, 6), width=(width, width), fonts="holdout")
    return [str(path) for path in generate(spec, folder, count=count, seed=7, jobs=os.cpu_count() or 1)]


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def time_batches(
    pool: WorkerPool, photos: list[str], options: BatchOptions, runs: int, scratch: Path
) -> tuple[float, float, dict[str, float]]:
    """The best photos/s over ``runs`` batches, how busy the workers were in it (the share of
    their wall time spent inside a photo's work), and the median milliseconds per stage."""
    warm = scratch / "warm.jsonl"
    run_batch(plan_batch(photos[: 2 * pool.workers], warm, force=True), pool, options)
    best, busy, stages = 0.0, 0.0, {}
    for number in range(runs):
        out = scratch / f"run{number}.jsonl"
        start = time.perf_counter()
        run_batch(plan_batch(photos, out, force=True), pool, options)
        seconds = time.perf_counter() - start
        if len(photos) / seconds > best:
            best, stages = len(photos) / seconds, stage_medians(out)
            busy = sum(line_totals(out)) / 1000 / (seconds * pool.workers)
    return best, busy, stages


def line_totals(results: Path) -> list[float]:
    lines = [json.loads(text) for text in results.read_text(encoding="utf-8").splitlines()]
    return [line["timings_ms"]["total"] for line in lines if "timings_ms" in line]


def stage_medians(results: Path) -> dict[str, float]:
    timings: dict[str, list[float]] = {}
    for text in results.read_text(encoding="utf-8").splitlines():
        for stage, ms in json.loads(text).get("timings_ms", {}).items():
            timings.setdefault(stage, []).append(ms)
    return {stage: statistics.median(values) for stage, values in timings.items()}


@contextmanager
def local_pool(workers: int) -> Iterator[WorkerPool]:
    with LocalPool(workers) as pool:
        yield pool


@contextmanager
def dask_pool(workers: int) -> Iterator[WorkerPool]:
    """A two-worker Dask cluster on this machine, one thread a worker, as ``dask worker`` would run
    with its statistical profiler off (``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False``, as
    docs/scaling.md advises: sampling every thread each 10 ms costs a busy worker about 7%)."""
    import dask
    import distributed

    with (
        dask.config.set({"distributed.worker.profile.enabled": False}),
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        DaskPool(cluster.scheduler_address) as pool,
    ):
        yield pool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photos", nargs="*")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--width", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", default="boggle", choices=["auto", "boggle", "scrabble"])
    parser.add_argument("--solve", action="store_true")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    options = BatchOptions(game=args.game, solve=args.solve)
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        if args.photos:
            photos = find_photos(args.photos)
        else:
            print(f"rendering {args.count} synthetic tray photos {args.width} px wide ...")
            photos = render_photos(scratch / "photos", args.count, args.width)
        print(f"{len(photos)} photos, best of {args.runs} runs; {load()}")
        setups = [("1 local worker", local_pool, 1), ("2 local workers", local_pool, 2)]
        if not args.no_dask:
            setups.append(("Dask, 2 local workers", dask_pool, 2))
        rates: dict[str, float] = {}
        busy_share: dict[str, float] = {}
        for name, make_pool, workers in setups:
            with make_pool(workers) as pool:
                rate, busy, stages = time_batches(pool, photos, options, args.runs, scratch)
            rates[name] = rate
            busy_share[name] = busy
            parts = ", ".join(f"{stage} {ms:.0f}" for stage, ms in stages.items())
            per_photo = 1000 * pool.workers / rate
            print(
                f"{name}: {rate:.2f} photos/s, {per_photo:.0f} ms a photo per worker, "
                f"workers busy {busy:.0%} of the time; {load()}"
            )
            print(f"  median ms a photo on its worker: {parts}")
        one, two = rates["1 local worker"], rates["2 local workers"]
        # On cores that are not shared, the rate follows how busy the workers are kept:
        # the second figure is what the measured busy shares predict for idle cores.
        busy_one, busy_two = busy_share["1 local worker"], busy_share["2 local workers"]
        print(
            f"2 local workers / 1: {two / one:.2f}x measured, "
            f"{2 * busy_two / busy_one:.2f}x from busy shares (target >= 1.8x)"
        )
        if "Dask, 2 local workers" in rates:
            dask = rates["Dask, 2 local workers"]
            busy_dask = busy_share["Dask, 2 local workers"]
            print(
                f"Dask / 2 local workers: {dask / two:.2f} measured, "
                f"{busy_dask / busy_two:.2f} from busy shares (target >= 0.85)"
            )


if __name__ == "__main__":
    main()
