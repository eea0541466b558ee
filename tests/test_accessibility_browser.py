"""Every student can play (issue 25): the pages in Debian's Chromium, checked by axe-core (bundled
in ``axe-playwright-python``: nothing is fetched) against WCAG 2.0, 2.1 and 2.2 A and AA, at a
desktop width and at 360 px; a game played by keyboard alone; the table's live region read after
clicks.

Served from the checkout by Voilà with the kit's template (the lessons' own ``voila.json``, no
warm pools), every request that would leave the machine blocked. The violations found on every
page, by impact, are printed at the end of the run and written to ``build/browser/axe.txt``: a
page passes with 0 serious and 0 critical violations (moderate and minor ones are listed).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import print_and_keep

from landlord.apps import serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("LANDLORD_SHOTS") or ROOT / "build" / "browser")
LOAD_MS = 240_000
"""A lesson's first render runs its notebook: up to a minute on a busy 2-core machine, more at worst."""
MARKS = "svg.marks g.role-mark > *"
ERROR_TEXT = "There was an error when executing cell"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
"""The axe-core rules run: WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2's target size included)."""
FAILING = ("serious", "critical")
WIDTHS = {"desktop": (1366, 900), "phone": (360, 780)}
FOUND: dict[str, dict[str, Any]] = {}
"""Page and width → violations found there by impact, and the rules."""


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on ``page`` as it is now (WCAG A and AA rules only)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]}
    return list(Axe().run(page, options=options).response["violations"])


def record(where: str, violations: list[dict[str, Any]]) -> list[str]:
    """Keep what axe found at ``where`` for the summary; the serious and critical ones, in words."""
    impacts = Counter(v["impact"] for v in violations for _ in v["nodes"])
    FOUND[where] = {"impacts": dict(impacts), "rules": sorted(f"{v['id']} ({v['impact']}, {len(v['nodes'])})"
                                                            for v in violations)}
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(
        f"{n['target']} {n['html'][:160]} {n.get('failureSummary', '')[:200]}" for n in v["nodes"][:4])
        for v in violations if v["impact"] in FAILING]


