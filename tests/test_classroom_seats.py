"""Seats and security (issue 15, points 2 and 5): a student's kernel acts only for its own seat,
enforced where an action is appended; the teacher's secret opens the class-wide controls; join
codes close; an away seat is played by a bot until the student returns, who is told what
happened; no table waits forever; every table rebuilds from the store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from store_backends import both_stores, class_store, rows

from landlord.apps.classroom import (
    Classroom,
    ClassSpec,
    Referee,
    Refused,
    SqlStore,
    StoreError,
    StudentSeat,
    TableGame,
    debrief,
)
from landlord.apps.classroom.room import missed_text
from landlord.apps.classroom.store import Row
from landlord.data.loader import load_ruleset
from landlord.engine.codec import read_record, write_record
from landlord.engine.decisions import Checked
from landlord.engine.entries import Answer, Switch, TriggerAdded
from landlord.engine.game import Game
from landlord.engine.record import kit_version
from landlord.errors import IllegalAction, LandlordError
from landlord.rules.families import FamilyGame, replay

SECRET = "t" * 24


def setup(tmp_path: Path, names: tuple[str, ...] = ("Ann", "Bo"), **spec: object
          ) -> tuple[SqlStore, Classroom, list[StudentSeat]]:
    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(**{"table_size": 2, "rounds": 6, "bot_delay": 0.0,
                                                   "seed": 7, **spec}), SECRET)
    seats = [StudentSeat.join(store, room.info.join_code, n) for n in names]
    return store, room, seats


def play_until_student(ref: Referee, seats: list[StudentSeat], now: float | None = None) -> StudentSeat | None:
    """The referee plays bots until a student must choose; returns that student."""
    for _ in range(500):
        for s in seats:
            if s.my_decision() is not None:
                return s
        if not ref.tick(now):
            return None
    return None


def at_a_students_decision(tmp_path: Path, **spec: object) -> tuple[SqlStore, Referee, StudentSeat, TableGame]:
    """A class of two started (:func:`setup`), its referee playing the bots until a student must
    choose: the store, the referee, that student and the student's table."""
    store, room, seats = setup(tmp_path, **spec)
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    s = play_until_student(ref, seats)
    assert s is not None
    tg = s.table()
    assert tg is not None
    return store, ref, s, tg


@both_stores
def test_a_hostile_kernel_cannot_append_for_another_seat(tmp_path: Path) -> None:
    """Security: the store refuses an action for another seat even when the kernel calls it
    directly (not through the buttons): the seat key must be that seat's."""
    store, room, (ann, bo) = setup(tmp_path)
    room.start(SECRET)
    tg = ann.table()
    assert tg is not None and tg.game.pending is not None
    d = tg.game.pending
    mover, other = (ann, bo) if d.seat == ann.seat else (bo, ann)
    with pytest.raises(Refused, match="only act for your own seat"):
        store.append(room.id, 1, tg.seq, Row(tg.seq, Answer(d.options[0]), seat=mover.seat, by="student"),
                     token=other.token)
    with pytest.raises(Refused, match="only act for your own seat"):
        store.append(room.id, 1, tg.seq, Row(tg.seq, Switch("single_tax", "teacher")), token=mover.token)
    with pytest.raises(Refused, match="only act for your own seat"):  # a student's row says by the student
        store.append(room.id, 1, tg.seq, Row(tg.seq, Answer(d.options[0]), seat=mover.seat, by="bot"),
                     token=mover.token)
    with pytest.raises(Refused, match="not known"):
        store.append(room.id, 1, tg.seq, Row(tg.seq, Answer(d.options[0]), seat=d.seat, by="student"),
                     token="forged-key")
    assert store.length(room.id, 1) == 0
    assert other.act(d.options[0]) == f"It is {tg.game.names[d.seat]}'s turn to choose, not yours."
    assert mover.act(d.options[0]) == ""
    assert store.length(room.id, 1) == 1


