"""Ctrl-C during a batch as a request to stop, seen between photos.

A ``KeyboardInterrupt`` raised at an arbitrary point of the pool's own code (a lock
half taken in ``concurrent.futures``, a call into Dask's event loop) can leave it unable
to shut down; a flag set by the signal handler and looked at by the driver cannot.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def ctrl_c_requests_stop() -> Iterator[threading.Event]:
    """An event that Ctrl-C (SIGINT) sets while the block runs, instead of raising.

    Off the main thread, where Python lets no handler be set, the event is never set
    and Ctrl-C raises as usual.
    """
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)
