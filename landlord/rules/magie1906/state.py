"""The 1906 game's state: its places, mortgages, debts, tokens and the params it reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from landlord.engine.decisions import OptionText
from landlord.engine.flows import Flow
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Token
from landlord.engine.valuation import card_worth
from landlord.rules.magie1906.building import BuildingTerms
from landlord.rules.magie1906.cards import CARD_KINDS
from landlord.rules.magie1906.movement import magie1906_movement
from landlord.rules.magie1906.params import PARAMS, READERS, Params1906, in_phase
from landlord.rules.magie1906.terms import MoneyTerms
from landlord.rules.memo import PhaseOdds
from landlord.rules.params import Reader
from landlord.rules.single_tax import PLACES, SingleTaxRules, SingleTaxState

_CIRCUITS = attrgetter("circuits")
"""A player's circuits of the board."""


@dataclass(slots=True)
class Mortgage:
    """RECONSTRUCTED rule 15: a card mortgaged to the Bank for ``amount`` by ``seat``."""

    seat: int
    space: int
    amount: int


@dataclass(slots=True)
class Debt:
    """What ``debtor`` owes ``creditor`` (a ledger account): a loan from another player
    (``loan``, RECONSTRUCTED rule 16) or the unpaid rest of an expense (rule 12) of money-flow
    ``kind`` (what it is paid as, when it is paid)."""

    debtor: int
    creditor: int
    amount: int
    loan: bool
    kind: Flow


@dataclass(slots=True)
class Player1906(Token):
    """A seat's state: position (``where``: ``track``, ``jail``, ``poorhouse`` or
    ``natural_opportunity``), circuits, the cards it holds and the single-tax cards."""

    PLACES: ClassVar[tuple[str, ...]] = PLACES

    cards: set[int] = field(default_factory=set)
    jail_missed: int = 0
    natural: int = -1
    luxuries: int = 0
    education: int = 0
    professors: int = 0
    stake: int = 0
    poorhouse_visits: int = 0
    natural_visits: int = 0


