"""How the kit's bots answer the 1906 game's market, loan and Natural Opportunity decisions.

**The valuation** (every bot uses the same one): a card is worth to a seat what it counts at the
end (``card_value``, $100; a title deed nothing under the single tax) plus the money it is
expected to bring in until the end — the exact chance that a throw ends on its space
(:func:`landlord.engine.landing.exact`) × what a player stopping there would pay the seat if the seat
held it (rent with its houses and section doubling, the railroad fare for the railroads the
seat would then hold, the franchise rate or municipal cinch, the broker's ante and commission)
× the throws every player may still expect (:meth:`~landlord.rules.magie1906.Prospects1906.throws_left`
× the number of players: the others' landings pay the holder, his own cost him nothing). No
discounting: the game is short and money earns no interest in it.

* ``landlord``: offers for the card whose value to it most exceeds its value to its holder, at
  the lowest listed price the holder would take (its value to the holder) when that is within
  its own value and its cash less its reserve; bids at a card sale up to its value, keeping the
  reserve.
* ``speculator``: the same valuation and offers, keeping $50.
* ``tenant``: makes no offers and no bids.
* Every player short of money (``shortfall``) raises it the way that costs his final count
  least per dollar of the shortfall it covers
  (:func:`~landlord.players.magie1904.raise_rate`): a mortgage costs nothing (the count
  takes the amount owed off, the card still counts and earns), a house sold back what it
  would add less its sale price, a card sold its worth to him less the best bid expected,
  a loan the dearest interest a lender may name; each player forms a Trust (``trust``)
  where it adds to his final count (``Prospects1906.trust_gain``: the fares paid to him less
  those he pays, with the Trust and without it, to the end).
* At a sale from the pack (rule 7, bid "as high as the players please"), the ``landlord`` and
  the ``speculator`` bid while the price is below their value of the card and their cash less
  their reserve (the speculator's $50), each time by the smallest raise offered (the
  ascending auction's sound bid: the card goes to the bot that values it most, at about the
  second-highest limit, in at most limit/``bid_step`` raises). As the lander they buy at the
  printed price as before (the landlord keeping its reserve), and above it only up to their
  value. The ``tenant`` neither bids nor buys.
* Every bot sells a card to an offer at or above its value to it and keeps it otherwise (and
  keeps a card when the best bid at its own sale is below that value).
* Every player waits on the Natural Opportunity (``natural``) whose next throw is worth the
  most to his final count (the spaces it keeps, less where that throw is expected to stop).

The random bot needs nothing here: it picks uniformly among the legal options.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.landing import throws
from landlord.engine.options import option, parse_option
from landlord.engine.valuation import OUTLOOKS, card_worth
from landlord.players import magie1904 as magie1904_bots

if TYPE_CHECKING:
    from landlord.engine.strategies import SeatView
    from landlord.rules.magie1906 import Prospects1906

KINDS = frozenset({"market", "offer_price", "accept_offer", "card_bid", "take_bid"})
"""The 1906 decision kinds answered here."""

SALE_KINDS = frozenset({"bid", "buy"})
"""The decisions of a sale from the pack (rule 7: the others' ``bid``s, the lander's ``buy`` at
the highest price bid), answered here (:func:`sale`) when :func:`pack_sale` says so; the single
tax's building privilege asks with the same kinds and is answered in :mod:`landlord.engine.strategies`."""

THROWS = throws(2, 6)
"""Every throw of two dice: ``(total, double, chance)``."""

SPECULATOR_RESERVE = 50
"""What the speculator keeps in hand when it bids or offers for a card."""



value: Callable[[Prospects1906, int, int, int], int] = card_worth
"""What the card of space ``idx`` is worth to ``seat`` now, ``value(prospects, idx, seat, players)``
(:func:`~landlord.engine.valuation.card_worth`)."""


def _arg(text: OptionText) -> int:
    """The whole number an option carries (``bid:75`` → 75)."""
    return int(parse_option(text).arg)


def _offer(view: SeatView, idx: int, reserve: int, mine: int) -> int:
    """The lowest listed price the holder of ``idx`` would take that is within the bot's value
    ``mine`` and its cash less ``reserve`` (0: none)."""
    t: Prospects1906 = view.prospects
    top = min(mine, view.cash - reserve)
    prices = t.params.market_prices
    if top < min(prices):  # no listed price is within reach, whatever the holder's value
        return 0
    theirs = value(t, idx, t.holder(idx), view.n_players)
    for price in prices:
        if theirs <= price <= top:
            return int(price)
    return 0


def shortfall(character: str, view: SeatView, d: Decision, advised: int) -> OptionText:
    """The way of raising the shortfall ``d.amount`` that costs the final count least per
    dollar it covers (:func:`~landlord.players.magie1904.raise_rate`; of equals, the first),
    the surplus kept against the reserve the rules advise
    (``advised``)."""
    outlook = OUTLOOKS[character]
    rated = [(magie1904_bots.raise_rate(outlook, view, o, d.amount, advised), k) for k, o in enumerate(d.options)]
    return d.options[min(rated)[1]]


