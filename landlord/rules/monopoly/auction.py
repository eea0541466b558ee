"""Monopoly's auctions: a deed the Bank sells (declined at the printed price, or taken from a
bankrupt) and a building at a shortage, sold to the highest bidder — a function of the game's
state, as the market, the building and the debts parts all sell by it."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.options import parse_option
from landlord.engine.rulebook import Play
from landlord.rules.monopoly.state import MonopolyState
from landlord.rules.monopoly.static import _BIDS, _bid, _decision


def auction(st: MonopolyState, seat: int, idx: int, bidders: list[int] | None = None, what: str = "deed",
            floors: dict[int, int] | None = None) -> Play:
    """"It is sold at auction by the Banker to the highest bidder ... Any player, including
    the one who declined the option of buying it at the printed price, may bid. Bidding may
    start at any price."

    DECISION (how an auction is played): the seats are asked in turn, starting at the left
    of ``seat`` and going round (the decliner included). Each may raise the highest bid by
    one of ``auction_steps`` (the first bid is any of the steps: "may start at any price")
    or pass; a seat that passes is out of this auction. A bid must be covered by cash in
    hand. When one bidder is left with the highest bid, he pays it to the Bank; if every
    seat passes without a bid, nothing is sold (a deed stays with the Bank). Returns the
    winner's seat (or -1). ``floors``: the least each seat may bid (a building at a
    shortage, :meth:`Building.build`); a bid is then the higher of the raised bid and the seat's floor.
    """
    g = st.g
    steps = st.params.auction_steps
    active = st.bidders_from(seat) if bidders is None else list(bidders)
    if g.events is not None:
        g.emit("auction", seat, space=idx, what=what, deed=st.names[idx] if idx >= 0 else what)
    high, winner, i = 0, -1, 0
    bal = g.ledger.balances
    _bid(max(bal))  # every bid anyone can cover is made
    bids = _BIDS
    while active:
        if len(active) == 1 and active[0] == winner:
            break
        i %= len(active)
        s = active[i]
        if s == winner:
            i += 1
            continue
        cash = bal[s]
        if floors is None:
            opts = ("pass", *[bids[high + k] for k in steps if high + k <= cash])
        else:
            least = floors[s]
            amounts = sorted({max(high + k, least) for k in steps})
            opts = ("pass",) + tuple(_bid(a) for a in amounts if a <= cash)
        choice = (yield _decision((s, "auction_bid", opts, idx, high))) if len(opts) > 1 else "pass"
        if choice == "pass":
            del active[i]
            continue
        high = int(parse_option(choice).arg)
        winner = s
        if g.events is not None:
            g.emit("raise_bid", s, amount=high)
        i += 1
    if winner < 0:
        g.emit("auction_unsold", -1, space=idx, what=what)
        return -1
    st.sold_for = high
    g.pay(winner, st.bank, high, flows.LAND_BOUGHT if what == "deed" else flows.IMPROVEMENT,
          f"{what} auction", "Auction")
    if what == "deed":
        st.give_deed(winner, idx)
        if g.events is not None:
            g.emit("buy", winner, space=idx, lot=st.names[idx], how=f"auction {high}")
    else:
        g.emit("auction_won", winner, what=what, amount=high)
    return winner
