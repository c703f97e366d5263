"""What the fuzz tests share: real inputs mutated, cut short or replaced by random bytes, and
the check that a reader given any of them raises nothing but boardsight's own errors.

The number of examples a fuzz test tries comes from ``BOARDSIGHT_FUZZ_EXAMPLES`` (100 by
default, so the suite stays quick); ``benchmarks/fuzz_inputs.py`` runs the same tests far
longer. An example that runs past ``HANG_SECONDS`` fails as a hang.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from boardsight.errors import BoardsightError

FUZZ_EXAMPLES = int(os.environ.get("BOARDSIGHT_FUZZ_EXAMPLES", "100"))
HANG_SECONDS = 20

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    """``seed`` cut short, with bytes changed, inserted, deleted or repeated (a few edits)."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["truncate", "flip", "insert", "delete", "repeat"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "truncate":
            del data[at:]
        elif kind == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=64))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 64))]
        elif kind == "repeat":
            piece = bytes(data[at : at + draw(st.integers(1, 64))])
            data[at:at] = piece * draw(st.integers(1, 50))
    return bytes(data)


def inputs(*seeds: bytes, max_random: int = 2048) -> st.SearchStrategy[bytes]:
    """Mutations of any of ``seeds``, the seeds whole, and random bytes."""
    return st.one_of(
        st.sampled_from(seeds).flatmap(mutated),
        st.sampled_from(seeds),
        st.binary(max_size=max_random),
    )


def text_inputs(*seeds: str) -> st.SearchStrategy[str]:
    """Like :func:`inputs` for readers of text: the bytes decoded, bad UTF-8 replaced; and random text."""
    as_text = inputs(*(seed.encode() for seed in seeds), max_random=512).map(
        lambda data: data.decode("utf-8", errors="replace")
    )
    return st.one_of(as_text, st.text(max_size=512))


@contextmanager
def hang_guard(seconds: int = HANG_SECONDS) -> Iterator[None]:
    """Fail an example that runs for ``seconds`` (a hang, not slowness: the limit is far off)."""

    def stop(_signum: int, _frame: Any) -> None:
        raise AssertionError(f"no answer after {seconds} s: the reader hangs on this input")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def reads_cleanly(read: Callable[[Any], Any], data: Any) -> Any:
    """Call ``read(data)``: it may return or raise a :class:`BoardsightError` (one clear line),
    nothing else. Returns what it returned, or None."""
    with hang_guard():
        try:
            return read(data)
        except BoardsightError as error:
            assert str(error).strip(), "an error without a message"
            return None
