"""The class store: classes, tables, seats and each table's record rows, behind one interface.

:class:`ClassStore` is the interface every kernel and the class server use; :class:`SqlStore`
implements it once, in SQL both backends run: :class:`SqliteStore`, the standard library's
``sqlite3`` in WAL mode, one file in the class folder, so it starts with the server and needs no
set-up (the default); :class:`PostgresStore`, a PostgreSQL database (``landlord class --store
postgresql://…``) that several class servers share, so that one class can be served from
several machines (a lecture hall). :func:`open_store` opens either from its address.

A table's record is rows ``(class, table, seq, entry, at, seat, by, decision)`` with primary key
``(class, table, seq)``: ``entry`` is one record entry in the record's own codec
(:mod:`landlord.engine.entries`: an answer, a switch or a trigger added), and the columns say what
the store checks: for an answer, the ``seat`` that answered, ``by`` whom (the student, a bot, a
bot for an away or overdue student) and the kind of ``decision`` answered. An append names the
length of the record the kernel saw: when two kernels answer the same decision, the database
accepts exactly one and the other gets :class:`Conflict`. Every append is authorised in the same
transaction, on the columns: a student's token may append only an answer by the student for its
own seat at its own table; the teacher's secret (held by the dashboard and the class server's
referee) may append anything. Only hashes of tokens and secrets are stored. A class folder
written before the columns existed is brought up to them when opened (:func:`_upgrade`).

A class vote (the whole room votes whether every table switches to a phase) is rows of
``class_votes`` and ``ballots``: the teacher opens and closes it with the secret; a student's
token casts one ballot for its own seat (the database's keys refuse a second one, from the
student or for the seat), while the vote is open.
"""

from __future__ import annotations

import abc
import contextlib
import hashlib
import ipaddress
import json
import logging
import os
import re
import secrets
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, Protocol

from landlord.apps.classroom.names import BadName, LookAlike, check
from landlord.engine.codec import decode, encode, old_row
from landlord.engine.entries import Answer, Entry
from landlord.engine.game import BOXES
from landlord.errors import LandlordError

STORE_FILE = "class.sqlite"
"""The store's file name inside a class folder."""
FOLDER_ENV = "LANDLORD_CLASS_DIR"
"""The environment variable naming the class folder (set by ``landlord class`` for its kernels)."""
STORE_ENV = "LANDLORD_CLASS_STORE"
"""The environment variable naming the class store's database (set by ``landlord class --store``
for its kernels); unset, the store is the class folder's SQLite file."""
CLASS_ENV = "LANDLORD_CLASS_ID"
"""The environment variable naming the class a class server serves (set by ``landlord class``
for its kernels): a PostgreSQL store may hold the classes of several halls and past periods."""

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes use letters and digits that cannot be mistaken for each other (no I/1, O/0)."""

SCHEMA = """
create table if not exists classes (
    id text primary key, created real not null, join_code text unique not null,
    joining integer not null, state text not null, teacher text not null, spec text not null);
create table if not exists tables (
    class_id text not null, table_no integer not null, seed integer not null,
    names text not null, started real, primary key (class_id, table_no));
create table if not exists seats (
    class_id text not null, table_no integer not null, seat integer not null,
    name text not null, token text unique not null, joined real not null, last_seen real not null,
    primary key (class_id, table_no, seat));
create table if not exists entries (
    class_id text not null, table_no integer not null, seq integer not null,
    entry text not null, at real not null, seat integer, by text, decision text,
    primary key (class_id, table_no, seq)) without rowid;
create table if not exists class_votes (
    class_id text not null, vote_no integer not null, phase text not null, opened real not null,
    closed real, primary key (class_id, vote_no));
create table if not exists ballots (
    class_id text not null, vote_no integer not null, token text not null, table_no integer not null,
    seat integer not null, yes integer not null, at real not null,
    primary key (class_id, vote_no, token), unique (class_id, vote_no, table_no, seat));
"""

STEERING_SCHEMA = """
create table if not exists steering (
    class_id text primary key, paused real, resumed real, end_round integer, end_at real, ended real,
    viewer text);
create table if not exists table_ends (
    class_id text not null, table_no integer not null, last_round integer not null,
    primary key (class_id, table_no));
create table if not exists predictions (
    class_id text not null, token text not null, table_no integer not null, seat integer not null,
    choice text not null, at real not null, primary key (class_id, token));
