"""FROZEN for ``studies/players_head_to_head.py`` only: the Monopoly bots' answers as they were before
issue 36 (commit 0dae104, ``landlord/rules/monopoly/bots.py``, its docstring cut): character
scripts reading cash and a reserve. Kept to play the old characters head to head against the
new players; no module of the kit imports it. Not maintained: do not copy from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import option, parse_option
from landlord.rules.monopoly.static import K_STREET

if TYPE_CHECKING:
    from landlord.engine.strategies import SeatView
    from landlord.rules.monopoly import MonopolyProspects

KINDS = frozenset({"manage", "manage_lot", "buy_deed", "auction_bid", "ask_rent", "income_tax", "jail_exit",
                   "raise_cash", "lift_mortgage", "trade_item", "trade_reply", "place_building", "bribe_reply"})
"""The Monopoly decision kinds the bots answer here."""

_NO_LOT = ("", -1)
"""What :attr:`MonopolyProspects.lot_options` gives for an option that is not a lot's."""

CARD_VALUE = 50
"""What a Get Out of Jail Free card is worth to the bots (the fine it saves)."""


def _best_bid(opts: tuple[OptionText, ...], limit: int) -> OptionText:
    """The highest bid option not above ``limit`` (``pass`` if none)."""
    best, best_amount = "pass", 0
    for o in opts:
        kind, arg = parse_option(o)
        if kind == "bid":
            a = int(arg)
            if best_amount < a <= limit:
                best, best_amount = o, a
    return best


def _completes(t: MonopolyProspects, seat: int, idx: int, extra: set[int] | None = None) -> bool:
    """Would ``seat`` hold all of ``idx``'s colour group with ``idx`` (and ``extra``) added?"""
    if t.code[idx] != K_STREET:
        return False
    own = t.owner
    for j in t.members[idx]:  # noqa: SIM110 (a loop is faster than all() here)
        if own[j] != seat and j != idx and (extra is None or j not in extra):
            return False
    return True


def _raise(opts: tuple[OptionText, ...], t: MonopolyProspects, seat: int) -> OptionText:
    """Raise money: mortgage lots outside complete groups first, then any, then sell buildings."""
    morts, sells = [], []
    lots = t.lot_options
    for o in opts:
        kind, idx = lots.get(o, _NO_LOT)
        if kind == "mortgage":
            if not t.holds_group(seat, idx):
                return o
            morts.append(o)
        elif kind == "sell_house":
            sells.append(o)
    if morts:
        return morts[0]
    if sells:
        return sells[0]
    return opts[0]


def _can_lift(t: MonopolyProspects, seat: int, budget: int) -> bool:
    """Is there a mortgage ``seat`` could lift within ``budget``?"""
    lift, mort = t.lift_cost, t.mortgaged
    for i in t.players[seat].deeds:  # noqa: SIM110 (a loop is faster than any() here)
        if mort[i] and lift[i] <= budget:
            return True
    return False


def _lift(opts: tuple[OptionText, ...], t: MonopolyProspects, seat: int, budget: int) -> OptionText:
    """Lift the mortgage of a lot of a complete group first, then the dearest, within ``budget``
    (anything else in a lot menu: ``back``)."""
    best, key = "back", (False, -1)
    for o in opts:
        kind, arg = parse_option(o)
        if kind == "unmortgage":
            idx = int(arg)
            if t.lift_cost[idx] <= budget:
                k = (t.holds_group(seat, idx), t.price(idx))
                if k > key:
                    best, key = o, k
    return best


def _tax(t: MonopolyProspects, seat: int, flat: int) -> OptionText:
    return "percent" if t.worth(seat) // 10 < flat else "flat"


def _reply(t: MonopolyProspects, seat: int, factor_num: int, factor_den: int, sensible: bool,
           reserve: int) -> OptionText:
    """Judge the trade on offer to ``seat``."""
    offer = t.offer
    if offer is None:
        return "reject"
    gets, gives = offer.give, offer.take
    price = t.price
    value_in = sum(price(i) for i in gets) + offer.pay_cash + CARD_VALUE * len(offer.give_cards)
    value_out = sum(price(i) for i in gives) + offer.want_cash + CARD_VALUE * len(offer.take_cards)
    if sensible:
        if any(t.holds_group(seat, i) for i in gives):
            return "reject"  # never break up one of its own colour groups
        proposer = offer.proposer
        them = any(_completes(t, proposer, i, gives) for i in gives)
        me = any(_completes(t, seat, i, gets) for i in gets)
        if them and not me:
            return "reject"  # never hand over a colour group without completing one of its own
        if t.cash(seat) - offer.want_cash + offer.pay_cash < reserve and offer.want_cash:
            return "reject"
    return "accept" if value_in * factor_den >= value_out * factor_num else "reject"


