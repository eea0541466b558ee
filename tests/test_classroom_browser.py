"""A class in real browsers (issue 15, point 7): ``landlord class`` started as a teacher starts
it, the teacher and four students in separate Chromium contexts — join with the code, play a
round, one refresh mid-game, a class vote, the class-wide switch, the dashboard's pooled charts drawn — with
every request that would leave the machine blocked and no error text on any page."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator

import pytest
from class_server import JUPYTER_DIRS, ClassServer, start_class, stop_class

from landlord.apps import serve

pytestmark = pytest.mark.browser

ERROR_TEXT = "There was an error when executing cell"
MARKS = "svg.marks g.role-mark > *"
LOAD_MS = 120_000
NAMES = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    tmp = tmp_path_factory.mktemp("class")
    env = {var: str(tmp / var.lower()) for var in JUPYTER_DIRS}
    srv = start_class(tmp / "period3", env, serve.free_port(), "--warm", "2", "--rounds", "40",
                      "--bot-delay", "0.2", "--seed", "1900")
    try:
        yield srv
        # read before stopping: a warm kernel shut down while it waits for a visitor logs its
        # own interruption
        log = (tmp / "period3" / "voila.log").read_text(errors="replace")
    finally:
        stop_class(srv.proc)
    assert "Traceback" not in log, log[-4000:]


def new_page(browser: object, url: str, blocked: list[str]) -> object:
    """A page in a fresh browser context (its own cookies and storage: another device), with
    every request not for this machine blocked and recorded."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]

    def route(r: object) -> None:
        target = r.request.url  # type: ignore[attr-defined]
        if target.startswith("http://127.0.0.1"):
            r.continue_()  # type: ignore[attr-defined]
            return
        if not target.startswith(("data:", "blob:")):
            blocked.append(target)
        r.abort()  # type: ignore[attr-defined]

    ctx.route("**/*", route)
    page = ctx.new_page()
    page.goto(url, timeout=LOAD_MS)
    return page


def button(page: object, name: str) -> object:
    return page.locator("button.jupyter-button", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$")).first  # type: ignore[attr-defined]


def status(page: object) -> str:
    return str(page.locator(".ll-class-status").inner_text())  # type: ignore[attr-defined]


def test_a_wrong_secret_opens_no_dashboard(server: ClassServer, browser: object) -> None:
    blocked: list[str] = []
    page = new_page(browser, server.teacher.split("?")[0] + "?secret=not-the-secret-at-all", blocked)
    page.get_by_text("not the teacher's address").wait_for(timeout=LOAD_MS)  # type: ignore[attr-defined]
    assert button(page, "Start play").count() == 0  # type: ignore[attr-defined]


def test_teacher_and_four_students_play_switch_and_debrief(server: ClassServer, browser: object) -> None:
    blocked: list[str] = []
    teacher = new_page(browser, server.teacher, blocked)
    teacher.get_by_text(server.code).first.wait_for(timeout=LOAD_MS)  # type: ignore[attr-defined]

    students = []
    for name in NAMES:
        page = new_page(browser, server.student, blocked)
        button(page, "Join the class").wait_for(timeout=LOAD_MS)  # type: ignore[attr-defined]
        assert page.get_by_label("Class code").input_value() == server.code  # type: ignore[attr-defined]
        page.get_by_label("Your name").fill(name)  # type: ignore[attr-defined]
        button(page, "Join the class").click()  # type: ignore[attr-defined]
        page.get_by_text(f"Welcome, {name}").wait_for(timeout=30_000)  # type: ignore[attr-defined]
        page.wait_for_url(re.compile(r"\?seat="), timeout=10_000)  # type: ignore[attr-defined]
        students.append(page)
    teacher.get_by_text("Ann, Bo, Cy, Di").wait_for(timeout=10_000)  # type: ignore[attr-defined]

    button(teacher, "Start play").click()  # type: ignore[attr-defined]
    for page in students:
        page.get_by_text("turn ").first.wait_for(timeout=30_000)  # type: ignore[attr-defined]

    def play(until: float, rounds: int = 99) -> set[int]:
        """Every student answers whenever it is their turn, until ``until`` (monotonic) or
        until the table has played ``rounds`` rounds."""
        answered: set[int] = set()
        while time.monotonic() < until and not re.search(rf"round {rounds}\b", status(students[0])):
            for i, page in enumerate(students):
                choices = page.locator(".ll-class-choices button")  # type: ignore[attr-defined]
                if choices.count():
                    with contextlib.suppress(Exception):
                        choices.first.click(timeout=2_000)
                        answered.add(i)
            time.sleep(0.3)
        return answered

    answered = play(time.monotonic() + 60, rounds=2)
    assert answered, "no student was ever asked to choose"
    assert re.search(r"round [2-9]", status(students[0])), status(students[0])

    # one refresh mid-game: the same seat, the same table, the game where it was
    page = students[1]
    url = page.url  # type: ignore[attr-defined]
    page.reload(timeout=LOAD_MS)  # type: ignore[attr-defined]
    page.get_by_text("Welcome back, Bo").wait_for(timeout=LOAD_MS)  # type: ignore[attr-defined]
    assert page.url == url  # type: ignore[attr-defined]
    assert "Table 1" in status(page) and "Bo (you)" in page.inner_text("body")  # type: ignore[attr-defined]

    # a class vote: every student votes once from their page; no majority, so the rules stay
    teacher.get_by_label("Rules").select_option(label=teacher.get_by_label("Rules").locator(  # type: ignore[attr-defined]
        "option", has_text="Single tax").first.inner_text())
    button(teacher, "Open a class vote on these rules").click()  # type: ignore[attr-defined]
    for page, ballot in zip(students, ("Yes", "No", "No", "No"), strict=True):
        vote = page.locator(".ll-class-vote")  # type: ignore[attr-defined]
        vote.get_by_text("Class vote: should every table switch").wait_for(timeout=15_000)
        vote.locator("button", has_text=ballot).click()
        vote.get_by_text(f"You voted {ballot.lower()}").wait_for(timeout=15_000)
    teacher.get_by_text("The class voted no (1 for, 3 against)").wait_for(timeout=15_000)  # type: ignore[attr-defined]
    assert "Single tax" not in status(students[0])

    # the class-wide switch reaches every student's page
    button(teacher, "Switch every table now").click()  # type: ignore[attr-defined]
    teacher.get_by_text("now in force at 1 table").wait_for(timeout=30_000)  # type: ignore[attr-defined]
    for page in students:
        page.locator(".ll-class-status", has_text="Single tax").wait_for(timeout=15_000)  # type: ignore[attr-defined]
    play(time.monotonic() + 5)

    # the pooled debrief charts are drawn on the dashboard
    button(teacher, "Debrief: draw the class charts").click()  # type: ignore[attr-defined]
    teacher.wait_for_function(f"document.querySelectorAll({MARKS!r}).length >= 3", timeout=60_000)  # type: ignore[attr-defined]
    teacher.get_by_text("Every table's Gini over turns").wait_for(timeout=30_000)  # type: ignore[attr-defined]
    teacher.get_by_text("the teacher's switch").wait_for(timeout=30_000)  # type: ignore[attr-defined]
    teacher.get_by_text("failed: the rules stayed (1 for, 3 against)").first.wait_for(timeout=30_000)  # type: ignore[attr-defined]

    for page in [teacher, *students]:
        assert page.get_by_text(ERROR_TEXT).count() == 0  # type: ignore[attr-defined]
    assert not blocked, f"requests left the machine: {blocked}"
