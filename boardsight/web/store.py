"""The readings the page is working on, kept in memory by id so a fix needs no new upload.

The page sends the full list of its fixes each time (undo drops the last one), and the
server applies them to the reading as first read; only the last few readings are kept.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Generic, TypeVar

from boardsight.errors import NotFoundError

KEPT_READINGS = 16
T = TypeVar("T")


class ReadingExpiredError(NotFoundError):
    """The reading asked for is no longer kept (or never was)."""


class ReadingStore(Generic[T]):
    """The last ``capacity`` readings, by a random id."""

    def __init__(self, capacity: int = KEPT_READINGS) -> None:
        self.capacity = capacity
        self._items: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, item: T) -> str:
        """Keep ``item`` and answer its id; the oldest reading goes when the store is full."""
        key = secrets.token_urlsafe(12)
        with self._lock:
            self._items[key] = item
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
        return key

    def get(self, key: str) -> T:
        with self._lock:
            try:
                self._items.move_to_end(key)
                return self._items[key]
            except KeyError:
                raise ReadingExpiredError("that reading is no longer kept: load the photo again") from None
