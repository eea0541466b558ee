"""The 1906 game's state: its places, mortgages, debts, tokens and the params it reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from landlord.errors import DataError
from landlord.flows import Flow
from landlord.rules.base import Token
from landlord.rules.magie1906.table import Table1906
from landlord.rules.single_tax import SingleTaxRules

if TYPE_CHECKING:
    from landlord.position import Position, SeatPosition


TRACK, JAIL, POOR, NATURAL = 0, 1, 2, 3


PLACES = ("track", "jail", "poorhouse", "natural_opportunity")


CARD_KINDS = ("lot", "railroad", "franchise", "speculation")


LOAN_RATES = (0, 5, 10)
"""RECONSTRUCTED rule 16: the interest a lending player may ask, in dollars per $100 (or part)
lent, added once to what is owed (the 1904 patent: "making the best bargain he can as to
interest, terms of payments &c.")."""


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


class Magie1906State(SingleTaxRules):
    """The 1906 state: the params it reads, the cards and houses, the seats, a set-up position."""

    PARAMS: ClassVar[dict[str, type]] = {
        "start_cash_by_players": list, "cards_dealt": int, "wages": int, "bid_step": int,
        "jail_fine": int, "jail_max_missed": int, "advanced_rules": bool, "tax_steps": list,
        "speculation_table": list, "speculation_double": int, "broker_percent": int,
        "railroad_fares": list, "trust_fare": int, "cinch_rate": int, "house_price": int,
        "house_rent": int, "max_houses": int, "card_value": int, "house_value": int,
        "luxury_value": int, "mortgage_percent": int, "mortgage_interest_percent": int,
        "house_sale_percent": int, "double_throws_again": bool, "chance_cards": list,
        "circuits": int, "max_rounds": int, "single_tax": bool, "vote_min": int,
        "treasury_step": int, "wage_rise": int, "buyout_order": list, "college_order": list,
        "education_for_professor": int, "professor_value": int, "natural_wages": int,
        "natural_rent": int, "monarch": bool, "prosperity_end": bool, "prosperity_factor": int,
        "average_hands": bool, "average_hand_cards": list, "average_hand_cash": int,
        "market_prices": list,
    }
    DECISIONS: ClassVar[dict[str, str]] = {
        "ticket": "{name} was dealt the card for {space}: buy it for {cur}{amount} (paid to the "
                  "Public Treasury), or return it to the pack?",
        "bid": "{space} is for sale: {name} may bid more than {cur}{amount}, or pass.",
        "buy": "{name} stopped on {space}: buy it for {cur}{amount} (the highest price bid), "
               "or let it go?",
        "speculate": "{name}'s throw would bring him to Speculation: play, or stay where he is?",
        "direction": "{name} is between the Chances and threw {amount}: move which way?",
        "jail": "{name} is in Jail: pay the {cur}{amount} fine, or throw for a double?",
        "luxury": "{name} stopped on Luxury: buy a luxury for {cur}{amount}?",
        "build": "{name} may build a house for {cur}{amount}: where?",
        "trust": "{name} and one other player hold every railroad: pool them in a Trust?",
        "shortfall": "{name} must pay {cur}{amount} more than is in hand: mortgage or sell what, "
                     "or ask whom for a loan?",
        "repay": "{name} may lift a mortgage or repay a loan now: which?",
        "market": "{name} may offer to buy another player's card, or offer one of his own for "
                  "sale, before throwing: which?",
        "offer_price": "{name} offers to buy the card for {space}: at what price?",
        "accept_offer": "{name} is offered {cur}{amount} for his card for {space}: sell it?",
        "card_bid": "The card for {space} is for sale between the players: {name} may bid more "
                    "than {cur}{amount}, or pass.",
        "take_bid": "The best bid for {name}'s card for {space} is {cur}{amount}: sell it?",
        "lend": "{name} is asked for a loan of {cur}{amount}: lend it, and at what interest?",
        "loan_terms": "{name} is offered a loan of {cur}{amount}: accept the lender's terms?",
        "natural": "{name} cannot afford the move to {space}: go to which Natural Opportunity "
                   "behind it?",
        "call_vote": "{name} may call a vote to put the Single Tax into operation: call one?",
        "vote": "{name} is asked to vote on the Single Tax: for or against?",
    }
    OPTIONS: ClassVar[dict[str, str]] = {
        "buy": "Buy", "return": "Return to the pack", "pass": "Pass", "bid": "Bid {cur}{arg}",
        "decline": "Let it go", "play": "Play", "stay": "Stay", "forward": "Forward",
        "backward": "Backward", "pay": "Pay the fine", "throw": "Throw for a double",
        "refuse": "No", "none": "Do not build", "build": "Build on {arg}",
        "form": "Form the Trust", "mortgage": "Mortgage {arg}",
        "sell_house": "Sell a house on {arg}", "keep": "Not now",
        "repay": "Lift the mortgage on {arg}",
        "repay_loan": "Repay the loan from {arg}", "sell_card": "Offer the card for {arg} to the "
        "other players", "ask": "Ask {arg} for a loan",
        "buy_card": "Offer to buy the card for {arg}", "offer_card": "Offer the card for {arg} for "
        "sale", "price": "Offer {cur}{arg}", "cancel": "Withdraw the offer",
        "sell": "Sell", "lend": "Lend at {cur}{arg} per {cur}100", "accept": "Accept",
        "corner": "Go to {arg}",
    }

    SPACE_OPTIONS: ClassVar[frozenset[str]] = frozenset({
        "build", "mortgage", "sell_house", "repay", "sell_card", "buy_card", "offer_card"})
    """Options whose argument is a space: shown by the space's name."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board = game.board
        self.n = len(board.spaces)
        self.kinds = [s.kind for s in board.spaces]
        self.owner = [-1] * self.n
        self.houses = [0] * self.n
        self.house_owner = [-1] * self.n
        self.mortgages: list[Mortgage] = []
        self.debts: list[Debt] = []
        """Loans between players and unpaid expenses still owed."""
        self.colleges: set[int] = set()
        self.trust: tuple[int, int] | None = None
        self.check_trust_pending = False
        self.railroads = board.indices("railroad")
        chances = board.indices("chance")
        # Rule 2: "If a player is on any of the spaces between the Chances he may move in
        # either direction." DECISION: strictly between the two Chance spaces (23-36 on the
        # 1906 board), not on the Chance spaces themselves.
        self.between = frozenset(range(chances[0] + 1, chances[1])) if len(chances) == 2 else frozenset()
        self.sections: dict[str, list[int]] = {}
        for s in board.spaces:
            if s.kind == "lot" and s.group:
                self.sections.setdefault(s.group, []).append(s.index)
        self.jail_corner = board.annex("jail").beside
        self.poor_corner = board.annex("poorhouse").beside
        self.naturals = {a.beside: a.name for a in board.annexes if a.kind == "natural_opportunity"}
        self.table = Table1906(self)

    POSITION_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"cash", "token", "holdings", "improvements", "mortgages", "debts", "luxuries"})
    DEBT_FIELDS: ClassVar[frozenset[str]] = frozenset({"to", "amount", "loan"})

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """A position's fields in the 1906 rules' own terms, each refused by name where the
        rules would not let it stand:

        * ``holdings``: green cards (title deeds, railroad and franchise charters, the broker's
          licence) the seat holds, exactly these; the position replaces the deal of rule 1
          (:meth:`Rules.dealt_by_position`).
        * ``improvements``: houses (RECONSTRUCTED rule 14: "limited to three" a lot), on the
          seat's own lots; under the single tax (rule 4: "erect a house on any unimproved lot")
          on any lot, the seat owning the houses. One owner of the houses on a lot.
        * ``mortgages``: cards mortgaged to the Bank (RECONSTRUCTED rule 15) for their mortgage
          value; under the single tax a title deed "of no value" secures nothing (refused).
        * ``debts``: a loan from another player (``loan = true``, RECONSTRUCTED rule 16: the
          amount is what is to be repaid, interest included) or the unpaid rest of an expense
          (``loan = false``, rule 12) owed to a seat, the Bank or the Public Treasury. DECISION:
          ``loan`` not given: a loan when owed to a seat, an unpaid expense otherwise; an unpaid
          expense of a position is paid as a repayment.
        * ``luxuries``: luxury cards held (RECONSTRUCTED rule 13).
        """
        g = self.g
        pl = g.players[seat]
        if sp.holdings:
            for idx in list(pl.cards):
                self.owner[idx] = -1
            pl.cards.clear()
            for name in sp.holdings:
                idx = self.space_named(where, entry, "holdings", name)
                if self.kinds[idx] not in CARD_KINDS or idx in self.public:
                    raise DataError(where, entry, "holdings", f"{name!r} has no green card a player may hold")
                old = self.owner[idx]
                if old >= 0:
                    g.players[old].cards.discard(idx)
                self.owner[idx] = seat
                pl.cards.add(idx)
            self.check_trust_pending = True
        for name in sp.mortgages:
            idx = self.space_named(where, entry, "mortgages", name)
            value = self.mortgage_value(idx)
            if value <= 0:
                raise DataError(where, entry, "mortgages", f"{name!r} secures nothing under these rules "
                                f"(the Title Deeds are of no value under the single tax)")
            self.mortgages.append(Mortgage(seat, idx, value))
        st, top = g.p["single_tax"], g.p["max_houses"]
        for name, count in sp.improvements.items():
            idx = self.space_named(where, entry, "improvements", name)
            if self.kinds[idx] != "lot":
                raise DataError(where, entry, "improvements", f"{name!r} is not a lot: houses stand on lots")
            if not st and self.owner[idx] != seat:
                raise DataError(where, entry, "improvements", f"{name!r}: a player builds on his own lots "
                                f"(anywhere only under the single tax)")
            if not isinstance(count, int) or count > top:
                raise DataError(where, entry, "improvements", f"{name!r}: at most {top} houses a lot, "
                                f"got {count!r}")
            if self.house_owner[idx] not in (-1, seat):
                raise DataError(where, entry, "improvements", f"{name!r} has another player's houses")
            self.houses[idx], self.house_owner[idx] = count, seat
        for k, d in enumerate(sp.debts):
            dentry = f"{entry} debts[{k}]"
            to = self.creditor_named(where, dentry, seat, d.to, ("Bank", "Public Treasury"))
            loan = to < len(g.players) if d.loan is None else d.loan
            if loan and to >= len(g.players):
                raise DataError(where, dentry, "loan", "a loan is from another player (the Bank lends on a "
                                "mortgage: give the card in mortgages)")
            self.debts.append(Debt(seat, to, d.amount, loan, Flow.LOAN if loan else Flow.REPAYMENT))
        if sp.luxuries is not None:
            pl.luxuries = sp.luxuries

    def apply_position(self, position: Position) -> None:
        """Lay out the position (:meth:`Rules.apply_position`); each player's stake (his count
        when play begins) is then counted again."""
        super().apply_position(position)
        for pl, c in zip(self.g.players, self.results(), strict=True):
            pl.stake = c.total

    def new_player(self, seat: int) -> Player1906:
        """A checker on Mother Earth with nothing yet."""
        return Player1906(seat)

    def cards(self) -> list[int]:
        """Every green card's space: title deeds, franchise and railroad charters, the broker's
        licence (under the single tax, deeds are of no value and are not dealt)."""
        st = self.g.p["single_tax"]
        return [i for i, k in enumerate(self.kinds)
                if k in CARD_KINDS and i not in self.public and not (st and k == "lot")]

    # -- the card market between players (rule 1) ----------------------------------------
    def tradeable(self, seat: int) -> list[int]:
        """The cards ``seat`` holds that may change hands: rule 1's "cards then in use by the
        players". DECISION: a card mortgaged to the Bank, or a lot with houses on it, does not
        change hands (lift the mortgage or sell the houses first); under the single tax a title
        deed is "of no value" and is not traded."""
        held = {m.space for m in self.mortgages}
        st = self.g.p["single_tax"]
        return sorted(i for i in self.g.players[seat].cards
                      if i not in held and not self.houses[i] and not (st and self.kinds[i] == "lot"))
        # Luxury (bought or refused before the move, :meth:`move`), Mother Earth (wages paid on
        # reaching it) and Central Park (rule 10: "a player may stop in it without paying
        # anything") need nothing more.

    # -- land ----------------------------------------------------------------------------
    def section_level(self, idx: int) -> int:
        """Advanced rules: the least number of houses on any lot of ``idx``'s section (0-3)."""
        if not self.g.p["advanced_rules"]:
            return 0
        lots = self.sections.get(self.g.board.spaces[idx].group, [idx])
        return min(self.houses[i] for i in lots)

    def land_rent(self, idx: int) -> int:
        """Advanced rules: "When all the lots in any one section have been improved with at least
        one house each the land rent on every lot in that section is doubled ... two houses
        ... again doubled; and three houses doubles it again." (the Land Rent Table)"""
        return self.g.board.spaces[idx].rent * 2 ** self.section_level(idx)

    def house_rent(self, idx: int) -> int:
        """Advanced rules: "The house rent remains as before -- $10 for each house"."""
        return self.houses[idx] * self.g.p["house_rent"]

    # -- houses --------------------------------------------------------------------------
    def buildable(self, seat: int) -> list[int]:
        """Where ``seat`` may build now. RECONSTRUCTED rule 14 (buying houses): on his own
        lots, at most ``max_houses`` ("limited to three"). Single tax, rule 4: on "any unimproved
        lot he chooses" (DECISION: under the single tax only unimproved lots). Dearest rent
        first."""
        g = self.g
        if g.p["single_tax"]:
            lots = [i for i, k in enumerate(self.kinds) if k == "lot" and not self.houses[i]]
        else:
            lots = [i for i in g.players[seat].cards
                    if self.kinds[i] == "lot" and self.houses[i] < g.p["max_houses"]]
        return sorted(lots, key=lambda i: (-g.board.spaces[i].rent, i))

    def mortgage_value(self, idx: int) -> int:
        """RECONSTRUCTED rule 15: the Bank lends ``mortgage_percent`` of the printed price on a
        card. DECISION: under the single tax a title deed is "of no value" and secures nothing."""
        g = self.g
        if g.p["single_tax"] and self.kinds[idx] == "lot":
            return 0
        return g.board.spaces[idx].price * g.p["mortgage_percent"] // 100

    def redeem_cost(self, m: Mortgage) -> int:
        """RECONSTRUCTED rule 15: a mortgage is lifted for its amount plus interest."""
        return m.amount + m.amount * self.g.p["mortgage_interest_percent"] // 100

    def house_sale(self, idx: int) -> int:
        """RECONSTRUCTED: a house is sold back to the Bank for ``house_sale_percent`` of its price."""
        return self.g.p["house_price"] * self.g.p["house_sale_percent"] // 100
