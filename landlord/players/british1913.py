"""How the kit's computer players answer the 1913 game's decisions: one valuation
(:mod:`landlord.engine.valuation`), read off what the rules in force pay.

**What a site is worth to a player** (:meth:`Sight.site`), from the land prospects'
:class:`~landlord.rules.british1913.terms.SiteTerms` and nothing else of the rules:

* what it counts at the end (``face``: land is reckoned up at its printed price);
* the rent it keeps (``rent_kept``: the rent less what the rules make its holder restore to the
  Treasury) × the expected landings of the other players until the end (the exact chance a
  throw ends there, ``LandProspects.landing``, × the other players × the table rounds left);
* the rent it saves him on his own landings (``rent_paid``: held by another, he would pay it);
* less what holding it costs whoever lands (``yearly``, each time he passes Mother Earth);
* plus, where it may carry an improvement not yet placed, what improving it would earn
  (:meth:`Sight.improvement_gain`, when positive), but only if the player could pay for the
  improvement after paying for the site and keep his reserve: cash spent on land is not there
  to build with.

**What an improvement earns its owner** (:meth:`Sight.improvement_gain`): the interest the other
players pay on landing × their expected landings, less the rates he pays on his own landings
(the visitor pays the rates), plus the higher wages the rules pay once his property is all
improved × the rounds of the board left; its capital counts back at the end, so only that is
gain, less what the character asks of capital against what land pays per pound
(``land_first`` × :meth:`Sight.land_return`: the rent the table's land keeps and saves its
holders, less what holding it costs, per pound of face value).

**Every decision** is the option of the highest expected effect on the player's final count,
the cost of the cash it leaves short included (:meth:`Outlook.cash_cost`, the reserve being
the rules' advice "to keep from £250 to £300 in cash": param ``advised_reserve``): buying or
bidding (the lowest bid while the site is worth more than it), selling or accepting an offer,
offering for another's site (the lowest price its holder is expected to take), improving,
naming and taking a bargain, paying out of Gaol (the turns a throw for a double is expected
to lose × what a throw is expected to bring: wages less the expected charges of where it
ends), one die or both of a double (the share of the wages each move earns, less what he pays
where it ends), and what to sell first when short (what it is worth least to him). The
characters (:data:`~landlord.engine.valuation.OUTLOOKS`) are parameters of that valuation:
what they may hold, the reserve, the markup asked to sell land, the return asked of a building
against what land pays.

The random bot needs nothing here: it picks uniformly among the legal options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import option_ints, parse_option
from landlord.engine.valuation import OUTLOOKS, Outlook, gain_of_paying, gain_of_selling, holding_value, landings

if TYPE_CHECKING:
    from landlord.engine.strategies import SeatView
    from landlord.rules.british1913.prospects import LandProspects

KINDS = frozenset({
    "site_card", "pack_bid", "use_double", "name_bargain", "take_bargain", "gaol", "realise",
    "forced_bid", "bid_up", "accept_bid", "improve_site",
})
"""The decision kinds of the 1913 family."""

DOUBLE = 1.0 / 6.0
"""The chance that a throw of two dice is a double."""


def _amounts(options: tuple[OptionText, ...], head: str) -> list[tuple[int, OptionText]]:
    """(amount, option) for options ``head:amount`` (the last field), sorted by amount."""
    read = [(parse_option(o), o) for o in options]
    out = [(r.ints()[-1], o) for r, o in read if r.kind == head]
    return sorted(out)


def _gaol_turns(throws: int) -> float:
    """The turns a prisoner with ``throws`` throws for a double still allowed is expected to
    stay in Gaol without moving (out on a double, or after the last throw, moving by it)."""
    return sum((1.0 - DOUBLE) ** k for k in range(1, max(0, throws)))


class Sight:
    """One player's valuation at one decision (see the module's text): the table as it stands,
    the player's :class:`Outlook`, and the numbers every option shares, read once."""

    __slots__ = ("_land_return", "advised", "cash", "circuits", "odds", "others", "outlook", "rounds", "seat",
                 "t", "view")

    def __init__(self, view: SeatView, outlook: Outlook) -> None:
        self.view, self.outlook, self.seat = view, outlook, view.seat
        self.t: LandProspects = view.prospects
        self.odds = self.t.odds()
        """The chance a throw ends on each space (``LandProspects.odds``)."""
        self.cash = view.cash
        self.advised = self.t.params.advised_reserve
        self.circuits = self.t.circuits_left()
        self.rounds = outlook.horizon * self.t.rounds_at(self.circuits)
        self.others = view.n_players - 1
        self._land_return: float | None = None

    def landings(self, idx: int, players: int) -> float:
        """Expected landings on ``idx`` by ``players`` players until the end (to its horizon)."""
        return landings(self.odds[idx], players, self.rounds)

    def improvement_gain(self, idx: int) -> float:
        """What placing the improvement on site ``idx`` adds to the player's final count (the
        module's text); 0 where the site may carry none."""
        t = self.t
        terms = t.terms(idx)
        if not terms.capital:
            return 0.0
        chance = self.odds[idx]
        gain = chance * self.rounds * (terms.interest * self.others - terms.rates)
        if self.outlook.land_first:
            gain -= self.outlook.land_first * self.land_return() * terms.capital
        mine = self.view.player.sites
        if idx in mine and all(i == idx or t.improvement_owner(i) >= 0 or not t.terms(i).capital for i in mine):
            gain += (t.wages(self.seat, True) - t.wages(self.seat, False)) * self.circuits
        return gain

    def land_return(self) -> float:
        """What a pound of land returns its holder over the game on this table: the rent the
        sites keep (the others' landings) and save (his own), less what holding them costs,
        over their face values (improvements left out)."""
        if self._land_return is None:
            t = self.t
            income = face = 0.0
            for idx in t.land:
                terms = t.terms(idx)
                chance = self.odds[idx]
                income += chance * self.rounds * (terms.rent_kept * self.others + terms.rent_paid) \
                    - terms.yearly * self.circuits
                face += terms.face
            self._land_return = income / face if face else 0.0
        return self._land_return

    def site(self, idx: int, spend: int = 0) -> float:
        """What holding site ``idx`` to the end adds to the player's final count, having spent
        ``spend`` on it (what improving it would earn counts only if he could then pay for
        the improvement and keep his reserve)."""
        t = self.t
        terms = t.terms(idx)
        chance = self.odds[idx]
        value = holding_value(terms.face, terms.rent_kept, landings(chance, self.others, self.rounds),
                              terms.yearly * self.circuits) + terms.rent_paid * chance * self.rounds
        if terms.capital and t.improvement_owner(idx) < 0 and \
                self.cash - spend - terms.capital >= self.outlook.reserve * self.advised:
            value += max(0.0, self.improvement_gain(idx))
        return value

    def improvement(self, idx: int) -> float:
        """What holding the improvement on site ``idx`` to the end adds to the owner's count."""
        terms = self.t.terms(idx)
        return terms.capital + terms.interest * self.landings(idx, self.others)

    def holding(self, option: OptionText) -> float:
        """What the player loses by giving up ``site:<i>`` or ``imp:<i>``."""
        head, arg = parse_option(option)
        return self.site(int(arg)) if head == "site" else self.improvement(int(arg))

    def throw(self) -> float:
        """What one throw is expected to bring: its share of the wages (a round of the board
        every ``spaces / 7`` throws) less the expected charges of where it ends."""
        t = self.t
        charges = sum(self.odds[i] * t.visit_cost(self.seat, i) for i in range(t.size))
        return t.wages(self.seat) * t.MEAN_THROW / t.size - charges

    def gaol(self) -> float:
        """What going to Gaol is expected to cost: the fine that buys him out, or the throws
        lost there (the turn he is sent, then :func:`_gaol_turns`), whichever is less (a gain
        where a throw is expected to cost more than it brings)."""
        p = self.t.params
        return min(float(p.gaol_fine), (1.0 + _gaol_turns(p.gaol_throws)) * self.throw())

    def step(self, steps: int) -> float:
        """What moving ``steps`` spaces brings: its share of the wages (a round of the board
        pays them once), less what he pays where he stops."""
        t = self.t
        start = self.view.player.pos
        return steps * t.wages(self.seat) / t.size - t.visit_cost(self.seat, (start + steps) % t.size)

    def paying(self, worth: float, price: float) -> float:
        """The gain of paying ``price`` for what is worth ``worth``."""
        return gain_of_paying(worth, price, self.cash, self.advised, self.outlook)

    def selling(self, worth: float, price: float, cash: int | None = None,
                outlook: Outlook | None = None) -> float:
        """The gain of selling what is worth ``worth`` for ``price`` (by a seller with
        ``cash`` and ``outlook``: this player, unless given)."""
        return gain_of_selling(worth, price, self.cash if cash is None else cash, self.advised,
                               outlook or self.outlook)


