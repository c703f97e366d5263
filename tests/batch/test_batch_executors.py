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


def test_a_cut_off_transfer_logged_below_dask_s_own_logger_is_dropped_too() -> None:
    """``distributed.batched`` logs a closed connection at info, with its traceback, through
    the handler on ``distributed``; a filter on the logger alone would not see it."""
    import io

    from distributed.comm.core import CommClosedError

    from boardsight.batch.executors import drop_cut_off_transfer_logs

    printed = io.StringIO()
    handler = logging.StreamHandler(printed)
    dask_log = logging.getLogger("distributed")
    dask_log.addHandler(handler)
    batched = logging.getLogger("distributed.batched")
    level = batched.level
    batched.setLevel(logging.INFO)
    try:
        drop_cut_off_transfer_logs()
        try:
            raise CommClosedError()
        except CommClosedError:
            batched.info("Batched Comm Closed", exc_info=True)
        try:
            raise ValueError("a real fault")
        except ValueError:
            batched.error("Error in batched write", exc_info=True)
    finally:
        dask_log.removeHandler(handler)
        batched.setLevel(level)
    assert "Batched Comm Closed" not in printed.getvalue()
    assert "Error in batched write" in printed.getvalue() and "a real fault" in printed.getvalue()
