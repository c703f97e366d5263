"""Ctrl-C as a request to stop: the flag, and the task stream that looks at it."""

from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardsight.batch.executors import WorkerPool, stream
from boardsight.batch.stopping import ctrl_c_requests_stop


class ThreadPool(WorkerPool):
    """Tasks on two threads of the test process."""

    def __init__(self) -> None:
        self.workers = 2
        self.where = "this process"
        self._pool = cf.ThreadPoolExecutor(max_workers=2)

    def submit(self, function: Callable[..., Any], /, *args: Any) -> cf.Future:
        return self._pool.submit(function, *args)

    def sees_file(self, path: Path) -> bool:
        return True

    def close(self, *, cancel: bool = False) -> None:
        self._pool.shutdown(wait=True, cancel_futures=cancel)


def test_sigint_sets_the_flag_instead_of_raising_and_the_handler_comes_back() -> None:
    before = signal.getsignal(signal.SIGINT)
    with ctrl_c_requests_stop() as stop:
        assert not stop.is_set()
        os.kill(os.getpid(), signal.SIGINT)
        assert stop.wait(5)
    assert signal.getsignal(signal.SIGINT) is before


def test_off_the_main_thread_the_flag_stays_unset_and_nothing_is_installed() -> None:
    seen: list[bool] = []

    def body() -> None:
        with ctrl_c_requests_stop() as stop:
            seen.append(stop.is_set())

    before = signal.getsignal(signal.SIGINT)
    worker = threading.Thread(target=body)
    worker.start()
    worker.join()
    assert seen == [False] and signal.getsignal(signal.SIGINT) is before


def test_a_set_stop_ends_the_stream_and_cancels_what_has_not_started() -> None:
    release = threading.Event()
    started: list[int] = []

    def task(number: int) -> int:
        started.append(number)
        release.wait(5)
        return number

    stop = threading.Event()
    pool = ThreadPool()
    try:
        finished = stream(pool, task, ((number,) for number in range(20)), window=6, stop=stop)
        stop.set()
        assert list(finished) == []
    finally:
        release.set()
        pool.close()
    assert len(started) <= 2  # the two already running; the other four waiting were cancelled


def test_without_a_stop_every_task_is_yielded() -> None:
    pool = ThreadPool()
    try:
        results = sorted(future.result() for _, future in stream(pool, abs, ((-n,) for n in range(9))))
    finally:
        pool.close()
    assert results == list(range(9))
