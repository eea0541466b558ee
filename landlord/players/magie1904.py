"""The bots' answers to the 1904 patent game's decisions (and to the Magie decisions the 1906
game shares with it: lots, luxuries, jail, passes, houses, building privileges, Speculation,
loans). ``answer`` is registered for every decision kind no other family claims.

Every decision in :data:`VALUED` is answered as every player values an option
(:mod:`landlord.engine.valuation`): by its expected effect on the player's final count, from
what the family's prospects say the rules in force pay (``Prospects1904``, ``Prospects1906``), never from
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
  (``Prospects1906.house_gain``), against its price and the privilege's bid; a character that asks
  a building what land pays (:attr:`~landlord.engine.valuation.Outlook.land_first`: the
  speculator) also sets against it what the price would return in cards
  (``Prospects1906.land_return``);
* Speculation (``speculate``): the mean winnings less the ante and the Broker's share, plus the
  move (``Prospects1906.speculation_gain``);
* loans: borrowing from the Bank or a player, or the Poor House (``raise``: the interest to
  the end against what the Poor House writes off), repaying early (``repay``: the interest it
  saves, the debt it takes off the count), lending (``lend``: the interest it brings);
* where a move ends (``pass``: a railroad pass, 1904; ``direction``: either way between the
  1906 Chances, or after five rounds in 1904): what stopping there costs him (the prospects'
  ``charge``: rent, fares, taxes, the trespasser's fine, a Chance card's mean; what it leaves
  short of his reserve) and what the spaces moved are worth (:func:`advance_worth`: the
  share of the wages a round pays that a missed space loses for good; for the player the
  end waits for, what the time it moves pays his best-placed rival against him);
* a player's loan terms (``loan_terms``): the interest the lender named (``offer_cost``)
  against the cheapest other way the rules leave to raise the money
  (``raise_options``, :func:`raise_rate`), per dollar of the shortfall.

The cash an option leaves below the reserve costs what forced sales lose (the rules advise no
reserve: the landlord's own, :data:`RESERVE` unless given). The characters are
:data:`~landlord.engine.valuation.OUTLOOKS`: the tenant holds no land, the speculator borrows
to buy.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import parse_option
from landlord.engine.valuation import (
    MEAN_THROW,
    OUTLOOKS,
    Outlook,
    card_worth,
    gain_of_paying,
    turn_worth,
    waiting_cost,
)

if TYPE_CHECKING:
    from landlord.engine.strategies import SeatView

ANSWERS: frozenset[str] = frozenset()
"""The decision kinds claimed by name: none, for these bots answer every kind no other family
claims (:data:`landlord.players.registry.REST`)."""


RESERVE = 50
"""The cash the Magie players keep in hand where the bot names none (the landlord's
``reserve``): the patent advises none; the 1906 rule 1, "one generally needs between $50 and
$75 to pay expenses around the board, or until he has earned his wages": its lower figure."""

VALUED = frozenset({"ticket", "buy_lot", "luxury", "jail", "build", "bid", "buy", "speculate", "raise", "repay",
                    "lend", "pass", "direction", "loan_terms"})
"""The decisions these players answer (every one by the valuation)."""


