"""Worker processes keep image-sized buffers on the heap whatever malloc settings they started with."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

from boardsight.batch.allocator import keep_image_buffers_on_heap


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt thresholds are glibc's")
def test_thresholds_are_raised_under_the_nanny_setting() -> None:
    code = "from boardsight.batch.allocator import keep_image_buffers_on_heap as k; print(k())"
    env = {"MALLOC_TRIM_THRESHOLD_": "65536", "PATH": ""}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"


def test_says_whether_it_could() -> None:
    assert isinstance(keep_image_buffers_on_heap(), bool)
