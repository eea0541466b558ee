"""One seat a device (issue 26, point 4, and the standard "nothing a visitor sends may take more
than one seat"): the class server records the network address each page's kernel socket came
from, the kernel reads it when its student joins, and the store refuses a device that already
holds its seats. DECISION (written beside :func:`counted_address`): the server's own machine is
not counted; ``seats_per_device`` (``landlord class --seats-per-device``) lets a teacher allow
more, or 0 for no limit, where every device reaches the server through one address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from store_backends import both_stores, class_store

from landlord.apps.classroom import Classroom, ClassSpec, Refused, SqlStore, StudentSeat, kernels
from landlord.apps.classroom.kernels import GuardedConnection
from landlord.apps.classroom.store import counted_address
from landlord.errors import LandlordError

SECRET = "s" * 24


def a_class(tmp_path: Path, **spec: Any) -> tuple[SqlStore, str]:
    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(**{"table_size": 2, "seed": 3, **spec}), SECRET)
    return store, room.info.join_code


@both_stores
def test_a_device_that_holds_a_seat_cannot_take_a_second(tmp_path: Path) -> None:
    """A second join from the same address is refused with a line that says why, names the
    seat the device holds and where to turn; the class keeps the one seat."""
    store, code = a_class(tmp_path)
    StudentSeat.join(store, code, "Ann", "192.168.1.20")
    with pytest.raises(Refused, match=r"this device already holds Ann's seat in class \w+: one seat a device"):
        StudentSeat.join(store, code, "Bo", "192.168.1.20")
    assert [s.name for s in store.seats(store.code_class(code).id)] == ["Ann"]
    StudentSeat.join(store, code, "Bo", "192.168.1.21")  # another device is welcome


@both_stores
def test_a_script_on_one_machine_cannot_fill_the_class(tmp_path: Path) -> None:
    """The original report: one page filled all 12 seats and a latecomer was turned away. Twelve
    joins from one address (as twelve pages, each its own kernel) take one seat; the latecomer
    on her own device sits down."""
    store, code = a_class(tmp_path, table_size=4, max_tables=3)
    taken = 0
    for k in range(12):
        try:
            StudentSeat.join(store, code, f"Bot{k}x", "10.0.0.66")
            taken += 1
        except Refused:
            pass
    assert taken == 1
    late = StudentSeat.join(store, code, "Latecomer", "10.0.0.7")
    assert late.seat_info.name == "Latecomer"


@both_stores
def test_a_removed_seat_frees_its_device(tmp_path: Path) -> None:
    """When the teacher removes a student, that device may join again (a seat, not a ban)."""
    store, code = a_class(tmp_path)
    ann = StudentSeat.join(store, code, "Ann", "192.168.1.20")
    store.remove_seat(ann.seat_info.class_id, SECRET, ann.table_no, ann.seat)
    again = StudentSeat.join(store, code, "Ann", "192.168.1.20")
    assert again.seat_info.name == "Ann"


@both_stores
def test_the_teacher_can_allow_more_seats_a_device_or_none(tmp_path: Path) -> None:
    """``seats_per_device`` 2 lets two students share a device, and a third is refused; 0 lifts
    the limit; a negative number is a clear error naming the choice."""
    store, code = a_class(tmp_path / "two", seats_per_device=2, table_size=4)
    StudentSeat.join(store, code, "Ann", "192.168.1.20")
    StudentSeat.join(store, code, "Bo", "192.168.1.20")
    with pytest.raises(Refused, match="already holds Ann and Bo's seat"):
        StudentSeat.join(store, code, "Cy", "192.168.1.20")
    store, code = a_class(tmp_path / "any", seats_per_device=0, table_size=4)
    for name in ("Ann", "Bo", "Cy"):
        StudentSeat.join(store, code, name, "192.168.1.20")
    with pytest.raises(LandlordError, match=r"seats per device: 0 \(no limit\) or more, got -1"):
        ClassSpec(seats_per_device=-1).check()


@pytest.mark.parametrize("address, counted", [
    ("192.168.1.20", "192.168.1.20"), ("::ffff:192.168.1.20", "192.168.1.20"), ("fe80::1", "fe80::1"),
    ("127.0.0.1", ""), ("::1", ""), ("::ffff:127.0.0.1", ""), ("", ""), ("not an address", ""),
])
def test_which_addresses_count(address: str, counted: str) -> None:
    """The rule counts a device by its IP (an IPv4 address mapped into IPv6 is the same device)
    and leaves out the server's own machine and what is no address."""
    assert counted_address(address) == counted


@both_stores
def test_the_servers_own_machine_is_not_counted(tmp_path: Path) -> None:
    """A teacher trying the class in four tabs on the server's machine seats four students."""
    store, code = a_class(tmp_path, table_size=4)
    for name in ("Ann", "Bo", "Cy", "Di"):
        StudentSeat.join(store, code, name, "127.0.0.1")
    assert len(store.seats(store.code_class(code).id)) == 4


class Request:
    remote_ip = "192.168.1.30"


class Handler:
    request = Request()


@both_stores
def test_the_server_records_each_pages_address_from_its_socket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """When a page's kernel socket opens, the class server writes the socket's peer address
    for that kernel; the kernel reads it back by its id when its student joins."""
    store, code = a_class(tmp_path)
    monkeypatch.setattr(kernels, "_class_store", lambda: store)
    conn = GuardedConnection.__new__(GuardedConnection)
    monkeypatch.setattr(GuardedConnection, "kernel_id", "k-1", raising=False)
    monkeypatch.setattr(GuardedConnection, "websocket_handler", Handler(), raising=False)
    called: list[bool] = []
    monkeypatch.setattr(kernels.ZMQChannelsWebsocketConnection, "connect", lambda self: called.append(True))
    conn.connect()
    assert called and store.page_address("k-1") == "192.168.1.30"
    assert store.page_address("k-unknown") == ""
    StudentSeat.join(store, code, "Ann", store.page_address("k-1"))
    with pytest.raises(Refused, match="one seat a device"):
        StudentSeat.join(store, code, "Bo", store.page_address("k-1"))
