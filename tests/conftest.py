"""Shared fixtures: every test gets its own cache folder, so none depends on another's leftovers;
tests that need a system package are skipped, with the reason, where it is missing."""

from __future__ import annotations

import shutil
from functools import cache

import pytest


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Point the compiled cache at a per-session temporary folder."""
    cache = tmp_path_factory.getbasetemp() / "cache"
    monkeypatch.setenv("BOARDSIGHT_CACHE_DIR", str(cache))
    return cache


# Tests that need a system package mark themselves; where the package is missing they are
# skipped with the reason (``make test`` installs them all from system-packages.txt).
INSTALL_HINT = "scripts/install-system-packages installs it (system-packages.txt)"


def _tesseract_missing() -> str | None:
    import pytesseract

    command = pytesseract.pytesseract.tesseract_cmd
    return None if shutil.which(command) else f"Tesseract ({command}) is not installed; {INSTALL_HINT}"


def _swedish_words_missing() -> str | None:
    from boardsight.lexicon.registry import _named_path

    path = _named_path("sv")  # where the lexicon "sv" is read from (BOARDSIGHT_SWEDISH or the system list)
    return (
        None
        if path.is_file()
        else f"the Swedish word list ({path}, package wswedish) is missing; {INSTALL_HINT}"
    )


def _fonts_missing() -> str | None:
    from boardsight.datasets.synth.fonts import FONT_FACES, font_path

    absent = [face.name for face in FONT_FACES if face.only_for is None and font_path(face) is None]
    return (
        f"{len(absent)} packaged fonts are not installed ({absent[0]}, ...); {INSTALL_HINT}"
        if absent
        else None
    )


SYSTEM_NEEDS = {
    "needs_tesseract": _tesseract_missing,
    "needs_swedish_words": _swedish_words_missing,
    "needs_fonts": _fonts_missing,
}


def pytest_configure(config: pytest.Config) -> None:
    for name in SYSTEM_NEEDS:
        config.addinivalue_line(
            "markers", f"{name}: skipped with the reason when that system package is missing"
        )


@cache
def _missing(name: str) -> str | None:
    return SYSTEM_NEEDS[name]()


def pytest_runtest_setup(item: pytest.Item) -> None:
    for name in SYSTEM_NEEDS:
        if item.get_closest_marker(name) is not None and (reason := _missing(name)):
            pytest.skip(reason)
