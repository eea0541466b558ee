"""A class in play: the teacher's choices, tables rebuilt from their records, students' seats,
the room-wide class vote, and the referee that plays bots, away seats and overdue decisions.

A table *is* its record: the store's rows are the source of truth, and any kernel rebuilds the
game from them through :mod:`landlord.engine.record` (:func:`~landlord.rules.families.replay` of the table's
:class:`~landlord.engine.record.Record`, then each new row fed with :func:`~landlord.engine.replay.apply`),
so a refresh, a culled kernel or a server restart loses nothing. Each row
(:class:`~landlord.apps.classroom.store.Row`) carries one record entry, the same types the game's
own record holds (:mod:`landlord.engine.entries`), and the columns the store checks::

    Answer("buy"), seat 2, by "student" | "bot" | "away" | "timeout", decision "buy"
    Switch("single_tax", "teacher" | "class vote")        # the teacher's switch, a class vote
    TriggerAdded("single_tax@vote", "class plan")         # the phase plan opens a table vote

A seat's click is checked once, where it comes in, before it is appended: :meth:`TableGame.check`
(the seat is the one to choose, the option legal: :meth:`~landlord.engine.game.Game.check`, in a
student's words) gives the proof (:class:`~landlord.engine.decisions.Checked`) the kernel hands on
to the application of its own row (:meth:`TableGame.refresh`), which the game takes without
checking again while its record has not moved. A row fed from the store without its kernel's
proof (another kernel's, a bot's, a rebuilt table's) replays as any record does (its answer
checked by :meth:`~landlord.engine.game.Game.act`), its seat held to the decision's
(:meth:`TableGame.to_choose`: the store authorises a row's seat by its key, not its turn).

A table's chance is not in its rows: it is drawn from the table's recorded seed (the record is
built with ``drawn=False``); the game's own :attr:`~landlord.engine.game.Game.record` holds it, so a
table saved from the class replays anywhere (``landlord replay``).

Everything that changes a table goes through :meth:`ClassStore.append`, which checks the
caller's seat key or the teacher's secret and the record's length in one transaction.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from landlord.apps.classroom.bucket import Bucket
from landlord.apps.classroom.store import (
    ClassInfo,
    ClassStore,
    Conflict,
    Prediction,
    Row,
    SeatInfo,
    SqlStore,
    Steering,
    StoreError,
    TableInfo,
    VoteInfo,
    store_at,
)
from landlord.data.loader import load_ruleset, resolve_ruleset
from landlord.data.ruleset import Ruleset
from landlord.engine.decisions import Checked, Decision
from landlord.engine.entries import Answer, Switch, TriggerAdded
from landlord.engine.inequality import gini
from landlord.engine.phases import Trigger, parse_switch, parse_trigger
from landlord.engine.record import Record, game_record, kit_version, version_note
from landlord.engine.replay import apply
from landlord.engine.strategies import SeatView, Strategy
from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.limits import REFUSED_BURST, REFUSED_RATE
from landlord.players.characters import STRATEGIES, make_strategy
from landlord.rules.families import family_of, replay, shared_params

SLOW_DOWN = "Too many refused clicks at once: nothing was changed. Wait a moment, then choose again."
"""What a page is told whose clicks the class keeps refusing (a stale button, a second ballot),
once its meter is empty (:class:`StudentSeat`): one page sent 72,850 second ballots, each a write
the store refused, and the others' clicks waited behind them."""

DEFAULT_HALF = "single_tax"
"""The phase half the tables play from their first turn by default (``--half-from-start``): the
single tax, where the rules have one. Measured against a switch part way through and the 1906
board in ``docs/class-guide.md``."""

PREDICTIONS = ("grows", "shrinks", "same")
"""A student's prediction of the gap between the richest and the poorest player at their table
(after the switch, or over the game when the rules have no switch): it keeps growing, it stops
growing or shrinks, the rules make no difference."""

BOT_BY = ("bot", "away", "timeout")
"""The ``by`` of a move a bot made: an empty seat's, an away student's, an overdue decision's."""

CLASS_ROUNDS = 12
"""Rounds a class game lasts unless the teacher chooses (``landlord class --rounds``)."""
PERIOD_ROUNDS = {"monopoly": (6, "a round of a Monopoly class took about 4.5 minutes with quick students "
                                 "(4 seats, issue 37's trial), and a period has about 30 minutes of play (the "
                                 "class guide's minutes 8-38): 6 rounds take about 27; a game of Monopoly "
                                 "otherwise goes on until all but one player are bankrupt")}
"""Rounds a class game of a rules family lasts by default where :data:`CLASS_ROUNDS` would not fit a
period, with the reason (shown by ``landlord class --help`` and the class guide)."""


