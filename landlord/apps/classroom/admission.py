"""Which page loads a class server gives a kernel (issue 37, point 4): one student cannot lock
the room out.

Measured before: 64 anonymous loads of the class page at once (cap 16) took every kernel the
cap allows and never opened their pages; every later load, a seated student's reload and the
teacher's dashboard included, got a bare "503" for 290 s (until the idle cull), while bots
played the locked-out seats. Now, before a kernel is given (:meth:`Admission.admit`, run by the
class server's page handler before Voilà's):

* the teacher's dashboard (its secret or the projector's key) and a seated student's page (a
  seat key the class knows) always get one: room for them is reserved under the cap
  (:func:`reserve`), and at the cap the kernel of a page that has not joined is shut down for
  them (one that never opened its page first, then the oldest);
* a page that has not joined (the join page) gets one while the pages not joined, with the
  loads under way, leave the reserve free; from one device (its network address, as the
  one-seat-a-device rule counts it, and not when the class counts no devices:
  ``--seats-per-device 0``) at most :data:`DEVICE_PAGES` such pages at once and
  :data:`DEVICE_BURST` loads at once, then one every ``1 / DEVICE_RATE`` seconds;
* one seat's page at most :data:`SEAT_BURST` loads at once, then one every ``1 / SEAT_RATE`` s;
* a page that has not joined and never opened its kernel's socket within :data:`UNCLAIMED`
  seconds has its kernel shut down (a script that loads pages and never opens them);
* a page cut off by the websocket guard is kept away for the cool-down: by its seat, or, when
  it never joined, by its device (:func:`cool`).

A page refused is told why and when to come back in the kit's words (:class:`ComeBack`, drawn by
the kit's ``error.html``), and reloads itself then.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tornado import web

from landlord.apps.classroom.bucket import Bucket, cool_down
from landlord.apps.classroom.store import SqlStore, counted_address, digest
from landlord.errors import LandlordError

TEACHER_NOTEBOOK = "class-teacher.ipynb"
"""The dashboard's notebook (``landlord.apps.classroom.server.TEACHER_NOTEBOOK``)."""

DEVICE_PAGES = 2
"""Pages not joined that one device may hold at once (a student's join page and a second tab)."""
DEVICE_BURST = 8.0
"""Page loads one device may make at once before it is slowed (refreshes, a second tab)."""
DEVICE_RATE = 0.2
"""Page loads a second one device gains back (one every 5 s)."""
SEAT_BURST = 6.0
"""Loads of one seat's page at once before it is slowed (a student's refreshes)."""
SEAT_RATE = 0.1
"""Loads a second one seat's page gains back (one every 10 s)."""
UNCLAIMED = 60.0
"""Seconds a page not joined has to open its kernel's socket before its kernel is shut down (a
page takes a few seconds; four opened at once on this machine took 10–13 s)."""
FULL_WAIT = 30
"""Seconds a page refused because the server is full waits before it tries again."""


