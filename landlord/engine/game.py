"""A game: state, one seeded RNG, the rules driving it, the ledger, and the event log.

The rules are a generator that yields a :class:`~landlord.engine.decisions.Decision` whenever a seat
must choose. :meth:`Game.act` checks the choice against the legal options (an illegal one raises
:class:`~landlord.errors.IllegalAction` and changes nothing), records it, and resumes the rules.
Bots answer at once (:meth:`Game.run`); a person answers whenever they click. Every input is
recorded in :attr:`Game.entries` — each answer, each chance outcome (drawn from the game's one
seeded RNG by :meth:`Game.dice`, :meth:`Game.shuffle`, :meth:`Game.pick`), each phase switch —
so :attr:`Game.record` describes the whole game and :func:`landlord.engine.replay.replay` rebuilds it,
event for event.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from landlord.data.ruleset import Ruleset
from landlord.engine.count import SeatCount
from landlord.engine.decisions import Checked, Decision, OptionText
from landlord.engine.entries import Answer, Chance, Entry, Switch, TriggerAdded
from landlord.engine.events import Event
from landlord.engine.flows import Flow
from landlord.engine.ledger import Ledger
from landlord.engine.phases import Trigger
from landlord.engine.record import Record, game_record, kit_version
from landlord.errors import DataError, IllegalAction, LandlordError

__all__ = ["BOXES", "Game", "Parts", "Snapshot"]

if TYPE_CHECKING:
    from landlord.data.board import Board
    from landlord.data.position import Position
    from landlord.engine.in_play import GameInPlay
    from landlord.engine.rulebook import Rules
    from landlord.engine.strategies import Strategy

BOXES = ("Bank", "Public Treasury", "Wages box", "Railroad box")


class Parts(Protocol):
    """What a game is handed of its rules family (a :class:`landlord.rules.family.Family` is one),
    by whoever knows the ruleset and its family: the engine names no family and looks none up."""

    @property
    def name(self) -> str:
        """The family's name (a ruleset's ``family``)."""
        ...

    @property
    def rules(self) -> Callable[[GameInPlay], Rules]:
        """The rules playing the game, bound to it: ``rules(game)``."""
        ...

    @property
    def events(self) -> frozenset[str]:
        """The event kinds only this family emits."""
        ...

    @property
    def narrate(self) -> Callable[[Event, Sequence[str], Board], str]:
        """One of the family's own events as a sentence."""
        ...


class Snapshot(NamedTuple):
    """The count of every seat (the rules' ``results()``) at the end of one turn.

    Taken by :attr:`Game.turn`'s setter when the rules start the next turn (turn 0 is the
    set-up), only when the game keeps snapshots (with a log, unless told); the metrics
    build the per-turn panel from these.
    """

    turn: int
    round: int
    phase: str
    rows: tuple[SeatCount, ...]


