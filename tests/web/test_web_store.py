"""The readings kept for fixing: by id, the oldest dropped first, a clear error for a lost one."""

from __future__ import annotations

import pytest

from boardsight.web.store import ReadingExpiredError, ReadingStore


def test_the_oldest_reading_goes_when_the_store_is_full() -> None:
    store: ReadingStore[str] = ReadingStore(capacity=2)
    first, second = store.add("first"), store.add("second")
    assert store.get(first) == "first"  # now the most recently used
    third = store.add("third")
    assert store.get(first) == "first" and store.get(third) == "third"
    with pytest.raises(ReadingExpiredError, match="load the photo again"):
        store.get(second)


def test_ids_are_not_guessable_in_sequence() -> None:
    store: ReadingStore[int] = ReadingStore()
    ids = {store.add(number) for number in range(10)}
    assert len(ids) == 10 and all(len(key) >= 16 for key in ids)