def natural(character: str, view: SeatView, d: Decision, advised: int) -> OptionText:
    """Which inner corner behind the target ``d.space`` to wait on (single-tax rule 8: "any
    NATURAL OPPORTUNITY space ... he may choose, back of the space to which his throw would
    bring him"). Every corner pays the same wages and rent (``natural_wages``,
    ``natural_rent``), so the corners differ in where the next throw starts: the corner whose
    spaces (:func:`~landlord.players.magie1904.advance_worth`) less what the next throw from it
    is expected to cost where it stops (:func:`~landlord.players.magie1904.stop_cost`, over
    the throws of two dice) are worth the most; of equals, the nearest the target."""
    outlook, t, n = OUTLOOKS[character], view.prospects, view.prospects.size

    def worth(corner: int) -> float:
        ahead = sum(p * magie1904_bots.stop_cost(outlook, view, (corner + total) % n, advised)
                    for total, _, p in THROWS)
        return magie1904_bots.advance_worth(t, view.seat, corner) - ahead

    return max(d.options, key=lambda o: (worth(_arg(o)), _arg(o)))


def trust(view: SeatView) -> OptionText:
    """Form a Trust where it adds to the player's final count (``Prospects1906.trust_gain``)."""
    return "form" if view.prospects.trust_gain(view.seat) > 0 else "decline"


def pack_sale(view: SeatView, d: Decision) -> bool:
    """Whether ``d`` is a decision of a sale from the pack (:data:`SALE_KINDS` on a card the
    pack sells, :meth:`~landlord.rules.magie1906.Prospects1906.pack_sale`)."""
    return d.kind in SALE_KINDS and bool(view.prospects.pack_sale(d.space))


def sale(character: str, view: SeatView, d: Decision, reserve: int) -> OptionText:
    """The ``landlord``'s or ``speculator``'s answer at a sale from the pack (see the module
    docstring); ``reserve`` is the cash the landlord keeps in hand."""
    t: Prospects1906 = view.prospects
    if character == "speculator":
        reserve = SPECULATOR_RESERVE
    worth = value(t, d.space, view.seat, view.n_players)
    if d.kind == "buy":
        spare = view.cash - (reserve if character == "landlord" else 0)
        ok = spare >= d.amount and (d.amount <= t.printed_price(d.space) or d.amount <= worth)
        return "buy" if ok else "decline"
    limit = min(worth, view.cash - reserve)
    bids = [a for a in map(_arg, d.options[1:]) if a <= limit]
    return option("bid", min(bids)) if bids else "pass"


def choose(character: str, view: SeatView, d: Decision, reserve: int) -> OptionText:
    """The option a ``landlord``, ``tenant`` or ``speculator`` bot picks for a 1906 market,
    shortfall or Natural Opportunity decision; ``reserve`` is the cash it keeps in hand."""
    t: Prospects1906 = view.prospects
    kind, opts, n = d.kind, d.options, view.n_players
    if character == "speculator":
        reserve = SPECULATOR_RESERVE
    if kind in ("accept_offer", "take_bid"):
        return "sell" if d.amount >= value(t, d.space, view.seat, n) else "keep"
    if character == "tenant":
        return {"market": "pass", "offer_price": "cancel", "card_bid": "pass"}[kind]
    if kind == "market":
        # Only a railroad or a franchise is worth more to one holder than to another (fares,
        # the municipal cinch); a lot or the broker's licence earns the same whoever holds it,
        # so no price its holder would take leaves the buyer a gain.
        best, gain = "pass", 0
        if view.cash - reserve < min(t.params.market_prices):
            return best
        offered = set(opts)
        for idx in t.paired:
            o = option("buy_card", idx)
            if o in offered:
                mine = value(t, idx, view.seat, n)
                price = _offer(view, idx, reserve, mine)
                if price and mine - price > gain:
                    best, gain = o, mine - price
        return best
    if kind == "offer_price":
        price = _offer(view, d.space, reserve, value(t, d.space, view.seat, n))
        return option("price", price) if option("price", price) in opts else "cancel"
    # card_bid: the highest bid within its value and its cash less the reserve
    limit = min(value(t, d.space, view.seat, n), view.cash - reserve)
    bids = [o for o in opts if parse_option(o).kind == "bid" and _arg(o) <= limit]
    return max(bids, key=_arg) if bids else "pass"


VALUED = frozenset({"shortfall", "trust", "natural"})
"""The 1906 decisions answered by the valuation alone (:func:`shortfall`, :func:`trust`, :func:`natural`)."""

ANSWERS = KINDS | SALE_KINDS | VALUED
"""The decision kinds these bots answer (registered once, in :data:`landlord.players.registry.PLAYERS`):
the market's, and the sale kinds, which are a sale from the pack only on a card the pack sells
(else the single tax's building privilege or a Magie purchase, answered by the 1904 bots)."""


def answer(character: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    """The ``landlord``'s, ``tenant``'s or ``speculator``'s answer to a 1906 decision; the
    landlord keeps its ``reserve`` in hand. The tenant never buys at a sale from the pack."""
    if d.kind == "shortfall":
        return shortfall(character, view, d, getattr(bot, "reserve", magie1904_bots.RESERVE))
    if d.kind == "trust":
        return trust(view)
    if d.kind == "natural":
        return natural(character, view, d, getattr(bot, "reserve", magie1904_bots.RESERVE))
    reserve = bot.reserve if character == "landlord" else 0
    if d.kind in KINDS:
        return choose(character, view, d, reserve)
    if character != "tenant" and pack_sale(view, d):
        return sale(character, view, d, reserve)
    return magie1904_bots.answer(character, bot, view, d)
