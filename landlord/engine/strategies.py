"""Players: bots with documented behaviour, and the view of the table they decide from.

A strategy sees what a player at the table could see (cash and holdings are on the table;
the order of the face-down cards is not) and the legal options of the decision before it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from landlord.data.board import Space
from landlord.data.families import REGISTERED
from landlord.engine.decisions import Decision, OptionText

if TYPE_CHECKING:
    from landlord.engine.rulebook import SharedParams
    from landlord.engine.table import Table


class TableView:
    """What seat ``seat`` can see: public state and its own holdings. Read-only."""

    __slots__ = ("_g", "seat", "table")

    def __init__(self, game: Table, seat: int) -> None:
        self._g = game
        self.seat = seat
        self.table: Any = getattr(game.rules, "table", None)
        """The public table of the rules family (Monopoly: deeds, buildings, mortgages, the
        trade on offer), or None where the family has none."""

    @property
    def cash(self) -> int:
        """This seat's cash in hand."""
        return self._g.ledger.balances[self.seat]

    def cash_of(self, seat: int) -> int:
        """Another seat's cash (money lies on the table)."""
        return self._g.ledger.balances[seat]

    @property
    def params(self) -> SharedParams:
        """The rule numbers in force, typed: the family's params class (``Params1904``, …, each a
        :class:`~landlord.engine.rulebook.SharedParams`), as its rules read them."""
        params: SharedParams = self._g.rules.params
        return params

    @property
    def player(self) -> Any:
        """This seat's own state (position, holdings, circuits, …)."""
        return self._g.players[self.seat]

    @property
    def n_players(self) -> int:
        """How many seats there are."""
        return len(self._g.players)

    @property
    def phase(self) -> str:
        """The phase in force."""
        return self._g.phase

    def price(self, space: int) -> int:
        """The printed price of a space."""
        return self._g.board.spaces[space].price

    def totals(self) -> list[int]:
        """Every seat's count as it would stand now (cash and holdings lie on the table)."""
        return [c.total for c in self._g.results()]
    def space(self, index: int) -> Space:
        """A space of the board (printed on the board, so public)."""
        return self._g.board.spaces[index]

    def borrowing_capacity(self) -> int:
        """How much the Bank would lend this seat now (0 where the rules have no Bank loans)."""
        lends: int = self._g.rules.bank_lends(self.seat)
        return lends


class Strategy(Protocol):
    """Anything with a ``name`` and a ``choose(view, decision)`` returning a legal option."""

    name: str

    def choose(self, view: TableView, decision: Decision) -> OptionText:
        """Pick one of ``decision.options``."""
        ...


VOTE_SHARE = 0.5
"""The bots' voting rule: a seat votes for a change of the rules (and calls such a vote) when
its count is below ``VOTE_SHARE`` of the richest seat's count, i.e. when the game has left it
far behind; otherwise it votes to keep the rules in force."""


def vote_choice(view: TableView, d: Decision) -> OptionText:
    """Answer a ``call_vote`` or ``vote`` decision by the bots' voting rule (see VOTE_SHARE)."""
    totals = view.totals()
    behind = totals[view.seat] < VOTE_SHARE * max(totals)
    if d.kind == "call_vote":
        return "call_vote" if behind else "no_vote"
    return "for" if behind else "against"


BotAnswer = Callable[[str, Any, "TableView", Decision], OptionText]
"""A family's bots' answer: ``answer(character, bot, view, decision)``."""

VOTE_KINDS = frozenset({"call_vote", "vote"})
"""The decisions every family with votes asks the same way, answered by :func:`vote_choice`."""


def _answers() -> tuple[dict[str, BotAnswer], BotAnswer]:
    """Each decision kind's answer, from the bots each family registers once (their
    ``ANSWERS`` kinds; no kind is two families'), and the answer to every other kind."""
    by_kind: dict[str, BotAnswer] = {}
    rest: BotAnswer | None = None
    for family in REGISTERED:
        bots = family.players()
        for kind in bots.ANSWERS:
            if kind in by_kind or kind in VOTE_KINDS:
                raise RuntimeError(f"decision kind {kind!r} is claimed by two families' bots")
            by_kind[kind] = bots.answer
        if family.answers_the_rest:
            rest = bots.answer
    assert rest is not None, "one family's bots must answer the kinds no other claims"
    return by_kind, rest


_BY_KIND, _REST = _answers()


class Character:
    """A bot of one character (``name``): it answers a vote by the voting rule and every other
    decision as the bots of the decision's family say (:data:`landlord.rules.REGISTERED`).
    ``notes`` is what a family's bots remember between decisions (Monopoly: its trade plans)."""

    name = ""

    def __init__(self) -> None:
        self.notes: dict[str, Any] = {}

    def choose(self, view: TableView, d: Decision) -> OptionText:
        if d.kind in VOTE_KINDS:
            return vote_choice(view, d)
        return _BY_KIND.get(d.kind, _REST)(self.name, self, view, d)


class Landlord(Character):
    """The ``landlord`` outlook (:data:`~landlord.engine.valuation.OUTLOOKS`): holds land and
    buildings for their income, keeping ``reserve`` in hand. In the Magie games every choice
    is valued by what the rules in force pay (:mod:`landlord.players.magie1904`,
    :mod:`landlord.players.magie1906`); it bids at a sale from the 1906 pack and trades cards
    as :mod:`landlord.players.magie1906` says. Votes by the voting rule. Monopoly and 1913:
    every choice from the one valuation (:mod:`landlord.players.monopoly`,
    :mod:`landlord.players.british1913`)."""

    name = "landlord"

    def __init__(self, reserve: int = 50) -> None:
        super().__init__()
        self.reserve = reserve


class Tenant(Character):
    """The ``tenant`` outlook: buys no land, tickets or cards; in the Magie games values
    every other choice as the landlord does (:mod:`landlord.players.magie1904`); 1906:
    sells a card to an offer at its valuation (:mod:`landlord.players.magie1906`). Votes by
    the voting rule. Monopoly: takes no deed
    by choice (never buys, bids or proposes a trade for one); its other choices from the one
    valuation (:mod:`landlord.players.monopoly`)."""

    name = "tenant"


class Speculator(Character):
    """The ``speculator`` outlook: holds land for a rise and borrows from the Bank to buy lots
    (1904); in the Magie games values every choice by what the rules pay
    (:mod:`landlord.players.magie1904`); 1906: bids at a sale from the pack, offers and bids
    for cards up to its valuation keeping $50 (:mod:`landlord.players.magie1906`). Votes by
    the voting rule.
    Monopoly: the one valuation, asking a quarter more than a deed is worth to it to sell
    (:mod:`landlord.players.monopoly`)."""

    name = "speculator"

    def __init__(self, repay_at: int = 300) -> None:
        super().__init__()
        self.repay_at = repay_at


class RandomBot:
    """Picks uniformly among the legal options with its own seeded RNG (for tests)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: TableView, d: Decision) -> OptionText:
        return d.options[int(self.rng.random() * len(d.options))]


STRATEGIES: dict[str, type] = {
    "landlord": Landlord, "tenant": Tenant, "speculator": Speculator, "random": RandomBot,
}


def make_strategy(name: str, seed: int | str = 0) -> Strategy:
    """A fresh bot by name; ``seed`` feeds the random bot. ValueError names the known bots."""
    try:
        cls = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r} (known: {', '.join(STRATEGIES)})") from None
    bot: Strategy = cls(seed) if cls is RandomBot else cls()
    return bot