class Magie1906State(SingleTaxRules, SingleTaxState):
    """The 1906 state: the params it reads, the cards and houses, the seats, a set-up position."""

    PARAMS: ClassVar[dict[str, type]] = PARAMS
    """The params a ruleset of the family must give (declared once, by :class:`Params1906`)."""
    READERS: ClassVar[dict[str, Reader]] = READERS
    """The params read into types of their own (the Chance cards), checked at load."""
    params: Params1906

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        SingleTaxState.__init__(self, game)
        self.params = in_phase(game.ruleset, game.phase)
        """The params in force, typed (built again at each switch of phase: :meth:`arrive`)."""
        board = game.board
        self.houses = [0] * self.n
        self.house_owner = [-1] * self.n
        self.mortgages: list[Mortgage] = []
        self.debts: list[Debt] = []
        """Loans between players and unpaid expenses still owed."""
        self.colleges: set[int] = set()
        self.trust: tuple[int, int] | None = None
        self.offered: tuple[int, int, int, int] | None = None
        """The terms a lending player has named, while the borrower is asked to accept them:
        the lender, what the borrower is short, the principal lent, the interest added once to
        what he owes."""
        self.check_trust_pending = False
        self.railroads = board.indices("railroad")
        self.franchises = board.indices("franchise")
        self.lots = frozenset(board.indices("lot"))
        """The lots (title deeds)."""
        self.build_order = sorted(self.lots, key=lambda i: (-board.spaces[i].rent, i))
        """The lots in the order they are offered to build on: dearest rent first."""
        chances = board.indices("chance")
        # Rule 2: "If a player is on any of the spaces between the Chances he may move in
        # either direction." DECISION: strictly between the two Chance spaces (23-36 on the
        # 1906 board), not on the Chance spaces themselves.
        self.between = frozenset(range(chances[0] + 1, chances[1])) if len(chances) == 2 else frozenset()
        self.sections: dict[str, list[int]] = {}
        for s in board.spaces:
            if s.kind == "lot" and s.group:
                self.sections.setdefault(s.group, []).append(s.index)
        self.section_of = [self.sections.get(s.group, [s.index]) for s in board.spaces]
        """Each space's section (advanced rules): the lots of its group, or the space alone."""
        self.jail_corner = board.annex("jail").beside
        self.poor_corner = board.annex("poorhouse").beside
        self.naturals = {a.beside: a.name for a in board.annexes if a.kind == "natural_opportunity"}
        self._awaited: tuple[Params1906 | None, list[Player1906]] = (None, [])
        """The params :meth:`awaited` was last worked out under, and its answer."""
        self.buy_options = tuple(option("buy_card", i) for i in range(self.n))
        self.sell_options = tuple(option("offer_card", i) for i in range(self.n))
        """Each space's market options (rule 1, :meth:`market`), made once."""
        self.prospects = Prospects1906(self)

    if TYPE_CHECKING:  # played by later layers of the family class
        def fare(self, idx: int, payer: int) -> tuple[int, list[int]]: ...

        def necessity_tax(self, idx: int) -> int: ...

        def wages_for(self, seat: int) -> int: ...

        def awaited(self) -> list[Player1906]: ...

        def raise_options(self, seat: int) -> list[str]: ...

    def new_player(self, seat: int) -> Player1906:
        """A checker on Mother Earth with nothing yet."""
        return Player1906(seat)

    def cards(self) -> list[int]:
        """Every green card's space: title deeds, franchise and railroad charters, the broker's
        licence (under the single tax, deeds are of no value and are not dealt)."""
        st = self.params.single_tax
        return [i for i, k in enumerate(self.kinds)
                if k in CARD_KINDS and i not in self.public and not (st and k == "lot")]

    # -- the card market between players (rule 1) ----------------------------------------
    def tradeable(self, *seats: int) -> list[int]:
        """The cards ``seats`` hold that may change hands, in the board's order: rule 1's "cards
        then in use by the players". DECISION: a card mortgaged to the Bank, or a lot with
        houses on it, does not change hands (lift the mortgage or sell the houses first); under
        the single tax a title deed is "of no value" and is not traded."""
        held = {m.space for m in self.mortgages}
        deeds = self.lots if self.params.single_tax else frozenset()
        houses, players = self.houses, self.g.players
        return sorted([i for seat in seats for i in players[seat].cards
                       if not houses[i] and i not in held and i not in deeds])
        # Luxury (bought or refused before the move, :meth:`move`), Mother Earth (wages paid on
        # reaching it) and Central Park (rule 10: "a player may stop in it without paying
        # anything") need nothing more.

    # -- land ----------------------------------------------------------------------------
    def land_rent(self, idx: int) -> int:
        """Advanced rules: "When all the lots in any one section have been improved with at least
        one house each the land rent on every lot in that section is doubled ... two houses
        ... again doubled; and three houses doubles it again." (the Land Rent Table: doubled
        once for each house on the least built lot of ``idx``'s section)"""
        rent = self.g.board.spaces[idx].rent
        if not self.params.advanced_rules:
            return rent
        return rent * 2 ** min(map(self.houses.__getitem__, self.section_of[idx]))

    def house_rent(self, idx: int) -> int:
        """Advanced rules: "The house rent remains as before -- $10 for each house"."""
        return self.houses[idx] * self.params.house_rent

    # -- houses --------------------------------------------------------------------------
    def buildable(self, seat: int) -> list[int]:
        """Where ``seat`` may build now. RECONSTRUCTED rule 14 (buying houses): on his own
        lots, at most ``max_houses`` ("limited to three"). Single tax, rule 4: on "any unimproved
        lot he chooses" (DECISION: under the single tax only unimproved lots). Dearest rent
        first."""
        houses = self.houses
        if self.params.single_tax:
            return [i for i in self.build_order if not houses[i]]
        cards, most = self.g.players[seat].cards, self.params.max_houses
        return [i for i in self.build_order if i in cards and houses[i] < most]

    def mortgage_value(self, idx: int) -> int:
        """RECONSTRUCTED rule 15: the Bank lends ``mortgage_percent`` of the printed price on a
        card. DECISION: under the single tax a title deed is "of no value" and secures nothing."""
        g = self.g
        if self.params.single_tax and self.kinds[idx] == "lot":
            return 0
        return g.board.spaces[idx].price * self.params.mortgage_percent // 100

    def redeem_cost(self, m: Mortgage) -> int:
        """RECONSTRUCTED rule 15: a mortgage is lifted for its amount plus interest."""
        return m.amount + m.amount * self.params.mortgage_interest_percent // 100

    def house_sale(self, idx: int) -> int:
        """RECONSTRUCTED: a house is sold back to the Bank for ``house_sale_percent`` of its price."""
        return self.params.house_price * self.params.house_sale_percent // 100


