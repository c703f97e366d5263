"""Shared fixtures: every test gets its own cache folder, so none depends on another's leftovers."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Point the compiled cache at a per-session temporary folder."""
    cache = tmp_path_factory.getbasetemp() / "cache"
    monkeypatch.setenv("BOARDSIGHT_CACHE_DIR", str(cache))
    return cache