"""
"""The teacher's steering of a class (pause, the end of play, the projector's key), each
table's last round, and the students' predictions (one per student, with their seat)."""

DEVICE_SCHEMA = """
create table if not exists pages (kernel_id text primary key, address text not null, at real not null, seat text);
create table if not exists devices (token text primary key, address text not null);
create table if not exists cooling (seat text primary key, until real not null);
"""
"""The network address each page's kernel socket came from (written by the class server when
the socket opens) and the seat its kernel holds (its token's hash, written by the kernel), the
address each seat was taken from (its token's hash), and until when (seconds since the epoch) a
seat's page, cut off for flooding, is kept away (every class server on the store keeps it away)."""


def counted_address(address: str) -> str:
    """``address`` as the one-seat-a-device rule counts it: the plain IP (an IPv4 address mapped
    into IPv6 as itself), or "" for an address the rule leaves out. DECISION: the server's own
    machine (loopback) is left out: there a teacher tries the class in several tabs, and a
    visitor on that machine could read the class folder anyway."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return ""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return "" if ip.is_loopback or ip.is_unspecified else str(ip)


class StoreError(LandlordError):
    """The class store refused a request; the message is one line for the person."""


class Conflict(StoreError):
    """Another action was recorded first at this point of the table's record."""


class LookAlikeName(StoreError):
    """A name that only looks like a classmate's: the student may keep it (``join(..., alike=True)``)."""


class Refused(StoreError):
    """The request's token or secret does not allow it (wrong seat, wrong secret, closed code)."""


def checked_name(name: str, others: list[str], most_bots: int, alike: bool = False) -> str:
    """A student's display name as the class keeps it (:func:`landlord.apps.classroom.names.check`:
    NFKC, no hidden characters, no look-alike of ``others`` or of a bot's or the game's names);
    StoreError says why not, in one line."""
    try:
        return check(name, others, BOXES, most_bots, alike)
    except LookAlike as exc:
        raise LookAlikeName(str(exc)) from None
    except BadName as exc:
        raise StoreError(str(exc)) from None


def digest(secret: str) -> str:
    """The stored form of a token or secret (SHA-256, hex)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class ClassInfo:
    """A class: its id, join code, whether joining is open, its state and its spec (the
    teacher's choices: ruleset, table size, bots, phase plan, seeds, timings)."""

    id: str
    join_code: str
    joining: bool
    state: str
    spec: dict[str, Any]
    created: float


@dataclass(frozen=True)
class TableInfo:
    """A table of a class: number, recorded seed, the names its game was started with
    (empty until it starts) and when it started (None while students are still joining)."""

    class_id: str
    table_no: int
    seed: int
    names: tuple[str, ...]
    started: float | None


@dataclass(frozen=True)
class SeatInfo:
    """A student's seat: class, table, seat number, display name, and times (seconds since
    the epoch) of joining and of the kernel's last sign of life."""

    class_id: str
    table_no: int
    seat: int
    name: str
    joined: float
    last_seen: float


BY = ("student", "bot", "away", "timeout")
"""Who answered a seat's decision: its student, a bot at a seat nobody took, a bot for a student
who is away, a bot for a student whose time to decide ran out."""


@dataclass(frozen=True)
class Row:
    """One row of a table's record in the store: its position ``seq``, the record ``entry`` it
    carries (an :class:`~landlord.engine.entries.Answer`, a :class:`~landlord.engine.entries.Switch`
    or a :class:`~landlord.engine.entries.TriggerAdded`), when it was recorded, and for an answer
    the ``seat`` that answered, ``by`` whom (:data:`BY`) and the ``decision`` kind answered."""

    seq: int
    entry: Entry
    at: float = field(default=0.0)
    seat: int | None = None
    by: str | None = None
    decision: str | None = None

    @property
    def answer(self) -> Answer | None:
        """The answer this row records (None for a switch or a trigger)."""
        return self.entry if isinstance(self.entry, Answer) else None


def _upgrade(c: sqlite3.Connection) -> None:
    """Bring a class store written before the ``seat``/``by``/``decision`` columns up to them:
    each old row's JSON object becomes its entry in the record's codec plus the columns (the
    same entries in the same order, so every table replays as before)."""
    columns = {r[1] for r in c.execute("pragma table_info(entries)")}
    if "seat" in columns:
        return
    for col in ("seat integer", "by text", "decision text"):
        c.execute(f"alter table entries add column {col}")
    for class_id, table_no, seq, text in c.execute(
            "select class_id, table_no, seq, entry from entries").fetchall():
        entry, seat, by, decision = old_row(json.loads(text), STORE_FILE, seq)
        c.execute("update entries set entry = ?, seat = ?, by = ?, decision = ? "
                  "where class_id = ? and table_no = ? and seq = ?",
                  (json.dumps(encode(entry)), seat, by, decision, class_id, table_no, seq))


@dataclass(frozen=True)
class VoteInfo:
    """A class vote: its number, the phase voted on, when it opened and closed (None while
    open), and the ballots cast so far (``yes``, ``no``). DECISION: the majority of the
    ballots cast decides; a tie (or no ballot) keeps the rules in force."""

    class_id: str
    vote_no: int
    phase: str
    opened: float
    closed: float | None
    yes: int
    no: int

    @property
    def open(self) -> bool:
        """Whether students may still vote."""
        return self.closed is None

    @property
    def passed(self) -> bool:
        """Whether more students voted yes than no."""
        return self.yes > self.no


@dataclass(frozen=True)
class Steering:
    """The teacher's steering of a class: when play was paused (None: it is not) and last
    resumed, the round and the time (seconds since the epoch) at which every game ends (None:
    not set), and when that time's end was applied (None: not yet)."""

    paused: float | None = None
    resumed: float | None = None
    end_round: int | None = None
    end_at: float | None = None
    ended: float | None = None


@dataclass(frozen=True)
class Prediction:
    """A student's prediction before play: their table and seat when they made it, the answer
    (an id of :data:`landlord.apps.classroom.room.PREDICTIONS`) and when."""

    table_no: int
    seat: int
    choice: str
    at: float


class ClassStore(Protocol):
    """What the class needs from a store (:class:`SqliteStore`, :class:`PostgresStore`)."""

    def create_class(self, spec: dict[str, Any], teacher_secret: str, join_code: str | None = None) -> ClassInfo:
        """A new class open for joining, with a fresh join code (or ``join_code``)."""
        ...

    def get_class(self, class_id: str) -> ClassInfo:
        """The class ``class_id``; StoreError if there is none."""
        ...

    def teacher_class(self, secret: str) -> ClassInfo:
        """The class whose teacher's secret is ``secret``; Refused otherwise."""
        ...

    def code_class(self, join_code: str) -> ClassInfo:
        """The class with this join code; Refused when there is none or joining is closed."""
        ...

    def set_class(self, class_id: str, secret: str, *, joining: bool | None = None,
                  state: str | None = None) -> ClassInfo:
        """The teacher opens/closes joining or changes the class's state."""
        ...

    def join(self, join_code: str, name: str, device: str = "", alike: bool = False) -> tuple[SeatInfo, str]:
        """Seat a student at the first free seat (opening a table when every seat is taken);
        returns the seat and the seat's token (given once, stored only as a hash). ``device`` is
        the network address the page came from: a device that already holds the class's
        ``seats_per_device`` seats is Refused (:func:`counted_address` says which count). A name
        that only looks like a classmate's is LookAlikeName unless ``alike`` (the student chose it)."""
        ...

    def page_seen(self, kernel_id: str, address: str) -> None:
        """Record the network address a page's kernel socket came from (the class server)."""
        ...

    def page_address(self, kernel_id: str) -> str:
        """The address recorded for ``kernel_id``'s page ("" when none is)."""
        ...

    def page_holds(self, kernel_id: str, token: str) -> None:
        """Record that ``kernel_id``'s page holds the seat of ``token`` (the student's kernel)."""
        ...

    def page_seat(self, kernel_id: str) -> str:
        """The hash of the seat's token ``kernel_id``'s page holds ("" when none)."""
        ...

    def cool(self, seat: str, until: float) -> None:
        """Keep the page of ``seat`` (its token's hash) away until ``until`` (epoch seconds)."""
        ...

    def cooling_until(self, seat: str) -> float:
        """Until when the page of ``seat`` (its token's hash) is kept away (0.0: it is not)."""
        ...

    def seat_of(self, token: str) -> SeatInfo:
        """The seat a token was issued for; Refused for an unknown token."""
        ...

    def seats(self, class_id: str) -> list[SeatInfo]:
        """Every taken seat of a class."""
        ...

    def heartbeat(self, token: str) -> float:
        """Mark the token's seat as seen now; returns when it was last seen before."""
        ...

    def move_seat(self, class_id: str, secret: str, table_no: int, seat: int,
                  to_table: int, to_seat: int) -> SeatInfo:
        """The teacher moves a student to a free seat."""
        ...

    def remove_seat(self, class_id: str, secret: str, table_no: int, seat: int) -> SeatInfo:
        """The teacher removes a student (a bot plays the seat from then on)."""
        ...

    def rename_seat(self, class_id: str, secret: str, table_no: int, seat: int, name: str) -> SeatInfo:
        """The teacher renames a student."""
        ...

    def rebalance(self, class_id: str, secret: str) -> list[SeatInfo]:
        """The teacher evens out the tables that have not started."""
        ...

    def tables(self, class_id: str) -> list[TableInfo]:
        """Every table of a class, by number."""
        ...

    def start_table(self, class_id: str, secret: str, table_no: int, names: list[str]) -> TableInfo:
        """Start a table's game with these seat names (the teacher or the referee)."""
        ...

    def entries(self, class_id: str, table_no: int, after: int = -1) -> list[Row]:
        """The table's record rows with ``seq > after``, in order."""
        ...

    def append(self, class_id: str, table_no: int, seq: int, row: Row, *,
               token: str | None = None, secret: str | None = None) -> Row:
        """Record ``row`` at position ``seq`` (the record's length the caller saw)."""
        ...

    def open_vote(self, class_id: str, secret: str, phase: str) -> VoteInfo:
        """The teacher opens a class vote on ``phase``; StoreError while another is open."""
        ...

    def close_vote(self, class_id: str, secret: str) -> VoteInfo:
        """The teacher closes the open class vote; StoreError if none is open."""
        ...

    def cast(self, token: str, yes: bool) -> VoteInfo:
        """The token's student votes in the open class vote, once, for their own seat."""
        ...

    def votes(self, class_id: str) -> list[VoteInfo]:
        """Every class vote of a class, oldest first, with its counts."""
        ...

    def ballot(self, token: str, vote_no: int) -> bool | None:
        """The token's ballot in vote ``vote_no`` (None: not cast)."""
        ...

    def steering(self, class_id: str) -> Steering:
        """The teacher's steering of the class (pause, end of play)."""
        ...

    def set_paused(self, class_id: str, secret: str, paused: bool) -> Steering:
        """The teacher pauses (or resumes) every table."""
        ...

    def set_end(self, class_id: str, secret: str, *, end_round: int | None = None,
                end_at: float | None = None) -> Steering:
        """The teacher sets the round or the time at which every game ends."""
        ...

    def claim_end(self, class_id: str, now: float) -> bool:
        """True once, for the first caller after the end time has come."""
        ...

    def table_ends(self, class_id: str) -> dict[int, int]:
        """Each table's last round, where the teacher set one: table → round."""
        ...

    def set_table_end(self, class_id: str, secret: str, table_no: int, last_round: int, seq: int) -> None:
        """A table's last round, set while its record is ``seq`` rows long (Conflict if not)."""
        ...

    def set_viewer(self, class_id: str, secret: str, key: str) -> None:
        """The key of the class's projector view (read-only; stored as a hash)."""
        ...

    def viewer_class(self, key: str) -> ClassInfo:
        """The class whose projector key is ``key``; Refused otherwise."""
        ...

    def predict(self, token: str, choice: str) -> Prediction:
        """The token's student records (or changes) their prediction, with their seat."""
        ...

    def prediction(self, token: str) -> Prediction | None:
        """The token's student's prediction (None: not made)."""
        ...

    def predictions(self, class_id: str) -> list[Prediction]:
        """Every student's prediction, by table and seat."""
        ...

    def last_round(self, class_id: str, table_no: int) -> int | None:
        """The table's last round: its own where set, else the class's, else None."""
        ...


class SqlStore(abc.ABC):
    """The class store's queries, the same on both backends: :class:`SqliteStore` (one file in
    the class folder, the default) and :class:`PostgresStore` (a PostgreSQL database several
    class servers share). A backend gives the connection (``_db``, whose ``execute`` takes
    ``?`` placeholders and returns a cursor), :meth:`_write` (one write transaction that holds
    the store's write lock from its start, so a check and the write it guards see the same
    state across every process and server) and the driver's ``IntegrityError``; ``where``
    names the store in messages (never a password).

    Every write goes through :meth:`_write`, as one transaction; a read is one statement."""

    IntegrityError: type[Exception] = sqlite3.IntegrityError
    """The driver's error for a broken key (a second append at one position, a second ballot)."""
    GREATEST = "max"
    """The SQL function of the larger of two values (SQLite's two-argument ``max``)."""
    where: str
    _db: Any
    _lock: threading.RLock

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    @abc.abstractmethod
    def _write(self) -> contextlib.AbstractContextManager[Any]:
        """One write transaction holding the store's write lock (each backend's own)."""

    def _one(self, sql: str, *args: Any) -> Any:
        with self._lock:
            return self._db.execute(sql, args).fetchone()

    # -- classes ----------------------------------------------------------------------------
    @staticmethod
    def _class(row: Any) -> ClassInfo:
        return ClassInfo(row[0], row[2], bool(row[3]), row[4], json.loads(row[6]), row[1])

    def create_class(self, spec: dict[str, Any], teacher_secret: str, join_code: str | None = None) -> ClassInfo:
        """A new class open for joining, with a fresh six-character join code (or ``join_code``)."""
        if len(teacher_secret) < 16:
            raise StoreError("the teacher's secret must be at least 16 characters")
        class_id = secrets.token_hex(4)
        for _ in range(20):
            code = join_code or "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
            try:
                with self._write() as c:
                    c.execute("insert into classes values (?,?,?,?,?,?,?)",
                              (class_id, time.time(), code, 1, "joining", digest(teacher_secret),
                               json.dumps(spec)))
                return self.get_class(class_id)
            except self.IntegrityError:
                if join_code:
                    raise StoreError(f"join code {join_code!r} is already used by another class") from None
        raise StoreError("could not find a free join code")

    def get_class(self, class_id: str) -> ClassInfo:
        """The class ``class_id``; StoreError if there is none."""
        row = self._one("select * from classes where id = ?", class_id)
        if row is None:
            raise StoreError(f"no class {class_id!r} in {self.where}")
        return self._class(row)

    def classes(self) -> list[ClassInfo]:
        """Every class in the store, oldest first."""
        with self._lock:
            rows = self._db.execute("select * from classes order by created").fetchall()
        return [self._class(r) for r in rows]

    def teacher_class(self, secret: str) -> ClassInfo:
        """The class whose teacher's secret is ``secret``; Refused otherwise."""
        row = self._one("select * from classes where teacher = ?", digest(secret or ""))
        if row is None:
            raise Refused("that is not the teacher's address of any class here (wrong or missing secret)")
        return self._class(row)

    def code_class(self, join_code: str) -> ClassInfo:
        """The class with this join code; Refused when there is none or joining is closed."""
        code = (join_code or "").strip().upper()
        row = self._one("select * from classes where join_code = ?", code)
        if row is None:
            raise Refused(f"no class has the join code {code!r}: check the code on the board")
        info = self._class(row)
        if not info.joining:
            raise Refused(f"class {code} is closed to new students: ask your teacher")
        return info

    def _teacher(self, c: Any, class_id: str, secret: str | None) -> None:
        row = c.execute("select teacher from classes where id = ?", (class_id,)).fetchone()
        if row is None or secret is None or not secrets.compare_digest(row[0], digest(secret)):
            raise Refused("only the teacher can do that (wrong or missing secret)")

    def set_class(self, class_id: str, secret: str, *, joining: bool | None = None,
                  state: str | None = None) -> ClassInfo:
        """The teacher opens/closes joining or changes the class's state."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            if joining is not None:
                c.execute("update classes set joining = ? where id = ?", (int(joining), class_id))
            if state is not None:
                c.execute("update classes set state = ? where id = ?", (state, class_id))
        return self.get_class(class_id)

    # -- seats --------------------------------------------------------------------------------
    @staticmethod
    def _seat(row: Any) -> SeatInfo:
        return SeatInfo(row[0], row[1], row[2], row[3], row[5], row[6])

    def join(self, join_code: str, name: str, device: str = "", alike: bool = False) -> tuple[SeatInfo, str]:
        """Seat a student at the first free seat of the lowest-numbered table with one (a new
        table opens when every seat is taken and the class allows more tables). Returns the
        seat and its token; the token is stored only as a hash. A ``device`` (network address)
        that already holds the class's ``seats_per_device`` seats (1 unless the teacher chose
        more; 0: no limit) is Refused: one page after another from one machine cannot fill the
        class (a removed seat no longer counts)."""
        info = self.code_class(join_code)
        size = int(info.spec["table_size"])
        most = int(info.spec.get("max_tables", 10))
        per_device = int(info.spec.get("seats_per_device", 1))
        address = counted_address(device)
        token = secrets.token_urlsafe(18)
        now = time.time()
        with self._write() as c:
            row = c.execute("select joining from classes where id = ?", (info.id,)).fetchone()
            if not row[0]:
                raise Refused(f"class {info.join_code} is closed to new students: ask your teacher")
            if address and per_device:
                held = [n for (n,) in c.execute(
                    "select s.name from seats s join devices d on d.token = s.token "
                    "where s.class_id = ? and d.address = ? order by s.joined", (info.id, address))]
                if len(held) >= per_device:
                    raise Refused(f"this device already holds {' and '.join(held)}'s seat in class "
                                  f"{info.join_code}: one seat a device (if two students share it, ask your teacher)")
            taken = {(t, s) for t, s in c.execute(
                "select table_no, seat from seats where class_id = ?", (info.id,))}
            name = checked_name(name, [n for (n,) in c.execute("select name from seats where class_id = ?",
                                                                (info.id,))], size * most, alike)
            tables = [t for (t,) in c.execute(
                "select table_no from tables where class_id = ? order by table_no", (info.id,))]
            free = [(t, s) for t in tables for s in range(size) if (t, s) not in taken]
            if free:
                table_no, seat = free[0]
            else:
                if len(tables) >= most:
                    raise Refused(f"every seat of the class's {most} tables is taken: ask your teacher")
                table_no, seat = (max(tables) + 1 if tables else 1), 0
                seed = int(info.spec.get("seed", 0)) + table_no
                c.execute("insert into tables values (?,?,?,?,?)", (info.id, table_no, seed, "[]", None))
            c.execute("insert into seats values (?,?,?,?,?,?,?)",
                      (info.id, table_no, seat, name, digest(token), now, now))
            if address:
                c.execute("insert into devices values (?,?)", (digest(token), address))
        return SeatInfo(info.id, table_no, seat, name, now, now), token

    def page_seen(self, kernel_id: str, address: str) -> None:
        """Record the network address a page's kernel socket came from (the class server)."""
        with self._write() as c:
            c.execute("insert into pages (kernel_id, address, at) values (?,?,?) on conflict (kernel_id) "
                      "do update set address = excluded.address, at = excluded.at", (kernel_id, address, time.time()))

    def page_address(self, kernel_id: str) -> str:
        """The address recorded for ``kernel_id``'s page ("" when none is)."""
        row = self._one("select address from pages where kernel_id = ?", kernel_id)
        return str(row[0]) if row else ""

    def page_holds(self, kernel_id: str, token: str) -> None:
        """Record that ``kernel_id``'s page holds the seat of ``token`` (the student's kernel)."""
        with self._write() as c:
            c.execute("insert into pages (kernel_id, address, at, seat) values (?,?,?,?) on conflict (kernel_id) "
                      "do update set seat = excluded.seat", (kernel_id, "", time.time(), digest(token)))

    def page_seat(self, kernel_id: str) -> str:
        """The hash of the seat's token ``kernel_id``'s page holds ("" when none)."""
        row = self._one("select seat from pages where kernel_id = ?", kernel_id)
        return str(row[0]) if row and row[0] else ""

    def cool(self, seat: str, until: float) -> None:
        """Keep the page of ``seat`` (its token's hash) away until ``until`` (seconds since the
        epoch; a later time already set stays): a page cut off on one class server is kept away
        by every server of the store."""
        with self._write() as c:
            c.execute("insert into cooling values (?,?) on conflict (seat) do update set "
                      f"until = {self.GREATEST}(cooling.until, excluded.until)", (seat, until))

    def cooling_until(self, seat: str) -> float:
        """Until when the page of ``seat`` (its token's hash) is kept away (0.0: it is not)."""
        row = self._one("select until from cooling where seat = ?", seat)
        return float(row[0]) if row else 0.0

    def seat_of(self, token: str) -> SeatInfo:
        """The seat a token was issued for; Refused for an unknown token."""
        row = self._one("select * from seats where token = ?", digest(token or ""))
        if row is None:
            raise Refused("that seat key is not known here: join again with the class code")
        return self._seat(row)

    def seats(self, class_id: str) -> list[SeatInfo]:
        """Every taken seat of a class, by table and seat."""
        with self._lock:
            rows = self._db.execute("select * from seats where class_id = ? order by table_no, seat",
                                    (class_id,)).fetchall()
        return [self._seat(r) for r in rows]

    def heartbeat(self, token: str) -> float:
        """Mark the token's seat as seen now; returns when it was last seen before."""
        h = digest(token or "")
        with self._write() as c:
            row = c.execute("select last_seen from seats where token = ?", (h,)).fetchone()
            if row is None:
                raise Refused("that seat key is not known here: join again with the class code")
            c.execute("update seats set last_seen = ? where token = ?", (time.time(), h))
        return float(row[0])

    def move_seat(self, class_id: str, secret: str, table_no: int, seat: int,
                  to_table: int, to_seat: int) -> SeatInfo:
        """The teacher moves a student to a free seat of an existing table (the student's key
        stays valid and now acts for the new seat)."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            size = int(json.loads(c.execute("select spec from classes where id = ?",
                                            (class_id,)).fetchone()[0])["table_size"])
            if not c.execute("select 1 from tables where class_id = ? and table_no = ?",
                             (class_id, to_table)).fetchone() or not 0 <= to_seat < size:
                raise StoreError(f"there is no seat {to_seat + 1} at table {to_table}")
            try:
                n = c.execute("update seats set table_no = ?, seat = ? where class_id = ? and table_no = ? "
                              "and seat = ?", (to_table, to_seat, class_id, table_no, seat)).rowcount
            except self.IntegrityError:
                raise StoreError(f"seat {to_seat + 1} at table {to_table} is taken") from None
            if not n:
                raise StoreError(f"nobody sits in seat {seat + 1} at table {table_no}")
            row = c.execute("select * from seats where class_id = ? and table_no = ? and seat = ?",
                            (class_id, to_table, to_seat)).fetchone()
        return self._seat(row)

    # -- tables and their records -------------------------------------------------------------
    def tables(self, class_id: str) -> list[TableInfo]:
        """Every table of a class, by number."""
        with self._lock:
            rows = self._db.execute("select * from tables where class_id = ? order by table_no",
                                    (class_id,)).fetchall()
        return [TableInfo(r[0], r[1], r[2], tuple(json.loads(r[3])), r[4]) for r in rows]

    def start_table(self, class_id: str, secret: str, table_no: int, names: list[str]) -> TableInfo:
        """Start a table's game with these seat names; a table already started keeps its names."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            c.execute("update tables set names = ?, started = ? where class_id = ? and table_no = ? "
                      "and started is null", (json.dumps(names), time.time(), class_id, table_no))
        return next(t for t in self.tables(class_id) if t.table_no == table_no)

    def entries(self, class_id: str, table_no: int, after: int = -1) -> list[Row]:
        """The table's record rows with ``seq > after``, in order (an index range scan)."""
        with self._lock:
            rows = self._db.execute(
                "select seq, entry, at, seat, by, decision from entries where class_id = ? and table_no = ? "
                "and seq > ? order by seq", (class_id, table_no, after)).fetchall()
        where = f"{self.where}, table {table_no}"
        return [Row(r[0], decode(json.loads(r[1]), where, r[0]), r[2], r[3], r[4], r[5]) for r in rows]

    def length(self, class_id: str, table_no: int) -> int:
        """How many rows the table's record has."""
        row = self._one("select coalesce(max(seq) + 1, 0) from entries where class_id = ? and table_no = ?",
                        class_id, table_no)
        return int(row[0])

    def append(self, class_id: str, table_no: int, seq: int, row: Row, *,
               token: str | None = None, secret: str | None = None) -> Row:
        """Record ``row`` (its entry and columns; its ``seq`` and time are the store's) at
        position ``seq``, the record's length the caller saw.

        Conflict when the record has moved on (another action came first); Refused unless
        ``secret`` is the teacher's, or ``token`` is the key of the seat the row answers for
        (a student may append only an answer by the student for its own seat, at its own table).
        """
        if row.answer is not None and (row.seat is None or row.by not in BY):
            raise StoreError(f"an answer's row names its seat and who answered ({', '.join(BY)})")
        now = time.time()
        try:
            with self._write() as c:
                if secret is not None:
                    self._teacher(c, class_id, secret)
                else:
                    mine = c.execute("select class_id, table_no, seat from seats where token = ?",
                                     (digest(token or ""),)).fetchone()
                    if mine is None:
                        raise Refused("that seat key is not known here: join again with the class code")
                    if (mine[0], mine[1]) != (class_id, table_no) or row.answer is None \
                            or row.seat != mine[2] or row.by != "student":
                        raise Refused("you can only act for your own seat")
                have = c.execute("select coalesce(max(seq) + 1, 0) from entries where class_id = ? "
                                 "and table_no = ?", (class_id, table_no)).fetchone()[0]
                if seq != have:
                    raise Conflict("someone else acted first; your view has been brought up to date")
                c.execute("insert into entries values (?,?,?,?,?,?,?,?)",
                          (class_id, table_no, seq, json.dumps(encode(row.entry)), now, row.seat, row.by,
                           row.decision))
        except self.IntegrityError:
            raise Conflict("someone else acted first; your view has been brought up to date") from None
        return Row(seq, row.entry, now, row.seat, row.by, row.decision)

    # -- the class vote -----------------------------------------------------------------------
    def _vote(self, c: Any, class_id: str, vote_no: int) -> VoteInfo:
        row = c.execute("select phase, opened, closed from class_votes where class_id = ? and vote_no = ?",
                        (class_id, vote_no)).fetchone()
        yes, no = c.execute("select coalesce(sum(yes), 0), count(*) - coalesce(sum(yes), 0) from ballots "
                            "where class_id = ? and vote_no = ?", (class_id, vote_no)).fetchone()
        return VoteInfo(class_id, vote_no, row[0], row[1], row[2], int(yes), int(no))

    @staticmethod
    def _open_no(c: Any, class_id: str) -> int | None:
        row = c.execute("select vote_no from class_votes where class_id = ? and closed is null",
                        (class_id,)).fetchone()
        return None if row is None else int(row[0])

    def open_vote(self, class_id: str, secret: str, phase: str) -> VoteInfo:
        """The teacher opens a class vote on ``phase`` (numbered from 1); StoreError while
        another vote is open."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            if self._open_no(c, class_id) is not None:
                raise StoreError("a class vote is already open: close it first")
            n = c.execute("select coalesce(max(vote_no), 0) + 1 from class_votes where class_id = ?",
                          (class_id,)).fetchone()[0]
            c.execute("insert into class_votes values (?,?,?,?,?)", (class_id, n, phase, time.time(), None))
            return self._vote(c, class_id, n)

    def close_vote(self, class_id: str, secret: str) -> VoteInfo:
        """The teacher closes the open class vote (its counts are final); StoreError if none
        is open."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            n = self._open_no(c, class_id)
            if n is None:
                raise StoreError("no class vote is open")
            c.execute("update class_votes set closed = ? where class_id = ? and vote_no = ?",
                      (time.time(), class_id, n))
            return self._vote(c, class_id, n)

    def cast(self, token: str, yes: bool) -> VoteInfo:
        """The token's student votes in the class's open vote, for their own seat: Refused for
        an unknown token, StoreError when no vote is open or the student (or the seat) has
        voted already."""
        h = digest(token or "")
        try:
            with self._write() as c:
                row = c.execute("select class_id, table_no, seat from seats where token = ?", (h,)).fetchone()
                if row is None:
                    raise Refused("that seat key is not known here: join again with the class code")
                class_id, table_no, seat = row
                n = self._open_no(c, class_id)
                if n is None:
                    raise StoreError("no class vote is open now")
                c.execute("insert into ballots values (?,?,?,?,?,?,?)",
                          (class_id, n, h, table_no, seat, int(bool(yes)), time.time()))
                return self._vote(c, class_id, n)
        except self.IntegrityError:
            raise StoreError("your seat has already voted: each student votes once") from None

    def votes(self, class_id: str) -> list[VoteInfo]:
        """Every class vote of a class, oldest first, with its counts."""
        with self._lock:
            nos = [n for (n,) in self._db.execute(
                "select vote_no from class_votes where class_id = ? order by vote_no", (class_id,))]
            return [self._vote(self._db, class_id, n) for n in nos]

    def ballot(self, token: str, vote_no: int) -> bool | None:
        """The token's ballot in vote ``vote_no`` (None: not cast)."""
        row = self._one("select yes from ballots where token = ? and vote_no = ?", digest(token or ""), vote_no)
        return None if row is None else bool(row[0])

    # -- the teacher steers the seats (issue 26, point 4) ---------------------------------------
    def remove_seat(self, class_id: str, secret: str, table_no: int, seat: int) -> SeatInfo:
        """The teacher removes a student: the seat's key stops working (their page says so) and,
        at a table already playing, a bot plays the seat from then on. Their ballots stay counted."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            row = c.execute("select * from seats where class_id = ? and table_no = ? and seat = ?",
                            (class_id, table_no, seat)).fetchone()
            if row is None:
                raise StoreError(f"nobody sits in seat {seat + 1} at table {table_no}")
            c.execute("delete from seats where class_id = ? and table_no = ? and seat = ?",
                      (class_id, table_no, seat))
        return self._seat(row)

    def rename_seat(self, class_id: str, secret: str, table_no: int, seat: int, name: str) -> SeatInfo:
        """The teacher renames a student (the name checked as at joining, against the others');
        at a table already playing its game shows the new name too."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            spec = json.loads(c.execute("select spec from classes where id = ?", (class_id,)).fetchone()[0])
            others = [n for (n,) in c.execute("select name from seats where class_id = ? and not "
                                              "(table_no = ? and seat = ?)", (class_id, table_no, seat))]
            # the teacher's choice: a name that only looks like another's is theirs to allow
            name = checked_name(name, others, int(spec["table_size"]) * int(spec.get("max_tables", 10)), alike=True)
            if not c.execute("update seats set name = ? where class_id = ? and table_no = ? and seat = ?",
                             (name, class_id, table_no, seat)).rowcount:
                raise StoreError(f"nobody sits in seat {seat + 1} at table {table_no}")
            table = c.execute("select names from tables where class_id = ? and table_no = ? and started is not null",
                              (class_id, table_no)).fetchone()
            if table is not None:
                names = json.loads(table[0])
                names[seat] = name
                c.execute("update tables set names = ? where class_id = ? and table_no = ?",
                          (json.dumps(names), class_id, table_no))
            row = c.execute("select * from seats where class_id = ? and table_no = ? and seat = ?",
                            (class_id, table_no, seat)).fetchone()
        return self._seat(row)

    def rebalance(self, class_id: str, secret: str) -> list[SeatInfo]:
        """The teacher evens out the tables that have not started: their students, in the order
        they joined, are dealt to as few tables as hold them, as evenly as the room allows (five
        students at tables of four sit 3 + 2, not 4 + 1); tables left empty are removed. Each
        student's key stays valid. Returns the seats of those tables, by table and seat."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            size = int(json.loads(c.execute("select spec from classes where id = ?",
                                            (class_id,)).fetchone()[0])["table_size"])
            open_tables = [t for (t,) in c.execute("select table_no from tables where class_id = ? and started "
                                                   "is null order by table_no", (class_id,))]
            marks = ",".join("?" * len(open_tables))
            rows = c.execute(f"select * from seats where class_id = ? and table_no in ({marks}) order by joined, "
                             "table_no, seat", (class_id, *open_tables)).fetchall() if open_tables else []
            if not rows:
                return []
            count = -(-len(rows) // size)
            sizes = [len(rows) // count + (k < len(rows) % count) for k in range(count)]
            it = iter(rows)  # first to seats numbered below 0 (free of the key's clashes), then to their own
            for table_no, n in zip(open_tables, sizes, strict=False):
                for seat in range(n):
                    c.execute("update seats set table_no = ?, seat = ? where token = ?",
                              (table_no, -1 - seat, next(it)[4]))
            c.execute("update seats set seat = -1 - seat where class_id = ? and seat < 0", (class_id,))
            for table_no in open_tables[count:]:
                c.execute("delete from tables where class_id = ? and table_no = ?", (class_id, table_no))
            out = c.execute(f"select * from seats where class_id = ? and table_no in ({marks}) order by table_no, seat",
                            (class_id, *open_tables)).fetchall()
        return [self._seat(r) for r in out]

    # -- the teacher's steering and the students' predictions ---------------------------------
    def steering(self, class_id: str) -> Steering:
        """The teacher's steering of the class (every field None until set)."""
        row = self._one("select paused, resumed, end_round, end_at, ended from steering where class_id = ?",
                        class_id)
        return Steering() if row is None else Steering(*row)

    @staticmethod
    def _steer(c: Any, class_id: str, **values: Any) -> None:
        c.execute("insert into steering (class_id) values (?) on conflict (class_id) do nothing", (class_id,))
        for column, value in values.items():  # the column names are this module's own
            c.execute(f"update steering set {column} = ? where class_id = ?", (value, class_id))

    def set_paused(self, class_id: str, secret: str, paused: bool) -> Steering:
        """The teacher pauses every table (no move is recorded, by a student or a bot) or
        resumes play (the time of the resume restarts the decision clocks)."""
        now = time.time()
        with self._write() as c:
            self._teacher(c, class_id, secret)
            if paused:
                self._steer(c, class_id, paused=now)
            else:
                self._steer(c, class_id, paused=None, resumed=now)
        return self.steering(class_id)

    def set_end(self, class_id: str, secret: str, *, end_round: int | None = None,
                end_at: float | None = None) -> Steering:
        """The teacher sets the last round of every game (``end_round``) or the time every game
        ends (``end_at``: each table then finishes the round it is in); a new time is applied
        anew when it comes."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            if end_round is not None:
                self._steer(c, class_id, end_round=int(end_round))
            if end_at is not None:
                self._steer(c, class_id, end_at=float(end_at), ended=None)
        return self.steering(class_id)

    def claim_end(self, class_id: str, now: float) -> bool:
        """True for exactly one caller once the end time has come (it then ends the games)."""
        with self._write() as c:
            n = c.execute("update steering set ended = ? where class_id = ? and end_at is not null "
                          "and end_at <= ? and ended is null", (now, class_id, now)).rowcount
        return bool(n)

    def table_ends(self, class_id: str) -> dict[int, int]:
        """Each table's last round, where one was set: table → round."""
        with self._lock:
            rows = self._db.execute("select table_no, last_round from table_ends where class_id = ?",
                                    (class_id,)).fetchall()
        return {int(t): int(r) for t, r in rows}

    def set_table_end(self, class_id: str, secret: str, table_no: int, last_round: int, seq: int) -> None:
        """Set a table's last round, in the same transaction as a check that its record is still
        ``seq`` rows long (Conflict otherwise): the caller saw the game at that length, so the
        round it chose is not one the game has already passed."""
        with self._write() as c:
            self._teacher(c, class_id, secret)
            have = c.execute("select coalesce(max(seq) + 1, 0) from entries where class_id = ? and table_no = ?",
                             (class_id, table_no)).fetchone()[0]
            if have != seq:
                raise Conflict(f"table {table_no} moved on; try again")
            c.execute("insert into table_ends values (?,?,?) on conflict (class_id, table_no) "
                      "do update set last_round = excluded.last_round", (class_id, table_no, int(last_round)))

    def set_viewer(self, class_id: str, secret: str, key: str) -> None:
        """The key of the class's projector view (stored as a hash; a new key replaces the old)."""
        if len(key) < 16:
            raise StoreError("the projector's key must be at least 16 characters")
        with self._write() as c:
            self._teacher(c, class_id, secret)
            self._steer(c, class_id, viewer=digest(key))

    def viewer_class(self, key: str) -> ClassInfo:
        """The class whose projector key is ``key``; Refused otherwise."""
        row = self._one("select class_id from steering where viewer = ?", digest(key or ""))
        if row is None:
            raise Refused("that is not the projector address of any class here (wrong or missing key)")
        return self.get_class(row[0])

    def predict(self, token: str, choice: str) -> Prediction:
        """The token's student records their prediction (a later one replaces it), with the seat
        they sit in now; Refused for an unknown token."""
        now = time.time()
        with self._write() as c:
            row = c.execute("select class_id, table_no, seat from seats where token = ?",
                            (digest(token or ""),)).fetchone()
            if row is None:
                raise Refused("that seat key is not known here: join again with the class code")
            c.execute("insert into predictions values (?,?,?,?,?,?) on conflict (class_id, token) do update set "
                      "table_no = excluded.table_no, seat = excluded.seat, choice = excluded.choice, at = excluded.at",
                      (row[0], digest(token), row[1], row[2], choice, now))
        return Prediction(int(row[1]), int(row[2]), choice, now)

    def prediction(self, token: str) -> Prediction | None:
        """The token's student's prediction (None: not made)."""
        row = self._one("select table_no, seat, choice, at from predictions where token = ?", digest(token or ""))
        return None if row is None else Prediction(*row)

    def predictions(self, class_id: str) -> list[Prediction]:
        """Every student's prediction, by table and seat."""
        with self._lock:
            rows = self._db.execute("select table_no, seat, choice, at from predictions where class_id = ? "
                                    "order by table_no, seat", (class_id,)).fetchall()
        return [Prediction(*r) for r in rows]

    def last_round(self, class_id: str, table_no: int) -> int | None:
        """The table's last round: its own where the teacher set one, else the class's end round,
        else None (the class's round cap)."""
        row = self._one("select coalesce((select last_round from table_ends where class_id = ? and table_no = ?), "
                        "(select end_round from steering where class_id = ?))", class_id, table_no, class_id)
        return None if row is None or row[0] is None else int(row[0])


class SqliteStore(SqlStore):
    """A :class:`ClassStore` in one SQLite file (WAL mode), safe to share between processes.

    ``folder`` is the class folder (created if missing); the file is ``folder/class.sqlite``.
    Each process opens its own store; within a process one connection is shared under a lock.
    """

    def __init__(self, folder: str | Path, timeout: float = 10.0) -> None:
        self.folder = Path(folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"class folder {self.folder}: cannot be created ({exc.strerror})") from None
        self.path = self.folder / STORE_FILE
        self.where = str(self.path)
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("pragma journal_mode=wal")
            self._db.execute("pragma synchronous=normal")
            with self._write() as c:
                for stmt in (SCHEMA + STEERING_SCHEMA + DEVICE_SCHEMA).split(";"):
                    if stmt.strip():
                        c.execute(stmt)
                _upgrade(c)
        except sqlite3.Error as exc:
            raise StoreError(f"class store {self.path}: {exc}") from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding the database's write lock from its first statement
        (``begin immediate``), so checks and the write see the same state."""
        with self._lock:
            self._db.execute("begin immediate")
            try:
                yield self._db
            except BaseException:
                self._db.execute("rollback")
                raise
            self._db.execute("commit")


POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""How a PostgreSQL store's address begins (``landlord class --store postgresql://…``)."""
WRITE_LOCK = 0x6C616E64
"""The PostgreSQL advisory lock every write transaction of the class store takes first (the
counterpart of SQLite's ``begin immediate``)."""


def redacted(address: str) -> str:
    """A database address as messages show it: its password replaced by ``***``."""
    parts = urllib.parse.urlsplit(address)
    if parts.password is None:
        return address
    user = urllib.parse.quote(parts.username or "", safe="")
    host = parts.netloc.rpartition("@")[2]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def _first_line(exc: BaseException) -> str:
    """The driver's message, its first line, without the trailing punctuation."""
    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip()]
    return (lines[0] if lines else type(exc).__name__).rstrip(".")


LOST = "The class's database did not answer just now; your seat is kept, and the page tries again by itself."
"""What a page says when a PostgreSQL store's connection is lost during class (the details go to
the server's log)."""


class _PgConnection:
    """A psycopg connection (autocommit: each read is its own statement, each write transaction
    begins explicitly) that takes the store's ``?`` placeholders, turns the driver's connection
    errors into one-line :class:`StoreError` s, and connects again on the next use after the
    server went away (a restarted PostgreSQL), never inside a transaction. Opening it, the error
    names the address and the driver's reason (for whoever runs the server); once open, a lost
    connection is :data:`LOST` on the page and the driver's reason in the log."""

    def __init__(self, address: str, where: str, timeout: float) -> None:
        self.address = address
        self.where = where
        self.timeout = timeout
        self.conn: Any = None
        self._connect()

    def _connect(self) -> None:
        import psycopg

        try:
            self.conn = psycopg.connect(self.address, autocommit=True, connect_timeout=max(1, round(self.timeout)))
        except psycopg.Error as exc:
            if self.conn is None:
                raise StoreError(f"class store {self.where}: cannot connect ({_first_line(exc)})") from None
            self._lost(exc)

    def _lost(self, exc: Exception) -> NoReturn:
        logging.getLogger(__name__).warning("class store %s: %s", self.where, _first_line(exc))
        raise StoreError(LOST) from None

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        """Run one statement (``?`` placeholders); its cursor."""
        import psycopg

        if self.conn.closed:
            self._connect()
        try:
            return self.conn.execute(sql.replace("?", "%s"), params)
        except psycopg.OperationalError as exc:
            self._lost(exc)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


class PostgresStore(SqlStore):
    """A :class:`ClassStore` in a PostgreSQL database, for several class servers (on one machine
    or several) serving one class: the same tables, columns and checks as :class:`SqliteStore`.

    ``address`` is a libpq address, ``postgresql://user@host:port/database`` (a password is best
    kept out of it, in ``~/.pgpass`` or ``PGPASSWORD``). Each process opens its own store; within
    a process one connection is shared under a lock. Every write transaction first takes the
    advisory lock :data:`WRITE_LOCK`, held until it commits: writes are serialized across every
    process and server as SQLite's ``begin immediate`` serializes them, and each statement after
    the lock (read committed) sees every write committed before it, so the checks that guard an
    append, a seat or a ballot see the state the write is made on. Reads take no lock.
    """

    def __init__(self, address: str, timeout: float = 10.0) -> None:
        if not address.startswith(POSTGRES_SCHEMES):
            raise StoreError(f"--store {redacted(address)!r}: a PostgreSQL address begins with postgresql://")
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL class store needs the psycopg driver: "
                             "pip install 'landlord-kit[postgres]'") from None
        self.where = redacted(address)
        try:
            psycopg.conninfo.conninfo_to_dict(address)
        except psycopg.Error as exc:
            raise StoreError(f"class store {self.where}: not a database address ({_first_line(exc)})") from None
        self.IntegrityError = psycopg.IntegrityError
        self.GREATEST = "greatest"
        self._lock = threading.RLock()
        self._db = _PgConnection(address, self.where, timeout)
        with self._write() as c:
            for stmt in (SCHEMA + STEERING_SCHEMA + DEVICE_SCHEMA).split(";"):
                if stmt.strip():
                    c.execute(postgres_schema(stmt))

    @contextlib.contextmanager
    def _write(self) -> Iterator[_PgConnection]:
        """One write transaction holding :data:`WRITE_LOCK` from its start."""
        with self._lock:
            db = self._db
            db.execute(f"begin; select pg_advisory_xact_lock({WRITE_LOCK})")  # one round trip
            try:
                yield db
            except BaseException:
                if not db.conn.closed:
                    db.conn.execute("rollback")
                raise
            db.execute("commit")


