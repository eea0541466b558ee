"""The bots' answers to the 1904 patent game's decisions (and to the Magie decisions the 1906
game shares with it: lots, luxuries, jail, passes, houses, building privileges, Speculation,
loans). ``answer`` is registered for every decision kind no other family claims.

Every decision in :data:`VALUED` is answered as every player values an option
(:mod:`landlord.engine.valuation`): by its expected effect on the player's final count, from
what the family's table says the rules in force pay (``Table1904``, ``Table1906``), never from
a flag naming a tax, a phase or a ruleset:

* buying a lot (a dealt ticket, or on landing: ``ticket``, ``buy_lot``): what it counts at the
  end plus its rent × the expected landings until then
  (:func:`~landlord.engine.valuation.card_worth`); buying on landing also spares this landing's
  rent; borrowing to buy costs the loan's interest to the end;
* a luxury (``luxury``): it counts ``luxury_value`` at the end; refusing it loses the move (its
  share of the wages);
* the jail (``jail``): the fine against the turns throwing for a double is expected to lose
  (:func:`~landlord.engine.valuation.waiting_cost`), each worth the wages it would earn for
  good less the charges its throws would meet, or, for the player the game's end waits for,
  minus the others' extra turn on his holdings (:func:`~landlord.engine.valuation.turn_worth`);
* a house (``build``) and the single tax's building privilege (``bid``, ``buy``): the house's
  count at the end and the rents it adds, less the rents and taxes it raises on its builder
  (``Table1906.house_gain``), against its price and the privilege's bid; a character that asks
  a building what land pays (:attr:`~landlord.engine.valuation.Outlook.land_first`: the
  speculator) also sets against it what the price would return in cards
  (``Table1906.land_return``);
* Speculation (``speculate``): the mean winnings less the ante and the Broker's share, plus the
  move (``Table1906.speculation_gain``);
* loans: borrowing from the Bank or a player, or the Poor House (``raise``: the interest to
  the end against what the Poor House writes off), repaying early (``repay``: the interest it
  saves, the debt it takes off the count), lending (``lend``: the interest it brings).

The cash an option leaves below the reserve costs what forced sales lose (the rules advise no
reserve: the landlord's own, :data:`RESERVE` unless given). The characters are
:data:`~landlord.engine.valuation.OUTLOOKS`: the tenant holds no land, the speculator borrows
to buy. The other decisions (a railroad pass, the direction between the Chances, a player's
loan terms, a Trust) are still character scripts: the landlord and the speculator use a pass,
accept terms and form a Trust; the tenant declines a pass, a loan's terms and a Trust; all
move forward.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import parse_option
from landlord.engine.valuation import (
    OUTLOOKS,
    Outlook,
    card_worth,
    gain_of_paying,
    turn_worth,
    waiting_cost,
)

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


def landlord(view: TableView, d: Decision) -> OptionText:
    """The landlord's answer to a decision the valuation does not weigh (see the module docstring)."""
    return pick(d.options, "use_pass", "forward", "borrow", "accept", "pay", "ask")


def tenant(view: TableView, d: Decision) -> OptionText:
    """The tenant's answer to a decision the valuation does not weigh (see the module docstring)."""
    return pick(d.options, "decline", "throw", "keep", "none", "pass", "stay", "no_pass", "forward",
                "borrow", "accept", "ask")


def speculator(view: TableView, d: Decision) -> OptionText:
    """The speculator's answer to a decision the valuation does not weigh (see the module docstring)."""
    return pick(d.options, "pay", "use_pass", "forward", "borrow", "accept", "ask")


RESERVE = 50
"""The cash the Magie players keep in hand where the bot names none (the landlord's
``reserve``): the patent advises none; the 1906 rule 1, "one generally needs between $50 and
$75 to pay expenses around the board, or until he has earned his wages": its lower figure."""

VALUED = frozenset({"ticket", "buy_lot", "luxury", "jail", "build", "bid", "buy", "speculate", "raise", "repay",
                    "lend"})
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


