"""Hard limits and presence (issue 26, points 1–3) without a server: the rate meters, a page's
refused writes held back before the store, the websocket guard refusing binary frames and
floods unread, the kernel cap counting kernels still starting, a restart's grace in which no
bot moves, and presence taken from the page's pulse, not from the kernel."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from store_backends import both_stores, class_store, store_address

from landlord.apps.classroom import Classroom, ClassSpec, Referee, StudentSeat
from landlord.apps.classroom import kernels as kernels_mod
from landlord.apps.classroom.bucket import COOL_DOWN_ENV, Bucket
from landlord.apps.classroom.kernels import CUT_OFF, CappedKernelManager, GuardedConnection
from landlord.apps.classroom.room import SLOW_DOWN
from landlord.limits import COOL_DOWN, REFUSED_BURST, WIDGET_BURST

SECRET = "t" * 24


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    clock = Clock()
    b = Bucket(rate=2.0, burst=3.0, clock=clock)
    assert [b.take() for _ in range(4)] == [True, True, True, False]
    clock.t += 0.5  # one token back
    assert b.take() and not b.take()
    clock.t += 100
    assert b.tokens <= 3.0 or b.take()
    assert b.refused == 2


@both_stores
def test_second_ballots_stop_reaching_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=2, rounds=4, seed=1), SECRET)
    seat = StudentSeat.join(store, room.info.join_code, "Ann")
    room.start(SECRET)
    room.open_class_vote(SECRET, "single_tax")
    assert seat.vote(True) == ""
    casts = []
    real = store.cast
    monkeypatch.setattr(store, "cast", lambda *a: (casts.append(a), real(*a))[1])
    answers = [seat.vote(True) for _ in range(200)]
    assert len(casts) == REFUSED_BURST  # then the meter turns the clicks away before the store
    assert answers[-1] == SLOW_DOWN and "already voted" in answers[0]
    assert room.class_votes()[-1].yes == 1


class FakeProtocol:
    """The handler's websocket protocol: Tornado's ``close`` for a frame too big, recorded."""

    def __init__(self, handler: FakeHandler) -> None:
        self.handler = handler

    def close(self, code: int | None = None, reason: str | None = None) -> None:
        self.handler.closed = (code or 1000, reason or "")


class FakeHandler:
    def __init__(self) -> None:
        self.closed: tuple[int, str] | None = None
        self.ws_connection = FakeProtocol(self)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def misbehave(conn: GuardedConnection, frame: str) -> None:
    """What the hostile page sends: a binary frame, a flood of widget messages, or a frame too
    big (Tornado refuses it from its header, closing the socket with 1009, as here)."""
    if frame == "binary":
        conn.handle_incoming_message(b"\0" * 68)  # type: ignore[arg-type]
    elif frame == "flood":
        for _ in range(int(WIDGET_BURST) + CUT_OFF + 1):
            conn.handle_incoming_message(json.dumps({"channel": "shell"}))
    else:
        conn.watch_frame_size()  # as the connection's connect() does
        conn.websocket_handler.ws_connection.close(1009, "message too big")


def guarded(monkeypatch: pytest.MonkeyPatch, kernel_id: str) -> tuple[GuardedConnection, list[Any], FakeHandler]:
    """A guarded connection whose parent's message handling is recorded instead of sent."""
    passed: list[Any] = []
    monkeypatch.setattr(kernels_mod.ZMQChannelsWebsocketConnection, "handle_incoming_message",
                        lambda self, msg: passed.append(msg))
    monkeypatch.setattr(GuardedConnection, "kernel_id", property(lambda self: kernel_id))
    handler = FakeHandler()
    conn = GuardedConnection.__new__(GuardedConnection)
    GuardedConnection.__init__(conn)
    monkeypatch.setattr(GuardedConnection, "websocket_handler", handler, raising=False)
    return conn, passed, handler


