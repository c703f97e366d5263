"""Threads one reading may use: work it would do anyway (or may need) done on another core meanwhile.

A reading runs on one thread unless it is given ``threads`` > 1; a single read from the
command line takes every core of the machine (:func:`reading_threads` of None), a batch
worker one (it calls :func:`set_default_threads`, so N workers use N cores). The work
handed to other threads is OpenCV's and onnxruntime's, which release the GIL, and each
piece is the very call the one-thread reading makes, on the same inputs, so the results
are the same to the last bit:

- :func:`map_threads` runs independent calls (batches of crops through a classifier) at once;
- :class:`Aside` starts a call that the caller may need later (a second segment pass of
  the board search), so that it is ready when asked for; with one thread it runs only
  when asked for, where the sequential code ran it. Work started aside and never asked
  for costs CPU time but no wall time while a core is free.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from boardsight.errors import BadInputError

Result = TypeVar("Result")
Item = TypeVar("Item")

_pools: dict[int, ThreadPoolExecutor] = {}
_lock = threading.Lock()
_default: int | None = None  # what None stands for in this process; None: every core


def machine_threads() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def reading_threads(threads: int | None) -> int:
    """``threads`` checked (a whole number of at least 1); for None, this process's default
    (:func:`set_default_threads`), else every core."""
    if threads is None:
        return _default if _default is not None else machine_threads()
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise BadInputError(f"threads must be a whole number of at least 1, not {threads!r}")
    return threads


def set_default_threads(threads: int | None) -> None:
    """Make ``threads`` what a reading of this process uses when not told (None: every core)."""
    global _default
    _default = None if threads is None else reading_threads(threads)


def _pool(threads: int) -> ThreadPoolExecutor:
    """The process's pool of helpers for readings on ``threads`` threads (the caller's is one
    of them, so the pool has one fewer), made when first needed."""
    with _lock:
        if threads not in _pools:
            _pools[threads] = ThreadPoolExecutor(max_workers=threads - 1, thread_name_prefix="boardsight")
        return _pools[threads]


def _forget_pools() -> None:
    """A forked child has none of its parent's threads: it makes its own pools."""
    global _lock
    _pools.clear()
    _lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pools)


def map_threads(function: Callable[[Item], Result], items: Iterable[Item], threads: int) -> list[Result]:
    """``[function(item) for item in items]``, on up to ``threads`` threads at once (the caller's too).

    Each thread takes the next item not yet taken; a helper still busy elsewhere (with an
    :class:`Aside`) when the caller has done every item is not waited for.
    """
    items = list(items)
    if threads <= 1 or len(items) <= 1:
        return [function(item) for item in items]
    results: list[Any] = [None] * len(items)
    order = iter(range(len(items)))
    taking = threading.Lock()

    def work() -> None:
        while True:
            with taking:
                index = next(order, None)
            if index is None:
                return
            results[index] = function(items[index])

    pool = _pool(threads)
    helpers = [pool.submit(work) for _ in range(min(threads, len(items)) - 1)]
    work()
    for helper in helpers:
        if not helper.cancel():
            helper.result()
    return results


class Aside(Generic[Result]):
    """``function(*args, **kwargs)``, started on another thread now (``threads`` > 1) or run
    on the caller's thread when :meth:`result` is first asked for (one thread)."""

    def __init__(self, function: Callable[..., Result], *args: Any, threads: int, **kwargs: Any) -> None:
        self._call = (function, args, kwargs)
        self._future: Future[Result] | None = None
        if threads > 1:
            self._future = _pool(threads).submit(function, *args, **kwargs)

    def result(self) -> Result:
        """The call's result (or its exception, raised), waiting for it if it is still running."""
        if self._future is None:
            function, args, kwargs = self._call
            self._future = Future()
            try:
                self._future.set_result(function(*args, **kwargs))
            except BaseException as error:
                self._future.set_exception(error)
        return self._future.result()

    def cancel(self) -> None:
        """Drop the call if it has not started yet (no longer needed, likely); it then runs on
        the caller's thread if :meth:`result` is asked for after all."""
        if self._future is not None and self._future.cancel():
            self._future = None