def test_the_kernel_that_appends_a_click_checks_it_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39, point 3: one click, one legality check (``Game.check``) and one seat check
    (``TableGame.to_choose``) in the kernel that appends it: the proof ``TableGame.check`` gives
    is handed to the application of its own row, which ``Game.act`` takes without checking again
    (it was checked twice: at the boundary, then as the row was fed). Another kernel, rebuilding
    the table from the store, checks the row as any record's."""
    store, room, (ann, bo) = setup(tmp_path)
    room.start(SECRET)
    tg = ann.table()
    assert tg is not None and tg.game.pending is not None
    d = tg.game.pending
    mover = ann if d.seat == ann.seat else bo
    calls: list[str] = []
    legal, seat = Game.check, TableGame.to_choose
    monkeypatch.setattr(Game, "check", lambda self, *a: calls.append("legal") or legal(self, *a))
    monkeypatch.setattr(TableGame, "to_choose", lambda self, *a: calls.append("seat") or seat(self, *a))
    assert mover.act(d.options[0]) == "" and store.length(room.id, 1) == 1
    assert calls == ["seat", "legal"]
    assert mover.table().game.entries[-1] == Answer(d.options[0])  # type: ignore[union-attr]
    calls.clear()
    elsewhere = Classroom(store, room.id).table(1)
    assert elsewhere is not None and elsewhere.seq == 1
    assert calls == ["seat", "legal"]


def test_a_checked_answer_is_checked_again_once_the_game_has_moved() -> None:
    """A proof holds only on the game that checked it, at the record's length it was checked
    at: anywhere else ``Game.act`` checks its answer as a plain option."""
    g = FamilyGame(load_ruleset("magie-1904"), [None, None], 7)
    twin = FamilyGame(load_ruleset("magie-1904"), [None, None], 7)
    assert g.pending is not None and g.pending == twin.pending
    proof = g.check(g.pending.options[0])
    assert g.holds(proof) and not twin.holds(proof)
    g.act(proof)
    assert not g.holds(proof)
    with pytest.raises(IllegalAction):
        g.act(Checked("no such option", proof.decision, proof.at))
    with pytest.raises(IllegalAction):
        twin.act(Checked("no such option", proof.decision, proof.at))


@both_stores
def test_a_seat_key_acts_only_at_its_own_table(tmp_path: Path) -> None:
    store, room, seats = setup(tmp_path, ("Ann", "Bo", "Cy"))
    room.start(SECRET)
    cy = seats[2]
    assert cy.table_no == 2
    with pytest.raises(Refused):
        store.append(room.id, 1, 0, Row(0, Answer("x"), seat=cy.seat, by="student"), token=cy.token)


@both_stores
def test_a_wrong_secret_opens_nothing(tmp_path: Path) -> None:
    """Security: only the teacher's secret opens the dashboard and the class-wide controls."""
    store, room, _ = setup(tmp_path)
    with pytest.raises(Refused, match="wrong or missing secret"):
        store.teacher_class("guess" * 5)
    assert store.teacher_class(SECRET).id == room.id
    for attempt in (lambda: room.start("guess" * 5),
                    lambda: store.set_class(room.id, "guess" * 5, joining=False),
                    lambda: store.append(room.id, 1, 0, Row(0, Switch("single_tax", "teacher")),
                                         secret="guess" * 5),
                    lambda: store.move_seat(room.id, "guess" * 5, 1, 0, 1, 1)):
        with pytest.raises(Refused, match="only the teacher"):
            attempt()
    room.start(SECRET)
    with pytest.raises(Refused):
        room.switch_all("guess" * 5, "single_tax")
    assert store.length(room.id, 1) == 0


@both_stores
def test_a_closed_join_code_seats_nobody_until_reopened(tmp_path: Path) -> None:
    store, room, _ = setup(tmp_path)
    store.set_class(room.id, SECRET, joining=False)
    with pytest.raises(Refused, match="closed to new students"):
        StudentSeat.join(store, room.info.join_code, "Cy")
    with pytest.raises(Refused, match="no class has the join code"):
        StudentSeat.join(store, "ZZZZZZ", "Cy")
    store.set_class(room.id, SECRET, joining=True)
    assert StudentSeat.join(store, room.info.join_code.lower(), "Cy").table_no == 2


