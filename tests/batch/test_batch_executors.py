"""The worker pools: what a stopped Dask batch leaves in the log."""

from __future__ import annotations

import logging
import sys

import pytest

from boardsight.batch.executors import _CutOffTransfers

pytest.importorskip("distributed", reason="the Dask pool needs the cluster extra")


def _record(error: Exception | None) -> logging.LogRecord:
    exc_info = None
    if error is not None:
        try:
            raise error
        except type(error):
            exc_info = sys.exc_info()
    return logging.LogRecord(
        "tornado.application", logging.ERROR, __file__, 1, "Exception in callback", None, exc_info
    )


def test_a_transfer_cut_off_by_a_stopped_batch_is_not_logged_but_other_errors_are() -> None:
    from distributed.comm.core import CommClosedError
    from tornado.iostream import StreamClosedError

    drop = _CutOffTransfers()
    assert not drop.filter(_record(CommClosedError()))
    assert not drop.filter(_record(StreamClosedError()))
    assert drop.filter(_record(ValueError("a real fault")))
    assert drop.filter(_record(None))
