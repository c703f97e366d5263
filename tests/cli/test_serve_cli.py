"""``boardsight serve``: options, the loopback warning, one-line errors."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardsight.cli import serve as serve_cli
from boardsight.cli.app import app

runner = CliRunner()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Record how the server would be started instead of starting it."""
    pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
    calls: list[dict] = []
    monkeypatch.setattr("boardsight.web.server.serve", lambda **options: calls.append(options))
    return calls


def test_serve_listens_on_loopback_by_default(started: list[dict]) -> None:
    result = runner.invoke(app, ["serve", "--no-open"])
    assert result.exit_code == 0, result.stderr
    assert started == [{"host": "127.0.0.1", "port": 8765, "folder": None, "open_browser": False}]
    assert "warning" not in result.stderr and "http://127.0.0.1:8765/" in result.stderr


def test_serve_warns_when_listening_beyond_this_machine(started: list[dict], tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", "9000", "--folder", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert "warning: listening on 0.0.0.0" in result.stderr
    assert started[0]["folder"] == tmp_path and started[0]["open_browser"]


def test_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--folder", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("no such folder") and len(result.stderr.strip().splitlines()) == 1


def test_without_the_web_extra_serve_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_fastapi(name: str, *args, **kwargs):
        if name == "boardsight.web.server" or name.startswith("fastapi"):
            raise ModuleNotFoundError(f"No module named {name!r}", name="fastapi")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_fastapi)
    result = runner.invoke(app, ["serve", "--no-open"])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"boardsight: error: {serve_cli.WEB_EXTRA_HINT}"