def reserve(cap: int) -> int:
    """Kernels under the cap that pages not joined never take: room for the seated students'
    reloads and the dashboard (a quarter of the cap, at least 2)."""
    return max(2, cap // 4)


def by_device(store: SqlStore | None) -> bool:
    """Whether the class counts devices (its ``seats_per_device`` is not 0): a teacher whose
    students all reach the server through one address (a proxy) sets 0, and then page loads are
    not limited by device either (30 students arriving at once would share one device's limit)."""
    try:
        classes = store.classes() if store is not None else []
    except LandlordError:
        return True
    return not classes or int(classes[-1].spec.get("seats_per_device", 1)) != 0


class ComeBack(web.HTTPError):
    """A page load refused for now (HTTP 429 or 503): ``words`` say what happened and the page
    reloads itself after ``wait`` seconds (the kit's ``error.html``)."""

    def __init__(self, status: int, wait: float, words: str) -> None:
        self.retry_after = max(1, math.ceil(wait))
        super().__init__(status, words.replace("WAIT", f"{self.retry_after} s").replace("%", "%%"))


class Kernels(Protocol):
    """What admission needs of the kernel manager (``CappedKernelManager``)."""

    max_kernels: int

    @property
    def running(self) -> int: ...

    def shutdown_kernel(self, kernel_id: str) -> Awaitable[None]: ...


@dataclass
class Load:
    """One page load: its notebook, whether it opens the dashboard or a known seat
    (``privileged``), the seat's hash ("" for none) and the device ("" when not counted)."""

    notebook: str
    privileged: bool
    seat: str
    device: str
    kernel: str = ""
    """The kernel handed to it ("" until then)."""


@dataclass
class Page:
    """A page a kernel was handed to."""

    load: Load
    since: float
    connected: bool = False
    """Whether the page opened its kernel's socket."""


@dataclass
class Admission:
    """The class server's admission of page loads (one a server process: :data:`ADMISSION`).
    ``clock`` gives monotonic seconds (a test passes its own)."""

    clock: Callable[[], float] = time.monotonic
    pages: dict[str, Page] = field(default_factory=dict)
    """The pages kernels were handed to, by kernel id."""
    loading: dict[int, Load] = field(default_factory=dict)
    """Loads admitted whose request has not finished, by request."""
    meters: dict[str, Bucket] = field(default_factory=dict)
    cooling: dict[str, float] = field(default_factory=dict)
    """Devices (``device:<address>``) kept away, with the time they may load again."""

    # -- what a load is -------------------------------------------------------------------------
    @staticmethod
    def load_of(store: SqlStore | None, path: str, query: str, address: str) -> Load:
        """The load of ``path?query`` from ``address``: privileged when it carries the teacher's
        secret or the projector's key (the dashboard) or a seat key the class knows."""
        notebook = urllib.parse.unquote(path.rstrip("/").rsplit("/", 1)[-1])
        q = {k: v[-1] for k, v in urllib.parse.parse_qs(query).items()}
        privileged, seat = False, ""
        if store is not None:
            try:
                if notebook == TEACHER_NOTEBOOK:
                    if q.get("secret"):
                        store.teacher_class(q["secret"])
                        privileged = True
                    elif q.get("view"):
                        store.viewer_class(q["view"])
                        privileged = True
                elif q.get("seat"):
                    store.seat_of(q["seat"])
                    privileged, seat = True, digest(q["seat"])
            except LandlordError:  # an unknown key or secret: a page like any other
                privileged, seat = False, ""
        return Load(notebook, privileged, seat, counted_address(address) if by_device(store) else "")

    def joined(self, kernel_id: str, store: SqlStore | None, seats: dict[str, str]) -> bool:
        """Whether ``kernel_id``'s page holds a seat (or is the dashboard)."""
        page = self.pages.get(kernel_id)
        if page is not None and page.load.privileged:
            return True
        if kernel_id in seats:
            return True
        try:
            return bool(store is not None and store.page_seat(kernel_id))
        except LandlordError:  # the store is busy: counted as joined (never shut down for it)
            return True

    def unjoined(self, store: SqlStore | None, seats: dict[str, str]) -> list[str]:
        """The kernels of pages that have not joined, oldest first."""
        return [k for k, p in sorted(self.pages.items(), key=lambda kp: kp[1].since)
                if not self.joined(k, store, seats)]

    # -- admitting ------------------------------------------------------------------------------
    async def admit(self, load: Load, kernels: Kernels, store: SqlStore | None,
                    seats: dict[str, str]) -> None:
        """Let ``load`` go on to its kernel, or raise :class:`ComeBack` saying why not and when to
        come back. Shuts down kernels of pages that never opened (:data:`UNCLAIMED`) and, at the
        cap, one not joined to make room for a privileged load."""
        now = self.clock()
        await self._release_unclaimed(now, kernels, store, seats)
        if load.privileged:
            if load.seat:
                self._meter(f"seat:{load.seat}", SEAT_RATE, SEAT_BURST,
                            "This seat's page was opened again and again in a short time. Your seat is "
                            "kept; this page opens it again by itself in WAIT.")
            cap = kernels.max_kernels
            busy = kernels.running + sum(1 for x in self.loading.values() if x.privileged and not x.kernel)
            if cap and busy >= cap:
                await self._make_room(kernels, store, seats)
            return
        if load.device:
            left = self.cooling.get(f"device:{load.device}", 0.0) - now
            if left > 0:
                raise ComeBack(429, left, "A page of this device was disconnected for sending far more than anyone "
                                          "can click. This page tries again by itself in WAIT.")
            self._meter(f"device:{load.device}", DEVICE_RATE, DEVICE_BURST,
                        "This device opened the class page too many times in a short time. This page tries "
                        "again by itself in WAIT.")
        unjoined = self.unjoined(store, seats)
        pending = [x for x in self.loading.values() if not x.privileged and not x.kernel]
        if load.device:
            mine = sum(1 for k in unjoined if self.pages[k].load.device == load.device)
            mine += sum(1 for x in pending if x.device == load.device)
            if mine >= DEVICE_PAGES:
                raise ComeBack(429, FULL_WAIT,
                               f"This device already has {mine} class pages open that have not joined. Join on "
                               "one of them, or close the others; this page tries again by itself in WAIT.")
        cap = kernels.max_kernels
        if cap and len(unjoined) + len(pending) >= cap - reserve(cap):
            raise ComeBack(503, FULL_WAIT,
                           "The class server is full just now: it is opening as many new pages as it can. "
                           "Students already seated keep their places. This page tries again by itself in WAIT.")

    def _meter(self, key: str, rate: float, burst: float, words: str) -> None:
        bucket = self.meters.get(key)
        if bucket is None:
            bucket = self.meters[key] = Bucket(rate, burst, self.clock)
        if not bucket.take():
            raise ComeBack(429, (1 - bucket.tokens) / rate, words)

    async def _release_unclaimed(self, now: float, kernels: Kernels, store: SqlStore | None,
                                 seats: dict[str, str]) -> None:
        """Shut down the kernels of pages not joined that never opened within :data:`UNCLAIMED`."""
        for kernel_id in self.unjoined(store, seats):
            page = self.pages.get(kernel_id)
            if page is not None and not page.connected and now - page.since > UNCLAIMED:
                await self._shut(kernels, kernel_id)

    async def _make_room(self, kernels: Kernels, store: SqlStore | None, seats: dict[str, str]) -> None:
        """Shut down one kernel of a page not joined: one never opened first, else the oldest."""
        unjoined = self.unjoined(store, seats)
        unjoined.sort(key=lambda k: self.pages[k].connected)  # stable: oldest first within each
        if unjoined:
            await self._shut(kernels, unjoined[0])

    async def _shut(self, kernels: Kernels, kernel_id: str) -> None:
        self.pages.pop(kernel_id, None)
        with contextlib.suppress(Exception):  # already gone is as good
            await kernels.shutdown_kernel(kernel_id)

    # -- what happens to a page -----------------------------------------------------------------
    def handed(self, load: Load | None, kernel_id: str) -> None:
        """A kernel was handed to ``load``'s page."""
        if load is not None:
            load.kernel = kernel_id
            self.pages[kernel_id] = Page(load, self.clock())

    def connected(self, kernel_id: str) -> None:
        """``kernel_id``'s page opened its socket."""
        page = self.pages.get(kernel_id)
        if page is not None:
            page.connected = True

    def gone(self, kernel_id: str) -> None:
        """``kernel_id`` was shut down."""
        self.pages.pop(kernel_id, None)

    def cool(self, kernel_id: str) -> bool:
        """Keep the device of ``kernel_id``'s page away for the cool-down (a page cut off before
        it joined); False when its device is not counted."""
        page = self.pages.get(kernel_id)
        if page is None or not page.load.device:
            return False
        self.cooling[f"device:{page.load.device}"] = self.clock() + cool_down()
        return True


ADMISSION = Admission()
"""This server's admission."""
CURRENT: contextvars.ContextVar[Load | None] = contextvars.ContextVar("landlord_page_load", default=None)
"""The load the running request is (set by the page handler, read where its kernel is handed out)."""


def mend_page_handler(store: Callable[[], SqlStore | None], seats: dict[str, str]) -> None:
    """Run :meth:`Admission.admit` before Voilà's page handler gives a kernel (once per process):
    the handler's ``prepare`` (Jupyter's checks first), and ``on_finish`` forgets the load."""
    from voila.handler import VoilaHandler

    prepare = VoilaHandler.prepare
    if getattr(prepare, "mended", False):
        return
    finish = VoilaHandler.on_finish

    async def admitted(self: Any, *args: Any, **kwargs: Any) -> None:
        await prepare(self, *args, **kwargs)
        if self._finished:  # Jupyter's checks answered already (a redirect to log in)
            return
        where = store()
        load = ADMISSION.load_of(where, self.request.path, self.request.query, str(self.request.remote_ip or ""))
        await ADMISSION.admit(load, self.kernel_manager, where, seats)
        ADMISSION.loading[id(self)] = load
        CURRENT.set(load)

    def finished(self: Any) -> None:
        ADMISSION.loading.pop(id(self), None)
        finish(self)

    admitted.mended = True  # type: ignore[attr-defined]
    VoilaHandler.prepare = admitted
    VoilaHandler.on_finish = finished
