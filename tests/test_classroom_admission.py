"""A room one student cannot lock (issue 37, point 4), without a server: which page loads get a
kernel (:mod:`landlord.apps.classroom.admission`), a kernel shut down at the cap, and the error
page that says why and opens again by itself. The live server's rush of 64 loads is
``tests/test_classroom_lockout_server.py``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import jinja2
import pytest

from landlord.apps.classroom import Classroom, ClassSpec, SqliteStore, StudentSeat
from landlord.apps.classroom import admission as adm
from landlord.apps.classroom.admission import (
    DEVICE_BURST,
    DEVICE_PAGES,
    SEAT_BURST,
    UNCLAIMED,
    Admission,
    ComeBack,
    Load,
    reserve,
)
from landlord.apps.classroom.room import projector_key
from landlord.apps.serve import TEMPLATES

SECRET = "t" * 24
STUDENT = "/voila/render/class-single-tax.ipynb"
TEACHER = "/voila/render/class-teacher.ipynb"


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Kernels:
    """The kernel manager as admission sees it: the kernels running, the cap, a shutdown."""

    def __init__(self, cap: int) -> None:
        self.max_kernels = cap
        self.ids: set[str] = set()
        self.shut: list[str] = []

    @property
    def running(self) -> int:
        return len(self.ids)

    async def shutdown_kernel(self, kernel_id: str) -> None:
        self.ids.discard(kernel_id)
        self.shut.append(kernel_id)


class Room:
    """A class, its admission and its kernels: ``load`` is a page load that, when admitted, is
    handed a new kernel (its id) and, with ``open_page``, opens its socket."""

    def __init__(self, tmp_path: Path, cap: int = 16) -> None:
        self.store = SqliteStore(tmp_path)
        self.room, _ = Classroom.create(self.store, ClassSpec(table_size=2, rounds=4, seed=1), SECRET)
        self.store.set_viewer(self.room.id, SECRET, projector_key(SECRET))
        self.clock = Clock()
        self.gate = Admission(clock=self.clock)
        self.kernels = Kernels(cap)
        self.seats: dict[str, str] = {}
        self.n = 0

    def load(self, path: str = STUDENT, query: str = "", address: str = "127.0.0.1",
             open_page: bool = False) -> str:
        load = self.gate.load_of(self.store, path, query or f"code={self.room.info.join_code}", address)
        asyncio.run(self.gate.admit(load, self.kernels, self.store, self.seats))
        self.n += 1
        kernel = f"k{self.n}"
        self.kernels.ids.add(kernel)
        self.gate.handed(load, kernel)
        if open_page:
            self.gate.connected(kernel)
        return kernel

    def refused(self, *args: Any, **kwargs: Any) -> ComeBack:
        with pytest.raises(ComeBack) as refused:
            self.load(*args, **kwargs)
        return refused.value


def test_one_device_holds_at_most_its_pages_not_joined(tmp_path: Path) -> None:
    """Per device: a device (its network address) holds at most DEVICE_PAGES pages that have not
    joined; its next load is refused (429) with words and a time, another device's is not, and
    once one of its pages joins it may open another."""
    r = Room(tmp_path)
    first = [r.load(address="192.0.2.7", open_page=True) for _ in range(DEVICE_PAGES)]
    no = r.refused(address="192.0.2.7")
    assert no.status_code == 429 and "This device already has 2 class pages open" in str(no.log_message)
    assert no.retry_after == adm.FULL_WAIT and "tries again by itself in 30 s" in str(no.log_message)
    r.load(address="192.0.2.8")  # another device
    r.seats[first[0]] = "a seat"  # the first page joined
    r.load(address="192.0.2.7")


def test_a_device_is_slowed_after_its_burst_of_loads(tmp_path: Path) -> None:
    """Per device, loads that leave no page behind (each tab closed at once) are limited too:
    DEVICE_BURST at once, then one every 5 s."""
    r = Room(tmp_path)
    for _ in range(int(DEVICE_BURST)):
        r.kernels.ids.discard(kernel := r.load(address="192.0.2.7"))
        r.gate.gone(kernel)
    no = r.refused(address="192.0.2.7")
    assert no.status_code == 429 and "too many times in a short time" in str(no.log_message)
    assert no.retry_after == 5
    r.clock.t += 5
    r.load(address="192.0.2.7")


def test_a_seats_page_is_slowed_after_its_burst_of_loads(tmp_path: Path) -> None:
    """Per page: one seat's page reloaded over and over (a script with a seat key) gets
    SEAT_BURST kernels at once, then one every 10 s; its seat is kept."""
    r = Room(tmp_path)
    seat = StudentSeat.join(r.store, r.room.info.join_code, "Ann")
    query = f"code={r.room.info.join_code}&seat={seat.token}"
    for _ in range(int(SEAT_BURST)):
        r.load(query=query)
    no = r.refused(query=query)
    assert no.status_code == 429 and "Your seat is kept" in str(no.log_message) and no.retry_after == 10


def test_a_rush_of_loads_leaves_seated_pages_and_the_dashboard_their_kernels(tmp_path: Path) -> None:
    """The issue's lockout: 64 loads at once (cap 16, from the server's own machine, which the
    device limits leave out). Pages not joined take at most the cap less the reserve; the rest
    are told the server is full (503) and when to come back; a seated student's reload, the
    dashboard and the projector still get kernels, at the cap by shutting down a page that
    never opened (then the oldest not joined)."""
    r = Room(tmp_path)
    seat = StudentSeat.join(r.store, r.room.info.join_code, "Ann")
    admitted, refused = 0, []
    for i in range(64):
        try:
            r.load(open_page=i % 2 == 0)
            admitted += 1
        except ComeBack as exc:
            refused.append(exc)
    assert admitted == 16 - reserve(16) == 12
    assert {e.status_code for e in refused} == {503} and "The class server is full" in str(refused[0].log_message)
    assert r.refused(TEACHER, "secret=wrong").status_code == 503  # a wrong secret is a page like any other
    r.kernels.ids |= {"warm1", "warm2", "warm3", "warm4"}  # Voilà's refills fill the cap
    assert r.kernels.running == 16
    r.load(query=f"code={r.room.info.join_code}&seat={seat.token}")
    assert r.kernels.shut == ["k2"]  # the oldest page that never opened
    r.load(TEACHER, f"secret={SECRET}")
    r.load(TEACHER, f"view={projector_key(SECRET)}")
    assert r.kernels.shut == ["k2", "k4", "k6"]


def test_a_page_that_never_opens_gives_its_kernel_back(tmp_path: Path) -> None:
    """A page not joined that never opens its kernel's socket within UNCLAIMED seconds has its
    kernel shut down at the next load; an open page, and a page that joined, keep theirs."""
    r = Room(tmp_path)
    never = r.load()
    opened = r.load(open_page=True)
    joined = r.load()
    r.seats[joined] = "a seat"
    r.clock.t += UNCLAIMED + 1
    r.load()
    assert r.kernels.shut == [never] and {opened, joined} <= r.kernels.ids


def test_a_page_cut_off_before_it_joined_keeps_its_device_away(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page cut off by the websocket guard before it joined has no seat to cool down: its
    device is kept away for the cool-down instead (429 with the time left)."""
    monkeypatch.setattr(adm, "cool_down", lambda: 30.0)
    r = Room(tmp_path)
    kernel = r.load(address="192.0.2.7", open_page=True)
    assert r.gate.cool(kernel)
    r.clock.t += 10
    no = r.refused(address="192.0.2.7")
    assert no.status_code == 429 and no.retry_after == 20 and "disconnected" in str(no.log_message)
    r.load(address="192.0.2.8")
    r.clock.t += 21
    r.load(address="192.0.2.7")