class Prospects1906(PhaseOdds, MoneyTerms, BuildingTerms):
    """What the 1906 bots read off the table to value a card (all of it public: the cards, the
    houses, the board, the dice): :mod:`landlord.players.magie1906` turns it into a price."""

    __slots__ = ("_chances", "_game", "_mean", "_movement", "_odds", "_r", "_returns", "_taxes", "franchises",
                 "necessities", "paired")

    def __init__(self, rules: Magie1906State) -> None:
        self._r = rules
        self._game = rules.g
        self._movement = magie1906_movement
        self._odds: dict[str, Mapping[int, float]] = {}
        """The landing chances of each phase this game has valued cards in (:meth:`PhaseOdds.odds`)."""
        self.paired = tuple(i for i, k in enumerate(rules.kinds) if k in ("railroad", "franchise"))
        """The railroads and franchises: cards worth more to the holder of others of their kind."""
        self.franchises = rules.franchises
        self.necessities = tuple(i for i, k in enumerate(rules.kinds) if k == "necessity")
        """The necessities (rule 4's tax), in the board's order."""
        self._taxes: dict[tuple[str, int], float] = {}
        """What the necessities' tax costs a throw, by phase and houses built (:meth:`_taxes_flow`)."""
        self._returns: dict[tuple[object, ...], tuple[list[float], float]] = {}
        """What :meth:`land_return` sums, by the prospects' payoffs (:meth:`payoff_key`) and seat."""
        self._flows: tuple[object, str, dict[tuple[object, ...], tuple[float, float]]] = (None, "", {})
        """:meth:`_section_flows` under the params and phase it names, by seat, lot and section."""
        self._section_get = [itemgetter(*section) for section in rules.section_of]
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
            return float(r.land_rent(idx) + r.house_rent(idx))
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
        to_go = max(0, p.circuits - min(map(_CIRCUITS, r.awaited())))
        return float(min(to_go * r.n / 7, max(0, p.max_rounds - r.g.round)))

    def wages_for(self, seat: int) -> int:
        """The wages ``seat`` earns each time round the board (rule 3, with any rise the single
        tax has paid for; the Monarch of the World's landlord "gets no wages")."""
        return self._r.wages_for(seat)

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
        waiting = [pl for pl in r.awaited() if pl.circuits < need]
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
            amount, payees = r.fare(idx, -1)
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
        holder (:meth:`Magie1906Landings.fare`), the jail fine for trespassing (the most
        leaving costs), a Chance card's mean (rule 11, RECONSTRUCTED deck: collect, pay, fine,
        jail, wages at Mother Earth). Under the single tax: every lot's land rent to the
        treasury and the house rent to another house's owner, no necessity tax, nothing on a
        college site."""
        r = self._r
        p, kind = r.params, r.kinds[idx]
        if kind == "lot":
            if p.single_tax:
                other_house = r.house_owner[idx] not in (seat, -1)
                return float(r.land_rent(idx) + (r.house_rent(idx) if other_house else 0))
            return 0.0 if r.owner[idx] == seat else float(r.land_rent(idx) + r.house_rent(idx))
        if kind == "necessity":
            return 0.0 if p.single_tax else float(r.necessity_tax(idx))
        if kind == "estate":
            return 0.0 if idx in r.colleges else float(p.jail_fine)
        if kind in ("railroad", "franchise"):
            amount, payees = r.fare(idx, seat)
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
        r = self._r
        land = r.land_rent(idx) if r.owner[idx] == seat and not r.params.single_tax else 0
        return float(land + (r.house_rent(idx) if r.house_owner[idx] == seat else 0))

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
            return r.redeem_cost(m), m.amount
        d = next(d for d in r.debts if d.debtor == seat and d.loan and d.creditor == int(arg))
        return d.amount, d.amount

    def lending_return(self, rate: int, amount: int) -> float:
        """What lending ``amount`` at ``rate`` dollars per $100 (or part) brings the lender beyond
        the principal: the interest, "added once to what is owed" (RECONSTRUCTED rule 16; what
        is still owed at the end counts for the lender)."""
        return float(rate * -(-amount // 100))
