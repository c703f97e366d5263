"""``/``: the review page itself, and ``/api/options``: the choices it offers."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from boardsight import __version__
from boardsight.web import library

router = APIRouter()


def page_options(request: Request) -> dict[str, Any]:
    folder = request.app.state.folder
    return {**library.options(), "folder": folder.root.name if folder else None, "version": __version__}


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def index(request: Request) -> HTMLResponse:
    return request.app.state.templates.TemplateResponse(
        request, "index.html", {"options": page_options(request), "version": __version__}
    )


@router.get("/api/options", tags=["page"], summary="Rules, lexicons and the served folder")
def options(request: Request) -> dict[str, Any]:
    return page_options(request)