@pytest.fixture(scope="session", autouse=True)
def report_axe(request: pytest.FixtureRequest) -> Iterator[None]:
    """Print, at the end of the run, what axe found on every page (also in ``axe.txt``)."""
    yield
    if not FOUND:
        return
    lines = ["axe-core violations (elements) by impact, per page and width:"]
    for where, found in FOUND.items():
        counts = ", ".join(f"{k} {found['impacts'].get(k, 0)}" for k in ("critical", "serious", "moderate", "minor"))
        lines.append(f"  {where:<44} {counts}   {' '.join(found['rules'])}")
    print_and_keep(request, lines, SHOTS / "axe.txt")


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The checkout's lessons served by Voilà (its ``voila.json``, no pre-run kernels)."""
    tmp = tmp_path_factory.mktemp("a11y")
    env = {var: str(tmp / var.lower()) for var in
           ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR")}
    port = serve.free_port()
    proc = serve.start(port, lessons=ROOT / "lessons", env=env, log=tmp / "voila.log",
                       extra=["--VoilaConfiguration.preheat_kernel=False"])
    try:
        serve.wait_ready(proc, port, timeout=120)
        yield serve.base_url(port)
    finally:
        serve.stop(proc)


def open_page(browser: Any, url: str, size: tuple[int, int]) -> tuple[Any, list[str]]:
    """A page on ``url`` in a fresh context of ``size``, every request off this machine blocked
    and listed."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    remote: list[str] = []

    def route(r: Any) -> None:
        target = r.request.url
        if target.startswith("http://127.0.0.1"):
            r.continue_()
            return
        if not target.startswith(("data:", "blob:")):
            remote.append(target)
        r.abort()

    ctx.route("**/*", route)
    page = ctx.new_page()
    page.goto(url, timeout=LOAD_MS)
    return page, remote


def button(page: Any, name: str) -> Any:
    return page.locator("button.jupyter-button", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$")).first


def ready(page: Any, notebook: str) -> None:
    """Wait until the lesson's widgets and charts are drawn."""
    if notebook == "index.ipynb":
        page.get_by_role("link", name=re.compile("Landlord's Game")).first.wait_for(timeout=LOAD_MS)
        return
    button(page, "Run" if "lab" in notebook else "Play to the end").wait_for(timeout=LOAD_MS)
    page.wait_for_function(f"document.querySelectorAll({MARKS!r}).length >= 4", timeout=60_000)
    page.wait_for_timeout(500)


def open_everything(page: Any, notebook: str) -> None:
    """Open every reveal (its games are played now) and, in the lab, run it: what a student sees
    after the lesson is checked too."""
    if "lab" in notebook:
        button(page, "Run").click()
        page.get_by_text(re.compile("games of each on the same seeds")).first.wait_for(timeout=300_000)
        page.wait_for_selector("text=⬇ landlord-lab-results.csv", timeout=300_000)  # the run is over
    titles = [t.strip() for t in page.locator(".jupyter-widget-Collapse-header").all_inner_texts()
              if not t.strip().startswith("Set up")]
    for title in titles:
        header = page.locator(".jupyter-widget-Collapse-header", has_text=title).first
        header.click()
        page.wait_for_function(
            "(h) => { const s = h.parentElement.querySelector('.jupyter-widget-Collapse-contents');"
            " return s && s.innerText.trim() && !s.innerText.includes('Playing the games'); }",
            arg=header.element_handle(), timeout=300_000)
    page.wait_for_timeout(1000)


LESSONS = ["index.ipynb", "01-landlords-game-1904.ipynb", "02-single-tax.ipynb",
           "03-british-game-1913.ipynb", "04-magie-to-monopoly.ipynb", "05-what-if-lab.ipynb"]


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("notebook", LESSONS)
def test_lesson_has_no_serious_axe_violation(notebook: str, width: str, lessons: str, browser: Any) -> None:
    """Issue 25.1: the gallery, every lesson and the what-if lab, at 1366 px and at 360 px, with
    their widgets and charts drawn and (on a lesson) every reveal opened: 0 serious or critical
    axe-core violations."""
    page, remote = open_page(browser, serve.lesson_url(notebook, int(lessons.rsplit(":", 1)[1])), WIDTHS[width])
    try:
        ready(page, notebook)
        assert page.get_by_text(ERROR_TEXT).count() == 0, f"{notebook}: a cell failed"
        if width == "desktop":
            open_everything(page, notebook)
        bad = record(f"{notebook} {width}", axe_violations(page))
        assert not remote, remote
        assert not bad, "\n".join(bad)
    finally:
        page.context.close()


ON_CHOICE = ("document.activeElement && document.activeElement.isConnected "
             "&& document.activeElement.closest('.ll-options') !== null")
"""The keyboard focus is on one of the table's choices."""
OVER = "[...document.querySelectorAll('button')].some(b => b.innerText.includes('Play again'))"
"""The game is over: its one choice is to play again."""


def focused(page: Any) -> str:
    """What has the keyboard focus: its tag and text."""
    return str(page.evaluate("(() => { const a = document.activeElement; "
                             "return a ? a.outerHTML.slice(0, 300) : ''; })()"))


def page_state(page: Any) -> str:
    """What a keyboard test's table shows when it waits in vain: the live region, the question,
    the activity line, the focus and whether the key's target is still in the page."""
    return str(page.evaluate("""(() => {
        const q = (s) => { const e = document.querySelector(s); return e ? e.innerText.slice(0, 300) : '(none)'; };
        const pressed = document.querySelector('[data-pressed]');
        return JSON.stringify({live: q('.ll-table [role=status]'), options: q('.ll-options'),
                               activity: q('.ll-activity'), table: q('.ll-table').slice(0, 300),
                               pressed_in_page: !!(pressed && pressed.isConnected),
                               focus: (document.activeElement || {}).outerHTML?.slice(0, 200)});
    })()"""))


def test_lesson_1_game_by_keyboard_alone_with_a_live_region(lessons: str, browser: Any) -> None:
    """Issue 25.2 and 25.3: lesson 1's game played to the end with the keyboard alone — Tab to
    the first choice, then Enter on each question (the focus comes back to the first choice of
    each new question, so no Tab is needed from the top of the page), until "Play again" — with
    the live region (role=status, polite) saying in words what happened and what is asked now."""
    port = int(lessons.rsplit(":", 1)[1])
    page, remote = open_page(browser, serve.lesson_url("01-landlords-game-1904.ipynb", port), WIDTHS["desktop"])
    try:
        ready(page, "01-landlords-game-1904.ipynb")
        live = page.locator(".ll-table [role=status][aria-live=polite]")
        assert live.count() == 1, "one live region per table"
        assert "Your turn" in live.inner_text() or "to choose" in live.inner_text(), live.inner_text()
        # Tab from the top of the page to the first choice: the question's choices come before the board
        for presses in range(1, 60):  # noqa: B007 (counted after the loop)
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.closest('.ll-options') !== null"):
                break
        else:
            raise AssertionError(f"60 Tabs never reached a choice; last focus: {focused(page)}")
        first_tabs = presses
        heard: list[str] = []
        extra_tabs, lost = 0, []
        for _ in range(400):
            if button(page, "Play again").is_visible():
                break
            before = live.get_attribute("data-said")  # announcements counted: a new one may repeat the words
            try:  # the new choices are drawn a moment after the answer: the focus comes back to them
                page.wait_for_function(ON_CHOICE, timeout=5_000)
            except Exception:  # a student would Tab back to them: count the Tabs (issue 38.5)
                lost.append(focused(page))
                for _ in range(80):
                    page.keyboard.press("Tab")
                    extra_tabs += 1
                    if page.evaluate(ON_CHOICE):
                        break
            page.evaluate("document.activeElement.dataset.pressed = '1'")
            page.keyboard.press("Enter")
            try:
                page.wait_for_function("(b) => { const r = document.querySelector('.ll-table [role=status]');"
                                       " return r.dataset.said !== b && r.innerText !== ''; }", arg=before,
                                       timeout=60_000)
            except Exception as exc:  # say what the page showed: a key lost, a kernel gone, the bots stopped
                raise AssertionError(f"answer {len(heard) + 1}: nothing announced in 60 s; {page_state(page)}") from exc
            page.wait_for_function(f"({ON_CHOICE} && !document.activeElement.dataset.pressed) || {OVER}",
                                   timeout=60_000)
            heard.append(live.inner_text())
        assert button(page, "Play again").is_visible(), "the game did not end by keyboard in 400 answers"
        assert any("Your turn" in h for h in heard), heard[:5]
        assert "The game is over" in live.inner_text(), live.inner_text()
        assert not any(re.search(r"\b(seat|option|kind)=|_", h) for h in heard), [h for h in heard if "_" in h][:3]
        assert first_tabs < 30, f"{first_tabs} Tabs before the first choice"
        print(f"lesson 1 by keyboard: {len(heard)} answers, {first_tabs} Tabs to the first choice, "
              f"{extra_tabs} Tabs after ({len(lost)} times the focus left the choices)")
        assert extra_tabs == 0, (extra_tabs, lost[:3])
        assert not remote, remote
    finally:
        page.context.close()


def class_server(tmp_path_factory: pytest.TempPathFactory, name: str, *options: str) -> Iterator[Any]:
    """``landlord class`` as a teacher starts it (two warm kernels, quick bots), with ``options``."""
    from class_server import JUPYTER_DIRS, start_class, stop_class

    tmp = tmp_path_factory.mktemp(name)
    env = {var: str(tmp / var.lower()) for var in JUPYTER_DIRS}
    srv = start_class(tmp / "period", env, serve.free_port(), "--warm", "2", *options)
    try:
        yield srv
    finally:
        stop_class(srv.proc)


@pytest.fixture(scope="module")
def klass(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A class of twenty rounds, for the class pages' axe test."""
    yield from class_server(tmp_path_factory, "a11y-class", "--rounds", "20", "--bot-delay", "0.2", "--seed", "25")


def test_class_pages_have_no_serious_axe_violation(klass: Any, browser: Any) -> None:
    """Issue 25.1: the class student page (joining, then a seat in play), the teacher's
    dashboard and the projector view, at 1366 px and at 360 px: 0 serious or critical axe-core
    violations."""
    bad: list[str] = []
    teacher, remote = open_page(browser, klass.teacher, WIDTHS["desktop"])
    teacher.get_by_text(klass.code).first.wait_for(timeout=LOAD_MS)
    student, remote2 = open_page(browser, klass.student, WIDTHS["phone"])
    try:
        button(student, "Join the class").wait_for(timeout=LOAD_MS)
        for width in WIDTHS:
            student.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width], strict=True)))
            student.wait_for_timeout(500)
            bad += record(f"class student, joining {width}", axe_violations(student))
        student.get_by_label("Your name").fill("Ann")
        button(student, "Join the class").click()
        student.get_by_text("Welcome, Ann").wait_for(timeout=30_000)
        button(teacher, "Start play").click()
        student.get_by_text("turn ").first.wait_for(timeout=60_000)
        student.wait_for_timeout(1500)
        for width in WIDTHS:
            student.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width], strict=True)))
            teacher.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width], strict=True)))
            student.wait_for_timeout(800)
            bad += record(f"class student, a seat in play {width}", axe_violations(student))
            bad += record(f"class teacher's dashboard {width}", axe_violations(teacher))
        # the projector view, from the address the dashboard shows
        address = teacher.locator("a", has_text="class-teacher.ipynb?view=").first.inner_text().strip()
        wall, remote3 = open_page(browser, address, WIDTHS["desktop"])
        wall.get_by_text(klass.code).first.wait_for(timeout=LOAD_MS)
        wall.wait_for_timeout(800)
        for width in WIDTHS:
            wall.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width], strict=True)))
            wall.wait_for_timeout(500)
            bad += record(f"class projector view {width}", axe_violations(wall))
        wall.context.close()
        # the class server serves the kit's own template too: no page asks anything off the machine
        assert not remote + remote2 + remote3, remote + remote2 + remote3
        assert not bad, "\n".join(bad)
    finally:
        student.context.close()
        teacher.context.close()


