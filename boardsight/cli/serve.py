"""``boardsight serve``: the local review page (needs the ``web`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardsight.errors import BadInputError, NotFoundError

WEB_EXTRA_HINT = "boardsight serve needs the web extra: pip install 'boardsight[web]'"
WEB_MODULES = ("fastapi", "fastapi_offline", "uvicorn", "jinja2", "multipart", "starlette")


def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on; 127.0.0.1 keeps the page on this machine.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8765,
    no_open: Annotated[bool, typer.Option("--no-open", help="Do not open the page in the browser.")] = False,
    folder: Annotated[
        Path | None,
        typer.Option(
            "--folder",
            help="Offer the photos of this folder one after another and save their sidecars beside them.",
        ),
    ] = None,
) -> None:
    """Start the review page: see what was read in a photo, fix it in a click, get the verdicts."""
    if folder is not None and not folder.is_dir():
        raise NotFoundError(f"{folder}: no such folder")
    try:
        from boardsight.web.server import is_loopback, page_url
        from boardsight.web.server import serve as run_server
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] in WEB_MODULES:
            raise BadInputError(WEB_EXTRA_HINT) from None
        raise
    if not is_loopback(host):
        typer.echo(
            f"boardsight: warning: listening on {host}: anyone who can reach this machine can use the page",
            err=True,
        )
    typer.echo(f"boardsight review page at {page_url(host, port)} (Ctrl+C stops it)", err=True)
    run_server(host=host, port=port, folder=folder, open_browser=not no_open)
