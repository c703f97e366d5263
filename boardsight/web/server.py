"""The review page's web app: :func:`create_app` builds it, :func:`serve` runs it with uvicorn."""

from __future__ import annotations

import socket
import threading
import time
import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from fastapi_offline import FastAPIOffline

from boardsight import __version__
from boardsight.web.errors import install_error_handlers
from boardsight.web.folder import PhotoFolder
from boardsight.web.limits import BodyLimit
from boardsight.web.routes import boggle, page, reading, scrabble
from boardsight.web.routes import folder as folder_routes
from boardsight.web.store import ReadingStore
from boardsight.web.uploads import MAX_UPLOAD_BYTES

PACKAGE_DIR = Path(str(resources.files("boardsight.web")))
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
FORM_OVERHEAD_BYTES = 64 * 1024  # room for the multipart framing and form fields around a photo


def create_app(folder: Path | None = None, *, max_upload_bytes: int = MAX_UPLOAD_BYTES) -> FastAPI:
    """The app: the page at ``/``, the JSON API under ``/api`` (documented at ``/docs``).

    With ``folder``, the page offers the photos of that folder and saves sidecars beside them.
    """
    api = FastAPIOffline(  # /docs served from the package, not from a CDN: the page works offline
        title="boardsight review page",
        version=__version__,
        description="Read Boggle trays and Scrabble boards from photos, fix the reading, judge the words.",
    )
    api.state.folder = PhotoFolder(folder) if folder is not None else None
    api.state.readings = ReadingStore()
    api.state.max_upload_bytes = max_upload_bytes
    api.state.templates = Jinja2Templates(directory=str(PACKAGE_DIR / "templates"))
    install_error_handlers(api)
    api.add_middleware(BodyLimit, max_bytes=max_upload_bytes + FORM_OVERHEAD_BYTES)
    for area in (page, reading, boggle, scrabble, folder_routes):
        api.include_router(area.router)
    api.mount("/static", StaticFiles(directory=str(PACKAGE_DIR / "static")), name="static")
    return api


def is_loopback(host: str) -> bool:
    """Whether ``host`` listens on this machine only."""
    return host in LOOPBACK_HOSTS or host.startswith("127.")


def page_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def serve(
    *, host: str = "127.0.0.1", port: int = 8765, folder: Path | None = None, open_browser: bool = True
) -> None:
    """Run the page until interrupted, opening it in the browser once the server is up."""
    import uvicorn

    api = create_app(folder)
    if open_browser:
        timer = threading.Timer(1.0, webbrowser.open, args=(page_url(host, port),))
        timer.daemon = True
        timer.start()
    uvicorn.run(api, host=host, port=port, log_level="warning")


@contextmanager
def serving_in_background(api: FastAPI) -> Iterator[str]:
    """Serve ``api`` on a free loopback port in a daemon thread; yields the page's URL.

    For scripts that drive the page in a browser (benchmarks, screenshots); the server
    stops when the block ends.
    """
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(api, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield page_url("127.0.0.1", port)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