def _cash_steps(amount: int, steps: Sequence[int]) -> list[str]:
    """``pay_cash`` options adding up to ``amount`` (greedy, biggest steps first)."""
    out = []
    for k in sorted(steps, reverse=True):
        while amount >= k:
            out.append(option("pay_cash", k))
            amount -= k
    return out


class TradePlanner:
    """A bot's memory for trades: the plan being submitted and the offers already refused."""

    __slots__ = ("cands", "plan", "tried", "version")

    def __init__(self) -> None:
        self.plan: list[str] = []
        self.tried: set[tuple[int, int, int]] = set()
        self.version = -1
        self.cands: list[tuple[int, int, int]] = []

    def candidates(self, t: MonopolyProspects, seat: int, swaps: bool) -> list[tuple[int, int, int]]:
        """(partner, the lot it holds that completes a group of ours, our lot that completes a
        group of the partner's or -1 for a cash offer), recomputed only when deeds change hands."""
        r = t
        if r.owners_version == self.version:
            return self.cands
        self.version = r.owners_version
        own, gid, gbuilt, code, members = t.owner, r.gid, r.gbuilt, t.code, t.members
        out: list[tuple[int, int, int]] = []
        deeds = sorted(t.players[seat].deeds)
        # only a street group where the seat holds a lot can lack just one (every street group
        # has two lots or more); taken in group order
        touched = {gid[i]: members[i] for i in deeds if code[i] == K_STREET}
        for k in sorted(touched):
            group = touched[k]
            want = -1  # the one lot of the group we lack (-2: more than one)
            for j in group:
                if own[j] != seat:
                    if want >= 0:
                        want = -2
                        break
                    want = j
            if want < 0 or own[want] < 0 or gbuilt[gid[group[0]]]:
                continue
            p = own[want]
            if swaps:
                out += [(p, want, mine) for mine in deeds
                        if mine not in group and not gbuilt[gid[mine]] and _completes(t, p, mine)]
            out.append((p, want, -1))
        self.cands = out
        return out

    def propose(self, t: MonopolyProspects, seat: int, opts: tuple[OptionText, ...], cash_factor: tuple[int, int],
                reserve: int, swaps: bool) -> OptionText | None:
        """A ``trade:<seat>`` option to start a planned trade (each offer tried once), or None."""
        cands = self.candidates(t, seat, swaps)
        if not cands:
            return None
        cash = t.cash(seat)
        o_trade = t.o_trade
        for p, want, mine in cands:
            if o_trade[p] not in opts:
                continue
            if mine >= 0:
                if (p, want, mine) not in self.tried:
                    self.tried.add((p, want, mine))
                    self.plan = [option("give", mine), option("take", want), "offer"]
                    return option("trade", p)
                continue
            offer = t.price(want) * cash_factor[0] // cash_factor[1]
            if cash - offer >= reserve and (p, want, -offer) not in self.tried:
                self.tried.add((p, want, -offer))
                steps = t.trade_cash_steps
                self.plan = [option("take", want), *_cash_steps(offer, steps), "offer"]
                return option("trade", p)
        return None

    def next_item(self, opts: tuple[OptionText, ...]) -> OptionText:
        """The next planned item, or ``cancel`` if the plan no longer fits."""
        if self.plan:
            step = self.plan.pop(0)
            if step in opts:
                return step
        self.plan = []
        return "cancel"


def landlord(bot: object, view: SeatView, d: Decision, reserve: int, planner: TradePlanner) -> OptionText:
    """The landlord bot's Monopoly choices (see the module docstring)."""
    if d.kind == "ask_rent":
        return "ask"
    t: MonopolyProspects = view.prospects
    seat, kind, opts = view.seat, d.kind, d.options
    cash = view.cash
    build_reserve = 3 * reserve
    if kind == "manage":
        lots = t.lot_options
        for o in opts[1:]:
            what, idx = lots.get(o, _NO_LOT)
            if what not in ("house", "hotel"):
                break  # build options come right after "done"
            cost = t.hotel_cost[idx] if what == "hotel" else t.house_cost[idx]
            if cash - cost >= build_reserve:
                return o
        if "unmortgage" in opts and _can_lift(t, seat, cash - 2 * build_reserve):
            return "unmortgage"
        start = planner.propose(t, seat, opts, (3, 2), build_reserve, True)
        return start or "done"
    if kind == "manage_lot":
        return _lift(opts, t, seat, cash - 2 * build_reserve)
    if kind == "buy_deed":
        return "buy" if cash - d.amount >= reserve else "auction"
    if kind == "auction_bid":
        if d.space < 0:
            return _best_bid(opts, min(200, cash - reserve))
        price = t.price(d.space)
        limit = price * 3 // 2 if _completes(t, seat, d.space) else price
        return _best_bid(opts, min(limit, cash - reserve))
    if kind == "income_tax":
        return _tax(t, seat, d.amount)
    if kind == "jail_exit":
        if "card" in opts:
            return "card"
        return "pay" if "pay" in opts and cash - d.amount >= reserve else "throw"
    if kind == "raise_cash":
        return _raise(opts, t, seat)
    if kind == "lift_mortgage":
        return "lift" if cash - d.amount >= build_reserve else "keep"
    if kind == "trade_item":
        return planner.next_item(opts)
    if kind == "trade_reply":
        return _reply(t, seat, 1, 1, True, reserve)
    if kind == "bribe_reply":
        return "accept"
    return opts[0]


