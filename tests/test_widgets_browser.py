"""The game table in a real browser: Voilà serves a two-cell notebook, Debian's chromium opens it
with every non-local request blocked, a student clicks the action bar, and the offline charts draw."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import CHROMIUM, CHROMIUM_ARGS

from landlord.apps import serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent

LESSON_PAGES = ("index.ipynb", "01-landlords-game-1904.ipynb", "02-single-tax.ipynb", "03-british-game-1913.ipynb",
                "04-magie-to-monopoly.ipynb")
TYPESET = "mjx-container, .MathJax, .MathJax_Display, .katex, .katex-display"
"""What MathJax (JupyterLab's typesetter, which Voilà runs on every page) or KaTeX leave in a page."""


def _notebook(setup: str, shown: str) -> dict:
    """A two-cell notebook: ``setup`` builds a widget, ``shown`` displays it."""
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": src}
             for src in (setup, shown)]
    return {"cells": cells,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


NOTEBOOK = _notebook("from landlord.widgets import GameTable\n"
                     "table = GameTable('magie-1904', [('Ada', None), ('Ben', 'landlord')], seed=3, speed=0.0)",
                     "table")
KEEP = _notebook("from landlord.widgets import GameTable\n"
                 "table = GameTable('magie-1904', [('You', None), ('Ben', 'landlord')], seed=3, speed=0.0)",
                 "table")
LAB = _notebook("from landlord.widgets import ScenarioLab\nlab = ScenarioLab(games=10, seed=1)\n"
                "lab.b.ruleset.value = 'magie-1904-no-tickets'", "lab")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory):
    tmp_path = tmp_path_factory.mktemp("voila")
    pytest.importorskip("playwright")
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed")
    nb = tmp_path / "nb"
    nb.mkdir()
    (nb / "table.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    (nb / "lab.ipynb").write_text(json.dumps(LAB), encoding="utf-8")
    (nb / "keep.ipynb").write_text(json.dumps(KEEP), encoding="utf-8")
    for lesson in LESSON_PAGES:  # the lessons themselves, for how their text renders
        shutil.copy(ROOT / "lessons" / lesson, nb / lesson)
    port = _free_port()
    env = serve.voila_env(ROOT / "lessons")  # the kit's template on JUPYTER_PATH
    for var in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR",
                "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[var] = str(tmp_path / var.lower())
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(nb), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "--Voila.port_retries=0", "--VoilaExecutor.timeout=120", "--template=landlord"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=1)
                break
            except OSError:
                time.sleep(0.25)
        else:
            pytest.fail("Voilà did not start")
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


