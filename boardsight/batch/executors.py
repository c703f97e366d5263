"""Where the work of a batch runs: a local pool of worker processes, or a Dask cluster.

Both pools hand out :class:`concurrent.futures.Future` objects, so :func:`stream`
drives either with the same code: it keeps a few tasks a worker in flight and yields
each one as it finishes. Dask is optional (the ``cluster`` extra) and imported only
when a scheduler is named.
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from boardsight.batch.lines import first_line
from boardsight.batch.work import prepare_process
from boardsight.errors import BadInputError, BoardsightError

CLUSTER_EXTRA = "pip install 'boardsight[cluster]'"
TASKS_PER_WORKER = 4
STOP_POLL_S = 0.1  # how soon a requested stop is seen while photos are being read
CONNECT_TIMEOUT_S = 10
TaskRunner = Callable[[Callable[..., Any], Iterable[tuple[Any, ...]]], Iterator[tuple[int, Any]]]
"""``run(function, argument_tuples)``: yields ``(index, function(*arguments))`` as each finishes."""


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class WorkerPool:
    """Worker processes that run functions: ``workers`` of them, each loading the models once."""

    workers: int = 1
    where: str = ""

    def submit(self, function: Callable[..., Any], /, *args: Any) -> cf.Future:
        """Run ``function(*args)`` on a worker."""
        raise NotImplementedError

    def sees_file(self, path: Path) -> bool:
        """Whether every worker reads ``path`` (absolute) as this process does."""
        raise NotImplementedError

    def close(self, *, cancel: bool = False) -> None:
        """Stop the workers (``cancel``: drop the tasks not yet started)."""
        raise NotImplementedError

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close(cancel=error is not None)


class LocalPool(WorkerPool):
    """Worker processes on this machine (started fresh, so no thread of the driver is copied)."""

    def __init__(self, workers: int | None = None, *, load_models: bool = True) -> None:
        if workers is not None and workers < 1:
            raise BadInputError(f"--workers must be at least 1, not {workers}")
        self.workers = workers or default_workers()
        self.where = f"{self.workers} local worker{'s' if self.workers != 1 else ''}"
        self._pool = cf.ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_prepare_local_worker,
            initargs=(load_models,),
        )

    def submit(self, function: Callable[..., Any], /, *args: Any) -> cf.Future:
        return self._pool.submit(function, *args)

    def sees_file(self, path: Path) -> bool:
        return True

    def close(self, *, cancel: bool = False) -> None:
        self._pool.shutdown(wait=True, cancel_futures=cancel)


def _prepare_local_worker(load_models: bool) -> None:
    prepare_process(ignore_interrupts=True, load_models=load_models)


def import_distributed() -> Any:
    """The ``distributed`` module, or a one-line error naming the install command."""
    try:
        import distributed
    except ImportError:
        raise BoardsightError(f"a Dask cluster needs the cluster extra: {CLUSTER_EXTRA}") from None
    return distributed


class DaskPool(WorkerPool):
    """The workers of a running Dask cluster (``dask scheduler`` and ``dask worker``), by its address."""

    def __init__(
        self, address: str, *, timeout_s: float = CONNECT_TIMEOUT_S, load_models: bool = True
    ) -> None:
        distributed = import_distributed()
        try:
            self._client = distributed.Client(address, timeout=timeout_s, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as error:
            message = first_line(error)
            raise BadInputError(f"cannot reach the Dask scheduler at {address}: {message}") from None
        self.workers = sum(self._client.nthreads().values())
        if self.workers == 0:
            self._client.close()
            raise BadInputError(f"the Dask scheduler at {address} has no workers")
        self.where = f"the Dask cluster at {address} ({self.workers} worker threads)"
        self._client.run(prepare_process, load_models=load_models)
        self._executor = self._client.get_executor(pure=False)

    def submit(self, function: Callable[..., Any], /, *args: Any) -> cf.Future:
        return self._executor.submit(function, *args)

    def sees_file(self, path: Path) -> bool:
        size = path.stat().st_size
        answers = self._client.run(file_has_size, str(path), size)
        return bool(answers) and all(answers.values())

    def close(self, *, cancel: bool = False) -> None:
        if not cancel:
            self._executor.shutdown(wait=True)
            self._client.close()
            return
        # Results still on their way when a batch is stopped are dropped on purpose; Dask
        # would log each cut-off transfer as a traceback, during the close and, from the
        # event loop's own thread, after it.
        drop_cut_off_transfer_logs()
        loop_log = logging.getLogger("tornado.application")
        level = loop_log.level
        loop_log.setLevel(logging.CRITICAL)
        try:
            self._executor.shutdown(wait=False)
            self._client.close()
        finally:
            loop_log.setLevel(level)


CUT_OFF_LOGGERS = ("distributed", "tornado", "tornado.application")


def drop_cut_off_transfer_logs() -> None:
    """Keeps a stopped batch's cut-off transfers out of the log, from every logger of Dask
    and of its event loop (``distributed.batched`` logs them at info, with a traceback).

    The filter goes on each logger named and on each handler they print through, since a
    logger's own filter sees only the records made on it, not those of the loggers below.
    """
    loggers = [logging.getLogger(name) for name in CUT_OFF_LOGGERS]
    handlers = {handler for logger in [*loggers, logging.getLogger()] for handler in logger.handlers}
    for item in [*loggers, *handlers]:
        if not any(isinstance(f, _CutOffTransfers) for f in item.filters):
            item.addFilter(_CutOffTransfers())


class _CutOffTransfers(logging.Filter):
    """Drops the event loop's tracebacks of a connection closed under it (a stopped batch's
    transfers); every other record passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        from distributed.comm.core import CommClosedError
        from tornado.iostream import StreamClosedError

        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, (CommClosedError, StreamClosedError))