def test_a_binary_frame_is_refused_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    conn, passed, handler = guarded(monkeypatch, "k-binary")
    # the 68-byte frame: a count of buffers the reader would believe (2**31 - 1)
    conn.handle_incoming_message(b"\x7f\xff\xff\xff" + b"\0" * 64)  # type: ignore[arg-type]
    assert passed == [] and handler.closed is not None and handler.closed[0] == 1003
    assert conn.kernel_ws_protocol == ""  # the binary protocol is not offered


def test_a_flood_is_dropped_then_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    conn, passed, handler = guarded(monkeypatch, "k-flood")
    msg = json.dumps({"channel": "shell"})
    for _ in range(int(WIDGET_BURST) + CUT_OFF + 50):
        conn.handle_incoming_message(msg)
    assert int(WIDGET_BURST) <= len(passed) < int(WIDGET_BURST) + 100
    assert handler.closed is not None and handler.closed[0] == 1008
    other, passed2, _ = guarded(monkeypatch, "k-calm")  # another page's meter is its own
    other.handle_incoming_message(msg)
    assert passed2 == [msg]


class FakeKernels:
    """The server's kernels, as the guard's shutdown sees them."""

    def __init__(self, *ids: str) -> None:
        self.ids = set(ids)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self.ids

    async def shutdown_kernel(self, kernel_id: str) -> None:
        self.ids.discard(kernel_id)


@pytest.mark.parametrize("frame", ["binary", "flood", "oversized"])
def test_a_cut_off_page_leaves_no_kernel_behind(monkeypatch: pytest.MonkeyPatch, frame: str) -> None:
    """A page whose socket the guard closes has its kernel shut down too: its reload takes a
    new one, so a page that floods and reloads over and over holds one kernel, not one a reload
    (the class drill's hostile page filled the cap that way). Another page's kernel stays."""
    conn, _, handler = guarded(monkeypatch, "k-cut")
    running = FakeKernels("k-cut", "k-other")
    monkeypatch.setattr(GuardedConnection, "multi_kernel_manager", property(lambda self: running))
    shut_down: list[str] = []
    real = GuardedConnection._shut_down

    def counted(self: GuardedConnection, kernel_id: str) -> Any:
        shut_down.append(kernel_id)
        return real(self, kernel_id)

    monkeypatch.setattr(GuardedConnection, "_shut_down", counted)

    async def cut_off() -> None:
        misbehave(conn, frame)
        misbehave(conn, frame)  # what was already on its way
        assert handler.closed is not None and "k-cut" in running  # the socket closes first
        await asyncio.sleep(1.0)

    asyncio.run(cut_off())
    assert running.ids == {"k-other"}
    assert shut_down == ["k-cut"]  # once, though the frames on their way reached the cut-off again
    assert "k-cut" not in GuardedConnection.meters


class FakeManager:
    """Just enough of the kernel manager for the hand-out of warm kernels: :meth:`load` is a page
    load of the class lesson at ``?query`` through the kit's hand-out; its kernel id."""

    def __init__(self) -> None:
        self.handed: list[str] = []

    async def sound(self, kernel_id: str, render: Any = None) -> bool:
        return True

    def hand_out(self, kernel_id: str) -> None:
        """Where the manager keeps a handed-out kernel from the cull (none here)."""

    async def _handout(self, notebook: str, **kwargs: Any) -> tuple[Any, list[str], str]:
        self.handed.append(f"k{len(self.handed)}")
        return None, [], self.handed[-1]

    def load(self, query: str) -> str:
        url = f"http://192.0.2.2:8866/voila/render/class-single-tax.ipynb?{query}"
        get = kernels_mod._sound_handout(FakeManager._handout)  # type: ignore[arg-type]
        return asyncio.run(get(self, "class-single-tax.ipynb",  # type: ignore[arg-type]
                               extra_kernel_env_variables={"VOILA_REQUEST_URL": url}))[2]