def class_rounds(ruleset: str) -> int:
    """The rounds a class of ``ruleset`` lasts by default (:data:`PERIOD_ROUNDS`, else
    :data:`CLASS_ROUNDS`)."""
    family = load_ruleset(ruleset).family
    return PERIOD_ROUNDS[family][0] if family in PERIOD_ROUNDS else CLASS_ROUNDS


@dataclass(frozen=True)
class ClassSpec:
    """What the teacher chooses for a class.

    ``switches`` are the engine's phase triggers written ``phase@trigger`` (``single_tax@vote``:
    each table may vote from the start; ``single_tax@round:8``: a scheduled switch);
    ``vote_at`` opens a table vote on ``phase`` at round N (``single_tax@round:5``);
    ``half_from_start`` names a phase every second table (tables 2, 4, …) plays from its first
    turn, the other tables starting under the rules' own opening: the two halves of the room
    play whole games under each rule (``landlord class``'s default for rules with a single tax,
    ``docs/class-guide.md``); the teacher's button can switch every table at any time. ``rounds`` caps a game's length
    (the ruleset's ``max_rounds``). ``away_after``: seconds without a sign of life after which
    a bot plays a student's seat; ``decide_limit``: seconds after which a bot answers any
    pending decision (no table waits forever); ``bot_delay``: seconds a bot waits before its
    answer, so students can follow the play."""

    ruleset: str = "magie-1904"
    table_size: int = 4
    bots: str = "landlord"
    switches: tuple[str, ...] = ()
    vote_at: tuple[str, ...] = ()
    half_from_start: str | None = None
    rounds: int | None = CLASS_ROUNDS
    seed: int = 0
    away_after: float = 60.0
    decide_limit: float = 120.0
    bot_delay: float = 0.6
    max_tables: int = 10
    seats_per_device: int = 1
    """Seats one device (network address) may take; 0: no limit (:meth:`SqliteStore.join`)."""
    overrides: dict[str, Any] = field(default_factory=dict)
    kit: str | None = None
    """The kit version (:func:`landlord.engine.record.kit_version`) the class was created under; None
    for a class created before classes recorded it. Set by :meth:`Classroom.create`."""

    def check(self) -> ClassSpec:
        """The spec, checked: every problem is one line naming the choice (LandlordError); the
        overrides as the ruleset's family reads them too (:func:`~landlord.rules.families.family_of`)."""
        rs = self.resolve()
        try:
            family_of(rs)
        except DataError as exc:
            raise LandlordError(f"overrides: {exc.entry}: {exc.problem}") from None
        if not rs.players_min <= self.table_size <= rs.players_max:
            raise LandlordError(f"table size: {rs.id} takes {rs.players_min} to {rs.players_max} "
                                f"players a table, not {self.table_size}")
        if self.bots not in STRATEGIES:
            raise LandlordError(f"bots: unknown bot {self.bots!r} (known: {', '.join(STRATEGIES)})")
        self.triggers()
        if self.half_from_start is not None and self.half_from_start not in rs.phases:
            raise LandlordError(f"half from start: {rs.id} has no phase {self.half_from_start!r} "
                                f"(phases: {', '.join(rs.phases)})")
        for text in self.vote_at:
            phase, _ = self._vote_at(text)
            if phase not in rs.phases:
                raise LandlordError(f"vote at {text!r}: {rs.id} has no phase {phase!r}")
        for name, value in (("away_after", self.away_after), ("decide_limit", self.decide_limit),
                            ("bot_delay", self.bot_delay)):
            if not 0 <= value < math.inf:
                raise LandlordError(f"{name}: give 0 seconds or more, got {value}")
        if self.max_tables < 1:
            raise LandlordError(f"max tables: at least 1, got {self.max_tables}")
        if self.seats_per_device < 0:
            raise LandlordError(f"seats per device: 0 (no limit) or more, got {self.seats_per_device}")
        return self

    @staticmethod
    def _vote_at(text: str) -> tuple[str, int]:
        t = parse_switch(text)
        if t.kind != "round":
            raise LandlordError(f"vote at {text!r}: write phase@round:N (the round the vote opens)")
        return t.phase, int(t.value)

    def resolve(self) -> Ruleset:
        """The ruleset with the class's overrides and round cap."""
        rs = load_ruleset(self.ruleset)
        values = dict(self.overrides)
        if self.rounds is not None:
            if "max_rounds" not in rs.params:
                raise LandlordError(f"rounds: {rs.id} has no round cap to set")
            values["max_rounds"] = int(self.rounds)
        try:
            return resolve_ruleset(self.ruleset, values, "class setting")
        except (KeyError, TypeError, ValueError) as exc:  # an unknown param, a value of the wrong type or range
            raise LandlordError(f"overrides: {exc}") from None

    def triggers(self) -> tuple[Trigger, ...]:
        """The engine triggers of the phase plan; LandlordError names a bad one."""
        rs = self.resolve()
        out = []
        for text in self.switches:
            try:
                t = parse_switch(text)
            except ValueError as exc:
                raise LandlordError(f"phase plan: {exc}") from None
            if t.phase not in rs.phases:
                raise LandlordError(f"phase plan {text!r}: {rs.id} has no phase {t.phase!r} "
                                    f"(phases: {', '.join(rs.phases)})")
            out.append(t)
        return tuple(out)

    def table_triggers(self, table_no: int) -> tuple[Trigger, ...]:
        """The triggers table ``table_no`` plays under: the phase plan's, and
        :attr:`half_from_start` from the first turn at an even-numbered table."""
        half = (Trigger(self.half_from_start, "start"),) if self.half_from_start and table_no % 2 == 0 else ()
        return half + self.triggers()

    def votes_opening(self) -> list[tuple[str, int]]:
        """``(phase, round)`` of each table vote the plan opens."""
        return [self._vote_at(t) for t in self.vote_at]

    def to_dict(self) -> dict[str, Any]:
        """The spec as JSON-able data (stored with the class)."""
        d = asdict(self)
        d["switches"], d["vote_at"] = list(self.switches), list(self.vote_at)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClassSpec:
        """A spec from its stored form."""
        d = dict(data)
        d["switches"], d["vote_at"] = tuple(d.get("switches", ())), tuple(d.get("vote_at", ()))
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in d.items() if k in known})