@contextmanager
def offline_page(url: str, timeout: float = 120_000) -> Iterator[Any]:
    """Debian's chromium with a page open on ``url``: every request but the local server's is
    aborted, so nothing is fetched from the internet, and the page fails the test if it asked."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            remote: list[str] = []

            def route(r: Any) -> None:
                if r.request.url.startswith("http://127.0.0.1"):
                    r.continue_()
                else:
                    remote.append(r.request.url)
                    r.abort()

            page.route("**/*", route)
            page.goto(url, timeout=timeout)
            yield page
            assert not remote, f"requests left the machine: {remote}"
        finally:
            browser.close()


def test_student_clicks_in_a_real_browser_offline(voila: str) -> None:
    """The page renders with no internet, the board (the kit's own, its 40 squares) and the three
    charts (SVG) draw, a click on the action bar moves the game on (the bot then plays in the
    kernel's event loop)."""
    with offline_page(f"{voila}/voila/render/table.ipynb") as page:
        page.wait_for_selector("text=Commentary", timeout=120_000)
        assert "There was an error when executing cell" not in page.content()
        page.wait_for_function("document.querySelectorAll('.ll-board .ll-space').length >= 40", timeout=60_000)
        page.wait_for_function("document.querySelectorAll('svg.marks').length >= 3", timeout=60_000)
        status = page.locator("text=rules in force").first.inner_text()
        primary = page.locator("button.mod-primary").first
        primary.wait_for(timeout=60_000)
        # Ada answers until the bot (Ben) has moved on its own, in the kernel's event loop
        for _ in range(40):
            text = page.locator(".ll-commentary").inner_text()
            if "Ben moved to" in text:
                break
            before = text
            page.locator("button.mod-primary").first.click(timeout=30_000)
            page.wait_for_function(
                "(b) => document.querySelector('.ll-commentary').innerText !== b", arg=before, timeout=30_000)
            assert "Not allowed" not in page.content()
        assert "Ben moved to" in page.locator(".ll-commentary").inner_text()
        assert page.locator("text=rules in force").first.inner_text() != status
        assert page.locator("svg.marks").count() >= 3 and page.locator(".ll-board .ll-space").count() >= 40
        if os.environ.get("LANDLORD_SCREENSHOT"):
            page.screenshot(path=os.environ["LANDLORD_SCREENSHOT"], full_page=True)


def test_instructor_runs_the_lab_in_a_real_browser_offline(voila: str) -> None:
    """Run is clicked in the page; the progress bar fills while the kernel stays responsive; the
    comparison (with its interval valid under repeated looks) and the four charts appear with
    no internet; Stop and Play more games are there, their labels whole."""
    with offline_page(f"{voila}/voila/render/lab.ipynb") as page:
        run = page.get_by_role("button", name="Run")
        run.wait_for(timeout=120_000)
        assert "There was an error when executing cell" not in page.content()
        run.click()
        page.wait_for_selector("text=10 games of each on the same seeds", timeout=120_000)
        page.wait_for_selector("text=⬇ landlord-lab-results.csv", timeout=60_000)  # the run is over
        assert page.locator("text=20 of 20 games").count() == 1
        for name in ("Stop", "Play more games"):
            assert page.get_by_role("button", name=name).count() == 1
        page.wait_for_function("document.querySelectorAll('svg.marks').length >= 4", timeout=60_000)
        for title in ("Final Gini by scenario", "Mean Gini over turns", "Winners by strategy",
                      "Mean money per game by kind of flow"):  # the chart library's four charts
            page.wait_for_selector(f"svg.marks text:has-text('{title}')", timeout=30_000)


def _activity(page: Any) -> str:
    return str(page.locator(".ll-activity").first.inner_text(timeout=60_000))


def _turn(page: Any) -> int:
    m = re.search(r"turn (\d+)", page.locator("text=rules in force").first.inner_text())
    assert m
    return int(m.group(1))


SETTLED = """() => {
  const text = document.body.innerText, now = performance.now();
  if (window.llQuietText !== text) { window.llQuietText = text; window.llQuietSince = now; return false; }
  const activity = document.querySelector('.ll-activity');
  return now - window.llQuietSince > 1500 && /Waiting for you|game is over/.test(activity ? activity.innerText : '');
}"""
"""The page has not changed for 1.5 s and its table waits for the student (or the game is over).
The activity line alone is not enough: just after a click it can still say "Waiting for you"
from before while the bots' moves are on their way (CI of 2026-12-07 read turn 17 there and
saved turn 18)."""


def _settle(page: Any) -> None:
    page.wait_for_function(SETTLED, timeout=60_000, polling=250)


def test_a_refresh_gives_the_game_back_and_save_is_one_click(voila: str) -> None:
    """Issue 27.1 in Chromium: the student plays, reloads the page, and is offered the game the
    browser kept; Resume brings back the same turn. Save downloads the file at one click and
    leaves no link on the page. The table says in words that it waits for the student."""
    with offline_page(f"{voila}/voila/render/keep.ipynb") as page:
        page.wait_for_selector("text=Commentary", timeout=120_000)
        assert "Waiting for you" in _activity(page)
        for _ in range(12):
            before = page.locator(".ll-commentary").inner_text()
            page.locator("button.mod-primary").first.click(timeout=30_000)
            page.wait_for_function(
                "(b) => document.querySelector('.ll-commentary').innerText !== b", arg=before, timeout=30_000)
            _settle(page)
        turn = _turn(page)
        assert turn > 0
        with page.expect_download(timeout=30_000) as download:
            page.get_by_role("button", name="Save to my computer").click()
        saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        assert saved["seed"] == 3 and download.value.suggested_filename == f"landlord-magie-1904-seed3-turn{turn}.json"
        saved_links = "a[href^='data:application/json'], a[download$='.json']"  # (the charts' own menus aside)
        assert page.locator(saved_links).count() == 0 and "⬇" not in page.content()
        page.wait_for_timeout(500)  # the kept record is written when the table waits for the student
        page.reload(timeout=120_000)
        page.wait_for_selector("text=Commentary", timeout=120_000)
        resume = page.get_by_role("button", name="Resume that game")
        resume.wait_for(timeout=60_000)
        assert f"at turn {turn}" in page.locator("text=This browser kept a game").first.inner_text()
        resume.click()
        page.wait_for_function(f"() => /turn {turn},/.test(document.body.innerText)", timeout=60_000)
        assert _turn(page) == turn and "Waiting for you" in _activity(page)
        assert page.locator(saved_links).count() == 0


def test_lesson_text_renders_as_written(voila: str) -> None:
    """Issue 27.4 in Chromium at 1366 px: no lesson page holds typeset mathematics (MathJax or
    KaTeX), and no paragraph, bullet or widget text runs wider than the page."""
    for lesson in LESSON_PAGES:
        with offline_page(f"{voila}/voila/render/{lesson}", timeout=300_000) as page:  # a lesson runs every cell
            page.set_viewport_size({"width": 1366, "height": 768})
            page.wait_for_selector(".jp-RenderedMarkdown", timeout=120_000)
            page.wait_for_load_state("load", timeout=120_000)
            page.wait_for_timeout(1500)  # the typesetter runs after the cells are shown
            assert "There was an error when executing cell" not in page.content(), lesson
            assert page.locator(TYPESET).count() == 0, f"{lesson}: typeset maths on the page"
            wide = page.evaluate("""() => [...document.querySelectorAll(
                    '.jp-RenderedMarkdown p, .jp-RenderedMarkdown li, .widget-html-content, .widget-label')]
                .filter(e => e.offsetParent !== null && e.scrollWidth > document.documentElement.clientWidth)
                .map(e => [e.scrollWidth, e.innerText.slice(0, 60)])""")
            assert not wide, f"{lesson}: wider than the page: {wide}"
