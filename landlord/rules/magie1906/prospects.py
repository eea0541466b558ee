"""What the 1906 players read off the table to value a card: :class:`Prospects1906`, over the state
and what the rules in force pay (:class:`~landlord.rules.magie1906.pays.Pays1906`)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

from landlord.engine.decisions import OptionText
from landlord.engine.options import parse_option
from landlord.engine.valuation import card_worth
from landlord.rules.magie1906.building import BuildingTerms
from landlord.rules.magie1906.movement import magie1906_movement
from landlord.rules.magie1906.params import Params1906
from landlord.rules.magie1906.terms import MoneyTerms
from landlord.rules.memo import PhaseOdds

if TYPE_CHECKING:
    from landlord.rules.magie1906.pays import Pays1906
    from landlord.rules.magie1906.state import Magie1906State

_CIRCUITS = attrgetter("circuits")
"""A player's circuits of the board."""


class Prospects1906(PhaseOdds, MoneyTerms, BuildingTerms):
    """What the 1906 bots read off the table to value a card (all of it public: the cards, the
    houses, the board, the dice): :mod:`landlord.players.magie1906` turns it into a price."""

    __slots__ = ("_chances", "_game", "_mean", "_movement", "_odds", "_pays", "_r", "_returns", "_taxes",
                 "franchises", "necessities", "paired")

    def __init__(self, state: Magie1906State, pays: Pays1906) -> None:
        self._r = state
        self._pays = pays
        self._game = state.g
        self._movement = magie1906_movement
        self._odds: dict[str, Mapping[int, float]] = {}
        """The landing chances of each phase this game has valued cards in (:meth:`PhaseOdds.odds`)."""
        self.paired = tuple(i for i, k in enumerate(state.kinds) if k in ("railroad", "franchise"))
        """The railroads and franchises: cards worth more to the holder of others of their kind."""
        self.franchises = state.franchises
        self.necessities = tuple(i for i, k in enumerate(state.kinds) if k == "necessity")
        """The necessities (rule 4's tax), in the board's order."""
        self._taxes: dict[tuple[str, int], float] = {}
        """What the necessities' tax costs a throw, by phase and houses built (:meth:`_taxes_flow`)."""
        self._returns: dict[tuple[object, ...], tuple[list[float], float]] = {}
        """What :meth:`land_return` sums, by the table's payoffs (:meth:`payoff_key`) and seat."""
        self._flows: tuple[object, str, dict[tuple[object, ...], tuple[float, float]]] = (None, "", {})
        """:meth:`_section_flows` under the params and phase it names, by seat, lot and section."""
        self._section_get = [itemgetter(*section) for section in state.section_of]
        """What each space's section holds, read off a list of the spaces' (cards, houses)."""
        self._mean: tuple[Params1906 | None, float] = (None, 0.0)
        """The params :meth:`_speculation_mean` was last worked out under, and its answer."""
        self._chances: tuple[Params1906 | None, int, float] = (None, 0, 0.0)
        """The params and wages :meth:`_chance_mean` was last worked out for, and its answer."""

    @property
    def params(self) -> Params1906:
        """The params in force, typed (every player knows the rules)."""
        return self._r.params

    def holder(self, idx: int) -> int:
        """Who holds the card of space ``idx`` (-1: the pack)."""
        return self._r.owner[idx]

    def pack_sale(self, idx: int) -> bool:
        """Whether a ``bid`` or ``buy`` decision on space ``idx`` is the sale of a card from the
        pack (rules 1 and 7), not the single tax's building privilege (rule 4), which asks with
        the same kinds and is only ever on a lot under the single tax."""
        r = self._r
        return not (r.params.single_tax and r.kinds[idx] == "lot")

    def printed_price(self, idx: int) -> int:
        """The card's "original sale price", printed on the card and the board (rule 1)."""
        return int(self._r.g.board.spaces[idx].price)

    def earning(self, idx: int, seat: int) -> float:
        """What a player stopping on ``idx`` would pay ``seat`` if ``seat`` held its card
        (rules 7, 8 and 9; nothing for a deed under the single tax or a card the public owns).
        Speculation: the $10 ante plus the broker's 10 percent of the mean winnings."""
        r = self._r
        g = r.g
        p = r.params
        kind = r.kinds[idx]
        if idx in r.public or (kind == "lot" and p.single_tax):
            return 0.0
        if kind == "lot":
            return float(self._pays.land_rent(idx) + self._pays.house_rent(idx))
        if kind == "railroad":
            owner = r.owner
            held = sum([owner[i] == seat or i == idx for i in r.railroads])
            return float(p.railroad_fares[min(held, len(p.railroad_fares)) - 1])
        if kind == "franchise":
            owner = r.owner
            both = all([owner[i] == seat or i == idx for i in self.franchises])
            return float(p.cinch_rate if both else g.board.spaces[idx].fee)
        if kind == "speculation":
            return g.board.spaces[idx].fee + self._speculation_mean() * p.broker_percent / 100
        return 0.0

    def _speculation_mean(self) -> float:
        """The mean winnings of a Speculation throw (rule 8's table, a double's own figure),
        kept while the params stand."""
        p = self._r.params
        kept = self._mean
        if kept[0] is not p:
            table = p.speculation_table
            mean = sum(p.speculation_double if a == b else table[a + b]
                       for a in range(1, 7) for b in range(1, 7)) / 36
            kept = self._mean = (p, mean)
        return kept[1]

    def end_value(self, idx: int) -> int:
        """What the card counts at the end: "Every card ... counts the holder or owner 100";
        a title deed nothing under the single tax ("the Title Deeds are of no value")."""
        r = self._r
        if r.kinds[idx] == "lot" and r.params.single_tax:
            return 0
        return r.params.card_value

    @property
    def size(self) -> int:
        """Spaces on the track."""
        return self._r.n

    def wages_now(self) -> int:
        """The wages on passing Mother Earth now (with any rise the single tax has paid for)."""
        return self._r.params.wages + self._r.wage_bonus

    def throws_left(self) -> float:
        """The throws each player may still expect: the circuits still to go of the slowest
        player the end waits for (``awaited``), a throw per seven spaces, within the rounds left."""
        r = self._r
        p = r.params
        to_go = max(0, p.circuits - min(map(_CIRCUITS, self._pays.awaited())))
        return float(min(to_go * r.n / 7, max(0, p.max_rounds - r.g.round)))

    def wages_for(self, seat: int) -> int:
        """The wages ``seat`` earns each time round the board (rule 3, with any rise the single
        tax has paid for; the Monarch of the World's landlord "gets no wages")."""
        return self._pays.wages_for(seat)

    @property
    def players(self) -> int:
        """The players at the table."""
        return len(self._r.g.players)

    def last(self, seat: int) -> bool:
        """Whether the game's end waits for ``seat``: it ends when every player it waits for
        (those who earn wages) has been round Mother Earth ``circuits`` times (RECONSTRUCTED
        end), and he is the furthest behind (rounds and spaces) of those who have not."""
        r = self._r
        need = r.params.circuits
        waiting = [pl for pl in self._pays.awaited() if pl.circuits < need]
        me = r.g.players[seat]
        return me in waiting and me.circuits * r.n + me.pos == min(pl.circuits * r.n + pl.pos for pl in waiting)

    def wages_lost(self, seat: int) -> int:
        """The wages a turn ``seat`` misses loses him for good: his wages (rule 3 pays them every
        time round, so a turn fewer before the end is its share of them fewer)."""
        return self.wages_for(seat)

    def paid_to(self, idx: int, seat: int) -> float:
        """What another player stopping on ``idx`` pays ``seat`` now: the land rent of his lot
        and the house rent of his houses (:meth:`_paid_to`), the fare or rate of his railroad or
        franchise (his share of a Trust's), the broker's ante and commission."""
        r = self._r
        kind = r.kinds[idx]
        if kind == "lot":
            return self._paid_to(idx, seat)
        if kind in ("railroad", "franchise"):
            amount, payees = self._pays.fare(idx, -1)
            return amount / len(payees) if seat in payees else 0.0
        return self.earning(idx, seat) if kind == "speculation" and r.owner[idx] == seat else 0.0

    def payoff_key(self) -> tuple[object, ...]:
        """What every stop's charge and payment (:meth:`charge`, :meth:`paid_to`) and the wages
        (:meth:`wages_lost`) depend on besides the tokens and the cash: the phase and its
        params, the cards' holders, the houses and their owners, a Trust, what the public owns
        (the single tax's buy-outs, colleges, the wages they raise). Equal keys, equal payoffs."""
        r = self._r
        return (r.g.phase, r.params, tuple(r.owner), tuple(r.houses), tuple(r.house_owner), r.trust,
                len(r.public), len(r.colleges), r.wage_bonus)

    def turn_throws(self) -> float:
        """The throws a turn makes: one, and with ``double_throws_again`` (RECONSTRUCTED rule
        17) one more after a double (1 + 1/6)."""
        return 1.0 + (1.0 / 6.0 if self._r.params.double_throws_again else 0.0)

    def charge(self, idx: int, seat: int) -> float:
        """What stopping on ``idx`` costs ``seat`` now (negative: what it pays him), leaving out
        what he chooses there that the valuation weighs on its own (buying a card, building,
        Speculation, a luxury): rule 7's land rent and the house rent to another holder (to
        the Public Treasury if the lot is unowned), rule 4's tax on a necessity (doubled with
        the houses on the board under the advanced rules), rule 9's fares and rates to another
        holder (:meth:`Pays1906.fare`), the jail fine for trespassing (the most
        leaving costs), a Chance card's mean (rule 11, RECONSTRUCTED deck: collect, pay, fine,
        jail, wages at Mother Earth). Under the single tax: every lot's land rent to the
        treasury and the house rent to another house's owner, no necessity tax, nothing on a
        college site."""
        r, pays = self._r, self._pays
        p, kind = r.params, r.kinds[idx]
        if kind == "lot":
            if p.single_tax:
                other_house = r.house_owner[idx] not in (seat, -1)
                return float(pays.land_rent(idx) + (pays.house_rent(idx) if other_house else 0))
            return 0.0 if r.owner[idx] == seat else float(pays.land_rent(idx) + pays.house_rent(idx))
        if kind == "necessity":
            return 0.0 if p.single_tax else float(pays.necessity_tax(idx))
        if kind == "estate":
            return 0.0 if idx in r.colleges else float(p.jail_fine)
        if kind in ("railroad", "franchise"):
            amount, payees = pays.fare(idx, seat)
            return 0.0 if seat in payees else float(amount)
        if kind == "chance":
            return self._chance_mean(seat)
        return 0.0

    def _chance_mean(self, seat: int) -> float:
        """What a Chance card costs ``seat`` on average (rule 11: "the card drawn is returned to
        the pack", so each card is equally likely); kept by the params and the seat's wages."""
        p = self._r.params
        wages = self.wages_for(seat)
        kept = self._chances
        if kept[0] is not p or kept[1] != wages:
            kept = self._chances = (p, wages, self._deck_mean(wages))
        return kept[2]

    def _deck_mean(self, wages: int) -> float:
        """:meth:`_chance_mean` worked out, for a player earning ``wages`` at Mother Earth."""
        deck = self._r.params.chance_cards
        worth = {"collect": -1.0, "pay": 1.0, "fine": 1.0}
        total = 0.0
        for card in deck:
            if card.action in worth:
                total += worth[card.action] * card.amount
            elif card.action == "jail":
                total += self._r.params.jail_fine
            elif card.action == "mother_earth":
                total -= wages
        return total / len(deck) if deck else 0.0

    def jail_terms(self, seat: int) -> tuple[int, int, int | None]:
        """The jail's terms for ``seat``: rule 6's fine, the turns he has missed and the most he
        may miss ("He cannot, however, miss more than three turns")."""
        p = self._r.params
        return p.jail_fine, self._r.g.players[seat].jail_missed, p.jail_max_missed

    def _paid_to(self, idx: int, seat: int) -> float:
        """What another player stopping on lot ``idx`` pays ``seat`` now: the land rent if he
        holds the deed (not under the single tax), the house rent if he owns its houses."""
        r, pays = self._r, self._pays
        land = pays.land_rent(idx) if r.owner[idx] == seat and not r.params.single_tax else 0
        return float(land + (pays.house_rent(idx) if r.house_owner[idx] == seat else 0))

    def speculation_gain(self, idx: int, seat: int) -> float:
        """What playing Speculation on space ``idx`` is expected to add to ``seat``'s count
        against refusing to move (rule 8): the $10 ante to the Broker (nothing when he holds
        the licence), the mean winnings less the Broker's 10 percent (kept when he is the
        Broker), and the Broker's jail on a 3 or 4 when he is the Broker (the fine, the most
        leaving costs) and the licence "returned to the pack" (what it is worth to him)."""
        r = self._r
        p = r.params
        won = self._speculation_mean()
        if r.owner[idx] != seat:
            return won * (1 - p.broker_percent / 100) - r.g.board.spaces[idx].fee
        skin = sum(1 for a in range(1, 7) for b in range(1, 7) if a != b and a + b in (3, 4)) / 36
        return won - skin * (p.jail_fine + card_worth(self, idx, seat, len(r.g.players)))

    def repayment(self, seat: int, option: OptionText) -> tuple[int, int]:
        """Lifting a mortgage (``repay:<space>``) or repaying a player's loan
        (``repay_loan:<creditor>``): what it costs in cash now and what it is worth to ``seat``'s
        final count, which takes off what is still owed: a mortgage's amount (lifting it costs
        the amount and its interest, RECONSTRUCTED rule 15), a loan's whole debt (its interest
        was added once when lent, RECONSTRUCTED rule 16)."""
        r = self._r
        head, arg = parse_option(option)
        if head == "repay":
            m = next(m for m in r.mortgages if m.seat == seat and m.space == int(arg))
            return self._pays.redeem_cost(m), m.amount
        d = next(d for d in r.debts if d.debtor == seat and d.loan and d.creditor == int(arg))
        return d.amount, d.amount

    def lending_return(self, rate: int, amount: int) -> float:
        """What lending ``amount`` at ``rate`` dollars per $100 (or part) brings the lender beyond
        the principal: the interest, "added once to what is owed" (RECONSTRUCTED rule 16; what
        is still owed at the end counts for the lender)."""
        return float(rate * -(-amount // 100))
