"""The driver of a batch: hand every photo not yet done to the pool, write each result line as it comes.

Lines are appended and flushed one at a time, so whatever stops the batch (Ctrl-C, a
lost machine) leaves a valid file, and running the same batch again reads only the
photos that are missing. ``force`` starts the file over.
"""

from __future__ import annotations

import concurrent.futures as cf
import csv
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from boardsight import errors
from boardsight.batch.executors import WorkerPool, stream
from boardsight.batch.lines import CSV_COLUMNS, INTERNAL, csv_row, encode_line, error_line, first_line
from boardsight.batch.resume import EarlierResults, photo_key, scan_results
from boardsight.batch.stopping import ctrl_c_requests_stop
from boardsight.batch.work import BatchOptions, PhotoItem, read_item
from boardsight.errors import BadInputError, BoardsightError
from boardsight.vision.image_io import read_image_bytes

TRANSFERS = ("auto", "path", "bytes")


@dataclass
class BatchPlan:
    """The photos of a batch still to read, and what the output file already holds."""

    out: Path
    photos: list[str]
    todo: list[str]
    earlier: EarlierResults
    force: bool

    @property
    def skipped(self) -> int:
        return len(self.photos) - len(self.todo)


@dataclass
class BatchSummary:
    """What one run of a batch did."""

    read: int = 0
    failed: int = 0
    skipped: int = 0
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def rate(self) -> float:
        """Photos finished a second (read or failed)."""
        return (self.read + self.failed) / self.seconds if self.seconds > 0 else 0.0


def plan_batch(photos: Sequence[str], out: Path, *, force: bool = False) -> BatchPlan:
    """Which of ``photos`` still need reading, given what ``out`` holds (nothing, with ``force``)."""
    earlier = EarlierResults() if force and not out.is_dir() else scan_results(out)
    done = earlier.done()
    todo = [photo for photo in photos if photo_key(photo) not in done]
    return BatchPlan(out=out, photos=list(photos), todo=todo, earlier=earlier, force=force)


def choose_transfer(pool: WorkerPool, photos: Sequence[str], transfer: str) -> str:
    """``path`` when the workers read the photos where this process does, else ``bytes``."""
    if transfer not in TRANSFERS:
        raise BadInputError(f"unknown transfer {transfer!r}: choose one of {', '.join(TRANSFERS)}")
    if transfer != "auto":
        return transfer
    probe = next((Path(photo).resolve() for photo in photos if Path(photo).is_file()), None)
    return "path" if probe is None or pool.sees_file(probe) else "bytes"


def photo_items(photos: Sequence[str], transfer: str) -> Iterator[PhotoItem]:
    """One work item a photo: its absolute path, and with ``bytes`` the file's contents."""
    for photo in photos:
        path = str(Path(photo).resolve())
        if transfer != "bytes":
            yield PhotoItem(photo, path)
            continue
        try:
            yield PhotoItem(photo, path, data=read_image_bytes(photo))
        except BoardsightError as error:
            yield PhotoItem(photo, path, error=first_line(error))


def run_batch(
    plan: BatchPlan,
    pool: WorkerPool,
    options: BatchOptions,
    *,
    transfer: str = "auto",
    on_line: Callable[[dict[str, Any]], None] | None = None,
) -> BatchSummary:
    """Read the plan's photos on ``pool`` and append one line a photo to ``plan.out``.

    ``on_line`` sees each line after it is written (a progress bar). On Ctrl-C the
    photos in flight are dropped and the summary says it was interrupted; the file
    holds every line written until then.
    """
    summary = BatchSummary(skipped=plan.skipped)
    start = time.perf_counter()
    mode = choose_transfer(pool, plan.todo, transfer) if plan.todo else "path"
    plan.out.parent.mkdir(parents=True, exist_ok=True)
    with _open_output(plan) as output, ctrl_c_requests_stop() as stop:
        tasks = ((item, options) for item in photo_items(plan.todo, mode))
        try:
            with closing(stream(pool, read_item, tasks, stop=stop)) as finished:
                for index, future in finished:
                    _write(output, _result(plan.todo[index], future), summary, on_line)
        except KeyboardInterrupt:
            summary.interrupted = True
        except cf.BrokenExecutor as error:  # a worker process died (killed, out of memory)
            raise BoardsightError(
                f"a worker process stopped ({error}); run the same command again to read the rest"
            ) from None
        summary.interrupted = summary.interrupted or stop.is_set()
    summary.seconds = time.perf_counter() - start
    return summary


def _write(
    output: TextIO,
    line: dict[str, Any],
    summary: BatchSummary,
    on_line: Callable[[dict[str, Any]], None] | None,
) -> None:
    output.write(encode_line(line))
    output.flush()
    if "error" in line:
        summary.failed += 1
    else:
        summary.read += 1
    if on_line is not None:
        on_line(line)


def _open_output(plan: BatchPlan) -> TextIO:
    if plan.force:
        return plan.out.open("w", encoding="utf-8")
    output = plan.out.open("a+b")
    output.truncate(plan.earlier.size)  # a torn last line of an earlier run goes
    output.close()
    return plan.out.open("a", encoding="utf-8")


def _result(photo: str, future: cf.Future) -> dict[str, Any]:
    try:
        return future.result()
    except BoardsightError as error:
        return error_line(photo, first_line(error), INTERNAL)
    except Exception as error:  # a lost worker or a failure of boardsight: worth another try later
        message = errors.first_line(str(error))
        return error_line(photo, f"{type(error).__name__}: {message}".rstrip(": "), INTERNAL)


def write_csv(results: Path, csv_path: Path) -> int:
    """Write the CSV of a results file (the latest line of each photo); returns its rows."""
    latest = scan_results(results).latest
    with csv_path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for line in latest.values():
            writer.writerow(csv_row(line))
    return len(latest)
