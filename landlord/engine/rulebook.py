"""What every rules family shares: dice, first player, the round of turns, dealing, the
fine-or-throw of a jail, paying what one has, the decision vocabulary, and the public
per-space state (:class:`SpaceState`) that widgets and metrics read."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from landlord.engine import flows, options
from landlord.engine.count import SeatCount
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.flows import Flow
from landlord.engine.phases import Trigger
from landlord.errors import DataError

if TYPE_CHECKING:
    from landlord.data.position import Position, SeatPosition
    from landlord.engine.in_play import GameInPlay

Play = Generator[Decision, OptionText, Any]
"""A piece of rules that may put decisions to seats: ``yield Decision`` returns the choice."""


class SpaceState(TypedDict):
    """What lies on one board space now, as :meth:`Rules.space_state` reports it.

    Every family fills every key with what it really has; a thing the family does not have
    is ``None`` / ``False`` / ``0``.

    * ``owner``: the seat holding the space's title (lot ticket, green card, SITE card,
      title deed), or None.
    * ``mortgaged``: the title is mortgaged (to the Bank or, 1904, to a lending player).
    * ``charter``: the seat whose charter stands on a franchise (1904), or None.
    * ``buildings``: houses or improvements standing on the space (Monopoly: a hotel counts
      as the five houses it equals, with ``hotel`` set).
    * ``hotel``: a hotel stands on the space (Monopoly).
    * ``building_owner``: the seat owning what is built there (1906 houses, 1913
      improvements; Monopoly: the deed's owner), or None.
    * ``public``: the public holds the space (a single-tax buy-out, or the Government's land
      in the 1913 game's Part 3).
    """

    owner: int | None
    mortgaged: bool
    charter: int | None
    buildings: int
    hotel: bool
    building_owner: int | None
    public: bool


def space_state(owner: int | None = None, mortgaged: bool = False, charter: int | None = None,
                buildings: int = 0, hotel: bool = False, building_owner: int | None = None,
                public: bool = False) -> SpaceState:
    """A :class:`SpaceState`; a seat given as a negative number (the families' "nobody",
    "Government") is reported as None."""
    return SpaceState(
        owner=owner if owner is not None and owner >= 0 else None, mortgaged=mortgaged,
        charter=charter if charter is not None and charter >= 0 else None, buildings=buildings,
        hotel=hotel, public=public,
        building_owner=building_owner if building_owner is not None and building_owner >= 0 else None,
    )


@dataclass(slots=True)
class Token:
    """A seat's token on a track with annexes beside it (the Magie games and the 1913 game):
    the space it stands on, which place it is in (``place`` indexes the family's ``PLACES``,
    0 being the track) and how many times it has been round the board."""

    PLACES: ClassVar[tuple[str, ...]] = ("track",)

    seat: int
    pos: int = 0
    place: int = 0
    circuits: int = 0

    @property
    def where(self) -> str:
        """The name of the place the token is in (``track`` or one of the family's annexes)."""
        return self.PLACES[self.place]


@dataclass(frozen=True, slots=True)
class SharedParams:
    """The params the engine's shared rules read (the round cap of :class:`RoundsOfTurns`),
    typed: declared once here, the first fields of every family's params class (``Params1904``,
    ``Params1906``, ``Params1913``, ``ParamsMonopoly``, built by :mod:`landlord.rules.params`), so
    the family's ``params`` is one of these and mypy checks the engine's reads too."""

    max_rounds: int
    """The kit's safety bound: a game still running after this many rounds ends."""


class Rules(ABC):
    """Base class of a rules family, bound to one game.

    Subclasses declare ``PARAMS`` (the params their data file must give, with types),
    ``DECISIONS`` (a sentence in the game's own language for each decision kind) and
    ``OPTIONS`` (a phrase for each option prefix), and implement :meth:`play`,
    :meth:`new_player`, :meth:`results`, :meth:`pieces` and :meth:`space_state`.
    """

    PARAMS: ClassVar[dict[str, type]] = {}
    EXTRA_ACCOUNTS: ClassVar[tuple[str, ...]] = ()
    DECISIONS: ClassVar[dict[str, str]] = {}
    OPTIONS: ClassVar[dict[str, str]] = {}
    VOTE_DECISIONS: ClassVar[dict[str, str]] = {
        "call_vote": "{name} may call a vote to change the rules now: call one?",
        "vote": "{name} is asked to vote on changing the rules: for or against?",
    }
    VOTE_OPTIONS: ClassVar[dict[str, str]] = {
        "no_vote": "Play on", "call_vote": "Call a vote", "for": "Vote for", "against": "Vote against",
    }

    POSITION_FIELDS: ClassVar[frozenset[str]] = frozenset({"cash", "token"})
    """The seat fields of a position (:mod:`landlord.data.position`) this family lays out; it
    refuses the others by name."""
    DEBT_FIELDS: ClassVar[frozenset[str]] = frozenset({"to", "amount"})
    """The fields of a seat's ``debts`` entries this family takes (when it takes ``debts``)."""
    PHASE_PARAMS: ClassVar[dict[str, str]] = {}
    """Params the family reads only while one phase is in force or on the way into it (a vote
    on it): param name → phase name. Any other param is read in every phase."""

    params: SharedParams
    """The params in force, typed: the family's own params class (a :class:`SharedParams`), set
    by the family when the game is made and again at each switch of phase (:meth:`arrive`)."""

    def __init__(self, game: GameInPlay) -> None:
        self.g = game
        self.order: list[int] = []
        """The seats in turn order, from the first player (set when play begins)."""

    @abstractmethod
    def new_player(self, seat: int) -> Any:
        """The per-seat state object of this family."""

    @abstractmethod
    def play(self) -> Play:
        """The whole game, from set-up to the final count."""

    @abstractmethod
    def results(self) -> list[SeatCount]:
        """The count of every seat now, in seat order (:class:`~landlord.engine.count.SeatCount`: cash,
        land, improvements, debts and the parts the family has; the total is their sum)."""

    @abstractmethod
    def pieces(self, seat: int) -> dict[str, int]:
        """What the seat has on the table besides money, in the words students see, each with
        how many (``{"lots": 3, "times round the board": 2}``): shown beside its count."""

    def totals(self) -> tuple[int, ...]:
        """Every seat's count ``total`` (what :meth:`results` would give), in seat order: the
        per-turn net worth a sweep's lab panel keeps. Families whose count is costly give a
        cheaper way to the same numbers."""
        return tuple(c.total for c in self.results())

    @abstractmethod
    def space_state(self, index: int) -> SpaceState:
        """What lies on space ``index`` now: who holds it, mortgage, charter, buildings,
        public ownership (see :class:`SpaceState`). Widgets and metrics read per-space state
        only through this."""

    def reachable_phases(self) -> set[str]:
        """The phases this game is in or can still come to by itself: the phase in force and
        the phase of every trigger (a vote among them) not yet fired. A switch from outside
        (a button, a teacher) can add any other."""
        g = self.g
        return {g.phase, *(t.phase for t in g.triggers if t not in g.fired)}

    def params_in_play(self, phases: Iterable[str] = ()) -> list[str]:
        """The names of the ruleset's params that can affect this game: every param except
        those of :attr:`PHASE_PARAMS` whose phase is neither reachable
        (:meth:`reachable_phases`) nor among ``phases`` (e.g. the phases a table's buttons can
        switch to). Sorted by name."""
        reach = self.reachable_phases() | set(phases)
        names = set(self.g.ruleset.params) | set(self.g.ruleset.phases[self.g.phase].params)
        return sorted(k for k in names if self.PHASE_PARAMS.get(k, self.g.phase) in reach)

    # -- positions as data ---------------------------------------------------------------
    def apply_position(self, position: Position) -> None:
        """Lay out ``position`` (checked by :meth:`check_position` when the game was made) once
        the set-up is done: each seat's fields, whose turn comes first (``self.order``
        turned to start there) and the dice to come. ``token`` and ``cash`` are laid out here
        (cash brought to the amount through the Bank, so money stays conserved); the family's
        own fields by :meth:`place_seat`."""
        g, where = self.g, position.where
        for i, sp in enumerate(position.seats):
            entry = f"seat {i + 1}"
            if sp.token is not None:
                pl = g.players[i]
                pl.pos = self.space_named(where, entry, "token", sp.token)
                if hasattr(pl, "place"):
                    pl.place = 0
            self.place_seat(i, sp, where, entry)
        bank = g.account("Bank")
        for i, sp in enumerate(position.seats):
            if sp.cash is not None and sp.cash != g.cash(i):
                gap = sp.cash - g.cash(i)
                src, dst = (bank, i) if gap > 0 else (i, bank)
                g.pay(src, dst, abs(gap), flows.START_CASH, "cash of the position", "Position")
        if position.turn is not None and self.order:
            k = self.order.index(position.turn - 1)
            self.order = self.order[k:] + self.order[:k]
        if position.dice:
            g.script_dice(position.dice)

    def check_position(self, position: Position) -> None:
        """Refuse, before the game begins, a position this family cannot lay out: a seat field
        not in :attr:`POSITION_FIELDS` (named), or a count of seats other than the game's."""
        g, where = self.g, position.where
        n = len(g.strategies)
        if position.seats and len(position.seats) != n:
            raise DataError(where, None, "seat", f"{len(position.seats)} seats described for a game of {n}")
        for i, sp in enumerate(position.seats):
            for f in sp.given():
                if f not in self.POSITION_FIELDS:
                    takes = ", ".join(sorted(self.POSITION_FIELDS))
                    raise DataError(where, f"seat {i + 1}", f, f"the {g.ruleset.family} rules have no rule for "
                                    f"this, so a position cannot give it (they take: {takes})")
            for k, d in enumerate(sp.debts):
                given = {"to", "amount"} | ({"loan"} if d.loan is not None else set()) | (
                    {"interest"} if d.interest is not None else set()) | ({"mortgages"} if d.mortgages else set())
                for f in sorted(given - self.DEBT_FIELDS):
                    takes = ", ".join(sorted(self.DEBT_FIELDS))
                    raise DataError(where, f"seat {i + 1} debts[{k}]", f, f"the {g.ruleset.family} rules have "
                                    f"no rule for this in a debt (a debt of theirs takes: {takes})")

    def dealt_by_position(self) -> bool:
        """Whether the game's position describes its seats, and so replaces the set-up's deal
        (lot tickets, green cards, SITE cards, dealt title deeds). DECISION: a position says
        what every seat holds; a seat giving no ``holdings`` holds nothing, and the set-up asks
        no deal decisions, so the position is laid out (and checked) when the game is made."""
        position = self.g.position
        return position is not None and bool(position.seats)

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """Lay out the family's own fields of ``seat`` (those in :attr:`POSITION_FIELDS` besides
        ``cash`` and ``token``); here: none."""
        return None

    def creditor_named(self, where: str, entry: str, debtor: int, to: str | int,
                       accounts: tuple[str, ...]) -> int:
        """The ledger account a debt of ``debtor`` is owed to: a seat number (1-based, not the
        debtor's own) or one of ``accounts`` by name; DataError naming ``to`` otherwise."""
        n = len(self.g.players)
        if isinstance(to, int):
            if not 1 <= to <= n or to - 1 == debtor:
                raise DataError(where, entry, "to", f"expected another seat's number from 1 to {n}, got {to}")
            return to - 1
        if to not in accounts:
            raise DataError(where, entry, "to", f"a debt here is owed to a seat (by number) or to "
                            f"{' or '.join(repr(a) for a in accounts)}, not {to!r}")
        return self.g.account(to)

    def space_named(self, where: str, entry: str, field: str, name: str | int) -> int:
        """The index of the space called ``name`` (or given by its index) on this board;
        DataError naming ``field`` if there is none."""
        spaces = self.g.board.spaces
        if isinstance(name, int):
            if 0 <= name < len(spaces):
                return name
            raise DataError(where, entry, field, f"no space {name} on a board of {len(spaces)}")
        for s in spaces:
            if s.name == name:
                return s.index
        raise DataError(where, entry, field, f"no space called {name!r} on {self.g.board.id}")

    # -- shared mechanics ----------------------------------------------------------------
    def throw(self, seat: int) -> tuple[int, int]:
        """Throw two dice (:meth:`Game.dice`: drawn from the game's RNG and recorded), and log
        the throw."""
        g = self.g
        a, b = g.dice()
        if g.events is not None:
            g.emit("throw", seat, dice=f"{a}+{b}", total=a + b, double=a == b)
        return a, b

    def first_player(self, seats: list[int]) -> int:
        """Highest throw starts; tied seats throw again (logged as ``first`` events)."""
        contenders = list(seats)
        while True:
            totals = {s: sum(self.throw(s)) for s in contenders}
            best = max(totals.values())
            contenders = [s for s in contenders if totals[s] == best]
            if len(contenders) == 1:
                self.g.emit("first", contenders[0], throw=best)
                return contenders[0]

    def deal_round(self, order: list[int], pack: list[int], count: int, event: str,
                   label: str = "") -> dict[int, list[int]]:
        """Shuffle ``pack`` (space indices) with the game's RNG and deal ``count`` cards (at
        most the whole pack) one at a time round ``order`` from its first seat; each card is
        logged as an ``event`` (with the space's name under ``label``, if given). Returns the
        cards of each seat in the order dealt."""
        g = self.g
        g.shuffle(pack)
        dealt: dict[int, list[int]] = {s: [] for s in order}
        for k in range(min(count, len(pack))):
            seat, idx = order[k % len(order)], pack[k]
            dealt[seat].append(idx)
            if label:
                g.emit(event, seat, space=idx, **{label: g.board.spaces[idx].name})
            else:
                g.emit(event, seat, space=idx)
        return dealt

    def offer_dealt(self, dealt: dict[int, list[int]], kind: str, no: str, prices: Sequence[int],
                    buy: Callable[[int, int, int], None], returned: str) -> Play:
        """Each seat in ``self.order`` decides, card by card in the order dealt, whether to buy
        the card at ``prices[space]``: decision ``kind`` with options ``buy`` and ``no``. A
        seat without the price in hand is not asked. ``buy(seat, space, price)`` takes the
        card; a card not bought goes back to the pack (logged as ``returned``)."""
        g = self.g
        for seat in self.order:
            for idx in dealt[seat]:
                price = prices[idx]
                if g.cash(seat) >= price and (yield Decision(seat, kind, ("buy", no), idx, price)) == "buy":
                    buy(seat, idx, price)
                else:
                    g.emit(returned, seat, space=idx)

    def fine_or_throw(self, seat: int, kind: str, space: int, fine: int) -> Decision | None:
        """The jail's question: pay ``fine`` (``pay``) or throw for a double (``throw``), as a
        decision ``kind`` to yield; None when the player has not the fine in hand and so must
        throw (he is not asked)."""
        if self.g.cash(seat) < fine:
            return None
        return Decision(seat, kind, ("pay", "throw"), space, fine)

    def fine_or_throw_out(self, seat: int, kind: str, space: int, fine: int, to: int,
                          rule: str) -> Generator[Decision, OptionText, tuple[bool, int, int]]:
        """A turn in jail up to the throw (the Magie jail and the 1913 Gaol alike): the question of
        :meth:`fine_or_throw`; on ``pay`` the fine goes to account ``to`` (the Public Treasury,
        logged as ``<kind> fine``), the token comes out onto the track (logged ``<kind>_out``,
        how ``fine``) and the dice are thrown. Returns whether he paid and the throw; whether
        a throw without the fine frees him is the family's rule."""
        g = self.g
        ask = self.fine_or_throw(seat, kind, space, fine)
        choice = (yield ask) if ask is not None else "throw"
        paid = choice == "pay"
        if paid:
            g.pay(seat, to, fine, flows.FINE, f"{kind} fine", rule)
            g.players[seat].place = 0  # the track (Token.PLACES)
            g.emit(f"{kind}_out", seat, how="fine")
        a, b = self.throw(seat)
        return paid, a, b

    def pay_what_he_has(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> int:
        """A player short of ``amount`` pays all the cash he has to ``dst``; the rest is
        logged as ``unpaid``. Returns what he paid (what becomes of the rest is the family's
        rule)."""
        g = self.g
        have = g.cash(seat)
        if have:
            g.pay(seat, dst, have, kind, reason, rule)
        g.emit("unpaid", seat, amount=amount - have, to=g.ledger.names[dst], reason=reason)
        return have

    def phase_point(self, seat: int) -> Play:
        """At the start of ``seat``'s turn: fire any phase trigger that is due.

        ``start``, ``turn:N``, ``round:N`` and ``gini:X`` switch at once; ``vote`` puts the
        question to the table through the family's ``vote(seat, trigger)`` rule.
        """
        g = self.g
        for t in g.triggers:  # asked every turn: the cheap tests first (a trigger's hash is not)
            if t.phase == g.phase or (g.fired and t in g.fired):
                continue
            if t.kind == "gini":
                from landlord.engine.inequality import gini
            due = (
                t.kind == "start"
                or (t.kind == "turn" and g.turn >= t.value)
                or (t.kind == "round" and g.round >= t.value)
                or (t.kind == "gini" and gini([c.total for c in self.results()]) > t.value)
            )
            if t.kind == "vote":
                due = yield from self.vote(seat, t)
            if due:
                yield from g.fire(t)

    def start_point(self) -> Play:
        """Before set-up (a deal of cards or tickets): fire the ``start`` triggers, so that a
        game played under a phase "from turn 1" also deals under that phase's rules."""
        g = self.g
        for t in g.triggers:
            if t.kind == "start" and t not in g.fired and t.phase != g.phase:
                yield from g.fire(t)

    def arrive(self, old: str, new: str) -> Play:
        """What the family does when the rules switch from phase ``old`` to ``new``, on every
        route (trigger, vote, table, scenario), before play goes on; it may ask decisions
        (here: nothing)."""
        yield from ()

    def vote(self, seat: int, trigger: Trigger) -> Play:
        """The voting rule shared by every family (Magie 1906: "they may at any time during the
        game put the single tax into operation by a vote of at least two of the players").

        At the start of each of his turns the player whose turn it is may call a vote on the
        change (``call_vote``); calling counts as his vote for it. Then every other seat, in seat
        order from the caller's left, votes ``for`` or ``against``. The change passes when at
        least :meth:`votes_needed` seats vote for it.
        Returns True when it passes. Logged as a ``vote`` event either way.

        DECISION: the question can be put on every turn (Magie: "at any time"); a failed vote
        may be called again on a later turn.
        """
        g = self.g
        call = yield Decision(seat, "call_vote", ("no_vote", "call_vote"))
        if call != "call_vote":
            return False
        n = len(g.players)
        ayes: list[int] = [seat]
        noes: list[int] = []
        for k in range(1, n):
            other = (seat + k) % n
            choice = yield Decision(other, "vote", ("for", "against"))
            (ayes if choice == "for" else noes).append(other)
        need = self.votes_needed()
        passed = len(ayes) >= need
        g.emit("vote", seat, phase=trigger.phase, ayes=len(ayes), noes=len(noes), need=need,
               passed=passed, voters_for=",".join(g.names[s] for s in ayes))
        return passed

    def bank_lends(self, seat: int) -> int:
        """How much money the Bank would lend ``seat`` now: 0 here, where the family has no
        Bank loans (the 1904 game lends in notes)."""
        return 0

    def votes_needed(self) -> int:
        """How many seats must vote for a change of rules (:meth:`vote`): 2 here, where the
        family has no param for it; the Magie families read their ``vote_min``."""
        return 2

    def explain(self, d: Decision) -> str:
        """The decision in a sentence of the game's own language."""
        g = self.g
        text = self.DECISIONS.get(d.kind) or self.VOTE_DECISIONS.get(d.kind, d.kind)
        space = g.board.spaces[d.space].name if d.space >= 0 else ""
        return text.format(name=g.names[d.seat], space=space, amount=d.amount,
                           cur=g.board.currency)

    def option_text(self, d: Decision, option: OptionText) -> str:
        """A short label for one option of ``d``."""
        head, arg = options.Option.parse(option, f"{d.kind} option")
        label = self.OPTIONS.get(head) or self.VOTE_OPTIONS.get(head, head.replace("_", " "))
        if arg and head == "ask":
            return label.format(arg=self.g.names[int(arg)])
        return label.format(arg=arg, cur=self.g.board.currency)


class RoundsOfTurns(Rules):
    """A family played as a set-up and then rounds of turns in seat order until the game ends
    (the Magie games and the 1913 game): the family writes :meth:`setup`, :meth:`take_turn`,
    :meth:`end_reason` and, if anything happens between rounds, :meth:`round_end`. The board's
    spaces, their kinds and who holds each title (``n``, ``kinds``, ``owner``) are kept here."""

    def __init__(self, game: GameInPlay) -> None:
        super().__init__(game)
        spaces = game.board.spaces
        self.n = len(spaces)
        """How many spaces the board has."""
        self.kinds = [s.kind for s in spaces]
        """Each space's kind, in board order."""
        self.owner = [-1] * self.n
        """The seat holding each space's title (lot ticket, green card, SITE card), -1: nobody."""

    @abstractmethod
    def setup(self) -> Play:
        """Everything before the first turn; sets ``self.order`` (first player first)."""

    @abstractmethod
    def take_turn(self, seat: int) -> Play:
        """One turn of ``seat``."""

    @abstractmethod
    def end_reason(self) -> str:
        """Why the game ends after the turn just played ('' while it goes on)."""

    def round_end(self) -> None:
        """What happens after every complete round of turns (here: nothing)."""

    def play(self) -> Play:
        """:meth:`setup` (logged ``start`` with the turn order), then rounds of turns in
        ``self.order`` (each turn counted in ``g.turn``, each round in ``g.round``) until
        :meth:`end_reason` names a reason after a turn, or the round count reaches the
        ruleset's ``max_rounds`` (the kit's safety bound, checked after :meth:`round_end`).
        Logged as an ``end`` event."""
        yield from self.setup()
        g = self.g
        if g.position is not None:
            self.apply_position(g.position)
        g.emit("start", self.order[0], order=",".join(g.names[s] for s in self.order))
        take_turn, end_reason = self.take_turn, self.end_reason
        while True:
            g.round += 1
            for seat in self.order:
                g.turn += 1
                yield from take_turn(seat)
                reason = end_reason()
                if reason:
                    g.emit("end", -1, reason=reason, round=g.round)
                    return
            self.round_end()
            if g.round >= self.params.max_rounds:
                g.emit("end", -1, reason="round limit", round=g.round)
                return