def bot_names(size: int) -> list[str]:
    """The names of seats nobody took when a table started."""
    return [f"Bot {i + 1}" for i in range(size)]


class TableGame:
    """One table's game, rebuilt from its record (:func:`landlord.rules.families.replay`);
    :meth:`refresh` feeds the rows recorded since the last look (only those: the query reads
    past the last ``seq`` seen) through :func:`landlord.engine.replay.apply`."""

    def __init__(self, spec: ClassSpec, table: TableInfo, ruleset: Ruleset | None = None,
                 names: list[str] | None = None) -> None:
        if table.started is None:
            raise StoreError(f"table {table.table_no} has not started yet")
        self.spec = spec
        self.table = table
        self.ruleset = ruleset or spec.resolve()
        self.names = list(names) if names else list(table.names)
        """The seats' names the game uses: the class's seating now (:meth:`Classroom.names`),
        else the names the table started with. Names are labels only (no rule or bot reads
        them), so the game replays the same under new ones."""
        self.game = replay(self.start_record(), ruleset=self.ruleset, where=f"table {table.table_no}")
        self.entries: list[Row] = []
        """The rows fed so far, in order."""

    def start_record(self) -> Record:
        """The table's record before any row: the ruleset with the class's settings, the
        table's seed and names, the phase plan's triggers; chance drawn from the seed."""
        return game_record(self.ruleset, self.table.seed, self.names, [None] * len(self.names),
                           triggers=self.spec.table_triggers(self.table.table_no), kit=self.spec.kit, drawn=False)

    @property
    def seq(self) -> int:
        """How many record rows have been applied (the next row's position)."""
        return len(self.entries)

    @property
    def last_at(self) -> float:
        """When the last row was recorded (the table's start before any)."""
        return self.entries[-1].at if self.entries else float(self.table.started or 0.0)

    def check(self, seat: int, option: str) -> Checked:
        """The one check of a seat's click, where it comes in, before it is appended: the game
        waits for ``seat``'s choice (:meth:`to_choose`) and ``option`` is one of its options
        (:meth:`~landlord.engine.game.Game.check`). Returns the proof (the decision answered
        with it), for the application of the row appended (:meth:`refresh`); IllegalAction says
        why not, in words a student reads."""
        d = self.to_choose(seat, "yours")
        try:
            return self.game.check(option)
        except IllegalAction:
            raise IllegalAction(f"That is not one of your choices now ({', '.join(d.options)}).") from None

    def to_choose(self, seat: int | None, whose: str) -> Decision:
        """The decision the game waits for, when it is ``seat``'s (``whose`` it is, in the
        sentence that says it is not); IllegalAction otherwise. The store authorises a row's seat
        by its key, not its turn: a row fed is held to this too."""
        d = self.game.pending
        if d is None:
            raise IllegalAction("The game is over.")
        if d.seat != seat:
            raise IllegalAction(f"It is {self.game.names[d.seat]}'s turn to choose, not {whose}.")
        return d

    def apply(self, row: Row, own: Checked | None = None) -> None:
        """Feed one record row to the game: an answer's seat must be the one to choose
        (:meth:`to_choose`), and the entry replay as any record's does (:func:`~landlord.engine.replay.apply`:
        an answer's legality is the game's own check, :meth:`~landlord.engine.game.Game.act`).
        ``own`` is this kernel's click as :meth:`check` found it: the row that records it, while
        the game :meth:`~landlord.engine.game.Game.holds` it, is applied without a second check.
        A row that does not replay is one line naming the row and, when the class was created
        under another kit version, both versions."""
        g = self.game
        proof = own if own is not None and row.answer == Answer(own.choice) and row.seat == own.decision.seat \
            and g.holds(own) else None
        try:
            if row.answer is not None and proof is None:
                self.to_choose(row.seat, f"seat {row.seat}'s")
            if proof is not None:
                apply(g, proof)
            elif not (isinstance(row.entry, Switch) and (g.over or row.entry.phase == g.phase)):
                apply(g, row.entry)
        except IllegalAction as exc:
            raise IllegalAction(f"table {self.table.table_no}, record row {self.seq}: "
                                f"{exc}{version_note(self.spec.kit)}") from None
        self.entries.append(row)

    def refresh(self, store: ClassStore, own: Checked | None = None) -> int:
        """Apply the rows recorded since the last look, the first of them this kernel's own click
        when ``own`` (:meth:`check`'s proof) records it (:meth:`apply`); returns how many."""
        rows = store.entries(self.table.class_id, self.table.table_no, after=self.seq - 1)
        for r in rows:
            self.apply(r, own)
        return len(rows)

    def missed(self, seat: int, since: int = 0) -> list[Row]:
        """Rows from ``since`` on where a bot answered for ``seat`` (away or overdue)."""
        return [r for r in self.entries[since:] if r.answer is not None and r.seat == seat
                and r.by in ("away", "timeout")]

    def last_own(self, seat: int) -> int:
        """The position after the seat's student's last own answer (0 if none)."""
        for i in range(len(self.entries) - 1, -1, -1):
            r = self.entries[i]
            if r.answer is not None and r.seat == seat and r.by == "student":
                return i + 1
        return 0

    def status(self) -> dict[str, Any]:
        """Round, rules in force, Gini and richest seat, for the dashboard."""
        g = self.game
        totals = [c.total for c in g.results()]
        rich = max(range(len(totals)), key=lambda i: totals[i])
        return {"table": self.table.table_no, "turn": g.turn, "round": g.round, "phase": g.phase,
                "rules": g.ruleset.phases[g.phase].title, "gini": gini(totals, "population"),
                "richest": g.names[rich] if len(set(totals)) > 1 else "all level",
                "richest_total": totals[rich], "over": g.over,
                "to_choose": None if g.pending is None else g.pending.seat}


