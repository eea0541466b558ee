"""Rename and move reach the game at once (issue 37, point 4). Before: a renamed student's open
pages kept the old name until reloaded, and after a move the game still named the student at
the old seat and "Bot 4" at the new one — on the students' pages, the dashboard's board view and
its "richest" column. A table's game now names each seat as the class seats it: the student
who holds it now, else the computer player (the names are labels: play is the same)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore

SECRET = "n" * 24


def seated(room: Classroom) -> dict[str, tuple[int, int]]:
    return {s.name: (s.table_no, s.seat) for s in room.store.seats(room.id)}


def test_rename_and_move_reach_every_page_and_the_game_at_once(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=4, rounds=5, seed=21, bot_delay=0.0), SECRET)
    pages = {name: ClassroomStudent(tmp_path) for name in ("Ann", "Bo", "Cy")}
    for name, page in pages.items():
        assert page.join(room.info.join_code, name)
    teacher = ClassroomTeacher(tmp_path, SECRET)
    teacher.start()
    ref = Referee(store, room.id, SECRET)
    for _ in range(10):
        ref.tick(now=1e12)
    for page in pages.values():
        page.refresh()
    teacher.refresh()
    where = seated(room)
    table = where["Ann"][0]
    teacher.board_pick.value = table
    teacher.show_board()
    before = room.table(table)
    assert before is not None
    moves_before = [r.answer for r in before.entries]

    assert teacher.rename(where["Ann"], "Anna")
    for page in pages.values():
        page.refresh()
    teacher.refresh()
    for page in (pages["Ann"], pages["Bo"]):  # the renamed student's page and a tablemate's
        text = html.unescape(page.players_panel.value)
        assert "Anna" in text and not re.search(r"\bAnn\b", text), text
    assert "Anna" in html.unescape(teacher.board_players.value)
    assert room.table(table).game.names[where["Ann"][1]] == "Anna"  # type: ignore[union-attr]

    free = next(s for s in range(4) if s not in {seat for t, seat in where.values() if t == table})
    old = where["Bo"]
    assert teacher.move(old, (table, free))
    for page in pages.values():
        page.refresh()
    teacher.refresh()
    g = room.table(table).game  # type: ignore[union-attr]
    assert g.names[free] == "Bo" and g.names[old[1]] == f"Bot {old[1] + 1}"
    text = html.unescape(pages["Bo"].players_panel.value)
    assert "Bo" in text and f"Bot {free + 1}" not in text
    assert f"Bot {free + 1}" not in html.unescape(teacher.board_players.value)
    rows = {r["table"]: r for r in teacher.table_rows()}
    assert rows[table]["richest"] in [*g.names, "all level"]
    after = room.table(table)
    assert after is not None and [r.answer for r in after.entries][:len(moves_before)] == moves_before
