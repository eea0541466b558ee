"""A kernel manager for the kit's servers (``landlord class`` and ``landlord serve``): a cap on
kernels (anonymous page loads cannot fill memory), a warm pool sized for a class's arrival
that refills to a small one afterwards, no warm kernel handed to a visitor once it has
died (its page would name no kernel, or a kernel that lost the page's widgets), and none culled
between its hand-out and its page's arrival.

And the class server's guard on a page's kernel websocket (:class:`GuardedConnection`): the
JSON protocol only (a binary frame is refused unread), at most a page's share of widget
messages a second (the rest dropped before they are parsed), and a page cut off for either
kept away for :data:`COOL_DOWN` seconds.

And three mends for both servers: a page that leaves while its kernel socket is opening is let go
quietly (:func:`mend_early_close`), a socket refused (a page after a restart asking for its
old kernel) is answered with one line (:func:`mend_socket_errors`), where Jupyter's handler logs
a traceback, and a message written to a page that has just closed is dropped quietly
(:func:`mend_closed_writes`); and Voilà's page templates compiled once a server, not once a page
(:func:`landlord.apps.page_templates.compile_templates_once`)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado import web, websocket
from traitlets import Dict, Float, Integer, Unicode

from landlord.apps.classroom import folder_from_env
from landlord.apps.classroom.admission import ADMISSION, CURRENT, FULL_WAIT, ComeBack, mend_page_handler
from landlord.apps.classroom.bucket import Bucket, cool_down
from landlord.apps.classroom.store import SqlStore, digest, store_at
from landlord.apps.page_templates import compile_templates_once
from landlord.errors import LandlordError
from landlord.limits import WIDGET_BURST, WIDGET_RATE

HANDOUT_ATTEMPTS = 3
"""Warm kernels a page request tries before it is refused (HTTP 503) because none is sound."""
PAGE_ARRIVAL = 120.0
"""Seconds a kernel handed out to a page is kept from the idle cull while its page has not yet
connected to it: the page streams its pre-run cells, then loads its scripts and connects (a few
seconds, a minute at worst on a loaded machine)."""

STOP_WAIT = 20.0
"""Seconds a stopping server waits for kernels still starting before it stops the rest."""

Handout = Callable[..., Awaitable[tuple["asyncio.Task[Any]", list[str], str]]]


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, refusing to start a kernel beyond ``max_kernels`` running
    (warm kernels count). Voilà wraps it with its pool of warm kernels
    (``VoilaConfiguration.multi_kernel_manager_class``).

    Voilà refills a notebook's pool to its ``pool_size`` every time a visitor takes a warm
    kernel. A class arrives at once: the pool is sized for the class (Voilà fills it when the
    server starts), and ``refill_pools`` then lowers the size Voilà refills to, so the arrival
    does not start a second class's worth of kernels (their CPU would slow every page, their
    memory double the class's).

    A warm kernel is never culled between its hand-out and its page's first connection
    (:meth:`cull_kernel_if_idle`). Voilà keeps the idle cull off a kernel still in its pool, but
    not off one just taken from it, whose last activity is its pre-run, maybe many minutes ago:
    the cull, every ``cull_interval``, could shut it down while its page loaded, and the page
    came up as Python text ("RadioButtons(description='Richest:', …)") that never worked (issue
    37: 9 of about 115 page opens of a server left idle past ``cull_idle_timeout``).

    A warm kernel can die before its visitor comes (measured: one of 33 kernels started at
    once lost a race for a TCP port and exited; the servers now use IPC sockets, which have no
    ports, but a kernel can still be killed or run out of memory). Voilà would still hand it
    out: the page stops before naming a kernel, or names one restarted without the page's
    widgets. Here a dead one is shut down and the next warm kernel is used instead."""

    max_kernels = Integer(0, config=True, help="most kernels running at once (0: no cap)")
    busy_fill_delay = Float(30.0, config=True, help="seconds before a pool is refilled after a visitor took a "
                                                    "warm kernel while others are ready (Voilà's fill_delay "
                                                    "when none is left)")
    refill_pools = Dict(config=True, help="{notebook: pool size} Voilà refills to once its first pools are "
                                          "started (default: refill to the starting size)")

    _stopping = False
    """Whether the server is stopping (:meth:`shutdown_all`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        mend_early_close()
        mend_socket_errors()
        mend_closed_writes()
        compile_templates_once()
        if folder_from_env() is not None:  # a class server: page loads are admitted first
            mend_page_handler(_class_store, PAGE_SEATS)
        self._restarted: set[str] = set()
        """Kernels that died and were restarted by Jupyter (fresh, without their pre-run)."""
        self._starting = 0
        """Kernel starts under way (not yet listed by Jupyter)."""
        self._stopped: set[str] = set()
        """Kernels the stop has begun to shut down (each once: the stop and a late start may both ask)."""
        self._handed: dict[str, float] = {}
        """Kernels handed out to a page that has not connected yet, each with the time
        (``time.monotonic``) it was handed out."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voilà derives its pooling manager from this class (``voila_kernel_manager_factory``)
        and defines the hand-out of warm kernels there: it is wrapped so that only a sound
        warm kernel reaches a visitor."""
        super().__init_subclass__(**kwargs)
        handout = cls.__dict__.get("get_rendered_notebook")
        if handout is not None:
            cls.get_rendered_notebook = _sound_handout(handout)  # type: ignore[attr-defined]
        fill = cls.__dict__.get("fill_if_needed")
        if fill is not None:
            cls.fill_if_needed = _paced_fill(fill)  # type: ignore[attr-defined]
        shutdown = cls.__dict__.get("shutdown_kernel")
        if shutdown is not None:
            cls.shutdown_kernel = _sound_shutdown(shutdown)  # type: ignore[assignment]

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel unless the cap is reached (HTTP 503 then: the page says the class
        server is full). Kernels still starting count: Jupyter lists a kernel only once it has
        started, so 64 page loads at once each found room under a cap of 16 (66 kernels ran)."""
        self._lower_pools()
        if self._stopping:  # a pool's refill due after the stop began: it would outlive the server
            raise ComeBack(503, FULL_WAIT, "This server is stopping. This page tries again by itself in WAIT.")
        if self.max_kernels and len(self.list_kernel_ids()) + self._starting >= self.max_kernels:
            raise ComeBack(503, FULL_WAIT, f"This server is full: it already runs the {self.max_kernels} pages "
                                           "it allows. Close a tab of it you no longer use; this page tries "
                                           "again by itself in WAIT.")
        self._starting += 1
        try:
            kernel_id: str = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        if self._stopping:  # started as the stop began: stopped here whether the stop waited for it or not
            await self._stop(kernel_id)
            raise ComeBack(503, FULL_WAIT, "This server is stopping. This page tries again by itself in WAIT.")
        self.add_restart_callback(kernel_id, functools.partial(self._restarted.add, kernel_id), "restart")
        return kernel_id

    def hand_out(self, kernel_id: str) -> None:
        """Note that ``kernel_id`` goes to a page now: its idle time starts again, and the cull
        leaves it alone until its page connects (or :data:`PAGE_ARRIVAL` has passed)."""
        self._handed[kernel_id] = time.monotonic()
        with contextlib.suppress(KeyError):
            self.get_kernel(kernel_id).last_activity = datetime.datetime.now(datetime.UTC)  # type: ignore[attr-defined]  # (as Jupyter sets it)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter's idle cull, except for a kernel whose page is on its way (:meth:`hand_out`)."""
        handed = self._handed.get(kernel_id)
        if handed is not None:
            if not self._kernel_connections.get(kernel_id, 0) and time.monotonic() - handed < PAGE_ARRIVAL:
                return
            del self._handed[kernel_id]
        await ensure_async(super().cull_kernel_if_idle(kernel_id))

    @property
    def running(self) -> int:
        """Kernels running or starting: what the cap counts."""
        return len(self.list_kernel_ids()) + self._starting

    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]
        """The server stops: every kernel is stopped at once (``now``), its state being in the
        class store (a class) or nowhere (a lesson). A warm kernel waits inside the lesson's cell
        for its visitor; asked to shut down, it closed its sockets with that cell still running and
        logged a traceback into the server's log ("Socket operation on non-socket") at every stop
        of a class server, so at every restart.

        Kernels still starting (a pool's refill) are waited for (at most :data:`STOP_WAIT`
        seconds), then stopped with the others: Jupyter's own ``shutdown_all`` asked for them while
        they were not yet its kernels and logged "Kernel does not exist" with a traceback. One
        that finishes starting later still (a loaded machine) is stopped by its own start, which
        then refuses its page, so none outlives the server. A kernel gone meanwhile (culled, cut
        off) is as good as stopped."""
        self._stopping = True
        waited = 0.0
        while self._starting and waited < STOP_WAIT:
            await asyncio.sleep(0.1)
            waited += 0.1
        await asyncio.gather(*(self._stop(kernel_id) for kernel_id in self.list_kernel_ids()))

    async def _stop(self, kernel_id: str) -> None:
        """Shut ``kernel_id`` down at once, unless it is gone already or being shut down."""
        if kernel_id not in self or kernel_id in self._stopped:
            return
        self._stopped.add(kernel_id)
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except web.HTTPError as exc:
            if exc.status_code != 404:
                raise

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Jupyter's, forgetting the kernel's restart, hand-out and page; at once while the server
        stops."""
        self._restarted.discard(kernel_id)
        self._handed.pop(kernel_id, None)
        ADMISSION.gone(kernel_id)
        if self._stopping:
            args, kwargs = args[1:], {**kwargs, "now": True}
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def sound(self, kernel_id: str, render: asyncio.Task[Any] | None = None) -> bool:
        """Whether a warm kernel can serve its page: its process runs, Jupyter has not
        restarted it (a restart loses the pre-run), and its pre-run (``render``) has not failed."""
        if kernel_id in self._restarted or kernel_id not in self:
            return False
        if render is not None and render.done() and (render.cancelled() or render.exception() is not None):
            return False
        return bool(await ensure_async(self.get_kernel(kernel_id).is_alive()))

    def _lower_pools(self) -> None:
        """Once: the pool sizes of ``refill_pools`` replace the starting ones. Voilà's manager
        queues every starting pool's kernels when it is made, before the first kernel start
        runs, so from here on its ``fill_if_needed`` refills to the lower sizes."""
        pools = getattr(self, "kernel_pools_config", None)
        if not self.refill_pools or not isinstance(pools, dict):
            return
        lowered = {**pools}
        for notebook, size in self.refill_pools.items():
            lowered[notebook] = {**pools.get(notebook, {}), "pool_size": int(size)}
        self.refill_pools = {}
        self.kernel_pools_config = lowered


def mend_early_close() -> None:
    """Let a page that leaves while its kernel socket opens go quietly (once per process).

    Jupyter's ``KernelWebsocketHandler`` waits for the kernel before it accepts the socket; a
    page closed in that wait (a student closing a tab as it loads, a test ending) has its
    connection dropped by ``on_close``, and the handler's ``select_subprotocol`` then reads the
    dropped connection and logs ``AttributeError: 'NoneType' object has no attribute
    'kernel_ws_protocol'`` with a traceback in the server's log (jupyter-server/jupyter_server
    #1265, open; its fix #1696 is not released in the locked 2.21.1). Here the request ends
    instead with one warning line, as the page is gone anyway (no answer is sent: there is
    nobody to read it, and Jupyter's error page cannot be drawn by a websocket handler)."""
    select = KernelWebsocketHandler.select_subprotocol
    if getattr(select, "mended", False):
        return

    @functools.wraps(select)
    def select_subprotocol(self: KernelWebsocketHandler, subprotocols: list[str]) -> str | None:
        if getattr(self, "connection", None) is None:
            self.log.warning("A page left before its kernel socket opened (kernel %s)", self.kernel_id)
            raise web.Finish()
        return select(self, subprotocols)

    select_subprotocol.mended = True  # type: ignore[attr-defined]
    KernelWebsocketHandler.select_subprotocol = select_subprotocol  # type: ignore[method-assign]


def mend_socket_errors() -> None:
    """Answer a kernel socket's refusal with its one line (once per process).

    After a restart every open page's Jupyter connection asks for its old kernel's socket
    (``/api/kernels/<id>/channels``), which the new server does not have: Jupyter's handler
    refuses it (404, "Kernel does not exist") and then draws Jupyter's HTML error page, whose
    template needs a ``static_path`` Voilà's server does not set, so each refusal logged two
    tracebacks ("Uncaught exception in write_error"; measured: 10-12 a restart of a class). A
    socket's refusal is read by no person: it is answered with its status and reason as text."""
    if getattr(KernelWebsocketHandler.write_error, "mended", False):
        return

    def write_error(self: KernelWebsocketHandler, status_code: int, **kwargs: Any) -> None:
        exc = (kwargs.get("exc_info") or (None, None, None))[1]
        reason = getattr(exc, "log_message", None) or self._reason
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {reason}\n")

    write_error.mended = True  # type: ignore[attr-defined]
    KernelWebsocketHandler.write_error = write_error  # type: ignore[assignment]


def mend_closed_writes() -> None:
    """Drop quietly a message written to a page's socket as the page closed (once per process).

    Tornado's ``write_message`` returns a future that fails (``WebSocketClosedError``) when the
    browser closed the socket while the frame was on its way; awaiting it is optional, and the
    writers of a kernel's messages to its page (Jupyter's, Voilà's) do not, so asyncio logged a
    chain of two tracebacks, "Task exception was never retrieved", into the server's log each time
    a student closed a tab as the server wrote to it (CI of 2026-12-04 and 2026-12-06). Here every
    such future has its closed socket read by a callback: nothing is logged for a page that is
    gone, and a writer that awaits still gets the error."""
    write = websocket.WebSocketProtocol13.write_message
    if getattr(write, "mended", False):
        return

    @functools.wraps(write)
    def write_message(self: websocket.WebSocketProtocol13, message: Any, binary: bool = False) -> Any:
        future = write(self, message, binary)
        future.add_done_callback(_read_closed)
        return future

    write_message.mended = True  # type: ignore[attr-defined]
    websocket.WebSocketProtocol13.write_message = write_message  # type: ignore[method-assign]


def _read_closed(future: asyncio.Future[None]) -> None:
    """Read a written message's failure: a closed socket is dropped; any other failure is handed
    to the loop's exception handler, which logs it as asyncio would have."""
    exc = None if future.cancelled() else future.exception()
    if exc is not None and not isinstance(exc, websocket.WebSocketClosedError):
        asyncio.get_running_loop().call_exception_handler(
            {"message": "A message to a page failed", "exception": exc, "future": future})


def _paced_fill(fill: Callable[..., None]) -> Callable[..., None]:
    """Voilà's refill of a notebook's pool (``fill_if_needed``), paced: after a visitor took a
    warm kernel (Voilà passes no delay then) while others are still ready, the new kernels wait
    :attr:`CappedKernelManager.busy_fill_delay` seconds, so that visitors arriving together load
    their pages first — a kernel pre-running a lesson takes 2–3 CPU-s from them (four students
    opening lesson 1 at once waited 17.5 s with every refill a second later, 12.8–13.1 s with
    all four 30 s later, 12.4–13.1 s with this pacing and the charts' code loaded once a page:
    ``benchmarks/bench_lessons.py --together 4``). When none is left ready
    the next visitor would wait for the refill, so it starts after Voilà's own ``fill_delay``."""

    @functools.wraps(fill)
    def fill_if_needed(self: CappedKernelManager, delay: float | None = None, notebook_name: str | None = None,
                       *args: Any, **kwargs: Any) -> None:
        if delay is None:
            pool = getattr(self, "_pools", {}).get(notebook_name, [])
            ready = sum(1 for task in pool if task.done() and not task.cancelled() and task.exception() is None)
            if ready:
                delay = self.busy_fill_delay
        fill(self, delay, notebook_name, *args, **kwargs)

    return fill_if_needed


def _sound_shutdown(shutdown: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """Voilà's shutdown of a kernel, first dropping the pool's refills that failed: Voilà's
    looks through every pool for the kernel by each finished refill's result, and a refill that
    failed (at the cap: HTTP 503) raised its error there, so at the cap no kernel could be shut
    down, not even a cut-off page's (measured: "Could not shut down ... HTTP 503" in the log).
    Such a refill would never serve a page (the hand-out tries the next)."""

    @functools.wraps(shutdown)
    async def shutdown_kernel(self: CappedKernelManager, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        for pool in getattr(self, "_pools", {}).values():
            pool[:] = [task for task in pool
                       if not (task.done() and (task.cancelled() or task.exception() is not None))]
        return await shutdown(self, kernel_id, *args, **kwargs)

    return shutdown_kernel


def _sound_handout(handout: Handout) -> Handout:
    """Voilà's hand-out of a warm kernel (``get_rendered_notebook``), trying the next warm
    kernel while the one handed out is not :meth:`CappedKernelManager.sound` (it is shut down;
    Voilà's refill replaces it), at most ``HANDOUT_ATTEMPTS`` times."""

    @functools.wraps(handout)
    async def get_rendered_notebook(self: CappedKernelManager, notebook_name: str, *args: Any,
                                    **kwargs: Any) -> tuple[asyncio.Task[Any], list[str], str]:
        key = seat_key(str((kwargs.get("extra_kernel_env_variables") or {}).get("VOILA_REQUEST_URL", "")))
        seat = digest(key) if key else ""
        left = cooling_left(seat) if seat else 0.0
        if left > 0:
            raise ComeBack(429, left, "This page was disconnected for sending far more than anyone can click. "
                                      "Its seat is kept, and it may come back in WAIT: it opens again by itself then.")
        for _ in range(HANDOUT_ATTEMPTS):
            try:
                render, rendered, kernel_id = await handout(self, notebook_name, *args, **kwargs)
            except web.HTTPError:
                raise  # the cap: the page says so
            except Exception as exc:  # a warm kernel that failed to start (or none is left)
                self.log.warning("A warm kernel for %s failed to start (%s); trying the next", notebook_name, exc)
                # Voilà's refill (its pooling subclass has it), which the failure skipped
                self.fill_if_needed(delay=0, notebook_name=notebook_name)  # type: ignore[attr-defined]
                continue
            if await self.sound(kernel_id, render):
                self.hand_out(kernel_id)
                if seat:
                    PAGE_SEATS[kernel_id] = seat
                ADMISSION.handed(CURRENT.get(), kernel_id)
                return render, rendered, kernel_id
            self.log.warning("The warm kernel %s for %s died before its visitor came; trying the next",
                             kernel_id, notebook_name)
            render.cancel()
            with contextlib.suppress(Exception):  # already gone is as good
                await self.shutdown_kernel(kernel_id, now=True)
        raise ComeBack(503, FULL_WAIT, "No page could be started for you just now. This page tries again by "
                                       "itself in WAIT; if it keeps coming back here, ask your teacher.")

    return get_rendered_notebook


PAGE_SEATS: dict[str, str] = {}
"""The seat of each kernel's page (its key's hash), read from the page's address when the kernel
is handed out (a page that has joined carries its seat key: ``?seat=``); a page that joins
after it was handed out is found in the class store (:meth:`SqliteStore.page_seat`)."""
COOLING: dict[str, float] = {}
"""The seats (their keys' hashes) of pages cut off, each with the time (``time.monotonic``) its
page may load again."""


def seat_key(url: str) -> str:
    """The seat key a page's address carries ("" for none)."""
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).get("seat", [""])[0]


CUT_OFF = 200
"""Widget messages over its limit after which a page's websocket is closed (code 1008): no
person's typing or clicking comes near (a legitimate page sends a few a second, so it never has
one dropped). Measured in the class drill on an idle machine: with 2,000 the flooding page
sent 5,500 messages before it was cut off, and the other students' p95 rose from 55 to 508 ms."""
BINARY = 1003
"""The websocket close code for a binary frame (data the class server does not accept)."""
POLICY = 1008
"""The websocket close code for a page that keeps flooding."""
TOO_BIG = 1009
"""The websocket close code Tornado sends for a frame above ``websocket_max_message_size``."""


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel websocket connection, guarded for a room (``Voila.kernel_websocket_connection_class``).

    * The legacy JSON protocol only: the newer binary one (``v1.kernel.websocket.jupyter.org``)
      is not offered, and a binary frame is refused and the socket closed before anything reads
      it: Jupyter's readers of binary frames trust the frame's own counts (one 68-byte frame
      took the server from 297 MB to 1,315 MB). The class pages send no binary data.
    * A page's widget messages are metered by a :class:`~landlord.apps.classroom.bucket.Bucket`
      kept per kernel (a reconnecting page keeps its meter): over the limit a message is
      dropped unparsed; after :data:`CUT_OFF` dropped the socket is closed.
    * Frames above the server's ``websocket_max_message_size`` are refused by Tornado from their
      header, before their payload is read (the class server sets it, ``class_voila_config``),
      and the page is cut off as for a binary frame (:meth:`watch_frame_size`).
    * A page cut off is kept away for the server's cool-down and its kernel is shut down
      (:meth:`_cut_off`).
    """

    kernel_ws_protocol = Unicode("", allow_none=True, config=True,
                                 help="the kernel websocket protocol: '' (the legacy JSON protocol)")
    meters: ClassVar[dict[str, Bucket]] = {}
    """The widget-message meter of each kernel's page."""
    cut = False
    """Whether this socket's page was cut off (:meth:`_cut_off` acts once a socket)."""

    def meter(self) -> Bucket:
        """This page's meter (made on first use)."""
        bucket = self.meters.get(self.kernel_id)
        if bucket is None:
            bucket = self.meters[self.kernel_id] = Bucket(WIDGET_RATE, WIDGET_BURST)
        return bucket

    def connect(self) -> Any:
        """Connect the page to its kernel, first recording the network address it came from
        in the class store (where the kernel reads it when the student joins: one seat a
        device, :meth:`~landlord.apps.classroom.store.SqliteStore.join`). Tornado gives the
        socket's own peer address (the server trusts no forwarding header), so a page cannot
        claim another's."""
        store = _class_store()
        handler = self.websocket_handler
        if store is not None and handler is not None:
            try:
                store.page_seen(self.kernel_id, str(handler.request.remote_ip or ""))
            except LandlordError as exc:  # the store is busy or gone: the page joins unchecked
                self.log.warning("Could not record the address of kernel %s's page: %s", self.kernel_id, exc)
        self.watch_frame_size()
        ADMISSION.connected(self.kernel_id)
        return super().connect()

    def watch_frame_size(self) -> None:
        """Cut the page off when Tornado refuses one of its frames as too big.

        Tornado closes the socket from such a frame's header (code :data:`TOO_BIG`) and tells
        neither the handler nor this connection why, so the page reloaded at once and sent the
        next one: each reload took a warm kernel (the pool refilled behind it, 2–3 CPU-seconds a
        kernel) and left the last one running until the cull (measured in the class drill: two
        reloads in the oversized frames' 3 s window). Its protocol's close is wrapped here so
        that this close cuts the page off as a binary frame does."""
        protocol = getattr(self.websocket_handler, "ws_connection", None)
        if protocol is None:
            return
        close = protocol.close

        def close_watched(code: int | None = None, reason: str | None = None) -> None:
            close(code, reason)
            if code == TOO_BIG:
                self.log.warning("Refused a websocket frame too big for kernel %s; its page is cut off",
                                 self.kernel_id)
                self._cut_off()

        protocol.close = close_watched

    def handle_incoming_message(self, incoming_msg: str) -> None:
        """Pass a page's message on to its kernel, unless it is binary or over the page's rate."""
        if not isinstance(incoming_msg, str):
            self.log.warning("Refused a binary websocket frame (%d bytes) for kernel %s; closing its socket",
                             len(incoming_msg), self.kernel_id)
            self._close(BINARY, "binary frames are not accepted")
            return
        bucket = self.meter()
        if not bucket.take():
            if bucket.refused in (1, CUT_OFF) or bucket.refused % 500 == 0:
                self.log.warning("Kernel %s's page is over its widget message rate: %d dropped",
                                 self.kernel_id, bucket.refused)
            if bucket.refused >= CUT_OFF:
                bucket.refused = 0
                self._close(POLICY, "too many messages")
            return
        super().handle_incoming_message(incoming_msg)

    def _close(self, code: int, reason: str) -> None:
        """Close the page's socket and, soon after, shut its kernel down: a page that reloads
        after each cut-off takes a new kernel (its seat is in the class store, not the kernel),
        so without this a flooding page left a kernel behind at each reload until the cull
        (measured in the class drill: the hostile page's third reload found the cap full)."""
        handler = self.websocket_handler
        if handler is not None:
            with contextlib.suppress(Exception):  # already closing is as good
                handler.close(code, reason)
        self._cut_off()

    def _cut_off(self) -> None:
        """Keep the page's seat away for the cool-down and shut its kernel down soon (the
        socket's close goes first); once a socket (the frames already on their way are dropped
        as over the rate and reached the cut-off again: the kernel was shut down three times)."""
        if self.cut:
            return
        self.cut = True
        seat = PAGE_SEATS.get(self.kernel_id) or self._seat_in_store()
        if seat:
            COOLING[seat] = time.monotonic() + cool_down()
            store = _class_store()
            with contextlib.suppress(LandlordError):  # the store is busy or gone: this server keeps it away
                if store is not None:
                    store.cool(seat, time.time() + cool_down())
        else:  # a page that never joined: its device is kept away
            ADMISSION.cool(self.kernel_id)
        with contextlib.suppress(RuntimeError):  # (no event loop: nothing to shut down from)
            task = asyncio.get_running_loop().create_task(self._shut_down(self.kernel_id))
            _SHUTTING.add(task)
            task.add_done_callback(_SHUTTING.discard)

    def _seat_in_store(self) -> str:
        """The seat this kernel's page took after it was handed out, as the kernel recorded it."""
        store = _class_store()
        if store is None:
            return ""
        try:
            return store.page_seat(self.kernel_id)
        except LandlordError:  # the store is busy or gone: no cool-down for this page
            return ""

    async def _shut_down(self, kernel_id: str, after: float = 0.5) -> None:
        """Shut ``kernel_id`` down ``after`` seconds (the socket's close goes first)."""
        await asyncio.sleep(after)
        self.meters.pop(kernel_id, None)
        PAGE_SEATS.pop(kernel_id, None)
        manager = self.multi_kernel_manager
        if kernel_id not in manager:
            return
        try:
            await ensure_async(manager.shutdown_kernel(kernel_id))
        except Exception as exc:  # the kernel went already: as good
            self.log.warning("Could not shut down the cut-off page's kernel %s: %s", kernel_id, exc)
        else:
            self.log.warning("Shut down kernel %s, whose page was cut off", kernel_id)


@functools.cache
def _class_store() -> SqlStore | None:
    """The class store of the class this server serves (None for ``landlord serve``)."""
    return store_at()


def cooling_left(seat: str) -> float:
    """Seconds the page of ``seat`` (its key's hash) is still kept away: cut off by this server
    (:data:`COOLING`) or by another class server on the same store."""
    left = COOLING.get(seat, 0.0) - time.monotonic()
    store = _class_store()
    with contextlib.suppress(LandlordError):  # the store is busy or gone: this server's own cool-downs hold
        if store is not None:
            left = max(left, store.cooling_until(seat) - time.time())
    return left


_SHUTTING: set[asyncio.Task[None]] = set()
"""The kernel shutdowns under way (held so that they are not collected before they run)."""