def file_has_size(path: str, size: int) -> bool:
    """Whether ``path`` is a file of ``size`` bytes here (asked of each Dask worker)."""
    try:
        return os.stat(path).st_size == size
    except OSError:
        return False


def open_pool(
    *, workers: int | None = None, scheduler: str | None = None, load_models: bool = True
) -> WorkerPool:
    """A Dask pool when a scheduler address is given, else a local pool of ``workers`` processes."""
    if scheduler is not None:
        if workers is not None:
            raise BadInputError(
                "--workers sizes the local pool; a Dask cluster has the workers it was started with"
            )
        return DaskPool(scheduler, load_models=load_models)
    return LocalPool(workers, load_models=load_models)


def runner(pool: WorkerPool) -> TaskRunner:
    """``run(function, argument_tuples)`` on ``pool``: yields ``(index, result)`` as each finishes
    (a task's error is raised here). Library code that takes such a function
    (:func:`boardsight.datasets.evaluation.evaluate`, the synthetic-set writer) thus runs on
    either pool without knowing of it."""

    def run(function: Callable[..., Any], arguments: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        for index, future in stream(pool, function, arguments):
            yield index, future.result()

    return run


@contextmanager
def task_runner(
    *, workers: int | None, scheduler: str | None, load_models: bool = True
) -> Iterator[TaskRunner | None]:
    """A :func:`runner` on the pool that ``workers`` and ``scheduler`` ask for, or None (run in
    this process) when they ask for neither a cluster nor more than one local worker."""
    if scheduler is None and workers in (None, 1):
        yield None
        return
    with open_pool(workers=workers, scheduler=scheduler, load_models=load_models) as pool:
        yield runner(pool)


def stream(
    pool: WorkerPool,
    function: Callable[..., Any],
    arguments: Iterable[tuple[Any, ...]],
    *,
    window: int | None = None,
    stop: threading.Event | None = None,
) -> Iterator[tuple[int, cf.Future]]:
    """Run ``function(*args)`` for each tuple of ``arguments``; yield ``(index, future)`` as each
    finishes, with at most ``window`` (default a few a worker) in flight. Tasks not yet
    finished when the caller stops, or when ``stop`` is set, are cancelled."""
    window = window or TASKS_PER_WORKER * pool.workers
    numbered = enumerate(arguments)
    pending: dict[cf.Future, int] = {}

    def fill() -> None:
        for index, args in numbered:
            pending[pool.submit(function, *args)] = index
            if len(pending) >= window:
                return

    try:
        fill()
        while pending:
            if stop is not None and stop.is_set():
                return
            poll = None if stop is None else STOP_POLL_S
            done, _ = cf.wait(pending, timeout=poll, return_when=cf.FIRST_COMPLETED)
            for future in sorted(done, key=pending.__getitem__):
                yield pending.pop(future), future
            fill()
    finally:
        for future in pending:
            future.cancel()