@pytest.mark.parametrize("frame", ["binary", "flood", "oversized"])
def test_a_cut_off_page_is_kept_away_for_the_cool_down(monkeypatch: pytest.MonkeyPatch, frame: str) -> None:
    """A page cut off (a binary frame, a flood) reloads onto its seat at once and would flood
    again, each reload taking a warm kernel and starting another; its seat's page is refused
    (HTTP 429, saying when it may come back) for COOL_DOWN seconds, while another seat's page
    loads, and after the cool-down it loads again."""
    clock = [1000.0]
    monkeypatch.setattr(kernels_mod.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(kernels_mod, "COOLING", {})
    monkeypatch.setattr(kernels_mod, "PAGE_SEATS", {})
    mgr = FakeManager()

    def load(seat: str) -> str:
        return mgr.load(f"code=ABC&seat={seat}")

    kernel = load("mallory-key")
    conn, _, handler = guarded(monkeypatch, kernel)
    monkeypatch.setattr(GuardedConnection, "_shut_down", lambda self, k: asyncio.sleep(0))
    misbehave(conn, frame)
    assert handler.closed is not None
    with pytest.raises(kernels_mod.web.HTTPError) as refused:
        load("mallory-key")
    assert refused.value.status_code == 429 and "may come back in 30 s" in str(refused.value.log_message)
    assert load("ann-key") == "k1"  # another seat's page is not held back
    clock[0] += COOL_DOWN - 1
    with pytest.raises(kernels_mod.web.HTTPError, match="come back in 1 s"):
        load("mallory-key")
    clock[0] += 1.5
    assert load("mallory-key") == "k2"


@both_stores
def test_a_page_that_joined_after_its_load_is_kept_away_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page loaded without a seat key (the join page) whose student then joins is cut off: its
    kernel recorded the seat in the class store, so the seat's reload (now with its key) waits
    out the cool-down too. (Before, only a page loaded with its key was kept away: the drill's
    hostile page, cut off in its first flood, reloaded at once and flooded again.)"""
    monkeypatch.setattr(kernels_mod, "COOLING", {})
    monkeypatch.setattr(kernels_mod, "PAGE_SEATS", {})
    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=2, rounds=4, seed=1), SECRET)
    monkeypatch.setattr(kernels_mod, "_class_store", lambda: store)
    load = FakeManager().load

    kernel = load(f"code={room.info.join_code}")
    from landlord.apps.classroom import room as room_mod

    monkeypatch.setattr(room_mod, "kernel_id", lambda: kernel)
    seat = StudentSeat.join(store, room.info.join_code, "Mallory")
    assert store.page_seat(kernel)
    conn, _, handler = guarded(monkeypatch, kernel)
    monkeypatch.setattr(GuardedConnection, "_shut_down", lambda self, k: asyncio.sleep(0))
    for _ in range(int(WIDGET_BURST) + CUT_OFF + 1):
        conn.handle_incoming_message(json.dumps({"channel": "shell"}))
    assert handler.closed is not None
    with pytest.raises(kernels_mod.web.HTTPError, match="may come back in"):
        load(f"code={room.info.join_code}&seat={seat.token}")



@both_stores
def test_a_page_cut_off_on_one_class_server_is_kept_away_by_another(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Several class servers on one store (``landlord class --store``): a page cut off on one is
    refused (HTTP 429) by another, which has no memory of it, until the cool-down is over; the
    cool-down is in the store, not in one server's process."""
    monkeypatch.setenv(COOL_DOWN_ENV, "1.5")
    monkeypatch.setattr(kernels_mod, "COOLING", {})
    monkeypatch.setattr(kernels_mod, "PAGE_SEATS", {})
    first = class_store(tmp_path)
    room, _ = Classroom.create(first, ClassSpec(table_size=2, rounds=4, seed=1), SECRET)
    seat = StudentSeat.join(first, room.info.join_code, "Mallory")
    monkeypatch.setattr(kernels_mod, "_class_store", lambda: first)
    kernel = FakeManager().load(f"code={room.info.join_code}&seat={seat.token}")
    conn, _, handler = guarded(monkeypatch, kernel)
    monkeypatch.setattr(GuardedConnection, "_shut_down", lambda self, k: asyncio.sleep(0))
    for _ in range(int(WIDGET_BURST) + CUT_OFF + 1):
        conn.handle_incoming_message(json.dumps({"channel": "shell"}))
    assert handler.closed is not None
    # the other server: its own process (no cool-down of its own), its own connection to the store
    monkeypatch.setattr(kernels_mod, "COOLING", {})
    monkeypatch.setattr(kernels_mod, "PAGE_SEATS", {})
    other = class_store(tmp_path)
    monkeypatch.setattr(kernels_mod, "_class_store", lambda: other)
    with pytest.raises(kernels_mod.web.HTTPError, match=r"may come back in [12] s") as refused:
        FakeManager().load(f"code={room.info.join_code}&seat={seat.token}")
    assert refused.value.status_code == 429
    ann = StudentSeat.join(other, room.info.join_code, "Ann")
    assert FakeManager().load(f"code={room.info.join_code}&seat={ann.token}") == "k0"  # another seat loads
    time.sleep(1.6)
    assert FakeManager().load(f"code={room.info.join_code}&seat={seat.token}") == "k0"


def test_the_cap_counts_kernels_still_starting(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str] = []

    async def slow_start(self: Any, *a: Any, **k: Any) -> str:
        await asyncio.sleep(0.05)
        started.append(f"k{len(started)}")
        return started[-1]

    monkeypatch.setattr(kernels_mod.AsyncMappingKernelManager, "start_kernel", slow_start)
    monkeypatch.setattr(CappedKernelManager, "add_restart_callback", lambda *a: None)
    monkeypatch.setattr(CappedKernelManager, "list_kernel_ids", lambda self: list(started))
    mgr = CappedKernelManager(max_kernels=4)

    async def rush() -> list[Any]:
        return await asyncio.gather(*(mgr.start_kernel() for _ in range(16)), return_exceptions=True)

    got = asyncio.run(rush())
    assert len(started) == 4 and sum(isinstance(g, Exception) and "503" in str(g) for g in got) == 12


@both_stores
def test_no_bot_moves_in_a_restarts_grace(tmp_path: Path) -> None:
    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=2, rounds=4, seed=1, bot_delay=0.0, away_after=5),
                               SECRET)
    StudentSeat.join(store, room.info.join_code, "Ann")
    room.start(SECRET)
    far = 1e10  # every seat's last sign of life is long ago, as after a restart
    ref = Referee(store, room.id, SECRET, quiet_until=far + 30)
    assert sum(ref.tick(now=far + t) for t in range(0, 30, 2)) == 0
    assert ref.tick(now=far + 31) == 1  # after it, the away seat is played again