class Classroom:
    """A class in the store, seen by the teacher (with the secret) or by any kernel (read-only)."""

    def __init__(self, store: ClassStore, class_id: str) -> None:
        self.store = store
        self.info = store.get_class(class_id)
        self.spec = ClassSpec.from_dict(self.info.spec)
        self.ruleset = self.spec.resolve()
        self._tables: dict[int, TableGame] = {}
        self._endings: dict[int, Ruleset] = {}

    @classmethod
    def create(cls, store: ClassStore, spec: ClassSpec, secret: str | None = None,
               join_code: str | None = None) -> tuple[Classroom, str]:
        """A new class from a checked spec; returns it and the teacher's secret."""
        secret = secret or secrets.token_urlsafe(18)
        spec = replace(spec.check(), kit=kit_version())
        info = store.create_class(spec.to_dict(), secret, join_code)
        return cls(store, info.id), secret

    @property
    def id(self) -> str:
        """The class id."""
        return self.info.id

    def reload(self) -> ClassInfo:
        """Re-read the class's row (state, joining)."""
        self.info = self.store.get_class(self.id)
        return self.info

    # -- tables ---------------------------------------------------------------------------------
    def table(self, table_no: int, seats: list[SeatInfo] | None = None) -> TableGame | None:
        """The table's game brought up to date (None while the table has not started), its
        seats named as the class seats them now (``seats``: the class's, when already read):
        a rename or a move reaches the game at once (it is replayed under the new names)."""
        tg = self._tables.get(table_no)
        last = self.store.last_round(self.id, table_no)
        names = self.names(table_no, seats)
        if tg is None or tg.ruleset is not self.ruleset_ending(last) or tg.names != names:
            info = next((t for t in self.store.tables(self.id) if t.table_no == table_no), None)
            if info is None:
                raise StoreError(f"class {self.info.join_code} has no table {table_no}")
            if info.started is None:
                return None
            tg = self._tables[table_no] = TableGame(self.spec, info, self.ruleset_ending(last), names)
        tg.refresh(self.store)
        return tg

    def tables(self) -> list[TableGame]:
        """Every started table, brought up to date."""
        out = []
        seats = self.store.seats(self.id)
        for t in self.store.tables(self.id):
            tg = self.table(t.table_no, seats) if t.started is not None else None
            if tg is not None:
                out.append(tg)
        return out

    def start(self, secret: str) -> list[TableInfo]:
        """The teacher starts play: every table's game begins with its students' names (a bot
        in every empty seat); joining stays open (a latecomer takes over a bot's seat). The
        tables not yet started are first evened out (:meth:`SqliteStore.rebalance`)."""
        self.store.rebalance(self.id, secret)
        self.store.set_class(self.id, secret, state="playing")
        self.info = self.store.get_class(self.id)
        started = []
        for t in self.store.tables(self.id):
            if t.started is None:
                started.append(self.store.start_table(self.id, secret, t.table_no, self.names(t.table_no)))
        return started

    def names(self, table_no: int, seats: list[SeatInfo] | None = None) -> list[str]:
        """The names of a table's seats: its students' display names, bots elsewhere (``seats``:
        the class's, when already read)."""
        names = bot_names(self.spec.table_size)
        for s in self.store.seats(self.id) if seats is None else seats:
            if s.table_no == table_no:
                names[s.seat] = s.name
        return names

    def append_retrying(self, table_no: int, row: Row, secret: str, tries: int = 20) -> bool:
        """Append a teacher's row at the end of a table's record, retrying when a bot or a
        student got in first; False if the table has not started or its game is over."""
        for _ in range(tries):
            tg = self.table(table_no)
            if tg is None or tg.game.over:
                return False
            try:
                self.store.append(self.id, table_no, tg.seq, row, secret=secret)
                tg.refresh(self.store)
                return True
            except Conflict:
                continue
        raise StoreError(f"table {table_no} kept moving; try the switch again")

    def _phase(self, phase: str) -> None:
        if phase not in self.ruleset.phases:
            raise LandlordError(f"{self.ruleset.id} has no phase {phase!r} (phases: {', '.join(self.ruleset.phases)})")

    def switch_all(self, secret: str, phase: str, cause: str = "teacher") -> list[int]:
        """The class-wide switch: put ``phase``'s rules in force at every table still playing,
        a ``switch`` row with ``cause`` ("teacher": the button; "class vote") in each table's
        record; returns the tables switched."""
        self._phase(phase)
        done = []
        for tg in self.tables():
            if tg.game.phase != phase and self.append_retrying(
                    tg.table.table_no, Row(tg.seq, Switch(phase, cause)), secret):
                done.append(tg.table.table_no)
        return done

    # -- the class vote -------------------------------------------------------------------------
    def class_votes(self) -> list[VoteInfo]:
        """Every class vote so far, oldest first, with its counts."""
        return self.store.votes(self.id)

    def open_class_vote(self, secret: str, phase: str) -> VoteInfo:
        """The teacher asks the whole room whether every table switches to ``phase``: each
        student votes once from their seat page (:meth:`StudentSeat.vote`)."""
        self._phase(phase)
        if self.reload().state != "playing":
            raise StoreError("start play first: the class votes while the tables play")
        return self.store.open_vote(self.id, secret, phase)

    def close_class_vote(self, secret: str) -> tuple[VoteInfo, list[int]]:
        """Close the open class vote; when the majority of ballots says yes, every table
        still playing switches to its phase (record rows with cause "class vote"). Returns
        the vote and the tables switched."""
        vote = self.store.close_vote(self.id, secret)
        return vote, (self.switch_all(secret, vote.phase, "class vote") if vote.passed else [])

    def settle_class_vote(self, secret: str) -> tuple[VoteInfo, list[int]] | None:
        """Close the open class vote once every seated student has voted (None otherwise)."""
        vote = next((v for v in self.class_votes() if v.open), None)
        if vote is None or vote.yes + vote.no < len(self.store.seats(self.id)):
            return None
        return self.close_class_vote(secret)

    def seats_by_table(self) -> dict[int, dict[int, SeatInfo]]:
        """Taken seats: table → seat → the student's seat."""
        out: dict[int, dict[int, SeatInfo]] = {}
        for s in self.store.seats(self.id):
            out.setdefault(s.table_no, {})[s.seat] = s
        return out

    # -- the teacher's steering: pause, the end of play ---------------------------------------
    def steering(self) -> Steering:
        """The class's pause and end of play as the teacher set them."""
        return self.store.steering(self.id)

    def pause(self, secret: str, paused: bool = True) -> Steering:
        """Pause every table (no student's or bot's move is recorded) or resume play; the resume
        restarts every decision's clock, so no student loses a turn to the time the pause took."""
        return self.store.set_paused(self.id, secret, paused)

    @property
    def round_cap(self) -> int:
        """The class's last round (the ruleset's ``max_rounds`` with the class's setting)."""
        return shared_params(self.ruleset).max_rounds

    def ruleset_ending(self, last: int | None) -> Ruleset:
        """The class's ruleset with the games ending after round ``last`` (the class's own
        ruleset for None or the class's cap): the engine's round limit then ends the game and
        the rules take their final count; a table saved from the class carries the round."""
        if last is None or last >= self.round_cap:
            return self.ruleset
        if last not in self._endings:
            self._endings[last] = self.ruleset.override("the teacher's end of play", max_rounds=int(last))
        return self._endings[last]

    def _end_tables(self, secret: str, last_round: int | None, tries: int = 50) -> dict[int, int]:
        """Give every table ``last_round`` as its last round, or the round it is in when it is
        past that (None: the round it is in). Every table gets its own, the tables over too (the
        round they ended in: a game over stays over and replays as it was), so the class's end
        round applies only to a table opened later. Returns table → last round of those still
        playing."""
        done: dict[int, int] = {}
        for t in self.store.tables(self.id):
            for _ in range(tries):
                tg = self.table(t.table_no)
                at, seq = (0, 0) if tg is None else (tg.game.round, tg.seq)
                if tg is not None and tg.game.over:
                    last = at  # a game over stays over: its count has been taken
                else:
                    last = max(at, 1) if last_round is None else max(last_round, at)
                try:
                    self.store.set_table_end(self.id, secret, t.table_no, last, seq)
                except Conflict:
                    continue
                if tg is not None and not tg.game.over:
                    done[t.table_no] = last
                break
            else:
                raise StoreError(f"table {t.table_no} kept moving; try again")
        return done

    def end_at_round(self, secret: str, last_round: int) -> dict[int, int]:
        """Every game ends after round ``last_round`` (a table already past it ends after the
        round it is in), and the rules take their final count; returns table → last round.
        LandlordError for a round outside 1 to the class's cap."""
        if not 1 <= int(last_round) <= self.round_cap:
            raise LandlordError(f"end of play: a round from 1 to {self.round_cap} (the class's last round), "
                                f"not {last_round}")
        done = self._end_tables(secret, int(last_round))
        self.store.set_end(self.id, secret, end_round=int(last_round))
        return done

    def end_at_time(self, secret: str, when: float) -> Steering:
        """Every game ends at ``when`` (seconds since the epoch): each table then finishes the
        round it is in, and the rules take their final count (:meth:`steer` applies it)."""
        return self.store.set_end(self.id, secret, end_at=float(when))

    def steer(self, secret: str, now: float | None = None) -> Steering:
        """Apply the end time once it has come (exactly one caller applies it: the referee or
        the dashboard); returns the class's steering."""
        now = time.time() if now is None else now
        steer = self.steering()  # a read: the write that claims the end is made only when it is due
        if steer.end_at is not None and steer.ended is None and steer.end_at <= now \
                and self.store.claim_end(self.id, now):
            self._end_tables(secret, None)
            steer = self.steering()
        return steer


