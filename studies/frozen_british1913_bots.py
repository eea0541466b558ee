"""FROZEN for ``studies/players_head_to_head.py`` only: the 1913 bots as they were before issue 36
(commit 1f45e6c, ``landlord/rules/british1913/bots.py``, its docstring cut): character scripts
reading cash, a reserve and the Part's tax flag. Kept to play the old characters head to head
against the new players; no module of the kit imports it. Not maintained: do not copy from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import parse_option

if TYPE_CHECKING:
    from landlord.engine.strategies import SeatView
    from landlord.rules.british1913.params import Params1913
    from landlord.rules.british1913.prospects import LandProspects

KINDS = frozenset({
    "site_card", "pack_bid", "use_double", "name_bargain", "take_bargain", "gaol", "realise",
    "forced_bid", "bid_up", "accept_bid", "improve_site",
})
"""The decision kinds of the 1913 family."""


def _amounts(options: tuple[OptionText, ...], head: str) -> list[tuple[int, OptionText]]:
    """(amount, option) for options ``head:amount`` (the last field), sorted by amount."""
    read = [(parse_option(o), o) for o in options]
    out = [(r.ints()[-1], o) for r, o in read if r.kind == head]
    return sorted(out)


def _params(view: SeatView) -> Params1913:
    """The params in force, typed (read off the land's prospects the rules keep)."""
    t: LandProspects = view.prospects
    return t.params


def _visits(view: SeatView, idx: int, circuits: int | None = None) -> float:
    """Expected landings on ``idx`` by the other players for the rest of the game
    (``circuits``: the prospects' ``circuits_left()``, when already known)."""
    t = view.prospects
    rounds = t.rounds_left() if circuits is None else t.rounds_at(circuits)
    return t.landing(idx) * (view.n_players - 1) * rounds


def valuation(view: SeatView, idx: int, interest: bool = True) -> float:
    """What site ``idx`` is worth to its holder now (see the module's text): face value + rent
    + (with ``interest``) the interest of improving it − the Land Value Tax to come."""
    t: LandProspects = view.prospects
    p, space = t.params, view.space(idx)
    circuits = t.circuits_left()
    visits = _visits(view, idx, circuits)
    income = 0.0
    trespass = space.kind in ("fishery", "moor") and p.gaol_penalties
    if not trespass and not p.land_value_tax:
        income += space.rent * t.scarcity * visits
    if interest and p.improvements and t.may_carry(idx) and t.improvement_owner(idx) < 0:
        income += int(str(space.extra["improvement_interest"])) * visits
    tax = 0.0
    if p.land_tax_assessed:
        tax = float(space.rent * t.scarcity * circuits)
    return space.price + income - tax


def _holding_value(view: SeatView, option: OptionText) -> float:
    """What a bot loses by selling ``site:<i>`` or ``imp:<i>``."""
    head, arg = parse_option(option)
    idx = int(arg)
    if head == "site":
        return valuation(view, idx)
    extra = view.space(idx).extra
    interest = int(str(extra["improvement_interest"])) if _params(view).improvements else 0
    return int(str(extra["improvement_capital"])) + interest * _visits(view, idx)


def _worth(character: str, view: SeatView, idx: int) -> float:
    """The most ``character`` pays for site ``idx`` (its valuation in its character)."""
    if character == "tenant":
        return 0.0
    return valuation(view, idx, interest=character == "landlord")


def choose(character: str, view: SeatView, d: Decision) -> OptionText:
    """The option a ``landlord``, ``tenant`` or ``speculator`` bot picks for a 1913 decision."""
    reserve = _params(view).advised_reserve
    keep = {"landlord": reserve, "speculator": 0}.get(character, reserve)
    cash, kind, opts = view.cash, d.kind, d.options
    short = cash < reserve
    if kind == "site_card":
        ok = d.amount <= _worth(character, view, d.space) and cash - d.amount >= keep
        return "buy" if character != "tenant" and ok else "decline"
    if kind in ("pack_bid", "forced_bid"):
        bids = _amounts(opts, "bid")
        worth = _worth(character, view, d.space)
        if kind == "forced_bid" and character == "speculator":
            worth /= 2
        if bids and bids[0][0] <= worth and cash - bids[0][0] >= keep:
            return bids[0][1]
        return opts[0]
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
        return "pay" if d.amount <= _params(view).gaol_fine else "gaol"
    if kind == "gaol":
        if character == "tenant" or "pay" not in opts:
            return "throw"
        return "pay" if character == "speculator" or cash - d.amount >= reserve else "throw"
    if kind == "realise":
        return min(opts, key=lambda o: (_holding_value(view, o), o))
    if kind == "bid_up":
        if character == "tenant":
            return "none"
        share, spare = {"landlord": (1.0, 4), "speculator": (0.75, 2)}[character]
        best: tuple[float, OptionText] | None = None
        values: dict[int, float] = {}  # each site's worth, once per site (the table stands still)
        for o in opts[1:]:
            site, price = parse_option(o).ints()
            if cash - price < spare * reserve:
                continue
            if site not in values:
                values[site] = share * _worth(character, view, site)
            gain = values[site] - price
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, o)
        return best[1] if best else "none"
    if kind == "accept_bid":
        factor = {"landlord": (1.0, 0.75), "speculator": (1.25, 1.0), "tenant": (1.0, 0.5)}[character]
        return "accept" if d.amount >= factor[short] * valuation(view, d.space) else "refuse"
    if kind == "improve_site":
        if character == "speculator" and not _params(view).land_value_tax:
            return "none"
        for o in opts[1:]:
            site_idx = int(parse_option(o).arg)
            cost = int(str(view.space(site_idx).extra["improvement_capital"]))
            own = site_idx in view.player.sites
            if character == "tenant" and own:
                continue
            if cash - cost >= reserve:
                return o
        return "none"
    return opts[0]


ANSWERS = KINDS
"""The decision kinds these bots answer (registered once, in :data:`landlord.rules.REGISTERED`)."""


def answer(character: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    """The ``landlord``'s, ``tenant``'s or ``speculator``'s answer to a 1913 decision."""
    return choose(character, view, d)