@both_stores
def test_presence_follows_the_pages_pulse_not_the_kernel(tmp_path: Path) -> None:
    from landlord.widgets.classroom_student import PAGE_QUIET, ClassroomStudent

    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=2, rounds=4, seed=1), SECRET)
    app = ClassroomStudent(folder=store_address(tmp_path), code=room.info.join_code)
    assert app.join(room.info.join_code, "Ann")
    assert not app.join(room.info.join_code, "Ann2")  # one seat a page
    assert "already holds" in app.message.value and len(store.seats(room.id)) == 1
    now = app.page_seen
    assert app.page_here(now + PAGE_QUIET - 0.5)
    assert not app.page_here(now + PAGE_QUIET + 0.5)  # a frozen page: its pulse stopped
    app.pulse.value = 7  # the browser's timer ticked
    assert app.page_here()
    app.close()


def test_the_class_command_sets_its_servers_cool_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """``landlord class --cool-down S`` reaches the Voilà server through its environment; an
    unreadable value keeps the default, a negative one is none."""
    from landlord.apps.classroom.bucket import COOL_DOWN_ENV, cool_down

    monkeypatch.delenv(COOL_DOWN_ENV, raising=False)
    assert cool_down() == COOL_DOWN == 30.0
    monkeypatch.setenv(COOL_DOWN_ENV, "8")
    assert cool_down() == 8.0
    monkeypatch.setenv(COOL_DOWN_ENV, "soon")
    assert cool_down() == COOL_DOWN
    monkeypatch.setenv(COOL_DOWN_ENV, "-3")
    assert cool_down() == 0.0


