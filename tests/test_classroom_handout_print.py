"""The debrief handout's charts are readable on A4 (issue 37, point 4), and the page stays one page.

Measured before: the two charts printed side by side about 93 mm wide each, from SVGs about 670 px
wide whose smallest text is 10 px: 1.4 mm on paper (4 pt). Here Chromium prints the handout of a
class of 30 (8 tables, a class vote, the switch) as a PDF: one A4 page, and every chart's smallest
text at 7 pt (2.47 mm) or more as laid out for print."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore

pytestmark = pytest.mark.browser

SECRET = "h" * 24
SEVEN_PT_MM = 7 * 25.4 / 72


def handout_of_a_class_of_30(folder: Path) -> Path:
    store = SqliteStore(folder)
    room, _ = Classroom.create(store, ClassSpec(table_size=4, rounds=5, bot_delay=0.0, seed=11), SECRET)
    for i in range(30):
        assert ClassroomStudent(folder).join(room.info.join_code, f"Student{i:02d}x")
    teacher = ClassroomTeacher(folder, SECRET)
    teacher.start()
    teacher.open_vote("single_tax")
    ref = Referee(store, room.id, SECRET)
    for _ in range(600):
        ref.tick(now=1e12)
    teacher.close_vote()
    path = teacher.print_debrief()
    assert path is not None
    return path


def test_the_handouts_charts_print_at_7_pt_or_more_on_one_a4_page(tmp_path: Path, browser: Any) -> None:
    path = handout_of_a_class_of_30(tmp_path)
    page = browser.new_page()
    page.goto(path.as_uri())
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    # the page laid out as printed: 190 mm of text width at 96 px an inch
    page.set_viewport_size({"width": round(190 / 25.4 * 96), "height": 1200})
    sizes = page.evaluate("""() => Array.from(document.querySelectorAll('svg')).map(svg => {
        const box = svg.getBoundingClientRect();
        const px = Math.min(...Array.from(svg.querySelectorAll('text')).map(
            t => parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize)));
        return [box.width, svg.viewBox.baseVal.width || svg.width.baseVal.value, px];
    })""")
    page.close()
    assert len(sizes) == 2
    for shown_px, drawn_px, font_px in sizes:
        printed_mm = font_px * shown_px / drawn_px * 25.4 / 96
        assert printed_mm >= SEVEN_PT_MM, f"chart text prints at {printed_mm:.2f} mm"
