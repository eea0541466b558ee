"""FROZEN for ``studies/players_head_to_head.py`` only: the Magie bots' character scripts as they
were on main before the jail, houses, building privileges, Speculation and loans were valued
(commit 0dae104, ``landlord/rules/magie1904/bots.py``, its docstring cut): answers reading cash
and a reserve; and the scripts that answered a railroad pass, the direction, a player's loan
terms, a Trust and the 1906 shortfall until those were valued too (main e580194,
``landlord/players/magie1904.py`` and ``magie1906.py``). Kept to play the old characters head
to head against the new players; no module of the kit imports it. Not maintained: do not copy from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import option, parse_option
from landlord.engine.valuation import card_worth

if TYPE_CHECKING:
    from landlord.engine.strategies import SeatView

KINDS = frozenset({"jail", "build", "bid", "buy", "speculate", "raise", "repay", "lend", "pass", "direction",
                   "loan_terms", "trust", "shortfall"})
"""The decisions these scripts answered that the valuation now answers (a ``bid`` or ``buy``
only as the single tax's building privilege: :func:`answers`)."""


def answers(view: SeatView, d: Decision) -> bool:
    """Whether the old scripts answer ``d``: one of :data:`KINDS`, a ``bid`` or ``buy`` only
    when it is not a sale from the 1906 pack."""
    if d.kind not in KINDS:
        return False
    return d.kind not in ("bid", "buy") or not view.prospects.pack_sale(d.space)


def pick(options: tuple[OptionText, ...], *preferred: str) -> OptionText:
    """The first option whose kind is a preference, else the first option."""
    kinds = [parse_option(opt).kind for opt in options]
    for want in preferred:
        if want in kinds:
            return options[kinds.index(want)]
    return options[0]


def landlord(view: SeatView, d: Decision, reserve: int) -> OptionText:
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


def tenant(view: SeatView, d: Decision) -> OptionText:
    """The tenant's answer (see the module docstring)."""
    return pick(d.options, "decline", "throw", "keep", "none", "pass", "stay", "no_pass", "forward",
                "borrow", "accept", "ask")


def speculator(view: SeatView, d: Decision, repay_at: int) -> OptionText:
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


def shortfall(character: str, view: SeatView, opts: tuple[OptionText, ...]) -> OptionText:
    """The old order of raising money when short (1906): the landlord mortgages (the card of
    least value to it), sells houses, offers cards, asks the richest player; the speculator asks
    first, then sells cards, mortgages, sells houses; the tenant sells cards, houses, mortgages."""
    t = view.prospects
    n = view.n_players

    def arg(o: OptionText) -> int:
        return int(parse_option(o).arg)

    def cheapest(head: str) -> OptionText | None:
        mine = [o for o in opts if parse_option(o).kind == head]
        return min(mine, key=lambda o: (card_worth(t, arg(o), view.seat, n), o)) if mine else None

    def richest() -> OptionText | None:
        asks = [o for o in opts if parse_option(o).kind == "ask"]
        return max(asks, key=lambda o: (view.cash_of(arg(o)), -arg(o))) if asks else None

    order = {
        "landlord": (lambda: cheapest("mortgage"), lambda: cheapest("sell_house"),
                     lambda: cheapest("sell_card"), richest),
        "speculator": (richest, lambda: cheapest("sell_card"), lambda: cheapest("mortgage"),
                       lambda: cheapest("sell_house")),
        "tenant": (lambda: cheapest("sell_card"), lambda: cheapest("sell_house"),
                   lambda: cheapest("mortgage")),
    }[character]
    for step in order:
        picked = step()
        if picked is not None:
            return picked
    return opts[0]


def answer(character: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    """The old ``landlord``'s, ``tenant``'s or ``speculator``'s answer; ``bot`` carries its
    ``reserve`` (landlord) or ``repay_at`` (speculator)."""
    if d.kind == "shortfall":
        return shortfall(character, view, d.options)
    if character == "landlord":
        return landlord(view, d, bot.reserve)
    if character == "speculator":
        return speculator(view, d, bot.repay_at)
    return tenant(view, d)