@both_stores
def test_names_that_would_be_mistaken_are_refused(tmp_path: Path) -> None:
    store, room, _ = setup(tmp_path)
    with pytest.raises(StoreError, match="already called"):
        StudentSeat.join(store, room.info.join_code, "ann")
    with pytest.raises(StoreError, match="a name the game uses"):
        StudentSeat.join(store, room.info.join_code, "Bot 2")
    with pytest.raises(StoreError, match="display name"):
        StudentSeat.join(store, room.info.join_code, "   ")


@both_stores
def test_two_clicks_on_one_decision_count_once(tmp_path: Path) -> None:
    """A click from a button drawn before the last action (a double click, a stale view) is
    refused with one line and changes nothing."""
    store, ref, s, tg = at_a_students_decision(tmp_path)
    drawn, d = tg.seq, tg.game.pending
    assert d is not None
    assert s.act(d.options[0], asked_at=drawn) == ""
    assert s.act(d.options[0], asked_at=drawn) == "Someone else acted first; your view has been brought up to date."
    assert store.length(ref.room.id, 1) == drawn + 1


@both_stores
def test_a_refresh_rebuilds_the_same_table_from_the_store(tmp_path: Path) -> None:
    """A refresh or a culled kernel: a new kernel holding the seat key rebuilds the same game,
    event for event, and the same seat."""
    store, room, seats = setup(tmp_path)
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    for _ in range(6):
        s = play_until_student(ref, seats)
        assert s is not None
        d = s.my_decision()
        assert d is not None and s.act(d.options[-1]) == ""
    before = seats[0].table()
    again = StudentSeat(class_store(tmp_path), seats[0].token)  # a new kernel, a new connection
    after = again.table()
    assert before is not None and after is not None
    assert (again.table_no, again.seat) == (seats[0].table_no, seats[0].seat)
    assert after.game.actions == before.game.actions
    assert after.game.log_text() == before.game.log_text()
    assert after.game.pending == before.game.pending


@both_stores
def test_an_away_seat_is_played_by_a_bot_and_the_student_is_told(tmp_path: Path) -> None:
    """A seat whose student has shown no sign of life for longer than ``away_after`` is played
    by a bot; when the student is back, they play again and are told what the bot did."""
    store, ref, s, tg = at_a_students_decision(tmp_path, away_after=30.0)
    seen = s.seat_info.last_seen
    assert ref.tick(now=seen + 10) == 0  # still here: the table waits for the student
    assert ref.tick(now=seen + 31) == 1  # away: a bot answers for the seat
    assert tg.refresh(store) == 1
    assert tg.entries[-1].by == "away" and tg.entries[-1].seat == s.seat
    back = StudentSeat(store, s.token)
    text = missed_text(back.table(), back.seat, 0)  # type: ignore[arg-type]
    assert text.startswith("While you were away a bot made 1 choice for you")


@both_stores
def test_no_table_waits_forever_for_a_student_who_is_here(tmp_path: Path) -> None:
    """A student who is connected but does not answer within ``decide_limit`` seconds gets a
    bot's answer (``timeout``); before that the table waits."""
    store, ref, _, tg = at_a_students_decision(tmp_path, decide_limit=90.0, away_after=1e9)
    assert ref.tick(now=tg.last_at + 80) == 0
    assert ref.tick(now=tg.last_at + 91) == 1
    tg.refresh(store)
    assert tg.entries[-1].by == "timeout"


@both_stores
def test_the_teachers_switch_reaches_every_table(tmp_path: Path) -> None:
    """The class-wide switch puts the single tax in force at every table that is playing,
    recorded in each table's record (so it survives a rebuild)."""
    _, room, _ = setup(tmp_path, ("Ann", "Bo", "Cy"))
    room.start(SECRET)
    assert room.switch_all(SECRET, "single_tax") == [1, 2]
    for tg in Classroom(class_store(tmp_path), room.id).tables():
        assert tg.game.phase == "single_tax"
        assert tg.game.switches[-1][3] == "teacher"
    assert room.switch_all(SECRET, "single_tax") == []


