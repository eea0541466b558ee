"""The 1906 game's state: its mortgages, debts, tokens, and :class:`Magie1906State` (the table, the
cards and houses, the mortgages and debts, the public's, the family's counters and the params in
force, with the queries over them), which the family's parts (:mod:`~landlord.rules.magie1906.money`,
``market``, ``public``, ``houses``, ``count``, ``position``, ``words``, ``prospects``) and its turns
read and write."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from landlord.engine.flows import Flow
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Token
from landlord.rules.magie1906.cards import CARD_KINDS
from landlord.rules.magie1906.params import Params1906, in_phase
from landlord.rules.single_tax import PLACES, SingleTaxState

if TYPE_CHECKING:
    from landlord.engine.in_play import GameInPlay


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


class Magie1906State(SingleTaxState):
    """The 1906 state: the cards and houses, the mortgages and debts, what the public has bought
    out or opened, the board's sections and corners, the params in force (built again at each
    switch of phase), and what the rules in force make of them (rents, fares, taxes, wages,
    what a card secures): queries only, nothing here pays."""

    params: Params1906

    def __init__(self, game: GameInPlay, kinds: list[str], owner: list[int]) -> None:
        super().__init__(game)
        self.params = in_phase(game.ruleset, game.phase)
        """The params in force, typed (built again at each switch of phase: ``SingleTax1906.arrive``)."""
        board = game.board
        self.n = len(kinds)
        """How many spaces the board has."""
        self.kinds = kinds
        """Each space's kind, in board order (``RoundsOfTurns.kinds``)."""
        self.owner = owner
        """The seat holding each green card, -1: the pack (``RoundsOfTurns.owner``: one list)."""
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
        self.houses_held: tuple[list[int], list[int], list[int]] = ([], [], [])
        """The houses each seat owns (``count.totals``), kept with the houses and their owners
        they were counted from."""
        self.buy_options = tuple(option("buy_card", i) for i in range(self.n))
        self.sell_options = tuple(option("offer_card", i) for i in range(self.n))
        """Each space's market options (rule 1, ``Market1906.market``), made once."""

    def cards(self) -> list[int]:
        """Every green card's space: title deeds, franchise and railroad charters, the broker's
        licence (under the single tax, deeds are of no value and are not dealt)."""
        st = self.params.single_tax
        return [i for i, k in enumerate(self.kinds)
                if k in CARD_KINDS and i not in self.public and not (st and k == "lot")]

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

    def necessity_tax(self, idx: int) -> int:
        """Rule 4's $10; advanced rules' Tax Table: $20 from 10 houses, $40 from 25 houses.
        DECISION: the houses counted are those standing on the board now."""
        tax = self.g.board.spaces[idx].fee
        if self.params.advanced_rules:
            built = sum(self.houses)
            for step in self.params.tax_steps:
                if built >= step:
                    tax *= 2
        return int(tax)

    def fare(self, idx: int, payer: int) -> tuple[int, list[int]]:
        """Rule 9: what ``payer`` owes on ``idx`` and to whom (the Public Treasury if unowned).

        "When a player stops upon one of these franchise spaces he must pay $5 to the owner."
        MUNICIPAL CINCH: "collects $25 instead of $5". MONOPOLY: "If one player owns 2 railroads,
        he charges $10 fare; if 3, he charges $20; 4, $50." TRUST: "charging the other players
        $40 for each RAILROAD space and dividing profits." DECISION: Trust members ride free on
        the Trust's railroads; the $40 is divided equally between them.
        """
        owner = self.owner[idx]
        if idx in self.public or owner == payer:
            return 0, []
        if owner < 0:
            return self.g.board.spaces[idx].fee, [self.treasury]
        if self.kinds[idx] == "franchise":
            franchises = [i for i in self.franchises if i not in self.public]
            cinch = len(franchises) == 2 and all(self.owner[i] == owner for i in franchises)
            return (self.params.cinch_rate if cinch else self.g.board.spaces[idx].fee), [owner]
        if self.trust is not None:
            if payer in self.trust:
                return 0, []
            return self.params.trust_fare, list(self.trust)
        owners = self.owner
        held = sum([owners[r] == owner for r in self.railroads])
        return self.params.railroad_fares[held - 1], [owner]

    def landing_cost(self, seat: int, idx: int) -> int:
        """What stopping on ``idx`` obliges ``seat`` to pay at least (rule 12's and single-tax
        rule 8's "afford to make the move"); Chance, Speculation and Luxury count 0."""
        kind = self.kinds[idx]
        if kind == "lot":
            house = self.house_rent(idx) if self.house_owner[idx] not in (seat, -1) else 0
            if self.params.single_tax:
                return self.land_rent(idx) + house
            return 0 if self.owner[idx] == seat else self.land_rent(idx) + self.house_rent(idx)
        if kind == "necessity":
            return 0 if self.params.single_tax else self.necessity_tax(idx)
        if kind in ("railroad", "franchise"):
            return self.fare(idx, seat)[0]
        return 0

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

    def house_sale(self, idx: int) -> int:
        """RECONSTRUCTED: a house is sold back to the Bank for ``house_sale_percent`` of its price."""
        return self.params.house_price * self.params.house_sale_percent // 100

    # -- mortgages and raising money -----------------------------------------------------
    def mortgage_value(self, idx: int) -> int:
        """RECONSTRUCTED rule 15: the Bank lends ``mortgage_percent`` of the printed price on a
        card. DECISION: under the single tax a title deed is "of no value" and secures nothing."""
        if self.params.single_tax and self.kinds[idx] == "lot":
            return 0
        return self.g.board.spaces[idx].price * self.params.mortgage_percent // 100

    def redeem_cost(self, m: Mortgage) -> int:
        """RECONSTRUCTED rule 15: a mortgage is lifted for its amount plus interest."""
        return m.amount + m.amount * self.params.mortgage_interest_percent // 100

    def raise_options(self, seat: int) -> list[str]:
        """What ``seat`` can do now to raise money: mortgage a card or sell a house to the Bank
        (RECONSTRUCTED rules 15-16), offer a card to the others (rule 1, rule 12's "sell"), ask
        another player for a loan (rule 12's "borrow", RECONSTRUCTED rule 16)."""
        held = {m.space for m in self.mortgages}
        g = self.g
        opts = [option("mortgage", i) for i in sorted(g.players[seat].cards)
                if i not in held and self.mortgage_value(i) > 0]
        opts += [option("sell_house", i) for i in range(self.n) if self.houses[i] and self.house_owner[i] == seat]
        opts += [option("sell_card", i) for i in self.tradeable(seat)]
        opts += [option("ask", s) for s in range(len(g.players)) if s != seat and g.cash(s) > 0]
        return opts

    def raisable(self, seat: int) -> int:
        """What ``seat`` could surely raise from the Bank by mortgaging and selling houses (what
        the other players would pay or lend is not known in advance)."""
        total = 0
        for opt in self.raise_options(seat):
            head, arg = parse_option(opt)
            idx = int(arg)
            if head == "mortgage":
                total += self.mortgage_value(idx)
            elif head == "sell_house":
                total += self.house_sale(idx) * self.houses[idx]
        return total

    # -- wages and the end ---------------------------------------------------------------
    def earns_wages(self, seat: int) -> bool:
        """Whether rule 3 pays ``seat`` wages: everyone but the Monarch of the World's landlord
        ("the landlord gets no wages"). DECISION: the Monarch gets no wages under the single tax
        either (the same start, only the rules of land change)."""
        return not (self.params.monarch and seat == 0)

    def wages_for(self, seat: int) -> int:
        """Rule 3 wages ($100, raised by single-tax rule 6(d)); the Monarch gets none."""
        return self.params.wages + self.wage_bonus if self.earns_wages(seat) else 0

    def awaited(self) -> list[Player1906]:
        """The players the end of the game waits for (RECONSTRUCTED end, ``Magie1906.end_reason``):
        those who earn wages.

        DECISION (the Monarch of the World): the landlord, who "gets no wages", is not waited
        for. The patent's end counts the circuits that earn wages ("having passed the
        beginning-point the required number of times he receives no more wages. The game is
        finished when the last player has passed the beginning-point the fifth time"); a
        landlord with no wages to earn, free to move backward between the Chances (rule 2),
        was held by nothing and kept the game open while the others paid him rent: 16 of 20
        seeded games (seeds 0-19, the lessons' seats) ran to the 200-round safety bound, 721
        turns a game, the landlord round Mother Earth 2.5 times in them.

        Kept while the params stand (who earns wages changes only with them); read only."""
        kept = self._awaited
        if kept[0] is not self.params:
            kept = self._awaited = (self.params, [pl for pl in self.g.players if self.earns_wages(pl.seat)])
        return kept[1]

    # -- the Natural Opportunities -------------------------------------------------------
    def behind(self, target: int) -> list[int]:
        """The inner corners "back of" space ``target``: DECISION: those from Mother Earth's
        corner up to the target, on the lap of the board the throw ends in."""
        return sorted(c for c in self.naturals if c <= target)