def kernel_id() -> str:
    """This kernel's id as its server knows it (its connection file is ``kernel-<id>.json``), or
    "" outside a kernel."""
    if "ipykernel.kernelapp" not in sys.modules:  # no kernel runs here (importing ipykernel would
        return ""                                   # replace the comm manager widgets use outside one)
    from ipykernel.connect import get_connection_file

    try:
        name = Path(get_connection_file()).name
    except (RuntimeError, OSError):
        return ""
    found = re.fullmatch(r"kernel-(.+)\.json", name)
    return found.group(1) if found else ""


class StudentSeat:
    """A student's kernel's hold on one seat: it may act only for that seat (the store checks
    the seat key on every append)."""

    def __init__(self, store: ClassStore, token: str) -> None:
        self.store = store
        self.token = token
        self.seat_info = store.seat_of(token)
        here = kernel_id()
        if here:  # the class server keeps this seat's page away for a cool-down if it cuts it off
            store.page_holds(here, token)
        self.room = Classroom(store, self.seat_info.class_id)
        store.heartbeat(token)
        self.refusals = Bucket(REFUSED_RATE, REFUSED_BURST)
        """This page's meter of writes the store refused (:meth:`act`, :meth:`vote`)."""

    @classmethod
    def join(cls, store: ClassStore, join_code: str, name: str, device: str = "", alike: bool = False) -> StudentSeat:
        """Join a class by its code and a display name (the store normalises it and refuses a
        look-alike of a classmate's name, of a bot's or of a name the game uses:
        :mod:`landlord.apps.classroom.names`) from ``device``, the page's network address (the
        store refuses a device that already holds its seats)."""
        _, token = store.join(join_code, name, device, alike)
        return cls(store, token)

    @property
    def seat(self) -> int:
        """This student's seat number (0-based)."""
        return self.seat_info.seat

    @property
    def table_no(self) -> int:
        """This student's table."""
        return self.seat_info.table_no

    def table(self) -> TableGame | None:
        """The table's game, brought up to date (None before the teacher starts)."""
        self.seat_info = self.store.seat_of(self.token)  # the teacher may have moved the student
        return self.room.table(self.table_no)

    def heartbeat(self) -> None:
        """Tell the class this seat's student is here."""
        self.store.heartbeat(self.token)

    def predict(self, choice: str) -> str:
        """Record this student's prediction (one of :data:`PREDICTIONS`; a later one replaces
        it) with their seat. Returns "" when stored, else one line saying why not."""
        if choice not in PREDICTIONS:
            return f"Choose one of the answers ({', '.join(PREDICTIONS)})."
        try:
            self.store.predict(self.token, choice)
        except StoreError as exc:
            return str(exc)[:1].upper() + str(exc)[1:] + "."
        return ""

    def prediction(self) -> Prediction | None:
        """This student's prediction (None: not made yet)."""
        return self.store.prediction(self.token)

    def class_vote(self) -> tuple[VoteInfo, bool | None] | None:
        """The class vote now open and this student's ballot in it (None: not cast); None
        when no vote is open."""
        vote = next((v for v in self.room.class_votes() if v.open), None)
        return None if vote is None else (vote, self.store.ballot(self.token, vote.vote_no))

    def vote(self, yes: bool) -> str:
        """Vote in the open class vote, for this seat (once; the store refuses a second
        ballot). Returns "" when counted, else a one-line message saying why not."""
        if not self.refusals.ready():
            return SLOW_DOWN
        try:
            self.store.cast(self.token, yes)
        except StoreError as exc:
            self.refusals.charge()
            return str(exc)[:1].upper() + str(exc)[1:] + "."
        return ""

    def my_decision(self) -> Decision | None:
        """The pending decision when it is this seat's, else None."""
        tg = self.table()
        d = None if tg is None else tg.game.pending
        return d if d is not None and d.seat == self.seat else None

    def act(self, option: str, asked_at: int | None = None) -> str:
        """Answer this seat's pending decision. ``asked_at`` is the record's length when the
        button was drawn. Returns "" when recorded, else a one-line message saying why not
        (nothing changed)."""
        tg = self.table()
        if tg is None:
            return "The game has not started yet: wait for your teacher."
        if self.room.steering().paused is not None:
            return "Your teacher has paused the game: wait until play resumes."
        if asked_at is not None and asked_at != tg.seq:
            return "Someone else acted first; your view has been brought up to date."
        try:
            checked = tg.check(self.seat, option)
        except IllegalAction as exc:
            return str(exc)
        if not self.refusals.ready():
            return SLOW_DOWN
        try:
            self.store.append(self.room.id, self.table_no, tg.seq,
                              Row(tg.seq, Answer(option), seat=self.seat, by="student", decision=checked.decision.kind),
                              token=self.token)
        except StoreError as exc:
            self.refusals.charge()
            tg.refresh(self.store)
            return str(exc)[:1].upper() + str(exc)[1:] + "."
        tg.refresh(self.store, checked)  # the store is the truth: the row appended, then applied
        return ""


