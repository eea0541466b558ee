"""One seat a device, against a live class server (issue 26, point 4): a script that opens page
after page from one machine gets one seat; the server's own machine is not counted. The pages
are websocket clients (``tests/classclient.py``), as a hostile script would be; the
server listens on every network so that a page can come from this machine's own network
address (not loopback)."""

from __future__ import annotations

import asyncio
import html
from pathlib import Path

import pytest

pytestmark = pytest.mark.server


from class_load import start_server, stop_server  # noqa: E402
from classclient import VoilaClient  # noqa: E402

from landlord.apps import serve  # noqa: E402
from landlord.apps.classroom.server import lan_address  # noqa: E402


async def join(url: str, name: str) -> str:
    """A new page at ``url`` joins as ``name``; the page's words after the answer."""
    c = VoilaClient(url)
    await c.open()
    button = (await c.wait_for(lambda: c.find("ButtonModel", description="Join the class"), 300))[0]
    c.set_value(c.find("TextModel", description="Your name")[0], name)
    clicked = c.click(button)
    await c.wait_for(lambda: clicked in c.handled, 60)  # every change the click made has arrived
    text = html.unescape(c.text())
    await c.close()
    return text


@pytest.mark.skipif(lan_address() == "127.0.0.1", reason="this machine has no network address but loopback")
@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_pages_from_one_device_take_one_seat(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> None:
    """On each class store: the class folder's SQLite, and PostgreSQL (``--store``), where the
    server records each page's address in the database and the kernel reads it back."""
    env = {var: str(tmp_path / var.lower()) for var in
           ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR")}
    store = [] if backend == "sqlite" else ["--store", request.getfixturevalue("postgres_server").new_database()]
    proc, url, _ = start_server(tmp_path / "class", serve.free_port(), env,
                                ["--ip", "0.0.0.0", "--warm", "4", "--class-size", "4", *store])
    try:
        assert lan_address() in url

        async def scenario() -> list[str]:
            return [await join(url, "Ann"), await join(url, "Bo"),
                    await join(url.replace(lan_address(), "127.0.0.1"), "Cy")]

        ann, bo, cy = asyncio.run(scenario())
    finally:
        stop_server(proc)
    assert "Welcome, Ann" in ann
    assert "This device already holds Ann's seat" in bo and "Welcome, Bo" not in bo
    assert "Welcome, Cy" in cy  # the server's own machine: not counted