@both_stores
def test_a_planned_vote_opens_at_its_round(tmp_path: Path) -> None:
    """Phase plan ``single_tax@round:3`` under ``vote_at``: from round 3 the table is asked
    whether to call a vote on the single tax (not before)."""
    store, room, _ = setup(tmp_path, vote_at=("single_tax@round:3",), rounds=8)
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    kinds_before: set[str] = set()
    for _ in range(2000):
        tg = room.table(1)
        assert tg is not None
        if any(isinstance(r.entry, TriggerAdded) for r in tg.entries):
            break
        if tg.game.pending is not None:
            kinds_before.add(tg.game.pending.kind)
        if not ref.tick(now=1e12):
            break
    assert "call_vote" not in kinds_before
    assert tg.game.round >= 3
    opened = next(i for i, r in enumerate(tg.entries) if isinstance(r.entry, TriggerAdded))
    for _ in range(50):
        ref.tick(now=1e12)
    tg = room.table(1)
    assert tg is not None
    assert any(r.answer is not None and r.answer.option in ("call_vote", "no_vote") for r in tg.entries[opened:])


@both_stores
def test_a_latecomer_takes_a_bots_seat_or_opens_a_table(tmp_path: Path) -> None:
    store, room, (ann,) = setup(tmp_path, ("Ann",))
    room.start(SECRET)
    tg = ann.table()
    assert tg is not None and tg.game.names == ["Ann", "Bot 2"]
    bo = StudentSeat.join(store, room.info.join_code, "Bo")
    assert (bo.table_no, bo.seat) == (1, 1)
    cy = StudentSeat.join(store, room.info.join_code, "Cy")
    assert cy.table() is None  # a new table: the referee starts it at its next look
    Referee(store, room.id, SECRET).tick()
    late = cy.table()
    assert late is not None and late.game.names == ["Cy", "Bot 2"]


@both_stores
def test_the_teacher_moves_a_student(tmp_path: Path) -> None:
    store, room, (_, _, cy) = setup(tmp_path, ("Ann", "Bo", "Cy"))
    with pytest.raises(StoreError, match="is taken"):
        store.move_seat(room.id, SECRET, 2, 0, 1, 0)
    store.move_seat(room.id, SECRET, 2, 0, 2, 1)
    assert StudentSeat(store, cy.token).seat == 1


@both_stores
def test_a_class_table_is_its_record_and_replays_exactly(tmp_path: Path) -> None:
    """Every input of a class table is a record entry (issue 15): the planned vote opening
    (``{"trigger": "single_tax@vote", "cause": "class plan"}``), the teacher's switch and every
    answer; the game's record, saved as JSON, replays through landlord.engine.record to the same game."""
    store, room, _ = setup(tmp_path, ("Ann",), vote_at=("single_tax@round:2",), rounds=10)
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    for _ in range(3000):
        tg = room.table(1)
        assert tg is not None
        if sum(isinstance(r.entry, TriggerAdded) for r in tg.entries) or not ref.tick(now=1e12):
            break
    ref.tick(now=1e12)
    switched = room.switch_all(SECRET, "single_tax")
    for _ in range(30):
        ref.tick(now=1e12)
    tg = Classroom(class_store(tmp_path), room.id).table(1)  # a fresh kernel's rebuild
    assert tg is not None
    g = tg.game
    assert {"trigger": "single_tax@vote", "cause": "class plan"} in g.entries
    assert switched == [1] and {"switch": "single_tax", "cause": "teacher"} in g.entries
    assert g.phase == "single_tax"
    data = write_record(g.record)
    assert data["triggers"] == [] and data["kit"] == kit_version()
    again = replay(read_record(json.loads(json.dumps(data))))
    assert again.log_text() == g.log_text() and again.entries == g.entries and again.phase == g.phase


@both_stores
def test_a_class_from_another_kit_version_names_both_when_a_row_does_not_replay(tmp_path: Path) -> None:
    """A class recorded under another kit version still rebuilds while its rows replay; when
    one does not, the one-line error names the table, the row and both kit versions."""
    store, room, _ = setup(tmp_path, ("Ann",))
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    for _ in range(5):
        ref.tick()
    spec = json.loads(rows(store, "select spec from classes")[0][0])
    assert spec["kit"] == kit_version()
    spec["kit"] = "0.0.9+rules.0badf00d"
    store._db.execute("update classes set spec = ?", (json.dumps(spec),))  # an older kit's class
    assert Classroom(class_store(tmp_path), room.id).table(1) is not None  # still replays
    tg = room.table(1)
    assert tg is not None and tg.game.pending is not None
    wrong = 1 - tg.game.pending.seat
    store.append(room.id, 1, tg.seq, Row(tg.seq, Answer("x"), seat=wrong, by="bot"), secret=SECRET)
    with pytest.raises(IllegalAction) as info:
        Classroom(class_store(tmp_path), room.id).table(1)
    text = str(info.value)
    assert "\n" not in text and text.startswith(f"table 1, record row {tg.seq}: It is ")
    assert f"turn to choose, not seat {wrong}'s" in text
    assert f"played under version 0.0.9+rules.0badf00d of the kit, and this is version {kit_version()}" in text


