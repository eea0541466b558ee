"""A served page whose copy of the lesson is gone, in Debian's Chromium (issue 37): the page
says so in one line and reloads itself onto a fresh copy, where before it showed the widgets as
Python text ("Button(description='Play', …)") until the student reloaded it by hand."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from page_clients import KERNEL_ID
from test_serve import config, one_page_server, serve_port

from landlord.apps import serve

pytestmark = pytest.mark.browser

CELL = "import ipywidgets\nipywidgets.Button(description='Play')"


def test_a_page_whose_copy_was_shut_down_reloads_itself_onto_a_fresh_one(tmp_path: Path, browser: Any) -> None:
    """The page's first copy (kernel) is shut down after the server sent the page and before the
    page connects to it, as the idle cull did to ready copies: its socket is refused without
    opening. The page shows "lost its copy of the lesson" and reloads itself; the fresh copy's
    button is a working widget, and no request leaves the machine."""
    with one_page_server(tmp_path, CELL, config()) as url:
        port = serve_port(url)
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        remote: list[str] = []
        shut: list[str] = []

        def first_copy_gone(route: Any) -> None:
            if shut:
                route.continue_()
                return
            response = route.fetch()
            body = response.text()
            found = KERNEL_ID.search(body)
            assert found, "the page named no kernel"
            shut.append(found.group(1))
            shutdown = urllib.request.Request(f"{serve.base_url(port)}/voila/api/shutdown/{shut[0]}", method="POST")
            urllib.request.urlopen(shutdown, timeout=30).close()
            route.fulfill(response=response, body=body)

        def off_machine(route: Any) -> None:
            if route.request.url.startswith(serve.base_url(port)):
                route.continue_()
            else:
                remote.append(route.request.url)
                route.abort()

        ctx.route("**/*", off_machine)
        ctx.route(re.compile(r".*/voila/render/page\.ipynb.*"), first_copy_gone)
        page = ctx.new_page()
        try:
            page.goto(url, wait_until="commit")
            line = page.locator("#ll-kernel-gone")
            line.wait_for(timeout=120_000)
            said = line.text_content() or ""
            page.locator("button.jupyter-button", has_text="Play").wait_for(timeout=120_000)
            again = page.evaluate("() => JSON.parse("
                                  "document.getElementById('jupyter-config-data').textContent).kernelId")
            shown = page.locator("#rendered_cells").inner_text()
        finally:
            ctx.close()
    assert "lost its copy of the lesson" in said and "fresh copy" in said, said
    assert shut and again != shut[0], (shut, again)
    assert "Button(" not in shown, shown[:300]
    assert not remote, remote
