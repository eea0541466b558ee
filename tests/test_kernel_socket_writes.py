"""A message the server writes to a page that has just closed (``mend_closed_writes``): both
servers' logs must stay free of tracebacks, and CI found asyncio's "Task exception was never
retrieved" there twice (2026-12-04, 2026-12-06) for a student's tab closed as a kernel wrote to it."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest
from tornado import iostream, websocket

from landlord.apps.classroom import kernels

RAW_WRITE = getattr(websocket.WebSocketProtocol13.write_message, "__wrapped__",
                    websocket.WebSocketProtocol13.write_message)
"""Tornado's own ``write_message`` (unmended, even if a kernel manager made in this process mended it)."""


def logged_by_writing(monkeypatch: pytest.MonkeyPatch, failure: BaseException, mended: bool) -> list[dict[str, Any]]:
    """What the loop's exception handler received after one message was written, and never
    awaited, to a socket whose frame failed with ``failure``."""
    def failing_frame(self: websocket.WebSocketProtocol13, *args: Any, **kwargs: Any) -> asyncio.Future[None]:
        frame: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        frame.set_exception(failure)
        return frame

    monkeypatch.setattr(websocket.WebSocketProtocol13, "_write_frame", failing_frame)
    monkeypatch.setattr(websocket.WebSocketProtocol13, "write_message", RAW_WRITE)
    if mended:
        kernels.mend_closed_writes()
    protocol = object.__new__(websocket.WebSocketProtocol13)  # (only what write_message reads)
    protocol._message_bytes_out = 0
    protocol._compressor = None
    logged: list[dict[str, Any]] = []

    async def write_and_forget() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: logged.append(context))
        protocol.write_message('{"msg_type": "comm_msg"}')  # the writers of kernel messages do not await
        for _ in range(5):
            await asyncio.sleep(0)
        gc.collect()  # a never-read failure is logged when its future is collected

    asyncio.run(write_and_forget())
    return logged


def test_a_message_to_a_page_that_closed_logs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert logged_by_writing(monkeypatch, iostream.StreamClosedError(), mended=True) == []


def test_without_the_mend_the_closed_page_is_logged_as_never_retrieved(monkeypatch: pytest.MonkeyPatch) -> None:
    """What CI's logs showed: the test above fails on the code before the mend."""
    logged = logged_by_writing(monkeypatch, iostream.StreamClosedError(), mended=False)
    assert [c["message"] for c in logged] == ["Task exception was never retrieved"]
    assert isinstance(logged[0]["exception"], websocket.WebSocketClosedError)


def test_any_other_failure_of_a_write_is_still_logged(monkeypatch: pytest.MonkeyPatch) -> None:
    logged = logged_by_writing(monkeypatch, ValueError("a frame the socket refused"), mended=True)
    assert [type(c["exception"]) for c in logged] == [ValueError]
