"""Every error the API answers is JSON ``{"error": "one line"}`` with a 4xx (or 500) status.

Bad input (a :class:`~boardsight.errors.BadInputError`, a malformed request) is the
caller's to fix and gets a 4xx; anything else is logged and answered 500, and the server
goes on serving.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from boardsight.errors import BoardsightError, NotFoundError, first_line
from boardsight.vision.reading import BoardNotFoundError
from boardsight.web.folder import FileExistsConflictError
from boardsight.web.uploads import UploadTooLargeError

LOG = logging.getLogger("boardsight.web")


def error_response(status: int, message: str) -> JSONResponse:
    """The JSON error answer: one line saying what was wrong."""
    return JSONResponse({"error": first_line(message, "error")}, status_code=status)


def status_for(error: BoardsightError) -> int:
    """The HTTP status of a boardsight error."""
    if isinstance(error, UploadTooLargeError):
        return 413
    if isinstance(error, FileExistsConflictError):
        return 409
    if isinstance(error, BoardNotFoundError):
        return 422
    if isinstance(error, NotFoundError):
        return 404
    return 400


def _validation_message(error: RequestValidationError) -> str:
    problems = []
    for item in error.errors():
        where = ".".join(str(part) for part in item.get("loc", ()) if part not in ("body", "query", "path"))
        problems.append(f"{where or 'request'}: {item.get('msg', 'invalid')}")
    return "bad request: " + "; ".join(problems)


def install_error_handlers(api: FastAPI) -> None:
    """Answer every error of ``api`` as JSON."""

    @api.exception_handler(BoardsightError)
    async def boardsight_error(_: Request, error: BoardsightError) -> JSONResponse:
        return error_response(status_for(error), str(error))

    @api.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, _validation_message(error))

    @api.exception_handler(HTTPException)
    async def http_error(_: Request, error: HTTPException) -> JSONResponse:
        return error_response(error.status_code, str(error.detail))

    @api.exception_handler(Exception)
    async def internal_error(request: Request, error: Exception) -> JSONResponse:
        LOG.exception("internal error answering %s %s", request.method, request.url.path)
        return error_response(500, f"internal error ({type(error).__name__}); see the server's log")
