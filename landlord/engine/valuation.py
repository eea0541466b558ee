"""One valuation behind a computer player's choices, and the characters as its parameters.

A player values each legal option of a decision by what it is expected to do to its own final
count: what a holding counts at the end (as the family's count values it), plus the money it is
expected to bring its holder until the end, less what it costs to hold, less the cost of the
cash the option leaves short. The money a holding brings comes from what the rules in force
pay per landing (rent kept, interest, net of any tax or rates its holder bears), the exact
chance that a throw ends on its space (:mod:`landlord.engine.landing`, worked out once per
ruleset and phase by the family's prospects) and the throws the other players still have to make.
No discounting: the games are short and money earns nothing lying in the bank.

A family's rules state their payoffs once, as typed data (the 1913 land prospects'
:class:`~landlord.rules.british1913.terms.SiteTerms`, the 1906 prospects' ``earning`` and
``end_value``); the family's players read those numbers and nothing else of the rules: no
player asks which tax, phase or family is in force. So a change of rule moves a player only
through what the rule pays.

A character is an :class:`Outlook`: which holdings it may take, how much cash it keeps against
charges it cannot foresee, the markup it asks to sell land, the return it asks of capital it ties
up in a building against what land pays, and how far ahead it counts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Outlook:
    """A character: the parameters and constraints of the one valuation.

    * ``holds_land``: it may buy land (a tenant does not; it still sells land it comes to hold).
    * ``reserve``: the cash it keeps in hand, as a multiple of the reserve the rules advise
      (1913: "It is advisable to keep from £250 to £300 in cash"; elsewhere the family's own
      figure). Each pound an option leaves below it costs :attr:`shortfall` of a pound.
    * ``shortfall``: what a pound short of the reserve is expected to cost: a player who cannot
      pay sells "for what it will fetch" (the share a forced sale loses).
    * ``markup``: the share above a holding's value to it that it asks before it sells (a
      speculator holds land for a rise).
    * ``land_first``: the share of what land returns per pound that it asks of a pound of
      capital tied up in a building (its opportunity cost: a speculator keeps its cash for
      land, so a building must pay at least what the land on the table pays per pound; 0: a
      building need only pay back its cost).
    * ``horizon``: the share of the game left it counts income over (1: to the end).
    * ``borrows``: its appetite for debt: whether it borrows to buy where the rules let it
      (the loan's interest to the end counted against what it buys).
    """

    name: str
    holds_land: bool = True
    reserve: float = 1.0
    shortfall: float = 0.5
    markup: float = 0.0
    land_first: float = 0.0
    horizon: float = 1.0
    borrows: bool = False

    def buy_limit(self, value: float) -> float:
        """The most it pays for a holding worth ``value`` to it."""
        return value if self.holds_land else 0.0

    def sell_limit(self, value: float) -> float:
        """The least it sells a holding worth ``value`` to it for (before its cash position)."""
        return value * (1.0 + self.markup)

    def keener_than(self, other: Outlook) -> bool:
        """Whether it may value a holding above ``other`` does (it counts further ahead, or asks
        less of a building); if not, it never values one more."""
        return self.holds_land and (self.horizon > other.horizon or self.land_first < other.land_first)

    def cash_cost(self, cash: float, advised: float) -> float:
        """What holding ``cash`` costs it in expected forced-sale losses: each pound below its
        reserve (``reserve`` × the ``advised`` figure) costs ``shortfall`` of a pound."""
        short = self.reserve * advised - cash
        return self.shortfall * short if short > 0.0 else 0.0  # max(0, short), without a call: read often


OUTLOOKS: dict[str, Outlook] = {
    "landlord": Outlook("landlord"),
    "speculator": Outlook("speculator", markup=0.25, land_first=1.0, borrows=True),
    "tenant": Outlook("tenant", holds_land=False),
}
"""The characters, each one set of parameters of the valuation:

* ``landlord`` holds land and buildings for their income, keeping the advised reserve;
* ``speculator`` holds land for a rise (sells only at a quarter above its value to it) and
  builds only where a building pays at least what land pays per pound (so where the rules let
  land pay its holder well, its land lies idle); it keeps the advised reserve (keeping none,
  it lost two 1913 Part 3 games in three to the speculator it replaced, through forced sales:
  ``studies/players_head_to_head.py``); it borrows to buy where the rules let it (1904);
* ``tenant`` buys no land, keeps the reserve, and builds on land others hold where it pays."""


def landings(chance: float, players: int, throws: float) -> float:
    """Expected landings on a space by ``players`` players each making ``throws`` more throws,
    when a throw ends there with probability ``chance``."""
    return chance * players * max(0.0, throws)


def holding_value(end_value: float, per_landing: float, expected_landings: float,
                  carry: float = 0.0) -> float:
    """What a holding adds to its holder's final count: what it counts at the end, plus
    ``per_landing`` (what the rules pay its holder when another player lands there, net of
    what he must pay over) × the ``expected_landings``, less ``carry`` (what holding it costs
    him until the end, paid whoever lands)."""
    return end_value + per_landing * expected_landings - carry


def gain_of_paying(worth: float, price: float, cash: float, advised: float, outlook: Outlook) -> float:
    """What paying ``price`` for something worth ``worth`` to the player does to its expected
    final count, the cost of the cash it leaves included."""
    return worth - price - outlook.cash_cost(cash - price, advised) + outlook.cash_cost(cash, advised)


def gain_of_selling(worth: float, price: float, cash: float, advised: float, outlook: Outlook) -> float:
    """What selling something worth ``worth`` to the player for ``price`` does to its expected
    final count, the cash it brings in included (the :attr:`Outlook.markup` asked on top)."""
    relief = outlook.cash_cost(cash, advised) - outlook.cash_cost(cash + price, advised)
    return price - outlook.sell_limit(worth) + relief


class CardProspects(Protocol):
    """What a Magie family's prospects state of a card (1904: a lot; 1906: any card): the
    chance a throw ends on its space, what a player stopping there pays its holder, what it
    counts at the end, and the throws each player may still expect."""

    def chance(self, idx: int) -> float: ...

    def earning(self, idx: int, seat: int) -> float: ...

    def end_value(self, idx: int) -> int: ...

    def throws_left(self) -> float: ...


def card_worth(t: CardProspects, idx: int, seat: int, players: int) -> int:
    """What the card of space ``idx`` is worth to ``seat`` now: what it counts at the end plus
    what it is expected to bring in until then (the chance a throw ends there × what a player
    stopping there pays the holder × the throws left × the ``players``: the others' landings
    pay him, his own cost him nothing where another holder would charge him)."""
    income = t.chance(idx) * t.earning(idx, seat) * t.throws_left() * players
    return t.end_value(idx) + int(income)


class TurnProspects(Protocol):
    """What a Magie family's prospects state of a turn on the track: the spaces and the players,
    the chance a throw ends on each space, what stopping there costs a seat (:meth:`charge`:
    negative where it pays him) and what another player's stop pays him (:meth:`paid_to`),
    the wages a turn he misses loses him for good (:meth:`wages_lost`), whether the game's end
    waits for him (:meth:`last`), the throws a turn makes and the throws left."""

    @property
    def size(self) -> int: ...

    @property
    def players(self) -> int: ...

    def odds(self) -> Mapping[int, float]: ...

    def charge(self, idx: int, seat: int) -> float: ...

    def paid_to(self, idx: int, seat: int) -> float: ...

    def wages_lost(self, seat: int) -> int: ...

    def last(self, seat: int) -> bool: ...

    def turn_throws(self) -> float: ...

    def throws_left(self) -> float: ...


MEAN_THROW = 7
"""The mean throw of two dice: the spaces a throw moves a token on average."""

DOUBLE = 1.0 / 6.0
"""The chance of a double with two dice."""


def turn_worth(t: TurnProspects, seat: int) -> float:
    """What one more turn on the track is worth to ``seat``'s final count, against missing it.
    The Magie games end when the last player has been round the board the rules' number of
    times, so what a missed turn does depends on who that is:

    * if the end waits for him (:meth:`TurnProspects.last`), he still makes every throw he would
      have made, and every other player makes one turn more: his holdings earn one more turn
      of their stops (the turn is worth minus that);
    * otherwise he makes one turn fewer before the end: he loses the wages its throws would
      have earned him for good (the share of a round a mean throw covers ×
      :meth:`TurnProspects.wages_lost`: nothing where his wages are paid for rounds he will still
      finish) and is spared what a throw is expected to pay where it stops (Σ chance × charge).
    """
    throws = t.turn_throws()
    odds = t.odds().items()
    if t.last(seat):
        earns = sum(chance * t.paid_to(i, seat) for i, chance in odds)
        return -throws * (t.players - 1) * earns
    meets = sum(chance * t.charge(i, seat) for i, chance in odds)
    return throws * (t.wages_lost(seat) * MEAN_THROW / t.size - meets)


def waiting_cost(worth: float, fine: int, turns: float, missed: int = 0, most: int | None = None) -> float:
    """The expected cost (to the final count) of throwing for a double in jail now instead of
    paying ``fine``, playing on as well as one can: a double (:data:`DOUBLE`) frees him and
    moves him as paying would; otherwise he loses this turn (``worth``: :func:`turn_worth`)
    and chooses again next turn, until the game's ``turns`` left run out (a turn after the end
    costs nothing). ``missed``: turns already missed; ``most``: the turns he may miss before he
    must pay (None: no limit)."""
    horizon = max(0, math.ceil(turns))
    if not horizon:
        return 0.0
    stay = 1 - DOUBLE
    if most is None:
        # no limit: the best play from any turn is to pay or to throw until the end, and the
        # cost of throwing with h turns left, stay * (worth + the cost after), is monotone in
        # h, so it is the sum of its series, capped at the fine (once throwing costs more than
        # the fine it does so with every turn more: worth >= fine / 5)
        after = stay * worth * (1 - stay ** (horizon - 1)) / DOUBLE
        return stay * (worth + min(float(fine), after))
    # best[k]: the cost of the best play from k turns missed, one turn fewer left each pass
    # (beyond ``most`` turns left the limit, not the end, decides)
    best = [0.0] * (most + 1)
    for _ in range(1, min(horizon, most + 1)):
        best = [float(fine) if k >= most else min(float(fine), stay * (worth + best[k + 1]))
                for k in range(most + 1)]
    return stay * (worth + best[min(missed + 1, most)])
