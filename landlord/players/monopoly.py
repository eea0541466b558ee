"""How the kit's computer players answer Monopoly's decisions (the Parker Brothers game, its short
and time-limit games, Mucker Monopoly): one valuation (:mod:`landlord.engine.valuation`), read
off what the rules in force pay.

**What the rules pay** is the prospects' (:class:`~landlord.rules.monopoly.MonopolyProspects`): each
deed's :class:`~landlord.rules.monopoly.static.DeedTerms` (what it counts at the end, mortgaged
or not; its mortgage and what lifting it costs; its rent by houses, hotel, complete colour group,
railroads or utilities held; what a house and a hotel cost, each counted at that price at the
end), :meth:`~MonopolyProspects.pays` (what a landing pays a holder, were his deeds or houses
changed), the exact chance a throw ends on each space (:meth:`~MonopolyProspects.chance`, from the
landing chain) and the throws a turn makes, what landings cost a player now (the dearest and the
expected charge), and the rounds left where the rules fix the end (the time-limit game).

**What a change of holdings is worth to a player** (:class:`Books`): what it changes in his end
count, plus the change in the rent the other players' landings pay him until the end (the chance
× :data:`~MonopolyProspects.THROWS_PER_TURN` × the other players × the turns he counts ahead), less
the change in the rent *he* is expected to pay on his own landings when it changes another
player's holdings. Where the rules fix no end (the regular game, to the last player; the short
games, to a bankruptcy) a player counts :data:`OPEN_END` rounds ahead. Completing a colour group
also brings the houses the player could then pay for (:meth:`Books.houses_gain`).

**Every decision** is the option of the highest expected effect on the player's final count, the
cost of the cash it leaves short included (:meth:`Outlook.cash_cost`: the reserve is the most one
landing can cost him now, what he must be able to pay to stay in the game), and the risk of
bankruptcy it adds (:meth:`Books.ruin`: the chance, over the turns until his cash is expected to
recover, that a landing charges more than his cash and all he can raise, were the holders of
whole colour groups to build what their cash pays for (:meth:`~MonopolyProspects.threats`), × his
count, which a bankrupt loses). The game is counted to its end: where the rules fix no hour,
:data:`OPEN_END` rounds, or fewer where the bankruptcies that end it
(:meth:`~MonopolyProspects.bankruptcies_left`: the short games' first or second, the regular game's
last player left) are expected sooner at the rate the players could be ruined now
(:func:`ruin_rate`; a group's houses add to it: :meth:`Books.turns_with`). Buying a deed or
sending it to auction, bidding (the lowest raise while it is still worth more), building (a
house or hotel's added rent × the others' landings; its price counts back at the end), selling
buildings and mortgaging (the least lost per dollar raised, or to keep the reserve), lifting a
mortgage (the rent it restores and the half price it adds to the count, against the cost),
paying or throwing in Jail (the turns a throw for doubles is expected to lose × what a turn on
the board is expected to bring: the salary's share less the expected charges), a Get Out of Jail
Free card (the fine it is expected to save), the Income Tax (the cheaper), trades proposed (to
the holder of the one lot missing from a group: a swap that completes a group for each, or the
least cash the holder's valuation takes) and answered, and Mucker's bribe of the Banker and the
Banker's answer (the card's worth against the $10 a refusal costs). The characters
(:data:`~landlord.engine.valuation.OUTLOOKS`) are parameters of that one valuation: whether they
may take land (the tenant takes none), the reserve, the markup asked to sell, how far ahead
they count.

The random bot needs nothing here: it picks uniformly among the legal options.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import option, parse_option
from landlord.engine.valuation import OUTLOOKS, Outlook, gain_of_paying
from landlord.rules.monopoly.static import HOTEL, K_STREET, MEAN_THROW

if TYPE_CHECKING:
    from landlord.engine.strategies import SeatView
    from landlord.rules.monopoly import MonopolyProspects
    from landlord.rules.monopoly.risk import Threats

KINDS = frozenset({"manage", "manage_lot", "buy_deed", "auction_bid", "ask_rent", "income_tax", "jail_exit",
                   "raise_cash", "lift_mortgage", "trade_item", "trade_reply", "place_building", "bribe_reply"})
"""The Monopoly decision kinds the bots answer here."""

OPEN_END = 40
"""The table rounds a player counts ahead where the rules fix no end (the regular game, to the
last player; the short games, to a bankruptcy): the kit's time-limit game's hour of play."""

DOUBLE = 1.0 / 6.0
"""The chance that a throw of two dice is a double."""

HOLDER = OUTLOOKS["landlord"]
"""How a player expects another to value what it holds when it proposes a trade (another's
character is not on the table; the landlord's is the holding one)."""

_NO_LOT = ("", -1)

RAISE = 1.25
"""A cash offer refused is made again at a quarter more, on a later turn (the rules set no
limit on offers but take one proposal to each player a turn; a player at the table would not
repeat one the holder has just refused)."""

_PLAIN = frozenset({"done", "sell", "mortgage"})
"""Manage options no player takes of its own accord (see :func:`_manage`)."""

SLACK = 1e-6
"""Above the rounding a gain's few additions can make: an option whose bound on its gain plus
this is below the best so far cannot beat it."""

OFFERS = 3
"""At most this many cash offers to one holder for one lot."""


def _jail_turns(throws: int) -> float:
    """The turns a prisoner with ``throws`` throws for doubles left is expected to stay without
    moving (out on a double; after the last throw he pays and moves by it)."""
    return sum((1.0 - DOUBLE) ** k for k in range(1, max(0, throws)))


class Books:
    """One player's valuation at one decision (see the module's text): the prospects, the player's
    :class:`Outlook`, and what every option shares, read once."""

    __slots__ = ("_advised", "_pledge", "_rate", "_ruin", "_terms", "_threats", "_turns", "cash", "left", "others",
                 "outlook", "rounds", "seat", "t", "view")

    def __init__(self, view: SeatView, outlook: Outlook) -> None:
        self.view, self.outlook, self.seat = view, outlook, view.seat
        self.t: MonopolyProspects = view.prospects
        self.cash = view.cash
        left = self.t.rounds_left()
        self.left = self.t.bankruptcies_left()
        self.rounds = OPEN_END if left is None else left
        """the rounds the game runs, were nobody ruined"""
        self.others = max(0, self.t.active() - 1)
        self._threats: Threats | None = None
        self._rate = self._turns = -1.0
        self._advised = -1.0
        self._pledge = -1.0
        self._ruin = -1.0
        self._terms: dict[int, tuple[float, float, int]] = {}

    @property
    def threats(self) -> Threats:
        """What could ruin each seat at the table as it stands (it stands while he decides)."""
        if self._threats is None:
            self._threats = self.t.risk()
        return self._threats

    @property
    def rate(self) -> float:
        """The bankruptcies a round is expected to bring now (:func:`ruin_rate`)."""
        if self._rate < 0:
            self._rate = ruin_rate(self.t, self.threats)
        return self._rate

    @property
    def turns(self) -> float:
        """The turns he counts ahead: his horizon × the rounds the game runs, or fewer where the
        bankruptcies that end it are expected sooner at :attr:`rate`."""
        if self._turns < 0:
            rate = self.rate
            self._turns = self.outlook.horizon * min(self.rounds, self.left / rate if rate > 0 else self.rounds)
        return self._turns

    @property
    def advised(self) -> float:
        """The cash he must be able to pay: the most one landing can cost him now."""
        if self._advised < 0:
            self._advised = self.t.dearest(self.seat)
        return self._advised

    # -- what holdings are worth -------------------------------------------------------------
    def rents(self, seat: int, plus: Collection[int] = (), minus: Collection[int] = ()) -> float:
        """What adding ``plus`` to and taking ``minus`` from ``seat``'s deeds changes in the rent
        the other players' landings pay him until the end."""
        t = self.t
        return t.income_change(seat, plus, minus) * t.THROWS_PER_TURN * self.turns * self.others

    def exposure(self, seat: int, plus: Collection[int] = (), minus: Collection[int] = ()) -> float:
        """What the same change of another ``seat``'s deeds changes in the rent this player is
        expected to pay him on his own landings until the end."""
        t = self.t
        return t.income_change(seat, plus, minus) * t.THROWS_PER_TURN * self.turns

    def face(self, idx: int) -> int:
        """What deed ``idx`` counts at the end as it stands (mortgaged: half), its buildings
        left out."""
        terms = self.t.terms(idx)
        return terms.pledged if self.t.mortgaged[idx] else terms.face

    def houses_gain(self, seat: int, idx: int, budget: float) -> float:
        """What the houses ``seat`` could pay for out of ``budget`` would add in rent were he to
        complete ``idx``'s colour group with it (built evenly, up to the hotel): nothing if it
        completes none."""
        if budget <= 0:
            return 0.0
        return self.houses_by(seat, self.house_round(seat, idx), idx, budget)

    def houses_by(self, seat: int, step: int, idx: int, budget: float) -> float:
        """:meth:`houses_gain` where a house on every lot of ``idx``'s group costs ``step``
        (:meth:`house_round`: 0, none to build), counted until the game's end: sooner where
        those houses could ruin the others (:meth:`turns_with`)."""
        if budget <= 0:
            return 0.0
        each = min(self.t.hotel_after, int(budget // step)) if step else 0
        if each <= 0:
            return 0.0
        return self.t.group_rise(idx, each) * self.t.THROWS_PER_TURN * self.turns_with(seat, idx, each) * self.others

    def turns_with(self, seat: int, idx: int, each: int) -> float:
        """The turns he counts ahead were ``seat`` to build ``each`` houses on every lot of
        ``idx``'s colour group: the game ends after :meth:`~MonopolyProspects.bankruptcies_left`
        more bankruptcies, and those houses add to the bankruptcies a round brings the chance
        that a throw of each other player ends on a lot whose rent would be more than his cash
        and all he can raise."""
        t = self.t
        added = 0.0
        odds = t.odds()
        rents = [(odds[j], t.terms(j).rents[1 + each]) for j in t.members[idx]]
        for s, pl in enumerate(t.players):
            if s != seat and not pl.out:
                wealth = t.cash(s) + t.raisable(s)
                q = sum(p for p, rent in rents if rent > wealth)
                if q > 0.0:
                    added += 1.0 - (1.0 - q) ** t.THROWS_PER_TURN
        if not added:
            return self.turns
        return self.outlook.horizon * min(self.rounds, self.left / (self.rate + added))

    def house_round(self, seat: int, idx: int) -> int:
        """What a house on every lot of ``idx``'s colour group costs, were ``seat`` to complete
        it with ``idx`` (0: it would complete none, or a lot of it is mortgaged, or it is no
        street)."""
        t = self.t
        if t.code[idx] != K_STREET:
            return 0
        group = t.members[idx]
        own, mortgaged = t.owner, t.mortgaged
        for j in group:
            if j != idx and (own[j] != seat or mortgaged[j]):
                return 0
        return t.terms(idx).house_cost * len(group)

    def deed(self, idx: int, price: float = 0.0, memo: dict[tuple[int, int, int], float] | None = None) -> float:
        """What taking deed ``idx`` for ``price`` is worth to this player (before the price): what
        it counts at the end, the rent it brings, the houses it lets him build with the cash left
        above his reserve, and the rent it keeps from him were the player it helps most to take it
        instead. ``memo`` keeps what does not depend on the price while the table stands."""
        spare = self.cash - price - self.outlook.reserve * self.advised
        return self.deed_base(idx, memo) + self.houses_gain(self.seat, idx, spare)

    def deed_base(self, idx: int, memo: dict[tuple[int, int, int], float] | None = None) -> float:
        """What of :meth:`deed` does not depend on the price or his cash."""
        key = (idx, self.t.version, self.others)
        base = memo.get(key) if memo is not None else None
        if base is None:
            base = self.face(idx) + self.rents(self.seat, (idx,)) + self.denial(idx)
            if memo is not None:
                if len(memo) > 64:
                    memo.clear()
                memo[key] = base
        return base

    def denial(self, idx: int) -> float:
        """The rent deed ``idx`` would cost this player on his landings were the other player it
        adds most to take it (with the houses that player could then pay for)."""
        t, view = self.t, self.view
        worst = 0.0
        for s in range(view.n_players):
            if s == self.seat or t.players[s].out:
                continue
            hurt = self.exposure(s, (idx,))
            if t.code[idx] == K_STREET and self.others:
                hurt += self.houses_gain(s, idx, view.cash_of(s)) / self.others
            worst = max(worst, hurt)
        return worst

    def building(self, idx: int, houses: int) -> float:
        """What changing lot ``idx`` from its buildings to ``houses`` (5: a hotel) does to the rent
        the others pay this player until the end."""
        t = self.t
        now = t.houses[idx]
        change = t.pays(idx, self.seat, houses=houses) - t.pays(idx, self.seat, houses=now)
        return change * t.chance(idx) * t.THROWS_PER_TURN * self.turns * self.others

    def card(self) -> float:
        """What a Get Out of Jail Free card is worth: the fine it is expected to save (the
        Jailings expected in the turns left: the chance a throw ends in Jail over the throws a
        stay there lasts, × the throws left), at most one fine."""
        t = self.t
        stay = 1.0 + _jail_turns(t.jail_throws())
        jailings = t.chance(-1) / stay * t.THROWS_PER_TURN * self.turns
        return t.jail_fine() * min(1.0, jailings)

    def turn(self) -> float:
        """What a turn on the board is expected to bring: the salary's share of each throw less
        what a throw is expected to cost him."""
        t = self.t
        throw = t.salary() * MEAN_THROW / t.board_size() - t.charges(self.seat)[1]
        return throw * t.THROWS_PER_TURN

    # -- paying and raising --------------------------------------------------------------------
    def paying(self, worth: float, price: float, kept: float = 0.0) -> float:
        """The gain of paying ``price`` for what is worth ``worth`` (the cash he could raise by
        mortgaging counted in hand, less the interest lifting it would cost), less the risk of
        bankruptcy it adds (:meth:`ruin`: what he can pay falls by the price less ``kept``, what
        the thing bought would raise him were he short: a deed's mortgage, half a building's
        price)."""
        gain = gain_of_paying(worth, price, self.cash + self.pledgeable(), self.advised, self.outlook)
        return gain - self.ruin_added(kept - price)

    def ruin_added(self, change: float) -> float:
        """What changing by ``change`` all he can pay (his cash and what he can raise) adds to
        his risk of bankruptcy's cost (:meth:`ruin`)."""
        if not change:
            return 0.0
        if self._ruin < 0:
            self._ruin = self.ruin(self.seat, self.cash + self.t.raisable(self.seat))
        return self.ruin(self.seat, self.cash + self.t.raisable(self.seat) + change) - self._ruin

    def ruin(self, seat: int, wealth: float) -> float:
        """What ``seat`` is expected to lose by bankruptcy with ``wealth`` to pay with (his cash
        and all he can raise): the chance that a landing charges him more
        (:meth:`~MonopolyProspects.ruin_chance`, a throw) over the throws until his cash is expected
        to reach the dearest charge that could come (:meth:`~MonopolyProspects.threat`, at what a turn
        is expected to bring him: the salary's share and his rents less his charges; never,
        where that is nothing: to the end) × his
        count, which a bankrupt loses (BANKRUPTCY: "he must turn over ... all that he has of
        value"; the count values a bankrupt at nothing)."""
        q = self.threats.chance(seat, wealth)
        if q <= 0.0:
            return 0.0
        net, top, count = self._terms.get(seat) or self._ruin_terms(seat)
        turns = self.turns if net <= 0 else min(self.turns, (top - wealth) / net)
        risk = 1.0 - (1.0 - q) ** (self.t.THROWS_PER_TURN * max(1.0, turns))
        return risk * count

    def _ruin_terms(self, seat: int) -> tuple[float, float, int]:
        """What :meth:`ruin` reads of ``seat`` besides his means, once a decision: what a turn is
        expected to bring him (the salary's share and his rents less his charges), the dearest
        charge that could come (:meth:`~MonopolyProspects.threat`) and his count."""
        t = self.t
        throws = t.THROWS_PER_TURN
        net = throws * (t.salary() * MEAN_THROW / t.board_size() - t.charges(seat)[1] + self.others * t.takings(seat))
        terms = self._terms[seat] = (net, self.threats.tops[seat], t.count(seat))
        return terms

    def pledgeable(self) -> float:
        """What mortgaging his unbuilt deeds would raise him, less the interest that lifting the
        mortgages would cost: cash he can have at that loss when a charge comes."""
        if self._pledge < 0:
            self._pledge = self.t.pledge_room(self.seat)
        return self._pledge

    def giving_up(self, opt: OptionText) -> tuple[float, float]:
        """(what it loses of his final count, the cash it raises) for a ``mortgage:<i>``,
        ``sell_house:<i>`` or ``sell_all:<group>`` option: a building sells back for half what
        it cost and counts its cost at the end; a mortgage raises what the deed's count falls
        by (to half its price); both lose the rent they brought."""
        t = self.t
        head, arg = parse_option(opt)
        if head == "sell_all":
            lost = raised = 0.0
            for j in t.group_lots(arg):
                if t.houses[j]:
                    cost = t.building_cost(j)
                    lost += cost - cost // 2 - self.building(j, 0)
                    raised += cost // 2
            return lost, raised
        idx = int(arg)
        terms = t.terms(idx)
        if head == "mortgage":
            income = t.pays(idx, self.seat) * t.chance(idx) * t.THROWS_PER_TURN * self.turns * self.others
            return income + terms.face - terms.pledged - terms.mortgage, float(terms.mortgage)
        h = t.houses[idx]
        cost, down = (terms.hotel_cost, t.hotel_after) if h == HOTEL else (terms.house_cost, h - 1)
        return cost - cost // 2 - self.building(idx, down), float(cost // 2)

    def unmortgaged(self, idx: int) -> float:
        """What lifting the mortgage on his deed ``idx`` adds to his count: the half price it
        adds back, and the rent it restores (the others' landings until the end)."""
        t = self.t
        terms = t.terms(idx)
        rent = t.pays(idx, self.seat, lifted=True) * t.chance(idx) * t.THROWS_PER_TURN * self.turns * self.others
        return terms.face - terms.pledged + rent

    def lift(self, idx: int) -> float:
        """The gain of lifting the mortgage on deed ``idx`` now, against its cost."""
        terms = self.t.terms(idx)
        worth, cost = self.unmortgaged(idx), terms.lift
        return self.paying(worth, cost, terms.mortgage) if worth > cost else worth - cost


def ruin_rate(t: MonopolyProspects, threats: Threats) -> float:
    """The bankruptcies a table round is expected to bring now: each player's chance that a
    throw ruins him (``threats``' :meth:`~Threats.chance` at his cash and all he can raise) over
    a turn's throws. The game is expected to run :meth:`~MonopolyProspects.bankruptcies_left` over
    this many rounds more (where the rules fix no earlier end)."""
    rate = 0.0
    for s, pl in enumerate(t.players):
        if not pl.out:
            q = threats.chance(s, t.cash(s) + t.raisable(s))
            if q > 0.0:
                rate += 1.0 - (1.0 - q) ** t.THROWS_PER_TURN
    return rate


def _cash_steps(amount: int, steps: Sequence[int]) -> list[str]:
    """``pay_cash`` options adding up to ``amount`` (greedy, biggest steps first)."""
    out = []
    for k in sorted(steps, reverse=True):
        while amount >= k:
            out.append(option("pay_cash", k))
            amount -= k
    return out


Offer = tuple[float, int, list[str], tuple[int, int, int], int]
"""A trade worth offering: (its gain, the partner, the items to put together, its key in
:attr:`TradePlanner.tried`, the cash offered)."""


class TradePlanner:
    """A player's memory for trades: the plan being put together and the offers already made."""

    __slots__ = ("cands", "checked", "limits", "memo", "plan", "queue", "refused", "tried", "tries", "version")

    def __init__(self) -> None:
        self.limits: dict[tuple[int, int, int], int] = {}
        """At an auction (lot, table version, cash): the highest bid that leaves it better off."""
        self.memo: dict[tuple[int, int, int], float] = {}
        """What deeds are worth to the player apart from their price, while the table stands."""
        self.plan: list[str] = []
        self.tried: dict[tuple[int, int, int], int] = {}
        """Each offer made: (partner, lot taken, lot given or -1 for cash) -> the cash offered."""
        self.tries: dict[tuple[int, int, int], int] = {}
        """How many times each was offered."""
        self.version = -1
        self.checked = -1
        self.refused = False
        """whether an offer was made since the offers were last worked out (made again, raised,
        once the queue is empty)"""
        self.queue: list[Offer] = []
        """The offers worth making, worked out at the deeds' version ``checked`` (``owners_version``):
        made one by one, worked out again when deeds change hands."""
        self.cands: list[tuple[int, int, int]] = []

    def candidates(self, t: MonopolyProspects, seat: int) -> list[tuple[int, int, int]]:
        """(partner, the lot it holds that completes a group of ours, our lot that completes a
        group of the partner's or -1 for a cash offer), recomputed only when deeds change hands."""
        if t.owners_version == self.version:
            return self.cands
        self.version = t.owners_version
        own, gid, gbuilt, code, members = t.owner, t.gid, t.gbuilt, t.code, t.members
        out: list[tuple[int, int, int]] = []
        deeds = sorted(t.players[seat].deeds)
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
            for mine in deeds:
                if mine not in group and not gbuilt[gid[mine]] and code[mine] == K_STREET:
                    others = members[mine]
                    if all(own[j] == p or j == mine for j in others):
                        out.append((p, want, mine))
            out.append((p, want, -1))
        self.cands = out
        return out

    def propose(self, me: Books, opts: tuple[OptionText, ...]) -> OptionText | None:
        """A ``trade:<seat>`` option starting the trade that leaves this player best off of those
        worked out since deeds last changed hands or an offer was refused, a swap offered once, a
        cash offer again only at :data:`RAISE` times the last (at most :data:`OFFERS` times); or
        None. A swap is offered where the partner's valuation (:data:`HOLDER`) gains too. Cash
        is offered first at what the lot brings its holder (what it counts and the rent it
        brings him), then, refused, a quarter more, and the last time at what the partner's
        valuation loses by the sale (the rent the lot's new group would cost him included), or,
        where that is more than the lot is worth to this player, at the most it is (the
        partner's character is not on the table: it may take less; an offer of all the lot is
        worth to the buyer hands the holder the whole gain of the trade)."""
        t = me.t
        if not me.outlook.holds_land:
            return None
        if self.checked != t.owners_version or (not self.queue and self.refused):
            self.checked = t.owners_version
            self.refused = False
            self.queue = self.offers(me, opts)
        while self.queue:
            _, p, plan, key, price = self.queue.pop(0)
            if t.o_trade[p] in opts and price <= me.cash:
                self.tried[key] = price
                self.tries[key] = self.tries.get(key, 0) + 1
                self.refused = True  # until the offer is accepted (deeds change hands)
                self.plan = plan
                return option("trade", p)
        return None

    def offers(self, me: Books, opts: tuple[OptionText, ...]) -> list[Offer]:
        """The offers worth making now, the best first (see :meth:`propose`)."""
        t, seat = me.t, me.seat
        out: list[Offer] = []
        for p, want, mine in self.candidates(t, seat):
            if t.o_trade[p] not in opts:
                continue
            if mine >= 0:
                key = (p, want, mine)
                if key in self.tried:
                    continue
                gain = trade_gain(me, seat, p, (want,), (mine,), 0)
                if gain > 0 and trade_gain(me, p, seat, (mine,), (want,), 0, HOLDER) >= 0:
                    out.append((gain, p, [option("give", mine), option("take", want), "offer"], key, 0))
                continue
            key = (p, want, -1)
            last = self.tried.get(key, 0)
            if last and (me.cash <= last * RAISE or self.tries.get(key, 0) >= OFFERS):
                continue  # offered already, and it cannot now offer enough more
            price = max(1, int(me.face(want) - me.rents(p, (), (want,))) + 1)  # what the lot brings its holder
            if last:  # refused at the last price: he asks more than that
                price = max(price, -int(-last * RAISE // 1))
            full = max(1, int(-trade_gain(me, p, seat, (), (want,), 0, HOLDER)) + 1)  # what he loses by it
            price = full if self.tries.get(key, 0) >= OFFERS - 1 else min(price, full)
            if price <= last:
                continue
            gain = trade_gain(me, seat, p, (want,), (), -price) if price <= me.cash else 0.0
            if gain <= 0:
                price = _most(_buying(me, p, want), me.cash)
                if price <= 0 or (last and price <= last * RAISE):
                    continue
                gain = trade_gain(me, seat, p, (want,), (), -price)
            if gain > 0:
                out.append((gain, p, [option("take", want), *_cash_steps(price, t.trade_cash_steps), "offer"], key,
                            price))
        out.sort(key=lambda o: -o[0])
        return out

    def settled(self, t: MonopolyProspects) -> bool:
        """Whether the offers were worked out since deeds last changed hands and none is left
        (none refused since, to be made again raised)."""
        return self.checked == t.owners_version and not self.queue and not self.refused

    def next_item(self, opts: tuple[OptionText, ...]) -> OptionText:
        """The next planned item, or ``cancel`` if the plan no longer fits."""
        if self.plan:
            step = self.plan.pop(0)
            if step in opts:
                return step
        self.plan = []
        return "cancel"


def _buying(me: Books, partner: int, lot: int) -> Callable[[int], float]:
    """What buying ``lot`` from ``partner`` for a price in cash is worth to this player, as a
    function of the price (:func:`trade_gain`, what does not hang on the price worked out once)."""
    seat, o, t = me.seat, me.outlook, me.t
    cash_now, advised = t.cash(seat), me.advised
    fixed = me.face(lot) + me.rents(seat, (lot,)) - me.exposure(partner, (), (lot,))
    before = o.cash_cost(cash_now, advised)
    kept = 0 if t.mortgaged[lot] else t.terms(lot).mortgage

    def gain(price: int) -> float:
        left = cash_now - price
        return (fixed + me.houses_gain(seat, lot, left) - price + before - o.cash_cost(left, advised)
                - me.ruin_added(kept - price))

    return gain


def _most(gain: Callable[[int], float], cash: int) -> int:
    """The highest whole price up to ``cash`` at which ``gain`` (falling as the price rises) is
    still positive (0 if none)."""
    if cash <= 0 or gain(1) <= 0:
        return 0
    low, high = 1, cash
    while low < high:
        mid = (low + high + 1) // 2
        if gain(mid) > 0:
            low = mid
        else:
            high = mid - 1
    return low


def trade_gain(me: Books, seat: int, partner: int, gets: Collection[int], gives: Collection[int], cash: int,
               outlook: Outlook | None = None) -> float:
    """What a trade with ``partner`` is worth to ``seat`` (this player, or another as
    ``outlook`` would value it): the deeds it ``gets`` and ``gives`` (what they count at the
    end, the rent they bring it from the others' landings, the houses a group they complete
    lets it build or, given, no longer), the rent the partner's change costs it on its own
    landings (the houses the partner could build included), and ``cash`` received (negative:
    paid), with the cost of the cash it leaves short, the risk of bankruptcy it adds or takes
    off (:meth:`Books.ruin`) and the markup asked on what it gives."""
    o = outlook or me.outlook
    if gets and not o.holds_land:
        return -1.0
    t = me.t
    cash_now = t.cash(seat)
    value_in = sum(me.face(i) for i in gets) + me.rents(seat, gets, gives)
    value_in += sum(me.houses_gain(seat, i, cash_now + cash) for i in gets)
    value_out = sum(me.face(i) + me.houses_gain(seat, i, cash_now) for i in gives)
    hurt = me.exposure(partner, gives, gets)
    if me.others:
        hurt += sum(me.houses_gain(partner, i, t.cash(partner) - cash) for i in gives) / me.others
    advised = me.advised if seat == me.seat else t.dearest(seat)
    relief = o.cash_cost(cash_now, advised) - o.cash_cost(cash_now + cash, advised)
    mort, terms = t.mortgaged, t.terms
    change = cash + sum(0 if mort[i] else terms(i).mortgage for i in gets) \
        - sum(0 if mort[i] else terms(i).mortgage for i in gives)  # in what it can pay
    if seat == me.seat:
        relief -= me.ruin_added(change)
    elif change:
        wealth = cash_now + t.raisable(seat)
        relief -= me.ruin(seat, wealth + change) - me.ruin(seat, wealth)
    return value_in - o.sell_limit(value_out) - hurt + cash + relief


def choose(outlook: Outlook, view: SeatView, d: Decision, planner: TradePlanner) -> OptionText:
    """The option of the highest expected effect on the player's final count (module text)."""
    kind, opts = d.kind, d.options
    if kind == "ask_rent":
        return "ask"  # asking brings the rent; forgetting brings nothing
    if kind == "trade_item":
        return planner.next_item(opts)
    if kind == "manage" and (not outlook.holds_land or planner.settled(view.prospects)) \
            and all(o in _PLAIN or o.startswith("trade:") for o in opts):
        return "done"  # nothing to build, lift or bribe with, no trade to propose
    me = Books(view, outlook)
    t = me.t
    if kind == "manage":
        return _manage(me, opts, planner)
    if kind == "manage_lot":
        return _best_lot(me, opts)
    if kind == "buy_deed":
        if not outlook.holds_land:
            return "auction"
        worth = me.deed(d.space, d.amount, planner.memo)
        return "buy" if me.paying(worth, d.amount, t.terms(d.space).mortgage) > 0 else "auction"
    if kind == "auction_bid":
        return _bid(me, d, planner)
    if kind == "income_tax":
        return "percent" if t.worth(view.seat) // 10 < d.amount else "flat"
    if kind == "jail_exit":
        return _jail(me, opts, d.amount)
    if kind == "raise_cash":
        return min(opts, key=lambda o: _loss_per_dollar(me, o))
    if kind == "lift_mortgage":  # the interest is due either way: lifting now costs the mortgage
        mortgage = t.terms(d.space).mortgage
        return "lift" if me.paying(me.unmortgaged(d.space), mortgage, mortgage) > 0 else "keep"
    if kind == "trade_reply":
        return _reply(me)
    if kind == "place_building":
        return max(opts, key=lambda o: _building_worth(me, o))
    if kind == "bribe_reply":
        return "accept" if me.card() >= d.amount else "refuse"
    return opts[0]


def _bid(me: Books, d: Decision, planner: TradePlanner) -> OptionText:
    """A bid at an auction: pass unless a bid leaves him better off; else, of the bids that do,
    the one nearest half way from the highest bid to the highest that does (so a bid closes
    in on what the lot is worth to him in a few steps, and never passes it)."""
    if d.space >= 0 and not me.outlook.holds_land:
        return "pass"
    bids = sorted((_amount(o), o) for o in d.options[1:])
    key = (d.space, me.t.version, me.cash)
    limit = planner.limits.get(key)
    if limit is None:  # the highest bid that gains, worked out once an auction (the gain falls as it rises)
        if d.space >= 0:  # me.paying(me.deed(d.space, a, planner.memo), a), the price's share apart
            base, idx = me.deed_base(d.space, planner.memo), d.space
            step, cash, keep = me.house_round(me.seat, idx), me.cash, me.outlook.reserve * me.advised
            can, advised, o = me.cash + me.pledgeable(), me.advised, me.outlook

            kept = me.t.terms(idx).mortgage

            def gain(a: int) -> float:
                return (gain_of_paying(base + me.houses_by(me.seat, step, idx, cash - a - keep), a, can, advised, o)
                        - me.ruin_added(kept - a))
        else:  # a house or hotel at a shortage: the best place it could go
            worth = max((_building_worth(me, o) for o in _my_builds(me)), default=0.0)

            def gain(a: int) -> float:
                return me.paying(worth, a)
        limit = _most(gain, bids[-1][0])
        if len(planner.limits) > 16:
            planner.limits.clear()
        planner.limits[key] = limit
    gains = [b for b in bids if b[0] <= limit]
    if not gains:
        return "pass"
    half = (d.amount + gains[-1][0]) / 2
    below = [g for g in gains if g[0] <= half]
    return (below[-1] if below else gains[0])[1]


_AMOUNTS: dict[OptionText, int] = {}
"""What each ``bid:<n>`` option seen bids (the rules make each once: :func:`~landlord.rules.monopoly.static._bid`)."""


def _amount(opt: OptionText) -> int:
    """The amount a ``bid:<n>`` option bids."""
    n = _AMOUNTS.get(opt)
    if n is None:
        if len(_AMOUNTS) > 4096:
            _AMOUNTS.clear()
        n = _AMOUNTS[opt] = int(parse_option(opt).arg)
    return n


def _my_builds(me: Books) -> list[OptionText]:
    """The building options on this player's complete groups (for a shortage's auction)."""
    t = me.t
    out = []
    for idx in t.players[me.seat].deeds:
        if t.code[idx] == K_STREET and t.holds_group(me.seat, idx) and t.houses[idx] < HOTEL:
            out.append(option("hotel" if t.houses[idx] >= t.hotel_after else "house", idx))
    return out


def _building_worth(me: Books, opt: OptionText) -> float:
    """What a ``house:<i>`` / ``hotel:<i>`` is worth to him: its price counts at the end, and
    the rent it adds."""
    head, arg = parse_option(opt)
    return _built_worth(me, head, int(arg))


def _built_worth(me: Books, head: str, idx: int) -> float:
    """:func:`_building_worth` of a ``head`` (house or hotel) on lot ``idx``."""
    t = me.t
    terms = t.terms(idx)
    if head == "hotel":
        return terms.hotel_cost + me.building(idx, HOTEL)
    return terms.house_cost + me.building(idx, t.houses[idx] + 1)


def _manage(me: Books, opts: tuple[OptionText, ...], planner: TradePlanner) -> OptionText:
    """The manage step: the build or lift of the highest gain, else a bribe, a trade or ``done``.

    Mortgaging raises what the deed's count falls by and loses its rent; selling a building
    back loses half its price and its rent: of his own accord neither adds to his count. The
    cost of cash short of the reserve is what raising it will lose when a charge comes (the
    rules let him raise it then: ``raise_cash``), so he does not raise it before."""
    t = me.t
    best: tuple[float, OptionText] | None = None
    lots = t.lot_options
    for o in opts[1:]:
        what, idx = lots.get(o, _NO_LOT)
        if what in ("house", "hotel"):
            cost = t.terms(idx).hotel_cost if what == "hotel" else t.terms(idx).house_cost
            gain = me.paying(_built_worth(me, what, idx), cost, cost // 2)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, o)
        elif o == "unmortgage":
            gain = _best_lift(me, 0.0 if best is None else best[0])
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, o)
    if best is not None:
        return best[1]
    if "bribe" in opts and me.card() < t.bribe_refused():
        return "bribe"
    return planner.propose(me, opts) or "done"


def _best_lift(me: Books, floor: float) -> float:
    """The highest gain of lifting one of his mortgages he has the cash for, where it is above
    ``floor`` (and 0): lifting gains at most what the lifted deed adds less its cost, so a deed
    whose lift cannot beat the best so far is not valued further."""
    t = me.t
    best = max(0.0, floor)
    top = 0.0
    for i in t.players[me.seat].deeds:
        if t.mortgaged[i] and t.lift_cost[i] <= me.cash:
            terms = t.terms(i)
            worth, cost = me.unmortgaged(i), terms.lift
            if worth - cost + SLACK < best:
                continue
            gain = me.paying(worth, cost, terms.mortgage)
            if gain > best:
                best = top = gain
    return top


def _best_lot(me: Books, opts: tuple[OptionText, ...]) -> OptionText:
    """A lot menu's option of the highest gain (``back`` if none gains: mortgages and sales of
    his own accord gain nothing, see :func:`_manage`)."""
    best: tuple[float, OptionText] = (0.0, "back")
    for o in opts[1:]:
        head, arg = parse_option(o)
        if head == "unmortgage":
            gain = me.lift(int(arg))
            if gain > best[0]:
                best = (gain, o)
    return best[1]


def _loss_per_dollar(me: Books, opt: OptionText) -> tuple[float, OptionText]:
    """What raising cash by ``opt`` loses him per dollar it raises (ties: the option's name)."""
    lost, raised = me.giving_up(opt)
    return (lost / raised if raised else float("inf")), opt


def _jail(me: Books, opts: tuple[OptionText, ...], fine: int) -> OptionText:
    """Leave Jail now (by the card, or the fine) or throw for doubles: throwing is expected to
    lose the turns :func:`_jail_turns` × what a turn brings (nothing lost where a turn is
    expected to cost), and to end with the fine after the last failed throw."""
    t = me.t
    pl = me.view.player
    left = t.jail_throws() - pl.jail_turns
    lost = _jail_turns(left) * me.turn()
    still = fine * (1.0 - DOUBLE) ** left  # the fine paid anyway after the last failed throw
    if "card" in opts and lost + still > me.card():
        return "card"
    if "pay" in opts and me.paying(lost + still, fine) > 0:
        return "pay"
    return "throw"


def _reply(me: Books) -> OptionText:
    """Accept the trade on offer if it leaves this player better off."""
    t = me.t
    offer = t.offer
    if offer is None:
        return "reject"
    card = me.card()
    cash = offer.pay_cash - offer.want_cash
    gain = trade_gain(me, me.seat, offer.proposer, offer.give, offer.take, cash)
    gain += card * (len(offer.give_cards) - len(offer.take_cards))
    return "accept" if gain > 0 else "reject"


ANSWERS = KINDS
"""The decision kinds these bots answer (the family registers them once, with its rules)."""


def answer(character: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    """The answer of a player of ``character`` (its :data:`~landlord.engine.valuation.OUTLOOKS`
    entry) to a Monopoly decision; ``bot.notes`` keep its trade planner between decisions."""
    planner = bot.notes.get("trades")
    if planner is None:
        planner = bot.notes["trades"] = TradePlanner()
    return choose(OUTLOOKS[character], view, d, planner)