class Referee:
    """Plays every table's bots, away seats and overdue decisions, and opens the planned votes.

    Run by the class server (``landlord class``) with the teacher's secret; any number of
    referees may run at once: each append is conditioned on the record's length, so a bot
    answers each decision exactly once.
    """

    def __init__(self, store: ClassStore, class_id: str, secret: str, quiet_until: float = 0.0) -> None:
        self.room = Classroom(store, class_id)
        self.store = store
        self.secret = secret
        self.bots: dict[tuple[int, int], Strategy] = {}
        self.quiet_until = quiet_until
        """Until then (seconds since the epoch) the referee makes no move: a restarted class
        server's grace, while the students' pages reconnect (``landlord class --resume-grace``),
        ended early once every page expected is back (:meth:`resume_grace`)."""
        self.expected: set[tuple[int, int]] = set()
        """The seats (table, seat) whose pages the grace waits for."""
        self.grace_from = 0.0
        """When the grace began: a seat is back once its page showed a sign of life after it."""
        self.grace_ended: float | None = None
        """When the restart's grace ended (seconds since the epoch; None while it lasts or when
        there was none): the class server writes it into the class's log."""
        self.not_back: set[tuple[int, int]] = set()
        """The seats whose pages were not back when the grace ended."""

    def resume_grace(self, started: float, longest: float) -> set[tuple[int, int]]:
        """A restarted server's grace: no bot moves until every page that was open when the
        server stopped is back on its seat (a sign of life after ``started``) or ``longest``
        seconds have passed. A page was open when its seat's last sign of life came within the
        class's away limit of the last sign of life of any seat (the server's last moment).
        Measured before, with a fixed 60 s grace: pages came back 22–68 s after the port, some
        after the grace had ended, and the away bot played their seats. Returns the seats awaited."""
        seats = self.store.seats(self.room.id)
        last = max((s.last_seen for s in seats), default=0.0)
        away = self.room.spec.away_after
        self.expected = {(s.table_no, s.seat) for s in seats if s.last_seen >= last - away}
        self.grace_from = started
        self.quiet_until = started + longest
        return self.expected

    def waiting(self) -> set[tuple[int, int]]:
        """The seats the grace still waits for (their pages not yet back)."""
        if not self.expected:
            return set()
        back = {(s.table_no, s.seat) for s in self.store.seats(self.room.id) if s.last_seen > self.grace_from}
        return self.expected - back

    def _bot(self, tg: TableGame, seat: int) -> Strategy:
        key = (tg.table.table_no, seat)
        if key not in self.bots:
            self.bots[key] = make_strategy(self.room.spec.bots, f"{tg.table.seed}-{seat}")
        return self.bots[key]

    def tick(self, now: float | None = None) -> int:
        """One look at every table; returns how many rows it appended."""
        now = time.time() if now is None else now
        if now < self.quiet_until:  # a restart's grace: every seat counts as present, no bot moves
            if not self.expected or self.waiting():
                return 0
            self.quiet_until = now  # every page is back: play on
        if self.expected:  # the grace is over: every page back, or its longest time passed
            self.not_back = self.waiting()
            self.expected, self.grace_ended = set(), self.quiet_until
        info = self.room.reload()
        if info.state != "playing":
            return 0
        steer = self.room.steer(self.secret, now)
        if steer.paused is not None:
            return 0
        for t in self.store.tables(self.room.id):  # a table opened by a latecomer starts at once
            if t.started is None:
                self.store.start_table(self.room.id, self.secret, t.table_no, self.room.names(t.table_no))
        seats = self.room.seats_by_table()
        spec = self.room.spec
        added = 0
        for tg in self.room.tables():
            g = tg.game
            if g.over or g.pending is None:
                continue
            entry: Row | None = None
            for phase, rnd in spec.votes_opening():
                if g.round >= rnd and parse_trigger("vote", phase) not in g.triggers and g.phase != phase:
                    entry = Row(tg.seq, TriggerAdded(f"{phase}@vote", "class plan"))
            d = g.pending
            if entry is None:
                student = seats.get(tg.table.table_no, {}).get(d.seat)
                waited = now - max(tg.last_at, steer.resumed or 0.0, self.quiet_until)  # a resume, a restart
                if student is None:
                    by = "bot" if waited >= spec.bot_delay else None
                elif now - student.last_seen > spec.away_after:
                    by = "away"
                elif waited > spec.decide_limit:
                    by = "timeout"
                else:
                    by = None
                if by is not None:
                    choice = self._bot(tg, d.seat).choose(SeatView(g, d.seat), d)
                    entry = Row(tg.seq, Answer(choice), seat=d.seat, by=by, decision=d.kind)
            if entry is not None:
                try:
                    self.store.append(self.room.id, tg.table.table_no, tg.seq, entry, secret=self.secret)
                    added += 1
                except Conflict:
                    pass
        return added