def test_at_the_cap_a_kernel_can_still_be_shut_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voilà's shutdown looks through its pools by each finished refill's result; a refill that
    failed at the cap (HTTP 503) raised there, so no kernel could be shut down (the cut-off
    page's: "Could not shut down ... HTTP 503"). The kit's manager drops such refills first."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from landlord.apps.classroom import kernels as kernels_mod

    pooling: Any = voila_kernel_manager_factory(kernels_mod.CappedKernelManager, True, 1)
    shut: list[str] = []

    async def base_shutdown(self: Any, kernel_id: str, *a: Any, **k: Any) -> None:
        shut.append(kernel_id)

    monkeypatch.setattr(kernels_mod.AsyncMappingKernelManager, "shutdown_kernel", base_shutdown)
    mgr = pooling.__new__(pooling)
    mgr._restarted, mgr._handed, mgr.notebook_data = set(), {}, {}

    async def run() -> None:
        loop = asyncio.get_running_loop()
        failed, ready = loop.create_future(), loop.create_future()
        failed.set_exception(ComeBack(503, 30, "The class server is full"))
        ready.set_result({"kernel_id": "warm"})
        mgr._pools = {"class-single-tax.ipynb": [failed, ready]}
        await mgr.shutdown_kernel("cut-off")
        assert mgr._pools["class-single-tax.ipynb"] == [ready]

    asyncio.run(run())
    assert shut == ["cut-off"]


def render_error(status: int, exception: Any, message: str) -> str:
    """The kit's error page as Voilà's handler draws it (Jupyter's ``write_error`` namespace)."""
    voila = Path(jinja2.__file__).parents[4] / "share" / "jupyter"
    roots = [TEMPLATES / "voila" / "templates" / "landlord", voila / "voila" / "templates" / "lab",
             voila / "voila" / "templates" / "base", voila]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(p) for p in roots]),
                             extensions=["jinja2.ext.i18n"], autoescape=True)
    env.install_null_translations()  # type: ignore[attr-defined]
    return env.get_template("error.html").render(status_code=status, status_message="Service Unavailable",
                                                  message=message, exception=exception, include_css=None)


