"""A page whose kernel is gone opens its seat again by itself (issue 37, point 4): a page cut off
for flooding has its kernel shut down, and its page just went dead. Here a student's page in
Chromium loses its kernel (shut down as the guard does) and, within a few of its looks at the
server, says so, reloads itself onto a new kernel and is back on its seat."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from class_server import JUPYTER_DIRS, start_class, stop_class

from landlord.apps import serve
from landlord.apps.classroom import SqliteStore, StudentSeat

pytestmark = pytest.mark.browser

LOAD_MS = 240_000


def kernel_of(page: Any) -> str:
    return str(json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"])


def test_a_page_whose_kernel_is_gone_reloads_onto_its_seat(tmp_path: Path, browser: Any) -> None:
    folder = tmp_path / "class"
    srv = start_class(folder, {var: str(tmp_path / var.lower()) for var in JUPYTER_DIRS}, serve.free_port(),
                      "--class-size", "2", "--warm", "2", "--seed", "4")
    try:
        seat = StudentSeat.join(SqliteStore(folder), srv.code, "Ann")
        page = browser.new_page()
        page.goto(f"{srv.student}&seat={seat.token}", timeout=LOAD_MS)
        page.get_by_text("Welcome back, Ann").wait_for(timeout=LOAD_MS)
        first = kernel_of(page)
        base = srv.student.split("/voila/")[0]
        try:  # the kernel is shut down, as the guard shuts down a cut-off page's
            urllib.request.urlopen(urllib.request.Request(f"{base}/voila/api/shutdown/{first}", data=b"",
                                                          method="POST"), timeout=60)
        except urllib.error.HTTPError as exc:
            assert exc.code < 500, exc
        page.wait_for_function(f"() => !document.body.innerHTML.includes('{first}')", timeout=LOAD_MS)
        page.get_by_text("Welcome back, Ann").wait_for(timeout=LOAD_MS)
        assert kernel_of(page) != first
        page.close()
    finally:
        stop_class(srv.proc)
