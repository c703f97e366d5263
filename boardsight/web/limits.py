"""Refuse request bodies larger than the server accepts, before any of it is read.

Every request with a body must declare its ``Content-Length`` (browsers and HTTP clients
do; the server reads no more than it declares): over the limit is answered 413, a body
of unknown length 411, both before the app reads a byte.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from boardsight.web.errors import error_response
from boardsight.web.uploads import megabytes

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class BodyLimit:
    """ASGI middleware: HTTP request bodies of a declared length of at most ``max_bytes``."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def refusal(self, scope: Scope):
        """The answer to a request whose body must not be read, or None when it may."""
        if scope["type"] != "http":
            return None
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is None:
            if scope.get("method") in BODY_METHODS and b"transfer-encoding" in headers:
                return error_response(411, "send the request with its Content-Length")
            return None
        try:
            length = int(declared)
        except ValueError:
            return error_response(400, "the Content-Length is not a number")
        if length > self.max_bytes:
            return error_response(413, f"the request is larger than {megabytes(self.max_bytes)}")
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        refused = self.refusal(scope)
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)