def jail(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Pay the fine, or throw for a double: the option costing the final count less. Paying
    costs the fine (and the cash it leaves short); throwing costs, five times in six, the turn
    it loses (the wages its throws would earn less the charges they would meet,
    :func:`~landlord.engine.valuation.turn_worth`), then the same choice next turn, until the
    rules make him pay or the game ends (:func:`~landlord.engine.valuation.waiting_cost`)."""
    t = view.table
    _, missed, most = t.jail_terms(view.seat)
    wait = waiting_cost(turn_worth(t, view.seat), d.amount, t.throws_left() / t.turn_throws(), missed, most)
    return "pay" if gain_of_paying(0, d.amount, view.cash, advised, outlook) > -wait else "throw"


def _spot(text: OptionText) -> int:
    """The space of a ``build:<space>`` option."""
    return int(parse_option(text).arg)


def build(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Build a house (and on which lot), or not: the option of the highest expected effect on
    the final count: the house's worth to him (``Table1906.house_gain``) less its price, less
    the building privilege's opening price when he builds away from where he stands under the
    single tax (``Table1906.privilege_price``), less the cost of the cash it leaves, less, for a
    character that asks a building what land pays (:attr:`Outlook.land_first`), what the
    house's price would return in cards on this table (``Table1906.land_return``)."""
    t = view.table
    best, top = d.options[0], 0.0
    for opt in d.options[1:]:
        idx = _spot(opt)
        price = d.amount + (t.privilege_price(idx) if idx != d.space else 0)
        gain = gain_of_paying(t.house_gain(idx, view.seat), price, view.cash, advised, outlook)
        if gain > top:
            best, top = opt, gain
    # what the house's price would return in cards is the same wherever it stands: asked last,
    # and only of a house worth building without it
    if top > 0 and outlook.land_first and top <= outlook.land_first * t.land_return(view.seat) * d.amount:
        return d.options[0]
    return best


def privilege(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """A bid for the single tax's building privilege on lot ``d.space`` (the lowest bid that
    leaves him better off, as at any ascending sale), or the builder's match of the highest
    bid (``buy``): the house's worth to him less the bid and the house's price."""
    t = view.table
    house = t.params.house_price
    forgone = outlook.land_first * t.land_return(view.seat) * house if outlook.land_first else 0.0
    worth = t.house_gain(d.space, view.seat) - forgone
    if d.kind == "buy":
        ok = gain_of_paying(worth, d.amount + house, view.cash, advised, outlook) > 0
        return "buy" if ok else "decline"
    for opt in d.options[1:]:
        if gain_of_paying(worth, int(parse_option(opt).arg) + house, view.cash, advised, outlook) > 0:
            return opt
    return "pass"


def speculate(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Play Speculation or refuse to move: playing is worth its mean winnings less the ante and
    the Broker's share (``Table1906.speculation_gain``) plus the move it makes (its share of
    the wages, which refusing loses unless the game's end waits for him)."""
    t = view.table
    steps = (d.space - view.player.pos) % t.size
    moved = 0.0 if t.last(view.seat) else steps * t.wages_lost(view.seat) / t.size
    gain = t.speculation_gain(d.space, view.seat) + moved
    ante = view.space(d.space).fee
    return "play" if gain - outlook.cash_cost(view.cash - ante, advised) + outlook.cash_cost(view.cash, advised) > 0 \
        else "stay"


def raise_money(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Raise ``d.amount`` short: borrow from the Bank (the notes' interest at each of his wages
    still to come, the cash beyond the need kept against the reserve), ask a player (valued at
    the Bank's interest: the lender names his own), or go to the Poor House (what he cannot pay
    is written off, the kit's reading of the patent)."""
    t = view.table
    short = d.amount
    unit = t.params.loan_unit

    def gain(opt: OptionText) -> float:
        head, arg = parse_option(opt)
        if head == "poorhouse":
            return short - outlook.cash_cost(0, advised)
        borrowed = int(arg) if head == "borrow" else -(-short // unit) * unit
        return -t.loan_cost(view.seat, borrowed) - outlook.cash_cost(borrowed - short, advised)

    return max(d.options, key=gain)  # the first of equals: the Bank's loan before a player's


def repay(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Repay a loan (lift a mortgage) or keep it: what each repayment is worth to the final
    count (the debt it takes off, the interest it saves, ``repayment``) less what it costs,
    the cash it leaves included."""
    t = view.table
    best, top = d.options[0], 0.0
    for opt in d.options[1:]:
        price, worth = t.repayment(view.seat, opt)
        gain = gain_of_paying(worth, price, view.cash, advised, outlook)
        if gain > top:
            best, top = opt, gain
    return best


def lend(outlook: Outlook, view: TableView, d: Decision, advised: int) -> OptionText:
    """Lend ``d.amount`` or decline: the interest it brings (``lending_return``; the principal
    is his again at the end if not before) against the cash it takes below his reserve."""
    t = view.table
    best, top = d.options[0], 0.0
    for opt in d.options[1:]:
        rate = int(parse_option(opt).arg)
        gain = gain_of_paying(d.amount + t.lending_return(rate, d.amount), d.amount, view.cash, advised, outlook)
        if gain > top:
            best, top = opt, gain
    return best


ANSWER = {"ticket": purchase, "buy_lot": purchase, "luxury": luxury, "jail": jail, "build": build,
          "bid": privilege, "buy": privilege, "speculate": speculate, "raise": raise_money, "repay": repay,
          "lend": lend}
"""Each valued decision's answer (:data:`VALUED`)."""


def answer(character: str, bot: Any, view: TableView, d: Decision) -> OptionText:
    """The ``landlord``'s, ``tenant``'s or ``speculator``'s answer; ``bot`` carries its
    ``reserve`` (landlord). A ``bid`` or ``buy`` reaching these bots is the single tax's
    building privilege, or a sale from the 1906 pack put to a player who holds no land (the
    1906 bots answer the others'): he passes."""
    if d.kind in VALUED:
        advised = getattr(bot, "reserve", RESERVE)
        outlook = OUTLOOKS[character]
        if d.kind in ("bid", "buy") and view.table.pack_sale(d.space):
            return "pass" if d.kind == "bid" else "decline"
        return ANSWER[d.kind](outlook, view, d, advised)
    if character == "landlord":
        return landlord(view, d)
    if character == "speculator":
        return speculator(view, d)
    return tenant(view, d)