def postgres_schema(sql: str) -> str:
    """A statement of the store's schema as PostgreSQL takes it: times as double precision
    (PostgreSQL's ``real`` has 4 bytes), numbers as bigint, SQLite's ``without rowid`` left out."""
    sql = re.sub(r"\breal\b", "double precision", sql)
    sql = re.sub(r"\binteger\b", "bigint", sql)
    return sql.replace(" without rowid", "")


def store_at(where: str | Path | None = None) -> SqlStore | None:
    """The class store a page or the class server opens: at ``where`` (a database address or a
    class folder), by default the class server's (:data:`STORE_ENV`, else the folder in
    :data:`FOLDER_ENV`); None when there is none (a folder without a class, no class server)."""
    if where is None or str(where) == "":
        where = os.environ.get(STORE_ENV, "") or os.environ.get(FOLDER_ENV, "")
    text = str(where)
    if not text or ("://" not in text and not (Path(text) / STORE_FILE).is_file()):
        return None
    return open_store(text)


def served_class(store: SqlStore) -> ClassInfo | None:
    """The class this class server serves (:data:`CLASS_ENV`), else the store's newest; None
    when the store holds none."""
    class_id = os.environ.get(CLASS_ENV, "")
    if class_id:
        return store.get_class(class_id)
    classes = store.classes()
    return classes[-1] if classes else None


def open_store(where: str | Path) -> SqlStore:
    """The class store at ``where``: a PostgreSQL database for an address that begins with
    ``postgresql://`` (:class:`PostgresStore`), else the SQLite store of that class folder
    (:class:`SqliteStore`). StoreError, one line, names what is wrong with it."""
    text = str(where)
    if text.startswith(POSTGRES_SCHEMES):
        return PostgresStore(text)
    if "://" in text:
        scheme = text.split("://", 1)[0]
        raise StoreError(f"--store {redacted(text)!r}: {scheme}:// is not a class store; give a PostgreSQL "
                         "address (postgresql://user@host:port/database) or a class folder")
    return SqliteStore(Path(where))