def speculator(bot: object, view: SeatView, d: Decision, repay_at: int, planner: TradePlanner) -> OptionText:
    """The speculator bot's Monopoly choices (see the module docstring)."""
    if d.kind == "ask_rent":
        return "ask"
    t: MonopolyProspects = view.prospects
    seat, kind, opts = view.seat, d.kind, d.options
    cash = view.cash
    if kind == "manage":
        if len(opts) > 1 and t.lot_options.get(opts[1], _NO_LOT)[0] in ("house", "hotel"):
            return opts[1]  # build options come right after "done"
        if "unmortgage" in opts and _can_lift(t, seat, cash - repay_at):
            return "unmortgage"
        if "bribe" in opts:
            return "bribe"
        start = planner.propose(t, seat, opts, (3, 2), 50, False)
        return start or "done"
    if kind == "manage_lot":
        return _lift(opts, t, seat, cash - repay_at)
    if kind == "buy_deed":
        if cash + t.mortgage_room(seat) >= d.amount or _completes(t, seat, d.space):
            return "buy"
        return "auction"  # not worth selling buildings back for
    if kind == "auction_bid":
        if d.space < 0:
            return _best_bid(opts, cash)
        price = t.price(d.space)
        return _best_bid(opts, price * 3 // 2 if _completes(t, seat, d.space) else price)
    if kind == "ask_rent":
        return "ask"
    if kind == "income_tax":
        return _tax(t, seat, d.amount)
    if kind == "jail_exit":
        return "card" if "card" in opts else "pay" if "pay" in opts else "throw"
    if kind == "raise_cash":
        return _raise(opts, t, seat)
    if kind == "lift_mortgage":
        return "lift" if cash - d.amount >= repay_at else "keep"
    if kind == "trade_item":
        return planner.next_item(opts)
    if kind == "trade_reply":
        return _reply(t, seat, 3, 2, False, 0)
    if kind == "bribe_reply":
        return "accept"
    return opts[0]


def tenant(bot: object, view: SeatView, d: Decision) -> OptionText:
    """The tenant bot's Monopoly choices (see the module docstring)."""
    kind = d.kind
    if kind == "manage":
        return "done"
    if kind == "ask_rent":
        return "ask"
    t: MonopolyProspects = view.prospects
    opts = d.options
    if kind == "manage_lot":
        return "back"
    if kind in ("buy_deed",):
        return "auction"
    if kind == "auction_bid":
        return "pass"
    if kind == "ask_rent":
        return "ask"
    if kind == "income_tax":
        return _tax(t, view.seat, d.amount)
    if kind == "jail_exit":
        return "throw"
    if kind == "raise_cash":
        return _raise(opts, t, view.seat)
    if kind == "lift_mortgage":
        return "keep"
    if kind == "trade_item":
        return "cancel"
    if kind == "trade_reply":
        offer = t.offer
        if offer is None or offer.give:
            return "reject"  # takes no land
        return _reply(t, view.seat, 1, 1, False, 0)
    if kind == "bribe_reply":
        return "accept"
    return opts[0]


ANSWERS = KINDS
"""The decision kinds these bots answer (the family registers them once, with its rules)."""


def answer(character: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    """The ``landlord``'s, ``tenant``'s or ``speculator``'s answer to a Monopoly decision.
    ``bot`` carries its ``reserve`` or ``repay_at``, and its ``notes`` keep the trade planner
    between decisions."""
    if character == "tenant":
        return tenant(bot, view, d)
    planner = bot.notes.get("trades")
    if planner is None:
        planner = bot.notes["trades"] = TradePlanner()
    if character == "landlord":
        return landlord(bot, view, d, bot.reserve, planner)
    return speculator(bot, view, d, bot.repay_at, planner)
