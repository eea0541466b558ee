"""One valuation behind a computer player's choices, and the characters as its parameters.

A player values each legal option of a decision by what it is expected to do to its own final
count: what a holding counts at the end (as the family's count values it), plus the money it is
expected to bring its holder until the end, less what it costs to hold, less the cost of the
cash the option leaves short. The money a holding brings comes from what the rules in force
pay per landing (rent kept, interest, net of any tax or rates its holder bears), the exact
chance that a throw ends on its space (:mod:`landlord.engine.landing`, worked out once per
ruleset and phase by the family's table) and the throws the other players still have to make.
No discounting: the games are short and money earns nothing lying in the bank.

A family's rules state their payoffs once, as typed data (the 1913 land table's
:class:`~landlord.rules.british1913.state.SiteTerms`, the 1906 table's ``earning`` and
``end_value``); the family's players read those numbers and nothing else of the rules: no
player asks which tax, phase or family is in force. So a change of rule moves a player only
through what the rule pays.

A character is an :class:`Outlook`: which holdings it may take, how much cash it keeps against
charges it cannot foresee, the markup it asks to sell land, the return it asks of capital it ties
up in a building against what land pays, and how far ahead it counts.
"""

from __future__ import annotations

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
        return self.shortfall * max(0.0, self.reserve * advised - cash)


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
  ``benchmarks/bench_players.py``); it borrows to buy where the rules let it (1904);
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


class CardTable(Protocol):
    """What a Magie family's table states of a card (1904: a lot; 1906: any card): the
    chance a throw ends on its space, what a player stopping there pays its holder, what it
    counts at the end, and the throws each player may still expect."""

    def chance(self, idx: int) -> float: ...

    def earning(self, idx: int, seat: int) -> float: ...

    def end_value(self, idx: int) -> int: ...

    def throws_left(self) -> float: ...


def card_worth(t: CardTable, idx: int, seat: int, players: int) -> int:
    """What the card of space ``idx`` is worth to ``seat`` now: what it counts at the end plus
    what it is expected to bring in until then (the chance a throw ends there × what a player
    stopping there pays the holder × the throws left × the ``players``: the others' landings
    pay him, his own cost him nothing where another holder would charge him)."""
    income = t.chance(idx) * t.earning(idx, seat) * t.throws_left() * players
    return t.end_value(idx) + int(income)
