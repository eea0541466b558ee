"""The class widgets without a browser (issue 15, point 4): a student sees the board, the
table's players and only their own seat's choices; the dashboard shows every table, moves a
student, switches every table and draws the pooled charts; a wrong secret shows nothing."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore

SECRET = "w" * 24


def a_class(tmp_path: Path, **spec: object) -> tuple[Classroom, list[ClassroomStudent], ClassroomTeacher]:
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(**{"table_size": 2, "rounds": 5, "bot_delay": 0.0,
                                                   "seed": 11, **spec}), SECRET)
    students = [ClassroomStudent(tmp_path) for _ in range(3)]
    for s, name in zip(students, ("Ann", "Bo", "Cy"), strict=True):
        assert s.join(room.info.join_code, name)
    return room, students, ClassroomTeacher(tmp_path, SECRET)


def test_only_the_seat_whose_decision_it_is_gets_buttons(tmp_path: Path) -> None:
    room, (ann, bo, _), teacher = a_class(tmp_path)
    teacher.start()
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(200):
        ann.refresh()
        bo.refresh()
        if ann.option_buttons() or bo.option_buttons():
            break
        ref.tick()
    tg = ann.table
    assert tg is not None and tg.game.pending is not None
    d = tg.game.pending
    mover, other = (ann, bo) if d.seat == ann.seat.seat else (bo, ann)  # type: ignore[union-attr]
    assert set(mover.option_buttons()) == set(d.options)
    assert other.option_buttons() == {}
    assert "Your turn" in mover.decision.value and "Waiting" in other.decision.value
    assert "(you)" in mover.players_panel.value and "(classmate)" in mover.players_panel.value
    assert not other.choose(d.options[0])
    assert "not yours" in other.message.value
    assert mover.choose(d.options[0])


def test_a_wrong_secret_shows_only_a_message(tmp_path: Path) -> None:
    a_class(tmp_path)
    page = ClassroomTeacher(tmp_path, "x" * 24)
    assert len(page.children) == 1 and isinstance(page.children[0], W.HTML)
    assert "not the teacher's address" in page.children[0].value.replace("&#x27;", "'")


def test_the_dashboard_runs_the_room(tmp_path: Path) -> None:
    room, students, teacher = a_class(tmp_path)
    assert "Ann, Bo" in teacher.tables.value and "Cy" in teacher.tables.value
    assert teacher.move((2, 0), (2, 1))
    assert "Cy now sits at table 2, seat 2" in teacher.message.value
    teacher.toggle_joining()
    assert not room.reload().joining
    assert not ClassroomStudent(tmp_path).join(room.info.join_code, "Di")
    teacher.start()
    assert teacher.switch_all("single_tax") == [1, 2]
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(3000):
        if not ref.tick(now=1e12):
            break
    teacher.debrief()
    assert room.reload().state == "playing"  # drawing the debrief changes nothing in the room
    lines = teacher.gini_chart.spec
    assert lines and any(len(v) > 2 for v in lines.get("datasets", {}).values())
    assert "the teacher's switch" in teacher.votes.value
    csv, parquet = teacher.export()
    assert csv.is_file() and parquet.is_file() and "download" in teacher.downloads.value
    students[2].refresh()
    assert "Table 2" in students[2].status.value


def test_the_class_vote_from_the_dashboard_and_the_seat_pages(tmp_path: Path) -> None:
    """The teacher opens a class vote; each student's page asks once (Yes/No), the dashboard
    counts live, closes it when everyone has voted, and on a yes every table switches."""
    room, students, teacher = a_class(tmp_path)
    teacher.start()
    assert teacher.open_vote("single_tax")
    assert teacher.vote_button.disabled and not teacher.close_vote_button.disabled
    for s in students:
        s.refresh()
        assert s.vote_box.layout.display == "flex" and "every table switch" in s.vote_question.value
    students[0].yes_button.click()
    assert students[0].yes_button.disabled and "You voted <b>yes</b>" in students[0].vote_question.value
    assert not students[0].vote(False) and "already voted" in students[0].message.value
    teacher.refresh()
    assert "1 of 3 students have voted" in teacher.class_vote.value and "1 for, 0 against" in teacher.class_vote.value
    students[1].no_button.click()
    students[2].yes_button.click()
    teacher.refresh()
    assert "passed: every table switched (2 for, 1 against)" in teacher.class_vote.value
    assert "The class voted yes" in teacher.message.value
    assert all(tg.game.phase == "single_tax" for tg in room.tables())
    students[1].refresh()
    assert students[1].vote_box.layout.display == "none"
    teacher.debrief()
    assert "whole class" in teacher.votes.value and "by the class" in teacher.votes.value