def purchase(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Buy (or borrow and buy) a lot, or not: the option of the higher expected effect on the
    final count (see the module's text)."""
    t = view.prospects
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


def luxury(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Buy the luxury (it counts ``luxury_value`` at the end) or refuse it and lose the move
    (the share of the wages its spaces would earn)."""
    t = view.prospects
    steps = (d.space - view.player.pos) % t.size
    lost = steps * t.wages_now() / t.size
    gain = gain_of_paying(t.params.luxury_value, d.amount, view.cash, advised, outlook)
    return "buy" if gain + lost > 0 else "refuse"


def jail(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Pay the fine, or throw for a double: the option costing the final count less. Paying
    costs the fine (and the cash it leaves short); throwing costs, five times in six, the turn
    it loses (the wages its throws would earn less the charges they would meet,
    :func:`~landlord.engine.valuation.turn_worth`), then the same choice next turn, until the
    rules make him pay or the game ends (:func:`~landlord.engine.valuation.waiting_cost`)."""
    t = view.prospects
    _, missed, most = t.jail_terms(view.seat)
    wait = waiting_cost(turn_worth(t, view.seat), d.amount, t.throws_left() / t.turn_throws(), missed, most)
    return "pay" if gain_of_paying(0, d.amount, view.cash, advised, outlook) > -wait else "throw"


def _spot(text: OptionText) -> int:
    """The space of a ``build:<space>`` option."""
    return int(parse_option(text).arg)


def build(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Build a house (and on which lot), or not: the option of the highest expected effect on
    the final count: the house's worth to him (``Prospects1906.house_gain``) less its price, less
    the building privilege's opening price when he builds away from where he stands under the
    single tax (``Prospects1906.privilege_price``), less the cost of the cash it leaves, less, for a
    character that asks a building what land pays (:attr:`Outlook.land_first`), what the
    house's price would return in cards on this table (``Prospects1906.land_return``)."""
    t = view.prospects
    best, top = d.options[0], 0.0
    spots = [_spot(opt) for opt in d.options[1:]]
    for opt, idx, worth in zip(d.options[1:], spots, t.house_gains(spots, view.seat), strict=True):
        price = d.amount + (t.privilege_price(idx) if idx != d.space else 0)
        gain = gain_of_paying(worth, price, view.cash, advised, outlook)
        if gain > top:
            best, top = opt, gain
    # what the house's price would return in cards is the same wherever it stands: asked last,
    # and only of a house worth building without it
    if top > 0 and outlook.land_first and top <= outlook.land_first * t.land_return(view.seat) * d.amount:
        return d.options[0]
    return best


def privilege(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """A bid for the single tax's building privilege on lot ``d.space`` (the lowest bid that
    leaves him better off, as at any ascending sale), or the builder's match of the highest
    bid (``buy``): the house's worth to him less the bid and the house's price."""
    t = view.prospects
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


def speculate(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Play Speculation or refuse to move: playing is worth its mean winnings less the ante and
    the Broker's share (``Prospects1906.speculation_gain``) plus the move it makes (its share of
    the wages, which refusing loses unless the game's end waits for him)."""
    t = view.prospects
    steps = (d.space - view.player.pos) % t.size
    moved = 0.0 if t.last(view.seat) else steps * t.wages_lost(view.seat) / t.size
    gain = t.speculation_gain(d.space, view.seat) + moved
    ante = view.space(d.space).fee
    return "play" if gain - outlook.cash_cost(view.cash - ante, advised) + outlook.cash_cost(view.cash, advised) > 0 \
        else "stay"


def raise_money(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Raise ``d.amount`` short: borrow from the Bank (the notes' interest at each of his wages
    still to come, the cash beyond the need kept against the reserve), ask a player (valued at
    the Bank's interest: the lender names his own), or go to the Poor House (what he cannot pay
    is written off, the kit's reading of the patent)."""
    t = view.prospects
    short = d.amount
    unit = t.params.loan_unit

    def gain(opt: OptionText) -> float:
        head, arg = parse_option(opt)
        if head == "poorhouse":
            return short - outlook.cash_cost(0, advised)
        borrowed = int(arg) if head == "borrow" else -(-short // unit) * unit
        return -t.loan_cost(view.seat, borrowed) - outlook.cash_cost(borrowed - short, advised)

    return max(d.options, key=gain)  # the first of equals: the Bank's loan before a player's


def repay(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Repay a loan (lift a mortgage) or keep it: what each repayment is worth to the final
    count (the debt it takes off, the interest it saves, ``repayment``) less what it costs,
    the cash it leaves included."""
    t = view.prospects
    best, top = d.options[0], 0.0
    for opt in d.options[1:]:
        price, worth = t.repayment(view.seat, opt)
        gain = gain_of_paying(worth, price, view.cash, advised, outlook)
        if gain > top:
            best, top = opt, gain
    return best


def lend(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Lend ``d.amount`` or decline: the interest it brings (``lending_return``; the principal
    is his again at the end if not before) against the cash it takes below his reserve."""
    t = view.prospects
    best, top = d.options[0], 0.0
    for opt in d.options[1:]:
        rate = int(parse_option(opt).arg)
        gain = gain_of_paying(d.amount + t.lending_return(rate, d.amount), d.amount, view.cash, advised, outlook)
        if gain > top:
            best, top = opt, gain
    return best


def stop_cost(outlook: Outlook, view: SeatView, idx: int, advised: int) -> float:
    """What stopping on space ``idx`` costs the player's final count: what the prospects say a
    stop there costs him (``charge``; negative where it pays him) and the cash it leaves
    short of his reserve."""
    charge = view.prospects.charge(idx, view.seat)
    return charge + outlook.cash_cost(view.cash - charge, advised) - outlook.cash_cost(view.cash, advised)


def throw_nets(t: Any) -> tuple[float, ...]:
    """What one more throw by every player is expected to bring each seat on the track: the
    wages his own throw earns for good (``wages_lost`` a round, a mean throw covering 7 of its
    spaces), what the others' throws pay him where they stop (``paid_to``), less what his own
    throw costs him where it stops (``charge``). Kept while the prospects' ``payoff_key`` stands
    (the last prospects asked, held so that its identity cannot pass to another)."""
    key = t.payoff_key()
    if _NETS and _NETS[0] is t and _NETS[1] == key:
        nets: tuple[float, ...] = _NETS[2]
        return nets
    others, paid_to, charge, odds = t.players - 1, t.paid_to, t.charge, t.odds().items()
    flows = []
    for seat in range(t.players):
        net = 0.0
        for i, chance in odds:
            net += chance * (others * paid_to(i, seat) - charge(i, seat))
        flows.append(t.wages_lost(seat) * MEAN_THROW / t.size + net)
    nets = tuple(flows)
    _NETS[:] = [t, key, nets]
    return nets


_NETS: list[Any] = []
"""The last prospects :func:`throw_nets` were asked of, its ``payoff_key`` and the answer."""


def advance_worth(t: Any, seat: int, spaces: int) -> float:
    """What moving ``spaces`` further round the board (negative: back) is worth to ``seat``'s
    final count, where he stops apart. The game ends when the last player has been round the
    rules' number of times (``last``), so:

    * for a player the end does not wait for, the game lasts as long either way: the spaces
      are their share of a round's wages that he keeps for good (``wages_lost``: 1904 none,
      1906 the wages);
    * for the player it waits for, each space brings the end a seventh of a throw nearer
      (the mean throw of two dice moves seven) for every player. The rules name the winner
      by comparison ("the player who has the most in cash, cards and houses"), and the time
      pays every player (:func:`throw_nets`), so what the end nearer is worth to him is what a
      throw would bring his best-placed rival less what it would bring him. Counting his own
      side alone, the last player with land that pays would hold the end off for ever (in
      1906, where a player between the Chances may move back, seed 5 ran to the rules' 200
      rounds with the speculator at four rounds of five)."""
    if t.last(seat):
        nets = throw_nets(t)
        rival = max(net for other, net in enumerate(nets) if other != seat)
        own = nets[seat] - t.wages_lost(seat) * MEAN_THROW / t.size  # his rounds' wages come anyway
        return spaces / MEAN_THROW * (rival - own)
    return float(spaces * t.wages_lost(seat) / t.size)


def railroad_pass(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Use a railroad pass or not (the patent: "the privilege of jumping once from one railroad
    to another"): the option whose stop costs less, with the spaces the jump adds
    (:func:`advance_worth`); a tie uses the pass."""
    t = view.prospects
    n, here, start, steps = t.size, d.space, view.player.pos, d.amount
    backward = (here - start) % n >= steps  # the railroad is behind him: he moves back
    sign = -1 if backward else 1
    jump = t.pass_jump(here, backward)
    plain, jumped = (start + sign * steps) % n, (start + sign * (steps + jump)) % n
    gain = stop_cost(outlook, view, plain, advised) - stop_cost(outlook, view, jumped, advised) \
        + advance_worth(t, view.seat, sign * jump)
    return "use_pass" if gain >= 0 else "no_pass"


def direction(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Move forward or back by the throw ``d.amount`` from space ``d.space`` (1906 rule 2: "it
    is sometimes more desirable to make a backward move than a forward one"; the patent after
    five rounds): the way whose stop costs less, with what the spaces moved are worth
    (:func:`advance_worth`); a tie goes forward."""
    t = view.prospects
    n, here, steps = t.size, d.space, d.amount
    ahead, behind = (here + steps) % n, (here - steps) % n
    gain = stop_cost(outlook, view, ahead, advised) - stop_cost(outlook, view, behind, advised) \
        - 2 * steps * advance_worth(t, view.seat, 1)  # linear in the spaces
    return "backward" if gain > 0 else "forward"


def best_bid(view: SeatView, idx: int) -> int:
    """What the card of ``idx`` is expected to fetch offered to the other players (1906 rule 1:
    prices "regulated by the demand"): the dearest listed price within what the keenest of
    them values it at (:func:`~landlord.engine.valuation.card_worth`) and his cash."""
    t = view.prospects
    top = 0
    for other in range(view.n_players):
        if other != view.seat:
            top = max(top, min(card_worth(t, idx, other, view.n_players), view.cash_of(other)))
    return max((int(p) for p in t.params.market_prices if p <= top), default=0)


def raise_rate(outlook: Outlook, view: SeatView, opt: OptionText, short: int, advised: int) -> float:
    """What a way of raising money the rules offer costs the final count per dollar of the
    ``short`` it covers (``math.inf`` where it is expected to raise nothing), its surplus
    kept against the reserve: a Bank loan its interest to the end (1904, ``loan_cost``); the
    Poor House what it writes off (1904: gains it); a mortgage nothing (the count takes the
    amount owed off, and the card still counts and earns: 1906 ``mortgage_value``); a house
    sold back what it would add less its sale price (``house_loss``, ``house_sale``); a card
    offered its worth to him less the best bid expected (:func:`best_bid`); asking a player
    the dearest interest he may name (``ask_cost``)."""
    t = view.prospects
    seat = view.seat
    head, arg = parse_option(opt)
    if head == "borrow":
        raised, loss = int(arg), float(t.loan_cost(seat, int(arg)))
    elif head == "poorhouse":
        raised, loss = short, -float(short)
    elif head == "mortgage":
        raised, loss = t.mortgage_value(int(arg)), 0.0
    elif head == "sell_house":
        raised = t.house_sale(int(arg))
        loss = t.house_loss(int(arg), seat) - raised
    elif head == "sell_card":
        raised = best_bid(view, int(arg))
        loss = float(card_worth(t, int(arg), seat, view.n_players) - raised)
    else:  # ask:<player>: he lends only if his cash covers the shortfall
        raised = short if view.cash_of(int(arg)) >= short else 0
        loss = float(t.ask_cost(seat, short))
    if raised <= 0:
        return math.inf
    covered = min(raised, short)
    relief = outlook.cash_cost(0, advised) - outlook.cash_cost(raised - covered, advised)
    return (loss - relief) / covered


def loan_terms(outlook: Outlook, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Accept a player's loan on the terms he named, or decline: the interest it costs the
    final count (``offer_cost``, the surplus principal kept against the reserve) against the
    cheapest other way the rules leave to raise the shortfall (``raise_options`` less asking
    this lender again, :func:`raise_rate`); where none is left the rules send him to the Poor
    House until his next turn, the debt still owed: a turn (:func:`turn_worth`)."""
    t = view.prospects
    lender, short, principal, cost = t.offer_cost(view.seat)
    relief = outlook.cash_cost(0, advised) - outlook.cash_cost(principal - short, advised)
    accept = (cost - relief) / short
    others = [o for o in t.raise_options(view.seat) if o != f"ask:{lender}"]
    rates = [raise_rate(outlook, view, o, short, advised) for o in others]
    decline = min(rates, default=math.inf)
    if decline == math.inf:
        decline = max(0.0, turn_worth(t, view.seat)) / short
    return "accept" if accept <= decline else "decline"


ANSWER = {"ticket": purchase, "buy_lot": purchase, "luxury": luxury, "jail": jail, "build": build,
          "bid": privilege, "buy": privilege, "speculate": speculate, "raise": raise_money, "repay": repay,
          "lend": lend, "pass": railroad_pass, "direction": direction, "loan_terms": loan_terms}
"""Each decision's answer (:data:`VALUED`)."""


def answer(character: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    """The ``landlord``'s, ``tenant``'s or ``speculator``'s answer; ``bot`` carries its
    ``reserve`` (landlord). A ``bid`` or ``buy`` reaching these players is the single tax's
    building privilege, or a sale from the 1906 pack put to a player who holds no land (the
    1906 players answer the others'): he passes. A kind no rule of the Magie families asks
    is refused (ValueError naming it)."""
    if d.kind not in VALUED:
        raise ValueError(f"the Magie players know no decision {d.kind!r} (seat {d.seat})")
    advised = getattr(bot, "reserve", RESERVE)
    outlook = OUTLOOKS[character]
    if d.kind in ("bid", "buy") and view.prospects.pack_sale(d.space):
        return "pass" if d.kind == "bid" else "decline"
    return ANSWER[d.kind](outlook, view, d, advised)