class Game:
    """One game of a ruleset, with its seats, seed and log.

    ``strategies[i]`` answers seat *i*'s decisions; ``None`` marks a person, whose decisions
    wait in :attr:`pending` until :meth:`act` is called. ``log=False`` keeps only the ledger's
    running totals (for fast sweeps); the game plays identically either way. ``snapshots``
    keeps the per-turn :class:`Snapshot` list (default: when there is a log), so a sweep's
    per-turn panel needs no event log. ``feed`` (with ``chance``: it holds chance outcomes) is
    a record being replayed (see :func:`landlord.engine.replay.replay`). ``position`` starts the game
    from a described position (:mod:`landlord.data.position`) instead of the rules' own opening.
    ``worths`` keeps every seat's net worth after each turn (:attr:`worths`). ``opening``:
    see :attr:`opening`. ``family`` is the ruleset's rules family (:class:`Parts`), handed in:
    :class:`landlord.rules.families.FamilyGame` is a game of a ruleset's own family.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        strategies: Sequence[Strategy | None],
        seed: int,
        names: Sequence[str] | None = None,
        log: bool = True,
        triggers: Sequence[Trigger] = (),
        snapshots: bool | None = None,
        *,
        family: Parts,
        feed: Sequence[Entry] | None = None,
        chance: bool = True,
        position: Position | None = None,
        worths: bool = False,
        opening: bool = True,
    ) -> None:
        n = len(strategies)
        if family.name != ruleset.family:
            raise LandlordError(f"{ruleset.id} is played by the {ruleset.family!r} rules, not {family.name!r}")
        if not ruleset.players_min <= n <= ruleset.players_max:
            raise LandlordError(
                f"{ruleset.id} takes {ruleset.players_min} to {ruleset.players_max} players, not {n}"
            )
        self.ruleset = ruleset
        self.family = family
        """The rules family playing the game (its rules class and its words), as handed in."""
        self.board = ruleset.board
        self.seed = seed
        self.rng = random.Random(seed)
        self.strategies = list(strategies)
        self.names = list(names) if names else [f"Player {i + 1}" for i in range(n)]
        if len(self.names) != n:
            raise LandlordError(f"{len(self.names)} names given for {n} seats")
        self.position = position
        """The described position the game started from (:mod:`landlord.data.position`), laid out
        after the set-up; None: the rules' own opening."""
        self.phase = ruleset.default_phase
        if position is not None and position.phase is not None:
            if position.phase not in ruleset.phases:
                raise DataError(position.where, None, "phase", f"{ruleset.id} has no phase {position.phase!r} "
                                                               f"(phases: {', '.join(ruleset.phases)})")
            self.phase = position.phase
        self.p: dict[str, Any] = ruleset.values(self.phase)
        self.events: list[Event] | None = [] if log else None
        self.entries: list[Entry] = []
        """Every input in order: answers, chance outcomes, phase switches, triggers added
        (:mod:`landlord.engine.entries`)."""
        self.feed: Sequence[Entry] | None = feed
        """The entries being replayed (None once the replay is done or when playing afresh);
        :attr:`fed` of them have been used (the cursor moves only in :meth:`take`). Chance
        outcomes and the rules' own switches are taken from the feed when ``chance`` (a record
        that holds them) is true."""
        self.fed = 0
        self.scripted: list[tuple[int, int]] = []
        """Throws of the dice to come, in order, instead of the RNG's (:meth:`script_dice`)."""
        self._steer = feed is not None and chance
        self.opening = opening
        """Whether the set-up makes the shuffles the rules added after version 1 records
        (:meth:`opening_shuffle`; False in the replay of a version 1 file)."""
        self.snapshots: list[Snapshot] | None = [] if (log if snapshots is None else snapshots) else None
        self.worths: list[tuple[int, tuple[int, ...]]] | None = [] if worths else None
        """With ``worths``: (turn, every seat's count total) at the end of each turn, taken
        with the snapshots (:meth:`~landlord.engine.rulebook.Rules.totals`, cheaper than the
        whole count): the per-turn net worth alone, for the scenario lab's panel."""
        self._turn = 0
        self._turn_round = 0
        self.round = 0
        self.over = False
        self.rules: Rules = family.rules(self)
        if position is not None:
            self.rules.check_position(position)
        for t in triggers:
            if t.phase not in ruleset.phases:
                raise LandlordError(f"trigger {t.text}: {ruleset.id} has no phase {t.phase!r} "
                                    f"(phases: {', '.join(ruleset.phases)})")
        self.triggers = tuple(triggers)
        self.added: list[Trigger] = []
        """Triggers added during the game (:meth:`add_trigger`); the record lists them as entries."""
        self.fired: set[Trigger] = set()
        self.switches: list[tuple[int, str, str, str]] = []
        """Every phase change as (turn, old phase, new phase, cause), kept even without a log."""
        self.ledger = Ledger(self.names + list(BOXES) + list(self.rules.EXTRA_ACCOUNTS))
        self.players = [self.rules.new_player(i) for i in range(n)]
        self.pending: Decision | None = None
        self._gen: Iterator[Decision] = self.rules.play()
        self._held: list[tuple[Iterator[Decision], Decision]] = []
        """Rules interrupted by an arrival that asks decisions (a phase switched from outside
        the rules while a decision waited), each with the decision it was waiting on."""
        self._resume(None)

    # -- turns ---------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        """The number of the turn being played (0 during set-up)."""
        return self._turn

    @turn.setter
    def turn(self, value: int) -> None:
        # A rules family starts each turn with ``g.turn += 1``: that is the end of the last
        # turn, so (when snapshots are kept) the count of every seat is snapshotted here for the metrics.
        if value != self._turn:
            if self.snapshots is not None:
                self.snapshots.append(self.snapshot())
            if self.worths is not None:
                self.worths.append((self._turn, self.rules.totals()))
        self._turn = value
        self._turn_round = self.round

    def snapshot(self) -> Snapshot:
        """The count of every seat now, labelled with the current turn, its round and phase."""
        # results() makes new counts at every call (immutable): they are kept as they are
        return Snapshot(self._turn, self._turn_round, self.phase, tuple(self.rules.results()))

    # -- driving -------------------------------------------------------------------------
    def _resume(self, answer: OptionText | None) -> None:
        try:
            self.pending = self._gen.send(answer)  # type: ignore[attr-defined]
        except StopIteration:
            self._finished()

    def _finished(self) -> None:
        """The running rules have ended: an arrival hands back to the rules it interrupted (their
        decision is asked again); the game's own rules ending ends the game."""
        if self._held:
            self._gen, self.pending = self._held.pop()
        else:
            self.pending = None
            self.over = True

    def check(self, choice: OptionText) -> Checked:
        """The one legality check of an answer from outside (a person's click, a class row, a
        replayed record): ``choice`` answers the pending decision legally, and the proof says so
        for as long as the game has not moved (:meth:`act` takes it without checking again).
        IllegalAction (saying why, in plain words) otherwise."""
        d = self.pending
        if d is None:
            raise IllegalAction("the game is over: there is no decision to answer")
        if choice not in d.options:
            raise self._illegal(d, choice)
        return Checked(choice, d, len(self.entries))

    def holds(self, checked: Checked) -> bool:
        """True while ``checked`` still proves its answer legal: it was checked on this game's
        pending decision and the record has not moved since."""
        return checked.decision is self.pending and checked.at == len(self.entries)

    def act(self, choice: OptionText | Checked) -> None:
        """Answer the pending decision with ``choice``: an option is checked (:meth:`check`), and
        so is a proof the game no longer :meth:`holds`; a proof it holds is not checked again.
        An illegal choice changes nothing."""
        if isinstance(choice, Checked):
            choice = choice.choice if self.holds(choice) else self.check(choice.choice).choice
        else:
            self.check(choice)
        self.entries.append(Answer(choice))
        self._resume(choice)

    def _illegal(self, d: Decision, choice: OptionText) -> IllegalAction:
        return IllegalAction(
            f"{choice!r} is not a legal answer to {self.names[d.seat]}'s {d.kind!r} decision; "
            f"legal: {', '.join(d.options)}"
        )

    def run(self, max_decisions: int | None = None) -> None:
        """Let the bots answer until the game ends, a person must answer, or
        ``max_decisions`` answers have been given."""
        from landlord.engine.strategies import SeatView

        # The same steps as act() (check the answer is legal, record it, resume the rules),
        # written out once here because bots answer most decisions of a game.
        views = [SeatView(self, i) for i in range(len(self.players))]
        choosers = [None if s is None else s.choose for s in self.strategies]
        record = self.entries.append
        send = self._gen.send  # type: ignore[attr-defined]
        left = -1 if max_decisions is None else max_decisions
        d = self.pending
        while d is not None:
            choose = choosers[d.seat]
            if choose is None or left == 0:
                return
            choice = choose(views[d.seat], d)
            if choice not in d.options:
                raise self._illegal(d, choice)
            record(Answer(choice))
            left -= 1
            try:
                d = self.pending = send(choice)
            except StopIteration:
                self._finished()
                d = self.pending
                send = self._gen.send  # type: ignore[attr-defined]

    # -- rules-side helpers -------------------------------------------------------------
    def emit(self, kind: str, seat: int = -1, **data: Any) -> None:
        """Append an event (no-op when the game keeps no log)."""
        if self.events is not None:
            self.events.append(Event(self.turn, kind, seat, tuple(data.items())))

    def pay(self, src: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """Move money through the ledger and log the transfer with its kind (what the money is
        for, from the closed list :class:`~landlord.engine.flows.Flow`), its reason in the rule's
        words, and the rule that moves it.

        DECISION: a payment of nothing (an amount a what-if or a board sets to 0: no wages, a
        free fare) moves nothing and logs nothing; a negative amount is still refused by the
        ledger."""
        if amount == 0:
            return
        self.ledger.transfer(src, dst, amount, kind, reason)
        if self.events is not None:
            names = self.ledger.names
            self.events.append(Event(self.turn, "transfer", src if src < len(self.players) else -1, (
                ("from", names[src]), ("to", names[dst]), ("amount", amount), ("kind", kind),
                ("reason", reason), ("rule", rule), ("phase", self.phase),
            )))

    def account(self, name: str) -> int:
        """The ledger index of the account called ``name``."""
        return self.ledger.index[name]

    def switch_phase(self, phase: str, cause: str) -> None:
        """Put the rules of ``phase`` in force now, from outside the rules (a person at the table,
        a teacher, a test): the same switch as a trigger's or a vote's (:meth:`enter_phase`), the
        family's arrival rules included. When the arrival asks decisions it is asked them
        first; then the decision that was waiting, if any, is asked again."""
        if phase not in self.ruleset.phases:
            raise LandlordError(
                f"{self.ruleset.id} has no phase {phase!r} (phases: {', '.join(self.ruleset.phases)})"
            )
        if self.over:
            raise IllegalAction("the game is over: its rules can no longer change")
        self.entries.append(Switch(phase, cause))
        arrival = self.enter_phase(phase, cause)
        try:
            first = next(arrival)
        except StopIteration:
            return
        if self.pending is not None:
            self._held.append((self._gen, self.pending))
        self._gen, self.pending = arrival, first

    def add_trigger(self, text: str, cause: str) -> None:
        """Add the trigger ``text`` (``phase@trigger``, e.g. ``single_tax@vote``) from outside
        the rules, from now on (a class's phase plan opens a vote at round N), recorded as
        ``{"trigger": text, "cause": cause}``; a trigger the game already has changes nothing."""
        from landlord.engine.phases import parse_switch

        try:
            t = parse_switch(text)
        except ValueError as exc:
            raise LandlordError(str(exc)) from None
        if t.phase not in self.ruleset.phases:
            raise LandlordError(f"trigger {text}: {self.ruleset.id} has no phase {t.phase!r} "
                                f"(phases: {', '.join(self.ruleset.phases)})")
        if self.over:
            raise IllegalAction("the game is over: its rules can no longer change")
        if t in self.triggers:
            return
        self.entries.append(TriggerAdded(f"{t.phase}@{t.text}", cause))
        self.triggers = (*self.triggers, t)
        self.added.append(t)

    def enter_phase(self, phase: str, cause: str) -> Iterator[Decision]:
        """The switch to ``phase`` itself, on every route (trigger, vote, table, scenario): the
        rules of ``phase`` in force from now on, logged as a ``phase`` event, then the family's
        arrival rules (:meth:`landlord.engine.rulebook.Rules.arrive`), which may ask decisions.
        Holdings, cash, positions and debts carry over. The rules ``yield from`` it."""
        old = self.phase
        self.phase = phase
        self.p = self.ruleset.values(phase)
        self.switches.append((self.turn, old, phase, cause))
        self.emit("phase", -1, old=old, new=phase, cause=cause)
        yield from self.rules.arrive(old, phase)

    def fire(self, trigger: Trigger) -> Iterator[Decision]:
        """The rules switch phase on ``trigger`` (a trigger or a vote that is due): recorded
        (and, in a replay, checked against the record), then :meth:`enter_phase`."""
        entry = Switch(trigger.phase, trigger.text, fired=True)
        if self._steer and self.feed is not None and self.fed < len(self.feed):
            if self.feed[self.fed] != entry:
                raise IllegalAction(f"entries[{self.fed}] does not replay: the rules switch to "
                                    f"{trigger.phase!r} ({trigger.text}) here, but the record has "
                                    f"{self.feed[self.fed]!r}")
            self.take()
        self.fired.add(trigger)
        self.entries.append(entry)
        yield from self.enter_phase(trigger.phase, trigger.text)

    # -- chance: drawn from the one RNG, recorded as drawn ----------------------------------
    def dice(self) -> tuple[int, int]:
        """Two dice thrown (each ``int(random() * 6) + 1``), recorded as ``("dice", a, b)``."""
        r = self.rng.random
        drawn = Chance("dice", int(r() * 6) + 1, int(r() * 6) + 1)
        if self._steer:
            drawn = self._steered(drawn, 0)
        self.entries.append(drawn)
        return drawn[1], drawn[2]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates on ``random()``: the same on every Python),
        recorded as ``("shuffle", order)``, ``order`` giving each new place's old index."""
        r = self.rng.random
        order = list(range(len(items)))
        for i in range(len(order) - 1, 0, -1):
            j = int(r() * (i + 1))
            order[i], order[j] = order[j], order[i]
        drawn = Chance("shuffle", tuple(order))
        if self._steer:
            drawn = self._steered(drawn, len(items))
        self.entries.append(drawn)
        items[:] = [items[k] for k in drawn[1]]

    def opening_shuffle(self, items: list[Any]) -> None:
        """:meth:`shuffle` for a shuffle at the set-up that the rules did not always make (the
        1913 Luxury and Chance packs, shuffled before play since kit 0.1.0): in the replay of a
        game played before the rules shuffled at this point — a version 1 file (not
        :attr:`opening`), or a record that holds its chance outcomes and has another entry here —
        ``items`` keep their order and nothing is drawn or recorded, so the saved game replays
        as it was played. A class table's record (its chance not recorded, drawn again from the
        seed) draws it again too."""
        if not self.opening:
            return
        feed = self.feed
        if self._steer and feed is not None and self.fed < len(feed):
            rec = feed[self.fed]
            if not (isinstance(rec, Chance) and rec.kind == "shuffle"):
                return
        self.shuffle(items)

    def pick(self, n: int) -> int:
        """One of ``n`` things picked at random (``int(random() * n)``), recorded as
        ``("pick", k)``."""
        drawn = Chance("pick", int(self.rng.random() * n))
        if self._steer:
            drawn = self._steered(drawn, n)
        self.entries.append(drawn)
        return int(drawn[1])

    def script_dice(self, throws: Sequence[tuple[int, int]]) -> None:
        """The next throws of the dice are ``throws`` (each two faces, 1 to 6), in order; the RNG
        is drawn as usual, and the scripted faces are used and recorded instead."""
        for t in throws:
            if len(t) != 2 or not all(isinstance(v, int) and 1 <= v <= 6 for v in t):
                raise LandlordError(f"a scripted throw is two faces from 1 to 6, not {t!r}")
        self.scripted += [(int(a), int(b)) for a, b in throws]
        self._steer = self._steer or bool(self.scripted)

    def _steered(self, drawn: Chance, n: int) -> Chance:
        """In a replay, the recorded outcome instead of ``drawn`` (checked: the same kind, and a
        possible outcome; ``n`` is the pack's size or the number to pick from); else a scripted
        throw instead of drawn dice."""
        feed = self.feed
        if feed is None or self.fed >= len(feed):
            if self.scripted and drawn[0] == "dice":
                a, b = self.scripted.pop(0)
                self._steer = bool(self.scripted) or feed is not None
                return Chance("dice", a, b)
            return drawn
        rec = feed[self.fed]
        kind = drawn[0]
        if kind == "dice" and self.scripted:  # a scripted throw, replayed from the record
            self.scripted.pop(0)
        if not isinstance(rec, Chance) or rec.kind != kind:
            raise IllegalAction(f"entries[{self.fed}] does not replay: chance decides here ({kind}), "
                                f"but the record has {rec!r}")
        ok = False
        if kind == "dice":
            ok = len(rec) == 3 and all(isinstance(v, int) and 1 <= v <= 6 for v in rec[1:])
        elif kind == "shuffle":
            ok = len(rec) == 2 and isinstance(rec[1], (tuple, list)) and sorted(rec[1]) == list(range(n))
        elif kind == "pick":
            ok = len(rec) == 2 and isinstance(rec[1], int) and 0 <= rec[1] < n
        if not ok:
            raise IllegalAction(f"entries[{self.fed}] does not replay: {rec!r} is not a possible "
                                f"{kind} outcome here")
        self.take()
        return Chance(kind, *(tuple(v) if isinstance(v, list) else v for v in rec[1:]))

    def take(self) -> Entry:
        """The next entry of the record being replayed, the replay cursor :attr:`fed` moved past
        it: the one place the cursor moves (chance outcomes and the rules' own switches taken
        here as the rules come to them, inputs from outside by :func:`landlord.engine.replay.replay`)."""
        if self.feed is None or self.fed >= len(self.feed):
            raise IllegalAction("the record has no more entries")
        entry = self.feed[self.fed]
        self.fed += 1
        return entry

    def end_feed(self) -> None:
        """The replay is over: chance is drawn afresh from here on."""
        self.feed = None
        self._steer = bool(self.scripted)

    # -- reading -------------------------------------------------------------------------
    @property
    def actions(self) -> list[OptionText]:
        """The seats' answers alone, in order (the record's other entries left out)."""
        return [e.option for e in self.entries if isinstance(e, Answer)]

    @property
    def record(self) -> Record:
        """The game's record (:class:`landlord.engine.record.Record`): seats named by their bots'
        names (None for a person), params replaced by :meth:`Ruleset.override` as overrides."""
        return game_record(self.ruleset, self.seed, self.names,
                           [None if s is None else s.name for s in self.strategies], self.entries,
                           [t for t in self.triggers if t not in self.added], self.position, kit=kit_version())

    def cash(self, seat: int) -> int:
        """Cash in hand of ``seat``."""
        return self.ledger.balances[seat]

    def results(self) -> list[SeatCount]:
        """The count of every seat now, in seat order (:class:`~landlord.engine.count.SeatCount`; the
        final count once the game is over). Ranks: :func:`landlord.engine.count.ranks`."""
        return self.rules.results()

    def log_text(self) -> str:
        """The event log as text (empty when the game keeps no log)."""
        from landlord.engine.events import log_text

        return log_text(self.events or [])