def valuation(view: SeatView, idx: int, character: str = "landlord") -> float:
    """What site ``idx`` is worth to this player as a ``character`` (:meth:`Sight.site`)."""
    return Sight(view, OUTLOOKS[character]).site(idx)


HOLDER = OUTLOOKS["landlord"]
"""How a player expects another's site to be valued by its holder when it makes an offer (a
holder's character is not on the table; the landlord's is the holding one)."""


def choose(outlook: Outlook, view: SeatView, d: Decision, notes: dict[str, Any] | None = None) -> OptionText:
    """The option of the highest expected effect on the player's final count (module text);
    ``notes``: what this player keeps between decisions (:func:`_realise`)."""
    kind, opts = d.kind, d.options
    if kind == "realise":
        return _realise(outlook, view, opts, {} if notes is None else notes)
    if kind == "bid_up":  # asked every turn, and mostly answered before anything is valued
        return _offer(outlook, view, opts)
    me = Sight(view, outlook)
    t = me.t
    if kind == "site_card":
        return "buy" if me.paying(outlook.buy_limit(me.site(d.space, d.amount)), d.amount) > 0 else "decline"
    if kind in ("pack_bid", "forced_bid"):
        bids = _amounts(opts, "bid")
        if not bids:
            return opts[0]
        if kind == "forced_bid" and t.owner(d.space) == view.seat:  # the improvement on his site
            worth = me.improvement(d.space)
        else:
            worth = outlook.buy_limit(me.site(d.space, bids[0][0]))
        return bids[0][1] if me.paying(worth, bids[0][0]) > 0 else opts[0]
    if kind == "use_double":
        return max(opts, key=lambda o: (me.step(d.amount * (1 if o == "one" else 2)), o == "both"))
    if kind == "name_bargain":
        prices = _amounts(opts, "price")
        fair = [p for p in prices if p[0] <= t.params.gaol_fine]
        if fair:
            return fair[-1][1]
        return prices[0][1] if prices else opts[0]
    if kind == "take_bargain":
        return "pay" if me.paying(me.gaol(), d.amount) >= 0 else "gaol"
    if kind == "gaol":
        if "pay" not in opts:
            return "throw"
        lost = _gaol_turns(t.params.gaol_throws - view.player.wait)
        return "pay" if me.paying(lost * me.throw(), d.amount) > 0 else "throw"
    if kind == "accept_bid":
        return "accept" if me.selling(me.site(d.space), d.amount) >= 0 else "refuse"
    if kind == "improve_site":
        best: tuple[float, OptionText] | None = None
        for o in opts[1:]:
            idx = int(parse_option(o).arg)
            capital = t.terms(idx).capital
            gain = me.paying(capital + me.improvement_gain(idx), capital)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, o)
        return best[1] if best else "none"
    return opts[0]


