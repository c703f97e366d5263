"""Refuse request bodies larger than the server accepts, before they are read into memory.

A declared ``Content-Length`` over the limit is answered 413 at once; a body sent without
one is counted as it arrives and cut off at the limit.
"""

from __future__ import annotations

from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardsight.web.errors import error_response
from boardsight.web.uploads import megabytes


class BodyTooLargeError(Exception):
    """Raised inside the app when a body without Content-Length grows past the limit."""


class BodyLimit:
    """ASGI middleware: HTTP request bodies of at most ``max_bytes``."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def _too_large(self) -> Any:
        return error_response(413, f"the request is larger than {megabytes(self.max_bytes)}")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None:
            try:
                too_large = int(declared) > self.max_bytes
            except ValueError:
                too_large = True
            if too_large:
                await self._too_large()(scope, receive, send)
                return
        received = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLargeError
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLargeError:
            if not started:
                await self._too_large()(scope, receive, send)
