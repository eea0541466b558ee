"""The bots' answers to the 1904 patent game's decisions (and to the Magie decisions the 1906
game shares with it: lots, luxuries, jail, passes, houses, building privileges, Speculation,
loans). ``answer`` is registered for every decision kind no other family claims.

- landlord: pays the jail fine when it can keep ``reserve``; borrows the least it must; lends
  at the highest interest when it has the reserve to spare; repays loans when it holds twice
  the reserve. 1906: builds a house (the dearest spot offered) and makes the lowest bid for a
  single-tax building privilege when it keeps the reserve; plays Speculation when it can spare
  the ante.
- tenant: throws for doubles in jail, borrows only when it must, never lends; 1906: never
  builds or bids, stays off Speculation.
- speculator: repays loans once it has ``repay_at`` in hand; pays the jail fine; lends at 5
  when it can spare the money. 1906: bids the lowest bid for a building privilege and builds
  while keeping $50/$100 in hand; always plays Speculation.

Buying a lot (a dealt ticket, or on landing: ``ticket``, ``buy_lot``) and buying a luxury
(``luxury``) are valued as every player values an option (:mod:`landlord.engine.valuation`),
from what the family's table says the rules in force pay (``Table1904``, ``Table1906``): a
lot is worth what it counts at the end plus its rent × the expected landings until then
(:func:`~landlord.engine.valuation.card_worth`); buying it on landing also spares this
landing's rent; borrowing to buy costs the loan's interest to the end; a luxury counts
``luxury_value`` at the end, and refusing it loses the move (its share of the wages). The cash
an option leaves below the reserve costs what forced sales lose (the rules advise no reserve:
the landlord's own, :data:`RESERVE` unless given). The characters are
:data:`~landlord.engine.valuation.OUTLOOKS`: the tenant holds no land, the speculator borrows.
The other decisions (jail, houses, building privileges, Speculation, loans) are still the
character scripts above.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import option, parse_option
from landlord.engine.valuation import OUTLOOKS, Outlook, card_worth, gain_of_paying

if TYPE_CHECKING:
    from landlord.engine.strategies import TableView

ANSWERS: frozenset[str] = frozenset()
"""The decision kinds claimed by name: none, for these bots answer every kind no other family
claims (``answers_the_rest`` in :data:`landlord.rules.REGISTERED`)."""


def pick(options: tuple[OptionText, ...], *preferred: str) -> OptionText:
    """The first option whose kind is a preference, else the first option."""
    kinds = [parse_option(opt).kind for opt in options]
    for want in preferred:
        if want in kinds:
            return options[kinds.index(want)]
    return options[0]


def landlord(view: TableView, d: Decision, reserve: int) -> OptionText:
    """The landlord's answer (see the module docstring)."""
    spare = view.cash - reserve
    kind, opts = d.kind, d.options
    if kind == "buy":  # a building privilege (1906 single tax), when the reserve allows
        return "buy" if spare >= d.amount else "decline"
    if kind == "jail":
        return "pay" if "pay" in opts and spare >= d.amount else "throw"
    if kind == "build":  # houses (1906): the dearest spot offered, when the reserve allows
        return opts[1] if len(opts) > 1 and spare >= d.amount else "none"
    if kind == "bid":  # a building privilege (1906 single tax): the lowest bid, when the reserve allows
        return opts[1] if spare >= int(parse_option(opts[1]).arg) else "pass"
    if kind == "speculate":
        return "play" if spare >= 10 else "stay"
    if kind == "lend":
        return option("lend", 10) if spare >= d.amount else "decline"
    if kind == "repay":
        return opts[-1] if view.cash >= 2 * reserve + 100 else "keep"
    return pick(opts, "use_pass", "forward", "borrow", "accept", "pay", "ask")


def tenant(view: TableView, d: Decision) -> OptionText:
    """The tenant's answer (see the module docstring)."""
    return pick(d.options, "decline", "throw", "keep", "none", "pass", "stay", "no_pass", "forward",
                "borrow", "accept", "ask")


def speculator(view: TableView, d: Decision, repay_at: int) -> OptionText:
    """The speculator's answer (see the module docstring)."""
    kind, opts = d.kind, d.options
    if kind == "buy":  # a building privilege (1906 single tax)
        return "buy"
    if kind == "repay":
        return opts[-1] if view.cash >= repay_at else "keep"
    if kind == "lend":
        return option("lend", 5) if view.cash >= d.amount + 200 else "decline"
    if kind == "build":  # houses (1906): the dearest spot offered, keeping $100 in hand
        return opts[1] if len(opts) > 1 and view.cash >= d.amount + 100 else "none"
    if kind == "bid":  # a building privilege (1906 single tax): the lowest bid, keeping $50 in hand
        return opts[1] if view.cash >= int(parse_option(opts[1]).arg) + 50 else "pass"
    if kind == "speculate":
        return "play"
    return pick(opts, "pay", "use_pass", "forward", "borrow", "accept", "ask")


RESERVE = 50
"""The cash the Magie players keep in hand where the bot names none (the landlord's
``reserve``): the rules advise none."""

VALUED = frozenset({"ticket", "buy_lot", "luxury"})
"""The decisions answered by the valuation (the rest by the character scripts above)."""


def purchase(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Buy (or borrow and buy) a lot, or not: the option of the higher expected effect on the
    final count (see the module's text)."""
    t = view.table
    no = d.options[-1]
    yes = d.options[0]
    worth = outlook.buy_limit(card_worth(t, d.space, view.seat, view.n_players))
    cash, price = view.cash, d.amount
    if yes == "borrow_buy":
        if not outlook.borrows:
            return no
        loan = price - cash
        gain = gain_of_paying(worth - t.loan_cost(view.seat, loan), price, cash + loan, advised, outlook) \
            - outlook.cash_cost(cash + loan, advised) + outlook.cash_cost(cash, advised)
    else:
        gain = gain_of_paying(worth, price, cash, advised, outlook)
    spared = t.earning(d.space, view.seat) if no == "rent" else 0.0  # the rent this landing would cost
    return yes if gain + spared > 0 else no


def luxury(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Buy the luxury (it counts ``luxury_value`` at the end) or refuse it and lose the move
    (the share of the wages its spaces would earn)."""
    t = view.table
    steps = (d.space - view.player.pos) % t.size
    lost = steps * t.wages_now() / t.size
    gain = gain_of_paying(t.params.luxury_value, d.amount, view.cash, advised, outlook)
    return "buy" if gain + lost > 0 else "refuse"


def answer(character: str, bot: Any, view: TableView, d: Decision) -> OptionText:
    """The ``landlord``'s, ``tenant``'s or ``speculator``'s answer; ``bot`` carries its
    ``reserve`` (landlord) or ``repay_at`` (speculator)."""
    if d.kind in VALUED:
        advised = getattr(bot, "reserve", RESERVE)
        outlook = OUTLOOKS[character]
        return luxury(outlook, view, d, advised) if d.kind == "luxury" else purchase(outlook, view, d, advised)
    if character == "landlord":
        return landlord(view, d, bot.reserve)
    if character == "speculator":
        return speculator(view, d, bot.repay_at)
    return tenant(view, d)