@both_stores
def test_the_class_vote_switches_every_table_on_a_majority(tmp_path: Path) -> None:
    """The room-wide vote: every student votes once from their seat; once all have voted the
    majority decides; on a yes every table switches, a record entry with cause "class vote" in
    each table's record; the debrief lists the vote with its count."""
    _, room, (ann, bo, cy) = setup(tmp_path, ("Ann", "Bo", "Cy"))
    with pytest.raises(StoreError, match="start play first"):
        room.open_class_vote(SECRET, "single_tax")
    room.start(SECRET)
    with pytest.raises(LandlordError, match="no phase 'nope'"):
        room.open_class_vote(SECRET, "nope")
    room.open_class_vote(SECRET, "single_tax")
    assert ann.class_vote() is not None and ann.class_vote()[1] is None  # type: ignore[index]
    assert ann.vote(True) == "" and bo.vote(False) == ""
    assert ann.vote(False).startswith("Your seat has already voted")
    assert ann.class_vote()[1] is True  # type: ignore[index]
    assert room.settle_class_vote(SECRET) is None  # Cy has not voted
    assert cy.vote(True) == ""
    settled = room.settle_class_vote(SECRET)
    assert settled is not None
    vote, switched = settled
    assert (vote.yes, vote.no, vote.passed, switched) == (2, 1, True, [1, 2])
    assert ann.class_vote() is None and cy.vote(True).startswith("No class vote is open")
    for tg in Classroom(class_store(tmp_path), room.id).tables():
        assert tg.game.phase == "single_tax" and tg.game.switches[-1][3] == "class vote"
        assert {"switch": "single_tax", "cause": "class vote"} in tg.game.entries
    words = debrief.votes(room)
    first = words.iloc[0]
    assert (first["table"], first["what"]) == ("whole class", "class vote")
    assert "passed: every table switched (2 for, 1 against)" in first["detail"]
    assert "by the class's vote" in " ".join(words["detail"])


@both_stores
def test_a_class_vote_without_a_majority_changes_no_table(tmp_path: Path) -> None:
    _, room, (ann, bo) = setup(tmp_path)
    room.start(SECRET)
    room.open_class_vote(SECRET, "single_tax")
    assert ann.vote(True) == "" and bo.vote(False) == ""
    vote, switched = room.close_class_vote(SECRET)
    assert (vote.passed, switched) == (False, [])
    tg = room.table(1)
    assert tg is not None and tg.game.phase != "single_tax" and not tg.game.switches
    assert "failed: the rules stayed (1 for, 1 against)" in debrief.votes(room).iloc[0]["detail"]


@both_stores
def test_each_tables_game_exports_as_a_saved_game_that_loads(tmp_path: Path) -> None:
    """A class table's game saved from the class (its record, chance included) loads through
    the command line's path (``landlord replay --game``) to the same game."""
    from landlord.players import savefile

    store, room, _ = setup(tmp_path, ("Ann", "Bo", "Cy"), vote_at=("single_tax@round:2",))
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    for _ in range(150):
        ref.tick(now=1e12)
    paths = debrief.export_games(room, tmp_path / "exports")
    assert [p.name for p in paths] == [f"class-{room.info.join_code}-table-{n}.json" for n in (1, 2)]
    for tg, path in zip(room.tables(), paths, strict=True):
        game = savefile.load_game(path)
        seats = game.record.seats
        assert game.log_text() == tg.game.log_text() and game.entries == tg.game.entries
        assert seats == ([None, None] if tg.table.table_no == 1 else [None, "landlord"])
