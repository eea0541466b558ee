"""``landlord class --ip <one address>`` keeps a page's address across a refresh (issue 37,
point 4). A warm kernel waits for its visitor's request and asks Voilà for it at the server's
own address; Voilà's default is 127.0.0.1, where a server listening on one other address does not
answer: the page's ``?code=`` and ``?seat=`` were lost (the join form came up empty after a
refresh, and the one-seat-a-device rule then refused the student's rejoin)."""

from __future__ import annotations

import asyncio
import contextlib
import html
from pathlib import Path

import pytest
from class_server import JUPYTER_DIRS, start_class, stop_class
from classclient import VoilaClient

from landlord.apps import serve
from landlord.apps.classroom import SqliteStore, StudentSeat
from landlord.apps.classroom.server import lan_address


async def page_text(url: str, words: str) -> tuple[str, list[str]]:
    """Open ``url`` as a page; its words once ``words`` show (or after 120 s), and the class
    code field's value."""
    c = VoilaClient(url)
    await c.open()
    with contextlib.suppress(Exception):  # the words never came: the text says what came instead
        await c.wait_for(lambda: words in html.unescape(c.text()), 120)
    codes = [c.models[m].get("value", "") for m in c.find("TextModel", description="Class code")]
    text = html.unescape(c.text())
    await c.close()
    return text, codes


@pytest.mark.server
@pytest.mark.skipif(lan_address() == "127.0.0.1", reason="this machine has no network address but loopback")
def test_a_server_on_one_address_keeps_the_code_and_the_seat_across_a_refresh(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    srv = start_class(folder, {var: str(tmp_path / var.lower()) for var in JUPYTER_DIRS}, serve.free_port(),
                      "--ip", lan_address(), "--class-size", "2", "--warm", "2", "--seed", "9")
    try:
        assert lan_address() in srv.student
        seat = StudentSeat.join(SqliteStore(folder), srv.code, "Ann")
        text, _ = asyncio.run(page_text(f"{srv.student}&seat={seat.token}", "Welcome back, Ann"))
        assert "Welcome back, Ann: table 1, seat 1." in text, text[:600]
        _, codes = asyncio.run(page_text(srv.student, "Your name"))
        assert codes == [srv.code]
    finally:
        stop_class(srv.proc)


@pytest.mark.parametrize("ip, host", [("0.0.0.0", "127.0.0.1"), ("127.0.0.1", "127.0.0.1"),
                                      ("192.0.2.2", "192.0.2.2"), ("::", "[::1]"), ("fd00::5", "[fd00::5]")])
def test_kernels_ask_for_their_request_where_the_server_listens(ip: str, host: str) -> None:
    """Every address ``--ip`` takes (every network, loopback, one IPv4 or IPv6 address) gives the
    kernels an address where the server answers."""
    from landlord.apps.classroom.server import page_info_host

    assert page_info_host(ip) == host
