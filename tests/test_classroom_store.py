"""The class store (issue 15, point 3): SQLite in WAL mode in a class folder, a table's record
appended conditioned on its length so exactly one of two concurrent actions is accepted, under
writers in several processes; exports the lab opens."""

from __future__ import annotations

import json
import multiprocessing as mp
import sqlite3
from pathlib import Path

import pandas as pd
import pytest
from store_backends import PgServer, both_stores, class_store, rows, store_address

from landlord.apps.classroom import (
    Classroom,
    ClassSpec,
    Conflict,
    Referee,
    Refused,
    SqliteStore,
    StoreError,
    StudentSeat,
    debrief,
)
from landlord.apps.classroom.store import STORE_FILE, Row, SqlStore, open_store
from landlord.engine.entries import Answer, Switch

SECRET = "s" * 24
CTX = mp.get_context("fork")


def new_class(folder: Path, **spec: object) -> tuple[SqlStore, Classroom]:
    store = class_store(folder)
    room, _ = Classroom.create(store, ClassSpec(**{"rounds": 4, "bot_delay": 0.0, "seed": 50, **spec}), SECRET)
    return store, room


def test_the_store_is_one_wal_file_in_the_class_folder(tmp_path: Path) -> None:
    """Issue: an embedded store that needs no set-up, SQLite in WAL mode, in the class folder."""
    folder = tmp_path / "my class"
    new_class(folder)
    assert (folder / STORE_FILE).is_file()
    with sqlite3.connect(folder / STORE_FILE) as db:
        assert db.execute("pragma journal_mode").fetchone()[0] == "wal"


@both_stores
def test_a_second_store_on_the_same_folder_sees_the_class(tmp_path: Path) -> None:
    """A server restart (a new store object) finds every class, table and seat again."""
    store, room = new_class(tmp_path)
    StudentSeat.join(store, room.info.join_code, "Ann")
    store.close()
    again = class_store(tmp_path)
    assert [c.id for c in again.classes()] == [room.id]
    assert [s.name for s in again.seats(room.id)] == ["Ann"]


@both_stores
def test_an_append_must_name_the_length_it_saw(tmp_path: Path) -> None:
    """The second of two appends made at the same length is refused with a one-line Conflict,
    and so is an append that skips ahead; the record stays 0, 1, 2, … with no gap."""
    store, room = new_class(tmp_path)
    StudentSeat.join(store, room.info.join_code, "Ann")
    room.start(SECRET)
    entry = Row(0, Switch("single_tax", "teacher"))
    store.append(room.id, 1, 0, entry, secret=SECRET)
    with pytest.raises(Conflict, match="someone else acted first") as first:
        store.append(room.id, 1, 0, entry, secret=SECRET)
    assert "\n" not in str(first.value)
    with pytest.raises(Conflict):
        store.append(room.id, 1, 5, entry, secret=SECRET)
    assert [e.seq for e in store.entries(room.id, 1)] == [0]


def _race(folder: str, class_id: str, seq: int, barrier: mp.synchronize.Barrier, out: mp.Queue) -> None:
    store = open_store(folder)
    barrier.wait()
    try:
        store.append(class_id, 1, seq, Row(seq, Switch("single_tax", "teacher")), secret=SECRET)
        out.put("accepted")
    except Conflict:
        out.put("conflict")


