"""A cheap Voilà page for load tests: one student's client speaking HTTP and the Jupyter kernel
+ widget protocol over loopback, doing what Voilà 0.5.13's page does with ipywidgets 8.

What the page does, and this client with it (Voilà's ``widgets-manager8`` bundle,
``KernelWidgetManager._loadFromKernel``):

1. GET the notebook's address: Voilà hands a warm kernel the request (or starts one) and streams
   the rendered cells; the page's ``jupyter-config-data`` names the ``kernelId``.
2. Open the kernel's channels websocket (``/api/kernels/<id>/channels``, Jupyter's JSON
   protocol; binary frames decoded with jupyter_server's own function).
3. Open a ``jupyter.widget.control`` comm and send ``{"method": "request_states"}``; the kernel
   answers ``update_states`` with every widget's state. From then on the kernel's ``comm_open``
   (new widgets) and ``comm_msg`` ``update`` / ``echo_update`` messages keep the states current,
   as they keep the page's widgets.
4. Typing sets a widget's ``value`` (comm ``update``); a click is the comm ``custom`` message
   ``{"event": "click"}`` a button view sends.
5. Closing the tab posts Voilà's page-close beacon (``/voila/api/shutdown/<id>``).
6. The page's pulse: the student app's Play widget runs a timer in the browser that sets its
   ``value`` every couple of seconds (the class's sign that the page is alive); :meth:`pulse`
   does the same. A frozen page (:attr:`frozen`: a sleeping phone, a stopped tab) sends nothing,
   neither pulse nor clicks, while its connection stays open.
7. After a restart the page reloads itself onto its seat: :meth:`reopen` loads the page's
   address with the seat key the page put in its address.

A hostile page (:meth:`flood_updates`, :meth:`flood_clicks`, :meth:`send_binary`,
:meth:`send_oversized`) sends what the issue's attacks sent, over the same socket.

It draws nothing: that the pages really draw is the browser test's job
(``tests/test_classroom_browser.py``) and the load test's ``--browsers`` students.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.connection.base import deserialize_binary_message
from tornado import httpclient, websocket

ERROR_TEXT = "There was an error when executing cell"
"""What Voilà's page shows for a cell that raised."""
SEQ = re.compile(r'class="ll-seq" data-seq="(-?\d+)"')
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')

httpclient.AsyncHTTPClient.configure(None, max_clients=1000)


class PageError(RuntimeError):
    """The page could not be loaded (an HTTP error, no kernel, the websocket closed)."""