def missed_text(tg: TableGame, seat: int, since: int) -> str:
    """What bots did for ``seat`` since position ``since``, in plain words ("" if nothing)."""
    rows = tg.missed(seat, since)
    if not rows:
        return ""
    counts: dict[str, int] = {}
    for r in rows:
        label = tg.game.rules.option_text(Decision(seat, r.decision or "", ()), str(r.answer))
        counts[label] = counts.get(label, 0) + 1
    what = ", ".join(f"{label} ×{n}" if n > 1 else label for label, n in counts.items())
    return (f"While you were away a bot made {len(rows)} choice{'s' if len(rows) != 1 else ''} "
            f"for you ({what}). You play your seat again from now on.")


def next_phase(rs: Ruleset, phase: str | None = None) -> str | None:
    """The ruleset's own phase after ``phase`` (default: the one it starts in), in the order of
    its phases, what-ifs left out; None when there is none (Monopoly, the 1913 Part 3)."""
    names = [n for n, ph in rs.phases.items() if not ph.what_if or n == (phase or rs.default_phase)]
    at = names.index(phase or rs.default_phase)
    return names[at + 1] if at + 1 < len(names) else None


def moves_by(tg: TableGame) -> dict[str, int]:
    """How many moves were made at the table by students and by bots (an empty seat's, an away
    student's or an overdue decision's: :data:`BOT_BY`)."""
    acts = [r.by for r in tg.entries if r.answer is not None]
    bots = sum(1 for by in acts if by in BOT_BY)
    return {"students": len(acts) - bots, "bots": bots}


def projector_key(secret: str) -> str:
    """The key of the class's projector view, made from the teacher's secret (HMAC-SHA-256):
    the dashboard can always show the same projector address, and the key reveals nothing of the
    secret; the store keeps only its hash and it opens a read-only view."""
    return hmac.new(secret.encode("utf-8"), b"landlord projector view", hashlib.sha256).hexdigest()[:32]


def open_room(where: str | Path | None, find: Callable[[SqlStore], ClassInfo]) -> Classroom:
    """The class of the store at ``where`` (a class folder or a database address; None: the class
    server's, :func:`~landlord.apps.classroom.store.store_at`) that ``find`` names (by the
    teacher's secret, by the projector's key); LandlordError, one line, when there is no class
    or ``find`` refuses."""
    store = store_at(where)
    if store is None:
        raise LandlordError("No class is running on this server")
    return Classroom(store, find(store).id)
