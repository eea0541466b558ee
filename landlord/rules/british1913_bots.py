"""How the kit's bots answer the 1913 game's decisions, each in its documented character.

* ``landlord``: buys every site card it can while keeping the rules' advised reserve
  ("It is advisable to keep from £250 to £300 in cash": param ``advised_reserve``); names the
  dearest bargain a trespasser can pay; pays a gaol fine it can spare; picks up a bankrupt's
  property at the lowest bid; bids 125% for another's site only when rich (four reserves
  left over); sells only at 150% or more; improves its own sites, then others' open ones.
* ``tenant``: buys no land; pays a bargain no dearer than the gaol fine; throws in gaol;
  never bids for land; sells any site it somehow holds when offered at least its value;
  improves others' open sites (industry) while keeping the reserve.
* ``speculator``: buys every site card it can pay for; holds land idle (improves only once
  land values are taxed, Part 3); pays fines and bargains; bids half value at forced sales
  and the printed value for others' sites when it has two reserves over; sells at 125%.

The random bot needs nothing here: it picks uniformly among the legal options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.decisions import Decision, Option

if TYPE_CHECKING:
    from landlord.strategies import TableView

KINDS = frozenset({
    "site_card", "buy_from_pack", "use_double", "name_bargain", "take_bargain", "gaol", "realise",
    "forced_bid", "bid_up", "accept_bid", "improve_site",
})
"""The decision kinds of the 1913 family."""


def _amounts(options: tuple[Option, ...], head: str) -> list[tuple[int, Option]]:
    """(amount, option) for options ``head:amount`` (the last field), sorted by amount."""
    out = [(int(o.rpartition(":")[2]), o) for o in options if o.startswith(head + ":")]
    return sorted(out)


def choose(character: str, view: TableView, d: Decision) -> Option:
    """The option a ``landlord``, ``tenant`` or ``speculator`` bot picks for a 1913 decision."""
    reserve = int(view.params.get("advised_reserve", 0))
    cash, kind, opts = view.cash, d.kind, d.options
    if kind in ("site_card", "buy_from_pack"):
        floor = {"landlord": reserve, "speculator": 0}.get(character)
        return "buy" if floor is not None and cash - d.amount >= floor else "decline"
    if kind == "use_double":
        return "both"
    if kind == "name_bargain":
        prices = _amounts(opts, "price")
        if not prices:
            return "gaol"
        return prices[0][1] if character == "tenant" else prices[-1][1]
    if kind == "take_bargain":
        if character == "speculator":
            return "pay"
        return "pay" if d.amount <= int(view.params.get("gaol_fine", 0)) else "gaol"
    if kind == "gaol":
        if character == "tenant" or "pay" not in opts:
            return "throw"
        return "pay" if character == "speculator" or cash - d.amount >= reserve else "throw"
    if kind == "realise":
        # sell the least valuable holding first (sites by printed price, improvements after)
        return min(opts, key=lambda o: (o.startswith("site:"), view.price(int(o.partition(":")[2])), o))
    if kind == "forced_bid":
        bids = _amounts(opts, "bid")
        if character == "landlord":
            ok = [b for b in bids if cash - b[0] >= reserve]
            return ok[0][1] if ok else "refuse"
        if character == "speculator":
            ok = [b for b in bids if 2 * b[0] <= d.amount and cash - b[0] >= 0]
            return ok[-1][1] if ok else "refuse"
        return "refuse"
    if kind == "bid_up":
        offers: list[tuple[int, int, Option]] = []
        for o in opts[1:]:
            _, site, price = o.split(":")
            offers.append((int(price), int(site), o))
        if character == "landlord":
            rich = [x for x in offers if 4 * x[0] <= 5 * view.price(x[1]) and cash - x[0] >= 4 * reserve]
            return max(rich)[2] if rich else "none"
        if character == "speculator":
            cheap = [x for x in offers if x[0] <= view.price(x[1]) and cash - x[0] >= 2 * reserve]
            return min(cheap)[2] if cheap else "none"
        return "none"
    if kind == "accept_bid":
        need = {"landlord": 150, "speculator": 125, "tenant": 100}[character]
        return "accept" if 100 * d.amount >= need * view.price(d.space) else "refuse"
    if kind == "improve_site":
        if character == "speculator" and not view.params.get("land_value_tax"):
            return "none"
        for o in opts[1:]:
            site_idx = int(o.partition(":")[2])
            cost = int(str(view.space(site_idx).extra["improvement_capital"]))
            own = site_idx in view.player.sites
            if character == "tenant" and own:
                continue
            if cash - cost >= reserve:
                return o
        return "none"
    return opts[0]