def test_a_refused_page_says_why_and_opens_again_by_itself() -> None:
    """Voilà's error page showed only "503: Service Unavailable". The kit's says what happened
    (the refusal's words), when the page opens again, and opens it then (a script counting down,
    and a refresh for a browser without scripts); any other error keeps its status line and
    gains its words."""
    full = ComeBack(503, 30, "The class server is full just now. This page tries again by itself in WAIT.")
    page = render_error(503, full, str(full.log_message) % ())
    assert "The class server is full just now. This page tries again by itself in 30 s." in page
    assert '<meta http-equiv="refresh" content="30">' in page and "location.reload()" in page
    assert 'Opening again in <span id="ll-wait">30</span> s' in page and "503: Service" not in page
    other = render_error(404, KeyError("x"), "notebook <b> not found")
    assert "404: Service Unavailable" in other and "notebook &lt;b&gt; not found" in other
    assert "location.reload" not in other and "http-equiv=\"refresh\"" not in other


def test_the_load_of_a_page_reads_its_keys(tmp_path: Path) -> None:
    r = Room(tmp_path)
    seat = StudentSeat.join(r.store, r.room.info.join_code, "Ann")
    assert r.gate.load_of(r.store, STUDENT, f"seat={seat.token}", "::ffff:192.0.2.9") == Load(
        "class-single-tax.ipynb", True, adm.digest(seat.token), "192.0.2.9")
    assert not r.gate.load_of(r.store, STUDENT, "seat=forged", "192.0.2.9").privileged
    assert not r.gate.load_of(r.store, STUDENT, f"secret={SECRET}", "192.0.2.9").privileged  # not the dashboard
    assert r.gate.load_of(None, TEACHER, f"secret={SECRET}", "10.0.0.1").device == "10.0.0.1"


def test_a_class_behind_one_address_is_not_limited_by_device(tmp_path: Path) -> None:
    """A teacher whose students all reach the server through one address sets
    ``--seats-per-device 0``: their page loads are not limited by device either (a class
    arriving at once would have shared one device's two pages)."""
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=4, rounds=4, seed=1, seats_per_device=0), SECRET)
    gate, kernels = Admission(clock=Clock()), Kernels(60)
    for i in range(20):
        load = gate.load_of(store, STUDENT, f"code={room.info.join_code}", "192.0.2.7")
        assert load.device == ""
        asyncio.run(gate.admit(load, kernels, store, {}))
        gate.handed(load, f"k{i}")