def _realise(outlook: Outlook, view: SeatView, opts: tuple[OptionText, ...], notes: dict[str, Any]) -> OptionText:
    """What a debtor sells first: what he loses least by giving up (:meth:`Sight.holding`; the
    option's text breaks a tie). A pauper offers his property again and again while the others
    refuse it, so what each holding is worth to him, and the holdings in that order, are kept
    in ``notes`` while it stands: the same table
    (:meth:`~landlord.rules.british1913.prospects.LandProspects.valuation_key`), cash and holdings."""
    pl = view.player
    key = (outlook, view.seat, view.cash, view.n_players, view.prospects.valuation_key(),
           tuple(sorted(pl.sites)), tuple(sorted(pl.improvements)))
    kept = notes.get("realise")
    if kept is None or kept[0] != key:
        kept = notes["realise"] = [key, {}, []]
    worth: dict[OptionText, float] = kept[1]
    if not all(map(worth.__contains__, opts)):
        me = Sight(view, outlook)
        for o in opts:
            if o not in worth:
                worth[o] = me.holding(o)
        kept[2] = [o for _, o in sorted(zip(worth.values(), worth, strict=True))]  # the least worth first
    return next(filter(set(opts).__contains__, kept[2]))


def _offer(outlook: Outlook, view: SeatView, opts: tuple[OptionText, ...]) -> OptionText:
    """An offer for another's site: for each site, the lowest price offered its holder is
    expected to take (its value to a holder less what the cash would save him, :data:`HOLDER`);
    the site where that leaves this player the most."""
    if not outlook.holds_land:
        return "none"
    t: LandProspects = view.prospects
    advised = t.params.advised_reserve
    keen = outlook.keener_than(HOLDER)
    short = {s for s in range(view.n_players) if s != view.seat and HOLDER.cash_cost(view.cash_of(s), advised)}
    if not keen and not short:
        return "none"  # every holder values its sites at least as this player does: no price suits both
    me = Sight(view, outlook)
    holder = me if outlook == HOLDER else Sight(view, HOLDER)
    best: tuple[float, OptionText] | None = None
    done: set[int] = set()
    sites: dict[int, tuple[float, float, int]] = {}  # site: (mine, theirs, the holder's cash)
    for o in opts[1:]:
        site, price = option_ints(o)
        if site in done:
            continue
        if site not in sites:
            if not keen and t.owner(site) not in short:
                done.add(site)
                continue
            cash = view.cash_of(t.owner(site))
            mine, theirs = me.outlook.buy_limit(me.site(site, price)), holder.site(site)
            if mine <= theirs - HOLDER.cash_cost(cash, me.advised):  # no price suits both
                done.add(site)
                continue
            sites[site] = (mine, theirs, cash)
        mine, theirs, cash = sites[site]
        if me.selling(theirs, price, cash, HOLDER) < 0:
            continue
        done.add(site)  # the lowest price the holder takes (prices come in rising order per site)
        gain = me.paying(mine, price)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, o)
    return best[1] if best else "none"


ANSWERS = KINDS
"""The decision kinds these bots answer (registered once, in :data:`landlord.players.registry.PLAYERS`)."""


def answer(character: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    """The answer of a player of ``character`` (its :data:`~landlord.engine.valuation.OUTLOOKS`
    entry) to a 1913 decision."""
    return choose(OUTLOOKS[character], view, d, getattr(bot, "notes", None))
