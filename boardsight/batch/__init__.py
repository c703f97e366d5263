"""Read many photos at once: on a local pool of worker processes or on a Dask cluster.

The parts, each with one job:

* :mod:`~boardsight.batch.photos`: which photos the arguments name;
* :mod:`~boardsight.batch.work`: what a worker does with one photo (pure functions
  that any executor can ship);
* :mod:`~boardsight.batch.lines`: the JSON line of a result and its CSV row;
* :mod:`~boardsight.batch.resume`: what an earlier run left in the output file;
* :mod:`~boardsight.batch.executors`: where the work runs (:class:`LocalPool`,
  :class:`DaskPool`) and :func:`stream`, which drives either;
* :mod:`~boardsight.batch.run`: the driver that writes one line per photo as it is done.
"""

from __future__ import annotations

from boardsight.batch.executors import DaskPool, LocalPool, WorkerPool, open_pool, stream
from boardsight.batch.run import BatchSummary, run_batch
from boardsight.batch.work import BatchOptions

__all__ = [
    "BatchOptions",
    "BatchSummary",
    "DaskPool",
    "LocalPool",
    "WorkerPool",
    "open_pool",
    "run_batch",
    "stream",
]