@both_stores
def test_two_processes_answering_one_decision_exactly_one_is_accepted(tmp_path: Path) -> None:
    """Issue: when two actions arrive for one decision exactly one is accepted. Two processes
    append at the same length at the same moment, twenty times over."""
    store, room = new_class(tmp_path)
    StudentSeat.join(store, room.info.join_code, "Ann")
    room.start(SECRET)
    where = store_address(tmp_path)
    for seq in range(20):
        barrier, out = CTX.Barrier(2), CTX.Queue()
        procs = [CTX.Process(target=_race, args=(where, room.id, seq, barrier, out)) for _ in range(2)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(30)
        assert sorted(out.get(timeout=5) for _ in procs) == ["accepted", "conflict"]
    assert [e.seq for e in store.entries(room.id, 1)] == list(range(20))


def _writer(folder: str, class_id: str, table_no: int, n: int, out: mp.Queue) -> None:
    store = open_store(folder)
    done = conflicts = 0
    while done < n:
        seq = store.length(class_id, table_no)
        try:
            store.append(class_id, table_no, seq, Row(seq, Switch("landlord", f"w{done}")), secret=SECRET)
            done += 1
        except Conflict:
            conflicts += 1
    out.put((done, conflicts))


@both_stores
def test_many_writers_in_several_processes_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    """Four processes append 50 rows each to one table and two others to a second table, as
    fast as they can: every accepted row is there once, in one unbroken sequence per table."""
    store, room = new_class(tmp_path, table_size=2)
    for name in ("Ann", "Bo", "Cy", "Di"):
        StudentSeat.join(store, room.info.join_code, name)
    room.start(SECRET)
    out: mp.Queue = CTX.Queue()
    jobs = [(1, 50)] * 4 + [(2, 50)] * 2
    procs = [CTX.Process(target=_writer, args=(store_address(tmp_path), room.id, t, n, out)) for t, n in jobs]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    results = [out.get(timeout=5) for _ in procs]
    assert sum(d for d, _ in results) == 300
    for table_no, expected in ((1, 200), (2, 100)):
        rows = store.entries(room.id, table_no)
        assert [e.seq for e in rows] == list(range(expected))


@both_stores
def test_every_table_gets_its_own_recorded_seed(tmp_path: Path) -> None:
    """Issue: a different recorded seed per table (the class seed plus the table's number)."""
    store, room = new_class(tmp_path, table_size=2, seed=900)
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        StudentSeat.join(store, room.info.join_code, name)
    assert [t.seed for t in store.tables(room.id)] == [901, 902, 903]


def test_a_bad_class_folder_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot be created"):
        SqliteStore(blocker / "class")


@pytest.mark.postgres
def test_a_bad_database_address_is_one_line_naming_what_is_wrong(postgres_server: PgServer) -> None:
    """``--store``: an address that is not PostgreSQL's, one that is not an address, a server that
    is not there, a database that does not exist: each a one-line StoreError saying which, the
    password never shown."""
    from landlord.apps import serve

    nobody = serve.free_port()
    cases = {
        "mysql://ann@db.school/class": "mysql:// is not a class store",
        "postgresql://ann:hunter2@127.0.0.1:5432/a b": "not a database address",
        f"postgresql://ann:hunter2@127.0.0.1:{nobody}/class": "cannot connect",
        postgres_server.address("no_such_class"): 'database "no_such_class" does not exist',
    }
    for address, why in cases.items():
        with pytest.raises(StoreError, match=why) as bad:
            open_store(address)
        assert "\n" not in str(bad.value) and "hunter2" not in str(bad.value), str(bad.value)
    with pytest.raises(StoreError) as unreachable:
        open_store(f"postgresql://ann:hunter2@127.0.0.1:{nobody}/class")
    assert f"postgresql://ann:***@127.0.0.1:{nobody}/class" in str(unreachable.value)



@pytest.mark.postgres
def test_a_lost_database_connection_fails_one_request_in_plain_words_then_the_store_reconnects(
        postgres_server: PgServer, caplog: pytest.LogCaptureFixture) -> None:
    """PostgreSQL restarted (or the network dropped) during class: the request that meets the
    lost connection is refused with the page's plain line (the reason in the log, not on the
    page), the next one connects again, and nothing recorded is lost."""
    import psycopg

    from landlord.apps.classroom.store import LOST

    store = open_store(postgres_server.new_database())
    room, _ = Classroom.create(store, ClassSpec(rounds=4, seed=50), SECRET)
    ann = StudentSeat.join(store, room.info.join_code, "Ann")
    for during in (lambda: store.seats(room.id), lambda: store.heartbeat(ann.token)):  # a read, a write
        with psycopg.connect(postgres_server.address(), autocommit=True) as admin:
            admin.execute("select pg_terminate_backend(%s)", (store._db.conn.info.backend_pid,))
        with pytest.raises(StoreError) as lost:
            during()
        assert str(lost.value) == LOST and "postgresql://" not in str(lost.value)
        assert "terminating connection" in caplog.text
        assert [s.name for s in store.seats(room.id)] == ["Ann"]
    store.heartbeat(ann.token)


@both_stores
def test_results_export_as_csv_and_parquet_that_the_chart_command_reads(tmp_path: Path) -> None:
    """Issue: a class exports its results (CSV and Parquet) and the lab opens them: both files
    hold one row per table and ``landlord chart final-gini --data FILE --by regime`` draws them."""
    from landlord.apps.cli import main

    store, room = new_class(tmp_path / "class", table_size=2)
    for name in ("Ann", "Bo", "Cy"):
        StudentSeat.join(store, room.info.join_code, name)
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    room.switch_all(SECRET, "single_tax")
    for _ in range(2000):  # the bots (and the referee, for the students who never click) finish
        if not ref.tick(now=1e12):
            break
    csv, parquet = debrief.export(room, tmp_path / "out")
    a, b = pd.read_csv(csv), pd.read_parquet(parquet)
    assert len(a) == len(b) == 2
    assert list(a["table"]) == [1, 2] and list(a["seed"]) == [51, 52]
    assert set(a["regime"]) == {"Single tax"} and set(a["switched_by"]) == {"teacher"}
    assert list(a["students"]) == [2, 1]
    assert a["gini_population"].between(0, 1).all()
    for f in (csv, parquet):
        svg = tmp_path / f"{f.suffix[1:]}.svg"
        assert main(["chart", "final-gini", "--data", str(f), "--by", "regime", "--out", str(svg)]) == 0
        assert svg.stat().st_size > 0


@both_stores
def test_a_class_vote_takes_one_ballot_a_student_for_their_own_seat(tmp_path: Path) -> None:
    """The class vote is enforced in the store: only the teacher's secret opens and closes it;
    a seat key casts one ballot, counted for its own seat, while the vote is open."""
    store, room = new_class(tmp_path, table_size=2)
    ann, bo, cy = (StudentSeat.join(store, room.info.join_code, n) for n in ("Ann", "Bo", "Cy"))
    with pytest.raises(StoreError, match="no class vote is open"):
        store.cast(ann.token, True)
    with pytest.raises(Refused, match="only the teacher"):
        store.open_vote(room.id, "x" * 24, "single_tax")
    v = store.open_vote(room.id, SECRET, "single_tax")
    assert (v.vote_no, v.phase, v.open, v.yes, v.no) == (1, "single_tax", True, 0, 0)
    with pytest.raises(StoreError, match="already open"):
        store.open_vote(room.id, SECRET, "single_tax")
    assert (store.cast(ann.token, True).yes, store.cast(cy.token, False).no) == (1, 1)
    with pytest.raises(StoreError, match="already voted") as twice:
        store.cast(ann.token, False)
    assert "\n" not in str(twice.value)
    with pytest.raises(Refused, match="not known"):
        store.cast("forged-key", True)
    with pytest.raises(Refused, match="only the teacher"):
        store.close_vote(room.id, ann.token)
    assert store.ballot(ann.token, 1) is True and store.ballot(bo.token, 1) is None
    assert sorted(rows(store, "select table_no, seat, yes from ballots")) == [(1, 0, 1), (2, 0, 0)]
    done = store.close_vote(room.id, SECRET)
    assert (done.open, done.yes, done.no, done.passed) == (False, 1, 1, False)  # a tie keeps the rules
    with pytest.raises(StoreError, match="no class vote is open"):
        store.cast(bo.token, True)
    assert [(x.vote_no, x.yes, x.no) for x in store.votes(room.id)] == [(1, 1, 1)]


def _ballot(folder: str, token: str, barrier: mp.synchronize.Barrier, out: mp.Queue) -> None:
    store = open_store(folder)
    barrier.wait()
    try:
        store.cast(token, True)
        out.put("counted")
    except StoreError:
        out.put("refused")


@both_stores
def test_a_student_voting_from_several_processes_at_once_is_counted_once(tmp_path: Path) -> None:
    """Four kernels of one student (tabs) cast at the same moment: one ballot counts."""
    store, room = new_class(tmp_path)
    ann = StudentSeat.join(store, room.info.join_code, "Ann")
    store.open_vote(room.id, SECRET, "single_tax")
    barrier, out = CTX.Barrier(4), CTX.Queue()
    procs = [CTX.Process(target=_ballot, args=(store_address(tmp_path), ann.token, barrier, out)) for _ in range(4)]
    try:
        for p in procs:
            p.start()
        assert sorted(out.get(timeout=30) for _ in procs) == ["counted"] + ["refused"] * 3
    finally:
        for p in procs:
            p.join(10)
            if p.is_alive():
                p.kill()
                p.join()
    assert (store.votes(room.id)[0].yes, store.votes(room.id)[0].no) == (1, 0)


def test_a_class_folder_from_before_the_row_columns_replays_as_it_did(tmp_path: Path) -> None:
    """Issue 23.1: the store keeps each row's record entry in the record's codec plus columns
    (seat, by, decision). A class folder written before (rows as JSON objects with ``kind``:
    ``act``/``switch``/``open_vote``, no columns) is brought up to the columns when opened, and
    every table replays event for event as it did."""
    store, room = new_class(tmp_path, rounds=8, vote_at=("single_tax@round:2",), table_size=2)
    for name in ("Ann", "Bo"):
        StudentSeat.join(store, room.info.join_code, name)
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    for _ in range(15):
        ref.tick(now=1e12)
    assert room.switch_all(SECRET, "single_tax") == [1]
    for _ in range(15):
        ref.tick(now=1e12)
    tg = room.table(1)
    assert tg is not None and len(tg.entries) > 10
    log, rows = tg.game.log_text(), tg.entries
    assert {type(r.entry) for r in rows} >= {Answer, Switch}
    store.close()
    with sqlite3.connect(tmp_path / STORE_FILE) as db:  # the folder as the kit wrote it before
        for r in rows:
            if isinstance(r.entry, Answer):
                old = {"kind": "act", "seat": r.seat, "option": r.entry.option, "by": r.by, "decision": r.decision}
            elif isinstance(r.entry, Switch):
                old = {"kind": "switch", "phase": r.entry.phase, "cause": r.entry.cause}
            else:
                old = {"kind": "open_vote", "phase": r.entry.text.split("@")[0]}
            db.execute("update entries set entry = ? where seq = ? and table_no = 1", (json.dumps(old), r.seq))
        for col in ("seat", "by", "decision"):
            db.execute(f"alter table entries drop column {col}")
    again = Classroom(SqliteStore(tmp_path), room.id).table(1)
    assert again is not None
    assert again.game.log_text() == log
    assert [(r.entry, r.seat, r.by, r.decision) for r in again.entries] == [(r.entry, r.seat, r.by, r.decision)
                                                                           for r in rows]


@both_stores
def test_a_class_server_serves_its_own_class_where_the_store_holds_several(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A PostgreSQL store may hold several halls' classes: a server's pages follow the class the
    server names (``LANDLORD_CLASS_ID``), not the store's newest."""
    from landlord.widgets.classroom_lesson import class_lesson

    from landlord.apps.classroom.store import CLASS_ENV, served_class

    store, mine = new_class(tmp_path, ruleset="magie-1906")
    _, newer = new_class(tmp_path, ruleset="monopoly")
    assert served_class(store).id == newer.id  # type: ignore[union-attr]
    monkeypatch.setenv(CLASS_ENV, mine.id)
    assert served_class(store).id == mine.id  # type: ignore[union-attr]
    assert class_lesson(store_address(tmp_path)).ruleset.id.startswith("magie-1906")
