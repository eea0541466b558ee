"""The class widgets without a browser (issue 15, point 4): a student sees the board, the
table's players and only their own seat's choices; the dashboard shows every table, moves a
student, switches every table and draws the pooled charts; a wrong secret shows nothing."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as W
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore
from landlord.apps.classroom import debrief as db
from landlord.limits import REFUSED_BURST

SECRET = "w" * 24


def a_class(tmp_path: Path, **spec: object) -> tuple[Classroom, list[ClassroomStudent], ClassroomTeacher]:
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(**{"table_size": 2, "rounds": 5, "bot_delay": 0.0,
                                                   "seed": 11, **spec}), SECRET)
    students = [ClassroomStudent(tmp_path) for _ in range(3)]
    for s, name in zip(students, ("Ann", "Bo", "Cy"), strict=True):
        assert s.join(room.info.join_code, name)
    return room, students, ClassroomTeacher(tmp_path, SECRET)


def until_asked(room: Classroom, teacher: ClassroomTeacher, ann: ClassroomStudent,
                bo: ClassroomStudent) -> tuple[Any, Any, ClassroomStudent, ClassroomStudent]:
    """Start play and let the bots move until Ann or Bo is asked: (the table, the decision,
    the page asked, the other page)."""
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
    return tg, d, mover, other



def test_only_the_seat_whose_decision_it_is_gets_buttons(tmp_path: Path) -> None:
    room, (ann, bo, _), teacher = a_class(tmp_path)
    _, d, mover, other = until_asked(room, teacher, ann, bo)
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


def test_a_page_s_second_ballots_stop_reaching_the_store(tmp_path: Path) -> None:
    """Issue 26.3 (one page cannot slow the others): a page clicking Yes again and again, its
    ballot cast, has its first few second ballots refused by the store; then its meter turns the
    clicks away in the kernel, and they no longer read the store (the vote, the ballot) either."""
    room, (ann, _, _), teacher = a_class(tmp_path)
    teacher.start()
    assert teacher.open_vote("single_tax")
    ann.refresh()
    ann.yes_button.click()
    store = ann.seat.store
    calls: list[str] = []
    for name in ("cast", "ballot", "votes"):
        real = getattr(store, name)
        setattr(store, name, lambda *a, _n=name, _r=real, **k: (calls.append(_n), _r(*a, **k))[1])
    for _ in range(200):
        ann.vote(True)
    assert calls.count("cast") == REFUSED_BURST and len(calls) <= 3 * REFUSED_BURST
    assert "Too many refused clicks" in ann.message.value
    assert room.class_votes()[-1].yes == 1


# -- issue 26, points 6 and 7: the teacher steers the room; the lesson fits the class ----------------
def _walk(widget: W.Widget) -> list[W.Widget]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out


def test_the_dashboard_pauses_ends_and_shows_a_board(tmp_path: Path) -> None:
    room, (ann, _, _), teacher = a_class(tmp_path)
    teacher.start()
    teacher.pause_button.click()
    assert "Play is paused" in teacher.steering.value and teacher.pause_button.description == "Resume play"
    ref = Referee(room.store, room.id, SECRET)
    assert ref.tick(now=1e12) == 0
    assert not ann.choose("buy") and "paused" in ann.message.value
    ann._pause_looked = -1e9  # the page looks again at its next refresh
    ann.refresh()
    assert "Your teacher has paused the game" in ann.paused.value
    teacher.pause_button.click()
    assert "Play is running" in teacher.steering.value
    ann._pause_looked = -1e9
    ann.refresh()
    assert ann.paused.value == ""
    for _ in range(10):
        ref.tick(now=1e12)
    done = teacher.end_after_round(2)
    assert set(done) == {1, 2} and all(r >= 2 for r in done.values())
    assert "every game ends after round 2" in teacher.steering.value
    for _ in range(3000):
        if not ref.tick(now=1e12):
            break
    teacher.refresh()
    assert all(tg.game.over and tg.game.round == done[tg.table.table_no] for tg in room.tables())
    assert "<th>moves by bots</th>" in teacher.tables.value and "(game over)" in teacher.tables.value
    assert list(teacher.board_pick.options) == [("table 1", 1), ("table 2", 2)]
    teacher.board_pick.value = 2
    assert teacher.board.widget.drawing and "Cy" in teacher.board_players.value
    assert not teacher.end_at("25:99") and "HH:MM" in teacher.message.value


def test_debrief_leaves_the_class_vote_open_and_hands_out_one_page(tmp_path: Path) -> None:
    room, students, teacher = a_class(tmp_path)
    students[0].predict_pick.value = "grows"
    students[1].predict_pick.value = "shrinks"
    teacher.start()
    assert teacher.open_vote("single_tax")
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(20):
        ref.tick(now=1e12)
    teacher.debrief()
    assert room.class_votes()[-1].open and not teacher.close_vote_button.disabled
    assert students[2].vote(True)  # the vote is still open to the students
    assert "it keeps growing</td><td>1" in teacher.predictions.value
    assert "it stops growing or shrinks</td><td>1" in teacher.predictions.value
    assert teacher.handout.value == ""  # the printable page is its own act
    said_charts(room, teacher)
    teacher.print_button.click()
    page = (tmp_path / "exports" / f"class-{room.info.join_code}-debrief.html").read_text(encoding="utf-8")
    assert page.count("<desc>") == 2 and "<desc>Every table&#x27;s Gini over turns: table 1 " in page
    assert "@page" in page and page.count("<svg") >= 2 and "it keeps growing: 1" in page
    assert "single_tax" not in page and SECRET not in page and "Ann" not in page
    assert "data:text/html;base64," in teacher.handout.value
    assert teacher.close_vote()
    assert not room.class_votes()[-1].open


def said_charts(room: Classroom, teacher: ClassroomTeacher) -> None:
    """Issue 25.4: below each debrief chart, its sentence (also its Vega description) and a
    "Show as a table"; the final Gini's names every table's final Gini (from the results)."""
    for chart, words in ((teacher.gini_chart, teacher.gini_words), (teacher.final_chart, teacher.final_words)):
        said = chart.spec["description"]
        assert said and html.escape(said) in words.value
        assert "<details" in words.value and "<summary>Show as a table</summary>" in words.value
    over = teacher.gini_chart.spec["description"]
    assert over.startswith("Every table's Gini over turns: table 1 ")
    for table, part in db.gini_over_turns(room).groupby("table"):
        assert f"table {table} " in over and f"over turns {part['turn'].min()} to {part['turn'].max()}" in over
        assert f"{part['gini'].iloc[-1]:.2f} over turns" in over  # where it ended
    final = teacher.final_chart.spec["description"]
    for r in db.results(room).to_dict("records"):
        assert f"table {r['table']}: {r['gini_population']:.2f}" in teacher.final_words.value
        assert f"{r['regime']}, " in final
    assert "bot games from " in final


def test_the_rules_picker_starts_at_the_rulesets_own_next_phase(tmp_path: Path) -> None:
    _, _, teacher = a_class(tmp_path)
    assert teacher.phase_pick.value == "single_tax"
    for ruleset, phase in (("british-1913-part1", "part2"), ("monopoly", "play")):
        folder = tmp_path / ruleset
        store = SqliteStore(folder)
        Classroom.create(store, ClassSpec(ruleset=ruleset, table_size=2, rounds=5), SECRET)
        page = ClassroomTeacher(folder, SECRET)
        assert page.phase_pick.value == phase
        page.start()
        assert page.switch_button.disabled == page.vote_button.disabled == (ruleset == "monopoly")


def test_the_projector_shows_the_code_address_and_qr_but_no_secret_and_no_control(tmp_path: Path) -> None:
    from landlord.widgets.classroom_projector import ProjectorView, projector_address

    from landlord.apps.classroom.room import projector_key

    room, _, teacher = a_class(tmp_path)
    address = f"http://10.0.0.5:8866/voila/render/class-single-tax.ipynb?code={room.info.join_code}"
    assert projector_address(address, SECRET) == (
        f"http://10.0.0.5:8866/voila/render/class-teacher.ipynb?view={projector_key(SECRET)}")
    teacher.start()
    view = ProjectorView(tmp_path, projector_key(SECRET), student_address=address)
    text = " ".join(w.value for w in _walk(view) if isinstance(w, W.HTML))
    assert room.info.join_code in text and html.escape(address) in text and "<svg" in text
    assert "Table 1" in text and "round" in text and SECRET not in text
    assert not [w for w in _walk(view) if isinstance(w, W.Button | W.Dropdown | W.Text | W.ToggleButton)]
    wrong = ProjectorView(tmp_path, "x" * 32, student_address=address)
    assert len(wrong.children) == 1 and room.info.join_code not in wrong.children[0].value


def test_the_prediction_follows_the_class_and_is_stored_with_the_seat(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(ruleset="monopoly", table_size=2, rounds=5), SECRET)
    page = ClassroomStudent(tmp_path)
    assert page.join(room.info.join_code, "Ann")
    assert page.predict_box.layout.display == "flex"
    assert "Over the game" in page.predict_question.value and "single tax" not in page.predict_question.value.lower()
    page.predict_pick.value = "same"
    assert [(p.table_no, p.seat, p.choice) for p in store.predictions(room.id)] == [(1, 0, "same")]
    again = ClassroomStudent(tmp_path, seat_key=page.seat.token)  # type: ignore[union-attr]
    assert again.predict_pick.value == "same" and "error" not in again.message.value
    room.start(SECRET)
    again.refresh()
    assert again.predict_pick.disabled and not again.predict("grows")
    assert store.predictions(room.id)[0].choice == "same"


def test_the_dashboard_renames_removes_and_evens_out_students(tmp_path: Path) -> None:
    """Issue 26.4: the teacher can rename, remove and rebalance students from the dashboard
    (not only from the command line); a name is checked as at joining."""
    room, _, teacher = a_class(tmp_path)
    assert teacher.rename((1, 0), "Anna")
    assert "is now called Anna" in teacher.message.value
    assert "Anna" in [s.name for s in room.store.seats(room.id)]
    assert not teacher.rename((1, 1), "Anna")  # a classmate's name is refused, as at joining
    assert not teacher.rename((1, 1), "Bot 4")
    assert teacher.remove((2, 0))
    assert "has left the class" in teacher.message.value
    assert "Cy" not in [s.name for s in room.store.seats(room.id)]
    said = teacher.rebalance()
    assert said and all("table" in s for s in said)
    assert not teacher.remove(None) and "Choose a student" in teacher.message.value


def test_each_seat_has_a_live_region_saying_what_is_asked(tmp_path: Path) -> None:
    """Issue 25.3: a class seat's screen reader hears, in plain words, what happened, whose turn it
    is and what is asked of it; the question and its choices come before the board."""
    room, (ann, bo, _), teacher = a_class(tmp_path)
    tg, d, mover, other = until_asked(room, teacher, ann, bo)
    assert "Your turn" in mover.live.text and "choice" in mover.live.text
    assert f"Waiting for {tg.game.names[d.seat]}" in other.live.text
    for page in (ann, bo):
        assert "_" not in page.live.text  # plain words, no option ids
        row = page.table_box.children[1]
        assert row.children[0].children[0] is page.decision  # the question first, then the board
    before = mover.live.text
    assert mover.choose(d.options[0])
    assert mover.live.text != before
