"""The helpers that let one reading use more threads: the same results as one thread."""

from __future__ import annotations

import threading

import pytest

from boardsight import threads as threads_module
from boardsight.errors import BadInputError
from boardsight.threads import Aside, machine_threads, map_threads, reading_threads, set_default_threads


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_map_threads_keeps_the_order_of_the_items(threads: int) -> None:
    assert map_threads(lambda x: x * x, range(10), threads) == [x * x for x in range(10)]
    assert map_threads(lambda x: x, [], threads) == []


def test_map_threads_runs_on_more_than_one_thread() -> None:
    both = threading.Barrier(2, timeout=10)

    def meet(item: int) -> int:
        both.wait()  # returns only when a second thread is here too
        return item

    assert map_threads(meet, [1, 2], 2) == [1, 2]


def test_map_threads_raises_what_a_call_raises() -> None:
    def fail(item: int) -> int:
        if item == 3:
            raise ValueError("three")
        return item

    with pytest.raises(ValueError, match="three"):
        map_threads(fail, range(6), 2)


def test_aside_on_one_thread_runs_only_when_asked() -> None:
    calls = []
    aside = Aside(lambda x, y=0: calls.append(x + y) or x + y, 2, y=3, threads=1)
    assert calls == []
    assert aside.result() == 5 and aside.result() == 5
    assert calls == [5]


def test_aside_on_two_threads_starts_at_once() -> None:
    started = threading.Event()
    aside = Aside(lambda: started.set() or "done", threads=2)
    assert started.wait(timeout=10)  # without anyone asking for the result
    assert aside.result() == "done"


@pytest.mark.parametrize("threads", [1, 2])
def test_aside_raises_its_error_when_asked(threads: int) -> None:
    def fail() -> None:
        raise LookupError("missing")

    aside = Aside(fail, threads=threads)
    with pytest.raises(LookupError, match="missing"):
        aside.result()


def test_reading_threads_are_every_core_or_a_whole_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(threads_module, "_default", None)  # as in a process that set no default
    assert reading_threads(None) == machine_threads() >= 1
    assert reading_threads(3) == 3
    for wrong in (0, -1, 1.5, True, "2"):
        with pytest.raises(BadInputError, match="threads must be"):
            reading_threads(wrong)  # type: ignore[arg-type]


def test_a_process_default_stands_for_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(threads_module, "_default", None)
    set_default_threads(1)
    assert reading_threads(None) == 1
    assert reading_threads(2) == 2  # an explicit number still holds
    set_default_threads(None)
    assert reading_threads(None) == machine_threads()


def test_an_aside_cancelled_before_it_starts_runs_when_asked() -> None:
    hold = threading.Event()
    busy = Aside(hold.wait, 10, threads=2)  # keeps the one helper of a two-thread pool busy
    calls = []
    waiting = Aside(lambda: calls.append(threading.current_thread()) or "late", threads=2)
    waiting.cancel()
    hold.set()
    assert busy.result() is True
    assert calls == []
    assert waiting.result() == "late" and calls == [threading.current_thread()]