class VoilaClient:
    """One page of a Voilà app, as its widgets' states (no drawing)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.base = url.split("/voila/")[0]
        self.kernel_id = ""
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}
        self.seen: dict[int, float] = {}
        """Each record length the page's ``ll-seq`` marker showed, with when first (ms since the epoch)."""
        self.errors = 0
        self.html = ""
        self._ws: websocket.WebSocketClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._control = ""
        self._states: asyncio.Future[dict[str, Any]] | None = None
        self.frozen = False
        """The page is frozen: it sends nothing (its connection stays open)."""
        self._pulse: asyncio.Task[None] | None = None
        self.handled: set[str] = set()
        """The ids of the messages the kernel has finished handling (its idle status names
        them as its parent): every widget change a click made has arrived once its id is here."""

    # -- the page's life ---------------------------------------------------------------------
    async def open(self, timeout: float = 600) -> None:
        """Load the page and connect its widgets (the page is interactive when this returns)."""
        try:
            r = await httpclient.AsyncHTTPClient().fetch(self.url, request_timeout=timeout, connect_timeout=timeout)
        except httpclient.HTTPClientError as exc:
            raise PageError(f"HTTP {exc.code} for the page") from exc
        self.html = r.body.decode()
        self.errors += self.html.count(ERROR_TEXT)
        m = KERNEL_ID.search(self.html)
        if not m:
            body = re.sub(r"<[^>]+>|\s+", " ", self.html.split("<body", 1)[-1])[:160].strip()
            raise PageError(f"the page names no kernel ({len(self.html)} characters: {body!r})")
        self.kernel_id = m.group(1)
        ws_url = (self.base.replace("http", "ws", 1) +
                  f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self._ws = await websocket.websocket_connect(ws_url, connect_timeout=timeout,
                                                     max_message_size=256 * 1024 * 1024)
        self._reader = asyncio.create_task(self._read())
        self._control = uuid.uuid4().hex
        self._states = asyncio.get_running_loop().create_future()
        self._send("comm_open", {"comm_id": self._control, "target_name": "jupyter.widget.control",
                                 "data": {}}, metadata={"version": "1.0.0"})
        self._send("comm_msg", {"comm_id": self._control, "data": {"method": "request_states"}})
        # the states, unless the server closes the socket first (a page cut off as it loads
        # waited for them until the timeout, 600 s, and missed the next flood's window)
        either: set[asyncio.Future[Any]] = {self._states, self._reader}
        await asyncio.wait(either, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if not self._states.done():
            self._states.cancel()
            if self._reader.done():
                raise PageError("the page's kernel connection closed before its widgets' states came")
            raise TimeoutError("the page's widgets' states did not come in time")
        states = self._states.result()
        self._send("comm_close", {"comm_id": self._control, "data": {}})
        for model_id, s in states.items():
            self.models.setdefault(model_id, {}).update(s["state"])
            self.models[model_id].setdefault("_model_name", s.get("model_name"))
        self._look(self.models.values())

    def pulse(self, every: float = 2.0) -> None:
        """Start the page's pulse: the Play widget's timer, as the browser runs it (nothing is
        sent while :attr:`frozen`)."""

        async def beat() -> None:
            n = 0
            while self._ws is not None:
                await asyncio.sleep(every)
                play = self.find("PlayModel")
                if play and not self.frozen:
                    n += 1
                    self.set_value(play[0], n)

        if self._pulse is None:
            self._pulse = asyncio.create_task(beat())

    def seat_address(self) -> str:
        """The page's address with the seat key (what the page put in its address after joining;
        "" before)."""
        m = re.search(r"\?seat=([A-Za-z0-9_%-]+)", self.text() + " ".join(
            str(st.get("value", "")) for st in self.models.values()))
        return f"{self.url.split('?')[0]}?seat={m.group(1)}" if m else ""

    async def reopen(self, url: str, timeout: float = 600) -> None:
        """Reload the page at ``url`` (its seat address, on this server or another of the class):
        a new kernel, the widgets anew."""
        await self.close(beacon=False)
        self.url, self.base, self.models, self.kernel_id = url, url.split("/voila/")[0], {}, ""
        self.session = uuid.uuid4().hex
        await self.open(timeout)

    # -- a hostile page -------------------------------------------------------------------------
    def flood_updates(self, model_id: str, n: int) -> None:
        """``n`` widget updates at once (the issue's page sent 108,000 in 25 s)."""
        self._flood(model_id, {"method": "update", "state": {"value": "x"}, "buffer_paths": []}, n)

    def flood_clicks(self, model_id: str, n: int) -> None:
        """``n`` clicks at once (the issue's page sent 72,850 second ballots)."""
        self._flood(model_id, {"method": "custom", "content": {"event": "click"}}, n)

    def _flood(self, model_id: str, data: dict[str, Any], n: int) -> None:
        """``n`` comm messages, each with its own id as a page's are (encoded once, the id put in
        each: the flood costs the sender little, so the benchmark's other pages, in the same
        process, are not slowed by it). With one id for all, every copy past the first was
        refused by the kernel as a replay (its signature a duplicate) before any widget saw it."""
        if self._ws is None:
            raise PageError("the page is closed")
        mark = "0" * 32
        header = {"msg_id": mark, "msg_type": "comm_msg", "username": "student",
                  "session": self.session, "date": datetime.now(UTC).isoformat(), "version": "5.3"}
        head, tail = json.dumps({"header": header, "parent_header": {}, "metadata": {}, "channel": "shell",
                                 "content": {"comm_id": model_id, "data": data}, "buffers": []}).split(mark, 1)
        for _ in range(n):
            self._write(head + uuid.uuid4().hex + tail)

    def send_binary(self, frame: bytes = b"\x7f\xff\xff\xff" + b"\0" * 64) -> None:
        """One binary frame (default: the issue's 68 bytes claiming 2**31 - 1 buffers)."""
        self._write(frame, binary=True)

    def send_oversized(self, size: int = 8 * 1024 * 1024) -> None:
        """One text frame of ``size`` bytes."""
        self._write("x" * size)

    @property
    def connected(self) -> bool:
        """Whether the page's kernel socket is still open."""
        return self._ws is not None and self._reader is not None and not self._reader.done()

    async def close(self, beacon: bool = True) -> None:
        """Close the tab: the page-close beacon (Voilà shuts the kernel down), then the socket."""
        if self._pulse is not None:
            self._pulse.cancel()
            self._pulse = None
        if beacon and self.kernel_id:
            req = httpclient.HTTPRequest(f"{self.base}/voila/api/shutdown/{self.kernel_id}", method="POST",
                                         body=b"", request_timeout=60)
            with contextlib.suppress(httpclient.HTTPClientError, OSError):
                await httpclient.AsyncHTTPClient().fetch(req)
        if self._ws is not None:
            self._ws.close()
            self._ws = None
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):  # its end is not news here
                await self._reader
            self._reader = None

    # -- reading the widgets --------------------------------------------------------------------
    def find(self, model: str = "", **state: Any) -> list[str]:
        """Ids of the widgets of ``model`` (e.g. ``"ButtonModel"``) whose state has ``state``'s values."""
        return [i for i, s in self.models.items()
                if (not model or s.get("_model_name") == model) and all(s.get(k) == v for k, v in state.items())]

    def text(self) -> str:
        """Every HTML and Label widget's value, joined: what the page says."""
        return "\n".join(str(s.get("value", "")) for s in self.models.values()
                         if s.get("_model_name") in ("HTMLModel", "LabelModel", "HTMLMathModel"))

    def children(self, model_id: str) -> list[str]:
        """The ids of a box's children, in order (``IPY_MODEL_<id>`` references)."""
        return [c.removeprefix("IPY_MODEL_") for c in self.models.get(model_id, {}).get("children", [])]

    async def wait_for(self, test: Callable[[], Any], timeout: float) -> Any:
        """Wait until ``test()`` is true (re-tried on every widget change); its value, or
        ``TimeoutError``."""
        end = time.monotonic() + timeout
        while True:
            got = test()
            if got:
                return got
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("the page did not show what was awaited in time")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 1.0))
            if self._reader is not None and self._reader.done():
                raise PageError("the page's kernel connection closed")

    # -- acting ------------------------------------------------------------------------------
    def set_value(self, model_id: str, value: Any) -> None:
        """Type into a widget: its ``value`` set from the page."""
        if self.frozen:
            return
        self.models[model_id]["value"] = value
        self._send("comm_msg", {"comm_id": model_id,
                                "data": {"method": "update", "state": {"value": value}, "buffer_paths": []}})

    def click(self, model_id: str) -> str:
        """Click a button, as its view does (a frozen page cannot: ""). Returns the message's id
        (in :attr:`handled` once the kernel has answered it)."""
        if self.frozen:
            return ""
        return self._send("comm_msg", {"comm_id": model_id,
                                       "data": {"method": "custom", "content": {"event": "click"}}})

    # -- the protocol --------------------------------------------------------------------------
    def _send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "student",
                  "session": self.session, "date": datetime.now(UTC).isoformat(), "version": "5.3"}
        self._write(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                "content": content, "channel": "shell", "buffers": []}))
        return msg_id

    def _write(self, message: str | bytes, binary: bool = False) -> None:
        """One frame to the kernel's socket; a socket the server has closed is the page's
        :class:`PageError` (the page's loop reloads it), as a closed page is."""
        if self._ws is None:
            raise PageError("the page is closed")
        try:
            self._ws.write_message(message, binary=binary).add_done_callback(self._sent)
        except websocket.WebSocketClosedError as exc:
            raise PageError("the server closed the page's socket") from exc

    @staticmethod
    def _sent(fut: asyncio.Future[None]) -> None:
        """Takes a sent frame's failure (its socket closed under it) so that asyncio does not log it
        as never retrieved: the closed socket itself ends :meth:`_read`, and the page reloads."""
        if not fut.cancelled():
            fut.exception()

    async def _read(self) -> None:
        assert self._ws is not None
        while True:
            raw = await self._ws.read_message()
            if raw is None:
                return
            msg = deserialize_binary_message(raw) if isinstance(raw, bytes) else json.loads(raw)
            self._handle(msg)

    def _handle(self, msg: dict[str, Any]) -> None:
        kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
        c = msg.get("content", {})
        if kind == "error":
            self.errors += 1
        elif kind == "status" and c.get("execution_state") == "idle":
            self.handled.add(msg.get("parent_header", {}).get("msg_id", ""))
        elif kind == "comm_open" and c.get("target_name") == "jupyter.widget":
            state = dict(c.get("data", {}).get("state", {}))
            self.models[c["comm_id"]] = state
            self._look([state])
        elif kind == "comm_msg":
            data = c.get("data", {})
            if c.get("comm_id") == self._control and data.get("method") == "update_states":
                if self._states is not None and not self._states.done():
                    self._states.set_result(data.get("states", {}))
            elif data.get("method") in ("update", "echo_update") and c.get("comm_id") in self.models:
                self.models[c["comm_id"]].update(data.get("state", {}))
                self._look([data.get("state", {})])
        elif kind == "comm_close":
            self.models.pop(c.get("comm_id", ""), None)
        elif kind in ("stream", "display_data", "execute_result"):
            self.errors += ERROR_TEXT in json.dumps(c)
        self._changed.set()

    def _look(self, states: Any) -> None:
        now = time.time() * 1000
        for s in states:
            value = s.get("value")
            if isinstance(value, str) and "ll-seq" in value:
                m = SEQ.search(value)
                if m:
                    self.seen.setdefault(int(m.group(1)), now)
