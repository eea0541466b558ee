"""A room one student cannot lock (issue 37, point 4), against a live class server.

Measured on the code before this test: after 64 anonymous loads of the class page at once (cap
16), every later page load got a bare "503: Service Unavailable" for 290 s, a seated student's
reload and the teacher's dashboard included, until the idle cull shut the loaded kernels down.
Here the same rush leaves the seated student's page and the dashboard their kernels, and every
page refused says in words what happened and reloads itself."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from class_server import JUPYTER_DIRS, start_class, stop_class

from landlord.apps import serve
from landlord.apps.classroom import SqliteStore, StudentSeat

pytestmark = pytest.mark.server

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')


def load(url: str) -> tuple[int, str]:
    """GET a page: its status and its text."""
    try:
        with urllib.request.urlopen(url, timeout=600) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_sixty_four_loads_at_once_leave_seated_pages_and_the_dashboard_their_kernels(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    srv = start_class(folder, {var: str(tmp_path / var.lower()) for var in JUPYTER_DIRS}, serve.free_port(),
                      "--class-size", "4", "--warm", "4", "--max-kernels", "16", "--seed", "5")
    try:
        serve.wait_warm(srv.proc, 5, timeout=300)
        seat = StudentSeat.join(SqliteStore(folder), srv.code, "Ann")
        got: list[tuple[int, str]] = []
        rush = [threading.Thread(target=lambda: got.append(load(srv.student))) for _ in range(64)]
        for t in rush:
            t.start()
        for t in rush:
            t.join()
        refused = [text for status, text in got if status != 200]
        assert len(got) == 64 and refused, "the rush was not limited at all"
        assert {status for status, _ in got} <= {200, 429, 503}
        for text in refused:  # words, a time to come back, and the page reloads itself
            assert "come back" in text.lower() or "tries again" in text.lower(), text[:400]
            assert "location.reload" in text and "http-equiv=\"refresh\"" in text
        status, page = load(f"{srv.student}&seat={seat.token}")
        assert status == 200 and KERNEL_ID.search(page), page[:400]
        status, page = load(srv.teacher)
        assert status == 200 and KERNEL_ID.search(page), page[:400]
        log = (folder / "voila.log").read_text(encoding="utf-8")
        assert "Traceback" not in log, log[-3000:]
    finally:
        stop_class(srv.proc)