def test_a_pool_is_refilled_after_the_visitors_arriving_together(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27.6 (students opening a lesson at once): after a visitor took a warm kernel, its
    refill waits busy_fill_delay while other warm kernels are ready (the visitors' pages load
    first), Voilà's own delay when none is (the next visitor would wait for it); the server's
    start-up fills (a delay given) are left as they are. Voilà's pooling class, derived from the
    kit's manager, gets the paced refill."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    pooling = voila_kernel_manager_factory(CappedKernelManager, True, 1)
    assert pooling.fill_if_needed.__wrapped__ is not None  # type: ignore[attr-defined]
    asked: list[float | None] = []
    paced = kernels_mod._paced_fill(lambda self, delay, name, *a, **k: asked.append(delay))

    async def run() -> None:
        loop = asyncio.get_running_loop()
        ready, starting, failed = loop.create_future(), loop.create_future(), loop.create_future()
        ready.set_result({"kernel_id": "k"})
        failed.set_exception(RuntimeError("no"))
        mgr = type("Mgr", (), {"busy_fill_delay": 30.0})()
        mgr._pools = {"a.ipynb": [ready, starting], "b.ipynb": [starting, failed]}
        paced(mgr, None, "a.ipynb")
        paced(mgr, None, "b.ipynb")
        paced(mgr, 0, "a.ipynb")
        starting.cancel()

    asyncio.run(run())
    assert asked == [30.0, None, 0]


def test_a_restarts_grace_lasts_until_the_pages_are_back_or_its_longest(tmp_path: Path) -> None:
    """Issue 37.4: the grace was a fixed 60 s, and pages came back 22–68 s after the port (some
    after the grace, whose seats the away bot then played). Now it waits for every page open
    before the restart (its seat seen within the away limit of the last sign of life): it ends
    as soon as they are all back, and at the latest after its longest time. A seat whose page
    was long gone before the restart is not waited for."""
    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=2, rounds=4, seed=1, bot_delay=0.0, away_after=5),
                               SECRET)
    ann = StudentSeat.join(store, room.info.join_code, "Ann")
    bo = StudentSeat.join(store, room.info.join_code, "Bo")
    cy = StudentSeat.join(store, room.info.join_code, "Cy")
    room.start(SECRET)
    with store._write() as c:  # Cy's page had gone a minute before the server stopped
        c.execute("update seats set last_seen = last_seen - 60 where name = 'Cy'")
    ref = Referee(store, room.id, SECRET)
    started = time.time() + 1
    assert ref.resume_grace(started, 120) == {(ann.table_no, ann.seat), (bo.table_no, bo.seat)}
    time.sleep(1.1)
    ann.heartbeat()  # Ann's page is back; Bo's is not yet
    assert ref.tick(now=started + 100) == 0 and ref.waiting() == {(bo.table_no, bo.seat)}
    assert cy.table_no  # (Cy's seat is not waited for)
    bo.heartbeat()
    assert ref.tick(now=started + 101) >= 0 and ref.quiet_until == started + 101  # the grace ended: all back
    assert ref.grace_ended == started + 101 and ref.not_back == set()  # what the class's log is told
    late = Referee(store, room.id, SECRET)
    late.resume_grace(time.time() + 10, 30)  # nobody comes back: the longest time ends it
    assert late.tick(now=time.time() + 39) == 0 and late.quiet_until == pytest.approx(time.time() + 40, abs=2)
    late.tick(now=time.time() + 41)
    assert late.tick(now=time.time() + 42) >= 0 and time.time() + 41 >= late.quiet_until
    assert late.grace_ended == late.quiet_until and len(late.not_back) == 2  # Ann's and Bo's pages never came
