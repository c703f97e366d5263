"""Keep image-sized buffers on the heap in worker processes that glibc would map anew each time.

Dask's nanny starts each worker with ``MALLOC_TRIM_THRESHOLD_`` set, and setting that
also fixes glibc's mmap threshold at its 128 KiB default: every decoded photo, crop and
tensor is then mapped and unmapped afresh, and the page faults cost a worker about a
quarter of its time on photos. Raising both thresholds gives memory back only past them.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
HEAP_BUFFER_BYTES = 32 * 1024 * 1024  # glibc's own ceiling for the mmap threshold on 64-bit
TRIM_BYTES = 2 * HEAP_BUFFER_BYTES


def keep_image_buffers_on_heap() -> bool:
    """Raise glibc's mmap and trim thresholds in this process; whether it could (glibc only)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, HEAP_BUFFER_BYTES)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_BYTES))
