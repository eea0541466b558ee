"""Issue 26, points 6 and 7, in real browsers: ``landlord class`` as a teacher starts it, the
projector view opened from the address the dashboard shows (the class code, the students'
address and its QR code, the tables' progress; no secret, no control), a student's prediction
on their seat page, the teacher's pause seen on the student's page, and the debrief's pooled
predictions and printable page, with every request that would leave the machine blocked."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from class_server import JUPYTER_DIRS, ClassServer, start_class, stop_class
from test_classroom_browser import ERROR_TEXT, LOAD_MS, button, new_page

from landlord.apps import serve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    tmp = tmp_path_factory.mktemp("class")
    env = {var: str(tmp / var.lower()) for var in JUPYTER_DIRS}
    srv = start_class(tmp / "period4", env, serve.free_port(), "--warm", "2", "--rounds", "30",
                      "--bot-delay", "0.2", "--seed", "1913", "--ruleset", "british-1913-part1")
    try:
        yield srv
    finally:
        stop_class(srv.proc)


def test_projector_prediction_pause_and_debrief(server: ClassServer, browser: object) -> None:
    blocked: list[str] = []
    teacher = new_page(browser, server.teacher, blocked)
    teacher.get_by_text(server.code).first.wait_for(timeout=LOAD_MS)  # type: ignore[attr-defined]
    picked = teacher.get_by_label("Rules").locator("option:checked").inner_text()  # type: ignore[attr-defined]
    assert picked.replace("\xa0", " ").startswith("Part 2, Improving the Land")
    link = teacher.locator("a", has_text="class-teacher.ipynb?view=").first  # type: ignore[attr-defined]
    projector_url = link.inner_text().strip()
    secret = server.teacher.split("secret=")[1]
    assert secret not in projector_url

    student = new_page(browser, server.student, blocked)
    button(student, "Join the class").wait_for(timeout=LOAD_MS)  # type: ignore[attr-defined]
    # The class server refuses every page's first kernel socket (it offers Jupyter's newer
    # protocol; the page connects again at once): no sign of a copy gone. Before this was
    # mended the page took the refusal for its kernel gone and reloaded itself a second after
    # loading, losing a join made in between.
    student.wait_for_timeout(3000)  # type: ignore[attr-defined]
    assert student.locator("#ll-kernel-gone").count() == 0  # type: ignore[attr-defined]
    assert "single tax" not in student.inner_text("body").lower()  # type: ignore[attr-defined]
    student.get_by_label("Your name").fill("Ann")  # type: ignore[attr-defined]
    button(student, "Join the class").click()  # type: ignore[attr-defined]
    student.get_by_text("Welcome, Ann").wait_for(timeout=30_000)  # type: ignore[attr-defined]
    box = student.locator(".ll-class-prediction")  # type: ignore[attr-defined]
    box.get_by_text("Part 2, Improving the Land").wait_for(timeout=15_000)
    box.get_by_label("it keeps growing").check()
    student.get_by_text("Your prediction is saved").wait_for(timeout=15_000)  # type: ignore[attr-defined]

    wall = new_page(browser, projector_url, blocked)
    wall.get_by_text(server.code).first.wait_for(timeout=LOAD_MS)  # type: ignore[attr-defined]
    assert wall.locator("svg.segno").count() == 1  # type: ignore[attr-defined]
    assert wall.get_by_text(server.student).count() >= 1  # type: ignore[attr-defined]
    assert wall.locator("button, input, select").count() == 0  # type: ignore[attr-defined]
    assert secret not in wall.content()  # type: ignore[attr-defined]

    button(teacher, "Start play").click()  # type: ignore[attr-defined]
    wall.get_by_text(re.compile(r"round \d")).first.wait_for(timeout=30_000)  # type: ignore[attr-defined]
    button(teacher, "Pause every table").click()  # type: ignore[attr-defined]
    student.get_by_text("Your teacher has paused the game").wait_for(timeout=15_000)  # type: ignore[attr-defined]
    wall.get_by_text("Play is paused").wait_for(timeout=15_000)  # type: ignore[attr-defined]
    button(teacher, "Resume play").click()  # type: ignore[attr-defined]
    student.get_by_text("Your teacher has paused the game").wait_for(state="detached", timeout=15_000)  # type: ignore[attr-defined]

    button(teacher, "Debrief: draw the class charts").click()  # type: ignore[attr-defined]
    teacher.get_by_text("Predictions (1 student)").wait_for(timeout=60_000)  # type: ignore[attr-defined]
    button(teacher, "Printable debrief (one page)").click()  # type: ignore[attr-defined]
    teacher.get_by_text("The debrief on one page, to print").wait_for(timeout=60_000)  # type: ignore[attr-defined]

    for page in (teacher, student, wall):
        assert page.get_by_text(ERROR_TEXT).count() == 0  # type: ignore[attr-defined]
    assert not blocked, f"requests left the machine: {blocked}"