@pytest.fixture(scope="module")
def short_class(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A class of three rounds and quicker bots, for a seat played to its end."""
    yield from class_server(tmp_path_factory, "a11y-short-class", "--rounds", "3", "--bot-delay", "0.1",
                            "--seed", "26")


def test_a_class_seat_joined_and_played_to_the_end_by_keyboard(short_class: Any, browser: Any) -> None:
    """Issue 25.2 and 25.3: a student joins by keyboard (Tab to the name, type it, Tab to *Join
    the class*, Enter) and plays the seat to the end of the game with Tab and Enter alone; the
    seat's live region says what is asked, and the focus comes back to the new choices."""
    teacher, remote = open_page(browser, short_class.teacher, WIDTHS["desktop"])
    teacher.get_by_text(short_class.code).first.wait_for(timeout=LOAD_MS)
    student, remote2 = open_page(browser, short_class.student, WIDTHS["desktop"])
    try:
        button(student, "Join the class").wait_for(timeout=LOAD_MS)
        name = student.get_by_label("Your name")
        for _ in range(60):
            student.keyboard.press("Tab")
            if name.evaluate("e => e === document.activeElement"):
                break
        else:
            raise AssertionError(f"60 Tabs never reached the name field: {focused(student)}")
        student.keyboard.type("Kay")  # at machine speed, then at once Tab and Enter: no key may be lost (27)
        for _ in range(20):
            student.keyboard.press("Tab")
            if "Join the class" in student.evaluate("document.activeElement ? document.activeElement.innerText : ''"):
                break
        else:
            raise AssertionError(f"Tab never reached Join the class: {focused(student)}")
        student.keyboard.press("Enter")
        student.get_by_text("Welcome, Kay").wait_for(timeout=30_000)
        button(teacher, "Start play").click()  # the teacher's act, on the teacher's screen
        live = student.locator(".ll-table [role=status][aria-live=polite]")
        live.wait_for(state="attached", timeout=60_000)
        heard: list[str] = []
        tabs = 0
        for _ in range(300):
            if "The game is over" in live.inner_text():
                break
            if not student.evaluate(ON_CHOICE):
                if not student.locator(".ll-options button").count():
                    student.wait_for_timeout(300)  # a bot or a classmate is choosing
                    continue
                for _ in range(60):  # the first question only: later ones take the focus back
                    student.keyboard.press("Tab")
                    tabs += 1
                    if student.evaluate(ON_CHOICE):
                        break
            heard.append(live.inner_text())
            student.evaluate("document.activeElement.dataset.pressed = '1'")
            student.keyboard.press("Enter")
            student.wait_for_function(f"({ON_CHOICE} && !document.activeElement.dataset.pressed) || "
                                      "!document.querySelector('.ll-options button') || "
                                      "document.querySelector('.ll-table [role=status]').innerText"
                                      ".includes('The game is over')", timeout=60_000)
        assert "The game is over" in live.inner_text(), live.inner_text()
        assert any("Your turn" in h for h in heard), heard[:5]
        assert not any("_" in h for h in heard), [h for h in heard if "_" in h][:3]
        assert tabs < 120, f"{tabs} Tabs over the whole game: the focus did not come back to the choices"
        assert not remote + remote2, remote + remote2
    finally:
        student.context.close()
        teacher.context.close()


def test_on_a_phone_the_question_and_its_choices_come_above_the_board(lessons: str, browser: Any) -> None:
    """Issue 25.5: at 360 px the question and its choices sit above the board, and from the
    table's status line to the last choice fits in one screen, so a student scrolled to the
    table sees what is asked without scrolling past the board and the players."""
    port = int(lessons.rsplit(":", 1)[1])
    page, remote = open_page(browser, serve.lesson_url("01-landlords-game-1904.ipynb", port), WIDTHS["phone"])
    try:
        ready(page, "01-landlords-game-1904.ipynb")
        page.locator(".ll-options button").first.wait_for(timeout=60_000)
        box = page.evaluate("""() => {
          const r = s => document.querySelector(s).getBoundingClientRect();
          const board = document.querySelector('.ll-table .ll-board').getBoundingClientRect();
          const status = [...document.querySelectorAll('.ll-table .widget-html')].find(
              e => e.innerText.includes('rules in force')).getBoundingClientRect();
          return {status: status.top, options: r('.ll-options').bottom, board: board.top};
        }""")
        assert box["options"] <= box["board"], box
        assert box["options"] - box["status"] <= WIDTHS["phone"][1], box
        assert not remote, remote
    finally:
        page.context.close()
