"""A student's page while away and while paused (issue 37, point 4): a page that thaws (its
pulse stopped, a bot played the seat, the pulse came back) says what the bot did without a
reload, as the class guide promises; while the teacher has paused play the seat's choices are
disabled, and live again when play resumes."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from landlord.widgets.classroom_student import PAGE_QUIET, ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore

SECRET = "p" * 24


def a_table(tmp_path: Path, **spec: Any) -> tuple[Classroom, ClassroomStudent, ClassroomTeacher, Referee]:
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(**{"table_size": 2, "rounds": 6, "seed": 8, "bot_delay": 0.0,
                                                   "away_after": 5.0, **spec}), SECRET)
    page = ClassroomStudent(tmp_path)
    assert page.join(room.info.join_code, "Ann")
    teacher = ClassroomTeacher(tmp_path, SECRET)
    teacher.start()
    page.refresh()
    return room, page, teacher, Referee(store, room.id, SECRET)


def test_a_thawed_page_says_what_the_bot_did_without_a_reload(tmp_path: Path) -> None:
    room, page, _, ref = a_table(tmp_path)
    page.page_seen = time.monotonic() - PAGE_QUIET - 5  # the page froze: its pulse stopped
    assert not page.page_here()
    moved = sum(ref.tick(now=time.time() + 600 + k) for k in range(30))  # away: a bot plays the seat
    tg = room.table(1)
    assert tg is not None and moved and tg.missed(0)
    page.refresh()
    assert page.missed.value == ""  # nothing said while the page is frozen (nobody reads it)
    page.pulse.value += 1  # the browser's timer ticks again: the page thawed
    page.refresh()
    assert "While you were away a bot made" in page.missed.value and 'role="status"' in page.missed.value


def test_choices_are_disabled_while_play_is_paused(tmp_path: Path) -> None:
    _, page, teacher, ref = a_table(tmp_path)
    for _ in range(50):
        if page.option_buttons():
            break
        ref.tick(now=time.time() + 1)
        page.refresh()
    buttons = page.option_buttons()
    assert buttons and not any(b.disabled for b in buttons.values())
    teacher.pause(True)
    page._pause_looked = -1e9  # the page looks at the steering now
    page.refresh()
    assert "paused" in page.paused.value and all(b.disabled for b in page.option_buttons().values())
    page.render()  # a redraw while paused keeps them disabled
    assert all(b.disabled for b in page.option_buttons().values())
    teacher.pause(False)
    page._pause_looked = -1e9
    page.refresh()
    assert page.option_buttons() and not any(b.disabled for b in page.option_buttons().values())
