"""Lizzie J. Magie's Landlord's Game, 1906 edition (Economic Game Co.): the monopolist rules
1–12, the rules "for advanced and scientific players", and the Single Tax rules 1–8.

Each rule below quotes the 1906 rule sheet (a copy: ``docs/sources/magie-1906-rules.md``). Rules
13–17 (luxury, buying houses, mortgages, borrowing, doubles) and the Chance deck are missing
from every transcription: what play needs of them is reconstructed, marked ``RECONSTRUCTED``
beside the rule here and ``reconstructed`` in ``data/rulesets/magie-1906.toml``, and shown to
the user (the events of a reconstructed rule carry ``reconstructed=True``; the narration and
``landlord rulesets`` say so). Where the sheet leaves a point open, the kit's decision is
written beside the rule as ``DECISION:`` and has a test of its own.

The Single Tax is the phase ``single_tax`` (param ``single_tax``); it is put in force by a
phase trigger (``vote``, ``start``, ``turn:N``, ``gini:X``) and everything the players hold
carries over: "Players are left in possession of their holdings and, with the exception that
the Title Deeds are of no value, the gain [game] goes on as before" (the transcription in
``docs/sources/magie-1906-rules.md`` reads "gain"; "game" is the evident sense).

Between the players (rule 1: "After the game has begun the sale prices of all cards then in use
by the players are regulated by the demand"; rule 12: a player who "has not enough money to pay
his expenses" may "borrow ... (see Rule 16) or ... sell or mortgage ... his property"): a card
market (:meth:`Magie1906.market`), sales to the other players and player loans when short
(:meth:`Magie1906.charge`), and the unpaid rest of a debt kept as a debt (:meth:`Magie1906.broke`).
The bots' valuations are in :mod:`landlord.rules.magie1906_bots`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from landlord import landing, options
from landlord.count import SeatCount
from landlord.decisions import Decision
from landlord.errors import DataError
from landlord.flows import Flow
from landlord.options import option, parse_option
from landlord.rules.base import Play, SpaceState, Token, space_state
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
_CHANCES: dict[tuple[int, str], tuple[Any, dict[int, float]]] = {}


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


class Magie1906(SingleTaxRules):
    """The 1906 rules; the single tax is the ``single_tax`` phase."""

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

    def option_text(self, d: Decision, option: str) -> str:
        """A short label for one option of ``d``, naming spaces, players and Natural
        Opportunities in words (never by number)."""
        head, arg = options.Option.parse(option, f"{d.kind} option")
        if arg and head in self.SPACE_OPTIONS:
            return self.OPTIONS[head].format(arg=self.g.board.spaces[int(arg)].name)
        if arg and head == "repay_loan":
            return self.OPTIONS[head].format(arg=self.g.names[int(arg)])
        if arg and head == "corner":
            return self.OPTIONS[head].format(arg=self.naturals[int(arg)])
        return super().option_text(d, option)

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

    # -- the whole game ------------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (start cash, first player, the deal of green cards); then turns in order
        (:meth:`RoundsOfTurns.play`) until :meth:`end_reason`.

        DECISION (RECONSTRUCTED end): the 1906 sheet gives no end of the game; as in the 1904
        patent it ends when every player has passed Mother Earth ``circuits`` times (or after
        ``max_rounds`` rounds), or, with ``prosperity_end``, under the single tax when the
        poorest player has doubled his stake.
        """
        g = self.g
        self.bank, self.treasury = g.account("Bank"), g.account("Public Treasury")
        seats = list(range(len(g.players)))
        # "if there are two players, each provides himself with $600; if three players, each
        # $500; if four players, each $400." The MISCELLANEOUS pile is the Bank.
        cash = g.p["start_cash_by_players"][len(seats) - 2]
        if g.p["average_hands"]:
            cash = g.p["average_hand_cash"]
        for s in seats:
            g.pay(self.bank, s, cash, Flow.START_CASH, "start cash", "Setup")
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        yield from self.start_point()
        if self.dealt_by_position():
            pass  # the position says what each seat holds (:meth:`place_seat`)
        elif g.p["monarch"]:
            self.monarch_deal()
        elif g.p["average_hands"]:
            self.average_hands()
        else:
            yield from self.deal()
        for pl, c in zip(g.players, self.results(), strict=True):
            pl.stake = c.total

    def end_reason(self) -> str:
        """Why the game ends now ('' while it goes on)."""
        g = self.g
        if all(pl.circuits >= g.p["circuits"] for pl in g.players):
            return "circuits"
        if g.p["prosperity_end"] and g.p["single_tax"]:
            # RECONSTRUCTED "Prosperity" end (later descriptions of the anti-monopolist game):
            # "the game ends when the poorest player has doubled his original stake".
            # DECISION: a player's stake is his count when play begins (after the deal); the
            # poorest player is the one with the lowest count now.
            counts = self.results()
            low = min(c.total for c in counts)
            poorest = [c.seat for c in counts if c.total == low]
            if all(low >= g.p["prosperity_factor"] * g.players[s].stake for s in poorest):
                return "prosperity"
        return ""

    def cards(self) -> list[int]:
        """Every green card's space: title deeds, franchise and railroad charters, the broker's
        licence (under the single tax, deeds are of no value and are not dealt)."""
        st = self.g.p["single_tax"]
        return [i for i, k in enumerate(self.kinds)
                if k in CARD_KINDS and i not in self.public and not (st and k == "lot")]

    def deal(self) -> Play:
        """Rule 1: "Shuffle the green cards and deal out one around, to the left, until 24 have
        been dealt ... Each player has the privilege or option of buying any or all of the cards
        which have been dealt to him, the sale price of the cards being paid into the PUBLIC
        TREASURY. Cards not purchased must be returned to the pack."

        DECISION: the deal starts with the first player; then each player in turn order decides
        card by card in the order dealt.
        """
        g = self.g
        dealt = self.deal_round(self.order, self.cards(), g.p["cards_dealt"], "dealt", "card")
        yield from self.offer_dealt(dealt, "ticket", "return", [s.price for s in g.board.spaces],
                                    lambda seat, idx, price: self.take_card(seat, idx, price, "dealt"),
                                    "card_returned")

    def average_hands(self) -> None:
        """TO BEGINNERS: "let each player take one of the 'average hands' indicated below, and $75
        in cash" (each hand's cards are worth $325 at the printed prices). DECISION: seat 1 takes
        hand One, seat 2 hand Two, and so on; the hands are given, not bought."""
        g = self.g
        for seat, hand in zip(range(len(g.players)), g.p["average_hand_cards"], strict=False):
            for idx in hand:
                self.owner[idx] = seat
                g.players[seat].cards.add(idx)
                g.emit("card", seat, space=idx, card=g.board.spaces[idx].name, how="average hand")
        self.check_trust_pending = True

    def monarch_deal(self) -> None:
        """"The Monarch of the World": "giving to one player all of the land and giving to the
        other players all other advantages of the game. Provide each player with $100 at the
        start and let the game proceed under the rules with the exception that the landlord gets
        no wages." DECISION: seat 0 is the landlord and holds every title deed; the other green
        cards (railroads, franchises, the broker's licence) are dealt free round the other
        players, one at a time from seat 1; neither side pays for its cards."""
        g = self.g
        others = list(range(1, len(g.players)))
        k = 0
        for idx in self.cards():
            seat = 0 if self.kinds[idx] == "lot" else others[k % len(others)]
            k += self.kinds[idx] != "lot"
            self.owner[idx] = seat
            g.players[seat].cards.add(idx)
            g.emit("card", seat, space=idx, card=g.board.spaces[idx].name, how="monarch")
        self.check_trust_pending = True

    # -- a turn --------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Play:
        """One turn: the phase point, then jail, Poor House, Natural Opportunity, or business
        (lift mortgages, build) and a throw; under the single tax the treasury is then counted."""
        g = self.g
        pl = g.players[seat]
        if g.triggers:
            yield from self.phase_point(seat)
        self.settle_debts(seat)
        if pl.place == JAIL:
            yield from self.jail_turn(seat)
        elif pl.place == POOR:
            yield from self.poor_turn(seat)
        elif pl.place == NATURAL:
            yield from self.natural_turn(seat)
        else:
            yield from self.business(seat)
            yield from self.throw_and_move(seat)
        if g.p["single_tax"]:
            self.public_works()

    def business(self, seat: int) -> Play:
        """Before the throw: lift a mortgage (RECONSTRUCTED rule 15) or repay a loan
        (RECONSTRUCTED rule 16), trade a card with another player (rule 1, :meth:`market`), build
        a house (RECONSTRUCTED rule 14; single-tax rule 4), and form a Trust if one may be formed.

        DECISION: one repayment and one market offer a turn, before building."""
        g = self.g
        cash = g.cash(seat)
        mine = [m for m in self.mortgages if m.seat == seat and self.redeem_cost(m) <= cash]
        loans = [d for d in self.debts if d.debtor == seat and d.loan and d.amount <= cash]
        if mine or loans:
            opts = (("keep",) + tuple(option("repay", m.space) for m in mine)
                    + tuple(option("repay_loan", d.creditor) for d in loans))
            costs = [self.redeem_cost(m) for m in mine] + [d.amount for d in loans]
            choice = yield Decision(seat, "repay", opts, amount=min(costs))
            head, arg = parse_option(choice)
            if head == "repay":
                m = next(m for m in mine if m.space == int(arg))
                g.pay(seat, self.bank, self.redeem_cost(m), Flow.REPAYMENT, "mortgage lifted",
                      "Rule 15 (reconstructed)")
                self.mortgages.remove(m)
                g.emit("mortgage_lifted", seat, space=m.space, reconstructed=True)
            elif head == "repay_loan":
                d = next(d for d in loans if d.creditor == int(arg))
                g.pay(seat, d.creditor, d.amount, Flow.REPAYMENT, "loan repaid", "Rule 16 (reconstructed): borrowing")
                self.debts.remove(d)
                g.emit("loan_repaid", seat, lender=g.names[d.creditor], amount=d.amount, reconstructed=True)
        yield from self.market(seat)
        yield from self.offer_building(seat)
        yield from self.offer_trust()

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

    def market(self, seat: int) -> Play:
        """Rule 1: "After the game has begun the sale prices of all cards then in use by the
        players are regulated by the demand, but no card can be bought from the pack for less
        than the original sale price, although these cards may be bid up as high as the players
        please."

        DECISION (how the demand is put to the table): before his throw the player in turn may
        make one offer — to buy another player's card (``buy_card``: he names a price from
        ``market_prices``, the holder sells or keeps it), or to sell one of his own
        (``offer_card``: :meth:`card_sale`, the others bid and he sells to the best bid or keeps
        the card). Prices are paid between the two players; the pack is not involved."""
        g = self.g
        others = [i for s in range(len(g.players)) if s != seat for i in self.tradeable(s)]
        buys = tuple(option("buy_card", i) for i in sorted(others)) if g.cash(seat) >= min(g.p["market_prices"]) else ()
        sells = tuple(option("offer_card", i) for i in self.tradeable(seat))
        if not buys and not sells:
            return
        choice = yield Decision(seat, "market", ("pass",) + buys + sells)
        head, arg = parse_option(choice)
        if head == "pass":
            return
        idx = int(arg)
        if head == "offer_card":
            yield from self.card_sale(seat, idx, forced=False)
            return
        holder = self.owner[idx]
        prices = tuple(option("price", p) for p in g.p["market_prices"] if p <= g.cash(seat))
        offer = yield Decision(seat, "offer_price", ("cancel",) + prices, idx)
        if offer == "cancel":
            return
        price = int(parse_option(offer).arg)
        g.emit("card_offer", seat, space=idx, holder=g.names[holder], amount=price)
        answer = yield Decision(holder, "accept_offer", ("sell", "keep"), idx, price)
        if answer == "sell":
            self.transfer_card(holder, seat, idx, price)
        else:
            g.emit("card_kept", holder, space=idx)

    def card_sale(self, seat: int, idx: int, forced: bool) -> Play:
        """``seat`` offers his card ``idx`` to the other players (rule 1: prices "regulated by the
        demand"; rule 12: a short player may "sell ... any of his property").

        DECISION: one round of bids, each other player once in seat order from the seller's
        left, each bid one of ``market_prices`` above the last and within the bidder's cash.
        A player selling because he is short (``forced``) sells to the best bid; otherwise he
        may keep the card. Returns True when the card was sold."""
        g = self.g
        high, bidder = 0, -1
        n = len(g.players)
        g.emit("card_for_sale", seat, space=idx, card=g.board.spaces[idx].name)
        for k in range(1, n):
            other = (seat + k) % n
            bids = tuple(option("bid", p) for p in g.p["market_prices"] if high < p <= g.cash(other))
            if not bids:
                continue
            choice = yield Decision(other, "card_bid", ("pass",) + bids, idx, high)
            if choice != "pass":
                high, bidder = int(parse_option(choice).arg), other
                g.emit("bid", other, space=idx, amount=high)
        if bidder < 0:
            g.emit("card_unsold", seat, space=idx)
            return False
        if not forced and (yield Decision(seat, "take_bid", ("sell", "keep"), idx, high)) != "sell":
            g.emit("card_kept", seat, space=idx)
            return False
        self.transfer_card(seat, bidder, idx, high)
        return True

    def transfer_card(self, seller: int, buyer: int, idx: int, price: int) -> None:
        """The buyer pays the seller ``price`` and takes the card. DECISION: a Trust ends when
        one of its railroads passes to a player outside it (the two no longer "own all of the
        RAILROADS between them") or when one member comes to hold them all (there is nothing
        left to pool); a railroad changing hands may open a Trust."""
        g = self.g
        g.pay(buyer, seller, price, Flow.LAND_SOLD, "card sale", "Rule 1: prices regulated by the demand")
        g.players[seller].cards.discard(idx)
        g.players[buyer].cards.add(idx)
        self.owner[idx] = buyer
        g.emit("card_sold", seller, space=idx, card=g.board.spaces[idx].name, buyer=g.names[buyer],
               amount=price)
        if self.kinds[idx] == "railroad":
            if self.trust is not None and (buyer not in self.trust
                                           or not any(self.owner[i] == seller for i in self.railroads)):
                self.trust = None
                g.emit("trust_ended", -1)
            self.check_trust_pending = True

    def throw_and_move(self, seat: int, again: bool = True) -> Play:
        """Throw and move (rule 2), choosing the direction between the Chances.

        RECONSTRUCTED rule 17 (doubles, not transcribed): with ``double_throws_again`` a player
        who throws a double and is still on the track after his move throws once more (never
        more than one extra throw a turn).
        """
        g = self.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        backward = False
        if pl.pos in self.between:
            way = yield Decision(seat, "direction", ("forward", "backward"), pl.pos, a + b)
            backward = way == "backward"
        yield from self.move(seat, a + b, backward)
        if a == b and again and g.p["double_throws_again"] and pl.place == TRACK and not g.over:
            g.emit("double_again", seat, reconstructed=True)
            yield from self.throw_and_move(seat, again=False)

    def move(self, seat: int, steps: int, backward: bool = False) -> Play:
        """Move ``steps`` spaces and follow the rule of the space stopped on."""
        g = self.g
        pl = g.players[seat]
        start = pl.pos
        target = (start - steps) % self.n if backward else (start + steps) % self.n
        # Rule 3: "When a player reaches or passes the beginning point, MOTHER EARTH".
        passes = not backward and start + steps >= self.n
        if self.kinds[target] == "speculation":
            # Rule 8: "If a player's throw would bring him to this space he may refuse to move --
            # remaining where he is -- and the next player proceeds."
            choice = yield Decision(seat, "speculate", ("play", "stay"), target)
            if choice == "stay":
                g.emit("speculation_refused", seat)
                return
        luxury = self.kinds[target] == "luxury"
        if luxury:
            # RECONSTRUCTED rule 13 (luxury, not transcribed), from the 1904 patent, whose rule the
            # 1906 board's Luxury space descends from: "if a player stops on a 'Luxury' he pays
            # fifty [here the printed $75] dollars to the 'Public treasury,' receiving in return a
            # luxury ticket ... The player may purchase the luxury or not, as he chooses or can
            # afford; but if he does not purchase it he loses his move."
            # DECISION (applied whole): losing the move is played as the 1906 sheet's own words
            # for a space one may refuse (rule 8, Speculation): "remaining where he is"; so
            # the question comes before the move, and a player who cannot afford the luxury
            # stays where he is too (the Luxury is the last space before Mother Earth: no move
            # onto it earns wages).
            price = g.board.spaces[target].fee
            opts = ("buy", "refuse") if g.cash(seat) >= price else ("refuse",)
            choice = (yield Decision(seat, "luxury", opts, target, price)) if len(opts) > 1 else "refuse"
            if choice == "refuse":
                g.emit("luxury_refused", seat, space=target, reconstructed=True)
                return
        if g.p["single_tax"]:
            # Single tax, rule 8: "If a player cannot afford to make the move called for by his
            # throw, he puts his checker upon any NATURAL OPPORTUNITY space ... back of the space
            # to which his throw would bring him." DECISION: he can afford it when his cash plus
            # the wages the move earns covers what the target space charges.
            income = self.wages_for(seat) if passes else 0
            if self.landing_cost(seat, target) > g.cash(seat) + income:
                corner = yield from self.choose_natural(seat, target)
                self.to_natural(seat, target, corner)
                return
        pl.pos = target
        if g.events is not None:
            g.emit("move", seat, frm=start, to=target, space=g.board.spaces[target].name,
                   backward=backward)
        if passes:
            self.pay_wages(seat)
        if luxury:
            g.pay(seat, self.treasury, g.board.spaces[target].fee, Flow.LUXURY, "luxury",
                  "Rule 13 (reconstructed): luxury")
            g.players[seat].luxuries += 1
            g.emit("luxury", seat, cards=g.players[seat].luxuries, reconstructed=True)
            return
        yield from self.land(seat, target)

    def wages_for(self, seat: int) -> int:
        """Rule 3 wages ($100, raised by single-tax rule 6(d)); the Monarch gets none.
        DECISION: the Monarch gets no wages under the single tax either (the same start, only the
        rules of land change)."""
        g = self.g
        if g.p["monarch"] and seat == 0:
            return 0
        return g.p["wages"] + self.wage_bonus

    def pay_wages(self, seat: int) -> None:
        """Rule 3: "his 'wages,' is paid to him from MISCELLANEOUS pile" (the Bank)."""
        g = self.g
        pl = g.players[seat]
        pl.circuits += 1
        g.emit("circuit", seat, circuits=pl.circuits)
        amount = self.wages_for(seat)
        if amount:
            g.pay(self.bank, seat, amount, Flow.WAGES, "wages", "Rule 3: wages")
        else:
            g.emit("no_wages", seat, rule="Monarch of the World: the landlord gets no wages")

    def land(self, seat: int, idx: int) -> Play:
        """Apply the rule of the space the checker stopped on."""
        g = self.g
        kind = self.kinds[idx]
        st = g.p["single_tax"]
        if kind == "lot":
            yield from self.land_on_lot(seat, idx)
        elif kind == "necessity":
            if st:
                g.emit("untaxed", seat, space=idx, rule="Single tax 1: no taxes on necessities")
                return
            # Rule 4: "he pays $10 taxes into the PUBLIC TREASURY"; advanced rules: doubled at
            # ten houses on the board, doubled again at twenty-five.
            yield from self.charge(seat, self.treasury, self.necessity_tax(idx), Flow.TAX, "necessity tax",
                                   "Rule 4: taxes")
        elif kind == "estate":
            if idx in self.colleges:
                # Single tax, rule 7: "if a player goes to college he takes a blue card marked
                # Education and when he gets four of these cards he exchanges them for a card
                # marked Professor".
                pl = g.players[seat]
                pl.education += 1
                g.emit("education", seat, space=idx, cards=pl.education)
                if pl.education >= g.p["education_for_professor"]:
                    pl.education -= g.p["education_for_professor"]
                    pl.professors += 1
                    g.emit("professor", seat, professors=pl.professors)
            else:
                # Rule 5: "he is 'trespassing' and must go to JAIL"; single tax, rule 5: "until
                # the colleges are erected a player ... is trespassing and must go to JAIL".
                self.to_jail(seat)
        elif kind in ("railroad", "franchise"):
            yield from self.land_on_utility(seat, idx)
        elif kind == "speculation":
            yield from self.speculate(seat, idx)
        elif kind == "chance":
            yield from self.chance(seat)
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

    def necessity_tax(self, idx: int) -> int:
        """Rule 4's $10; advanced rules' Tax Table: $20 from 10 houses, $40 from 25 houses.
        DECISION: the houses counted are those standing on the board now."""
        g = self.g
        tax = g.board.spaces[idx].fee
        if g.p["advanced_rules"]:
            built = sum(self.houses)
            for step in g.p["tax_steps"]:
                if built >= step:
                    tax *= 2
        return int(tax)

    def land_on_lot(self, seat: int, idx: int) -> Play:
        """Rule 7 (land rent, sale of an unowned lot) or single-tax rule 4."""
        g = self.g
        if g.p["single_tax"]:
            # Single tax, rule 4: "When a player stops upon an unimproved lot ... he first pays
            # the full land rent into the PUBLIC TREASURY, and then, if he so desires and can
            # afford it, he may improve the lot by the erection of a house thereon. But if the
            # space ... is already improved by another player's house, he first pays the full land
            # rent into the PUBLIC TREASURY and then pays the full house rent to the owner".
            # DECISION: every player pays the land rent, the deed holder too (deeds are "of no
            # value"); a player on his own house pays the land rent only.
            yield from self.charge(seat, self.treasury, self.land_rent(idx), Flow.LAND_RENT, "land rent",
                                   "Single tax 2/4: land rent to the Public Treasury")
            holder = self.house_owner[idx]
            if self.houses[idx] and holder not in (seat, -1):
                yield from self.charge(seat, holder, self.house_rent(idx), Flow.BUILDING_RENT, "house rent",
                                       "Single tax 4: house rent to the house owner")
            if (not self.houses[idx] and g.players[seat].place == TRACK
                    and g.cash(seat) >= g.p["house_price"]):
                # DECISION: no bidding against a player building where he stands.
                choice = yield Decision(seat, "build", ("none", option("build", idx)), idx, g.p["house_price"])
                if choice != "none":
                    self.build(seat, idx)
            return
        owner = self.owner[idx]
        if owner == seat:
            return  # Rule 7: "If he stops upon one of his own lots he pays nothing."
        if owner < 0:
            owner = yield from self.auction(seat, idx)
            if owner == seat:
                return
        rent = self.land_rent(idx) + self.house_rent(idx)
        if owner >= 0:
            # Rule 7: "When a player stops upon a lot owned by another player, he must pay the land
            # rent to the owner ... If the first player does not buy the lot and some other player
            # does, the first player pays the land rent to the purchaser."
            yield from self.charge(seat, owner, rent, Flow.RENT, "rent", "Rule 7: land rent")
        else:
            # Rule 7: "If no player buys it the land rent is paid into the PUBLIC TREASURY."
            yield from self.charge(seat, self.treasury, rent, Flow.LAND_RENT, "rent to treasury", "Rule 7: land rent")

    def auction(self, seat: int, idx: int) -> Play:
        """Rule 7 (and 8, 9): an unowned card "is 'For Sale,' and the player stopping upon it may
        purchase it at the original sale price, provided no other player bids more for it. If the
        player who has stopped upon it is willing to pay the highest price bid, he has the first
        option. If he cannot or does not want to pay the highest price bid, then the player
        bidding the highest price must take the lot at the price he has bid for it." Rule 1: "no
        card can be bought from the pack for less than the original sale price, although these
        cards may be bid up as high as the players please."

        DECISION: the other players bid in rounds, in seat order from the lander's left, until
        every player but the highest bidder has passed in turn since the last bid (a player who
        passed may bid again after another's raise); each bid is one of :meth:`raises` over the
        last, within the bidder's cash; no ceiling but his cash. The lander does not bid: rule 7
        gives him the first option at the highest price bid (the printed price if nobody bid)
        when the bidding is over. It ends: every bid tops the last by ``bid_step`` at least and
        no bid exceeds the bidder's cash, which does not change while the card is bid for.
        Returns the buyer's seat, or -1 when nobody buys.
        """
        g = self.g
        high, bidder = g.board.spaces[idx].price, -1
        n = len(g.players)
        others = [(seat + k) % n for k in range(1, n)]
        passes, k = 0, 0
        while passes < len(others) - (bidder >= 0):
            other = others[k % len(others)]
            k += 1
            if other == bidder:
                continue
            bids = self.raises(high, g.cash(other))
            choice = (yield Decision(other, "bid", ("pass",) + bids, idx, high)) if bids else "pass"
            if choice == "pass":
                passes += 1
            else:
                high, bidder, passes = int(parse_option(choice).arg), other, 0
                g.emit("bid", other, space=idx, amount=high)
        if g.cash(seat) >= high:
            choice = yield Decision(seat, "buy", ("buy", "decline"), idx, high)
            if choice == "buy":
                self.take_card(seat, idx, high, "bought on landing")
                return seat
        if bidder >= 0:
            self.take_card(bidder, idx, high, "highest bid")
            return bidder
        g.emit("unsold", seat, space=idx)
        return -1

    def raises(self, high: int, cash: int) -> tuple[str, ...]:
        """The bids (``bid:<amount>``) a player with ``cash`` may make over the highest bid
        ``high`` at a sale from the pack (rule 1: "bid up as high as the players please").

        DECISION (how "as high as the players please" is offered as a list of options): a raise
        of 1, 2, 5, 10, 20, 50, 100, … times ``bid_step`` ($5: +$5, +$10, +$25, +$50, +$100,
        +$250, …) as far as his cash goes, and always his whole cash ("all I have") when it is
        above ``high``. A Decision lists its legal options, and every whole dollar up to a
        player's cash (hundreds of options) is no choice a person can read at the table; the
        ladder puts no ceiling on the price but the bidder's cash, reaches every multiple of
        ``bid_step`` by successive raises (the rounds go on while anyone raises), and offers in
        one raise one within a factor of 2.5 of any raise he might name. Empty when he cannot
        top ``high``."""
        step = self.g.p["bid_step"]
        out: list[str] = []
        unit, factors = 1, (1, 2, 5)
        while True:
            for f in factors:
                bid = high + step * unit * f
                if bid > cash:
                    if cash > high and (not out or out[-1] != option("bid", cash)):
                        out.append(option("bid", cash))
                    return tuple(out)
                out.append(option("bid", bid))
            unit *= 10

    def take_card(self, seat: int, idx: int, price: int, how: str) -> None:
        """Pay ``price`` into the Public Treasury and take the card from the pack."""
        g = self.g
        g.pay(seat, self.treasury, price, Flow.LAND_BOUGHT, "card purchase", "Rule 1/7: buying titles")
        self.owner[idx] = seat
        g.players[seat].cards.add(idx)
        g.emit("buy", seat, space=idx, lot=g.board.spaces[idx].name, price=price, how=how)
        if self.kinds[idx] == "railroad":
            self.check_trust_pending = True

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

    def offer_building(self, seat: int) -> Play:
        """Building on one's turn. RECONSTRUCTED rule 14: at most one house a turn, bought from
        the MISCELLANEOUS pile (the Bank) at ``house_price``. Single tax, rule 4: "If at anytime a
        player has money to invest, he may, in his turn, erect a house on any unimproved lot he
        chooses ... provided no other player bids against him for the privilege of building
        there. The 'bid' money (or rent) is paid into the PUBLIC TREASURY."

        DECISION (single tax): the privilege opens at the lot's land rent; the other players bid
        once each in seat order from the builder's left, each bid topping the last by 1-3
        ``bid_step``s (rule 4 says only "bids against him"; rule 1's "bid up as high as the players
        please" speaks of the cards of the pack, not of a building privilege, so the privilege
        keeps the short round); the builder may match the highest bid; the winner pays his bid
        into the treasury and builds.
        """
        g = self.g
        price = g.p["house_price"]
        if g.cash(seat) < price:
            return
        st = g.p["single_tax"]
        spots = [i for i in self.buildable(seat) if not st or g.cash(seat) >= price + self.land_rent(i)]
        if not spots:
            return
        choice = yield Decision(seat, "build", ("none",) + tuple(option("build", i) for i in spots), amount=price)
        if choice == "none":
            return
        idx = int(parse_option(choice).arg)
        if not st:
            self.build(seat, idx)
            return
        step = g.p["bid_step"]
        high, bidder = self.land_rent(idx), seat
        n = len(g.players)
        for k in range(1, n):
            other = (seat + k) % n
            bids = tuple(option("bid", high + step * j) for j in (1, 2, 3)
                         if g.cash(other) >= high + step * j + price)
            if not bids:
                continue
            answer = yield Decision(other, "bid", ("pass",) + bids, idx, high)
            if answer != "pass":
                high, bidder = int(parse_option(answer).arg), other
                g.emit("bid", other, space=idx, amount=high, privilege=True)
        if bidder != seat and g.cash(seat) >= high + price:
            answer = yield Decision(seat, "buy", ("buy", "decline"), idx, high)
            if answer == "buy":
                bidder = seat
        g.pay(bidder, self.treasury, high, Flow.LAND_RENT, "building privilege",
              "Single tax 4: bid money to the treasury")
        self.build(bidder, idx)

    def build(self, seat: int, idx: int) -> None:
        """Put up one house (RECONSTRUCTED price rule 14), paid to the Bank."""
        g = self.g
        g.pay(seat, self.bank, g.p["house_price"], Flow.IMPROVEMENT, "house", "Rule 14 (reconstructed): houses")
        self.houses[idx] += 1
        self.house_owner[idx] = seat
        g.emit("house", seat, space=idx, houses=self.houses[idx], reconstructed=True)

    # -- railroads and franchises --------------------------------------------------------
    def fare(self, idx: int, payer: int) -> tuple[int, list[int]]:
        """Rule 9: what ``payer`` owes on ``idx`` and to whom (the Public Treasury if unowned).

        "When a player stops upon one of these franchise spaces he must pay $5 to the owner."
        MUNICIPAL CINCH: "collects $25 instead of $5". MONOPOLY: "If one player owns 2 railroads,
        he charges $10 fare; if 3, he charges $20; 4, $50." TRUST: "charging the other players
        $40 for each RAILROAD space and dividing profits." DECISION: Trust members ride free on
        the Trust's railroads; the $40 is divided equally between them.
        """
        g = self.g
        owner = self.owner[idx]
        if idx in self.public or owner == payer:
            return 0, []
        if owner < 0:
            return g.board.spaces[idx].fee, [self.treasury]
        if self.kinds[idx] == "franchise":
            franchises = [i for i in self.g.board.indices("franchise") if i not in self.public]
            cinch = len(franchises) == 2 and all(self.owner[i] == owner for i in franchises)
            return (g.p["cinch_rate"] if cinch else g.board.spaces[idx].fee), [owner]
        if self.trust is not None:
            if payer in self.trust:
                return 0, []
            return g.p["trust_fare"], list(self.trust)
        held = sum(1 for r in self.railroads if self.owner[r] == owner)
        return g.p["railroad_fares"][held - 1], [owner]

    def land_on_utility(self, seat: int, idx: int) -> Play:
        """Rule 9 (and single-tax rule 3: fares to the owners "until the public takes control of
        them ..., when they are FREE")."""
        g = self.g
        if idx in self.public:
            g.emit("free_ride", seat, space=idx, rule="Single tax 3: public, free")
            return
        if self.owner[idx] < 0:
            buyer = yield from self.auction(seat, idx)
            if buyer == seat:
                return
        amount, payees = self.fare(idx, seat)
        if not amount:
            return
        why = "fare" if self.kinds[idx] == "railroad" else "franchise rate"
        share = amount // len(payees)
        for k, dst in enumerate(payees):
            part = amount - share * (len(payees) - 1) if k == 0 else share
            yield from self.charge(seat, dst, part, Flow.FARE, why, "Rule 9: franchises")
            if g.players[seat].place != TRACK:
                return

    def offer_trust(self) -> Play:
        """Rule 9, TRUST: "If two players own all of the RAILROADS between them, they may at any
        time pool their railroad interests and form a Trust". DECISION: the two are asked when
        the railroads first come into two hands (and again after any railroad changes hands);
        both must agree. The Trust ends when the public takes over any railroad."""
        g = self.g
        if not self.check_trust_pending or self.trust is not None:
            return
        self.check_trust_pending = False
        holders = {self.owner[r] for r in self.railroads}
        if len(holders) != 2 or -1 in holders or any(r in self.public for r in self.railroads):
            return
        a, b = sorted(holders)
        yes_a = yield Decision(a, "trust", ("form", "decline"))
        yes_b = yield Decision(b, "trust", ("form", "decline"))
        if yes_a == "form" and yes_b == "form":
            self.trust = (a, b)
            g.emit("trust", a, members=f"{g.names[a]},{g.names[b]}")

    # -- speculation ---------------------------------------------------------------------
    def speculate(self, seat: int, idx: int) -> Play:
        """Rule 8: ownership of the Broker's License is settled as for lots; the player pays a
        $10 "ante" to the Broker (or the MISCELLANEOUS pile); "then he throws his dice again, and
        if he throws a double, he wins $100; an 11, $90; a 10, $80; 9, $70; 8, $60; 7, $50; 6, $40;
        5, $30; and pays 10 percent of his winnings to holder of the Speculation card ... If a 3
        or 4 is thrown the Broker is supposed to be caught in a 'skin game,' -- the speculator
        wins nothing, and the Broker ... goes to JAIL and the card is returned to the pack."
        Winnings come from the MISCELLANEOUS pile (the Bank)."""
        g = self.g
        if self.owner[idx] < 0:
            yield from self.auction(seat, idx)
        broker = self.owner[idx]
        ante = g.board.spaces[idx].fee
        if broker != seat:
            yield from self.charge(seat, self.bank if broker < 0 else broker, ante, Flow.SPECULATION, "ante",
                                   "Rule 8: speculation")
            if g.players[seat].place != TRACK:
                return
        a, b = self.throw(seat)
        total = a + b
        # DECISION: a double 2+2 is a double (wins $100), not the skin game's "4".
        win = g.p["speculation_double"] if a == b else g.p["speculation_table"][total]
        if total in (3, 4) and a != b:
            g.emit("skin_game", seat, broker=g.names[broker] if broker >= 0 else "")
            if broker >= 0:
                self.owner[idx] = -1
                g.players[broker].cards.discard(idx)
                self.to_jail(broker)
            return
        if win:
            g.pay(self.bank, seat, win, Flow.SPECULATION, "speculation winnings", "Rule 8: speculation")
            cut = win * g.p["broker_percent"] // 100
            if broker >= 0 and broker != seat and cut:
                g.pay(seat, broker, cut, Flow.SPECULATION, "broker's commission", "Rule 8: speculation")
            elif broker < 0 and cut:
                g.pay(seat, self.bank, cut, Flow.SPECULATION, "broker's commission", "Rule 8: speculation")
        g.emit("speculation", seat, throw=total, double=a == b, won=win)

    # -- chance (reconstructed deck) -------------------------------------------------------
    def chance(self, seat: int) -> Play:
        """Rule 11: "he draws a card from the red pack and follows directions on same. In each case
        the card drawn is returned to the pack." RECONSTRUCTED deck (``chance_cards``): no 1906
        card is transcribed; each card is ``action:amount|text``, where action is ``collect``
        (from the Bank), ``pay`` (to the Bank), ``fine`` (to the Public Treasury), ``jail``,
        ``mother_earth`` (advance to Mother Earth) or ``back`` (go back that many spaces)."""
        g = self.g
        deck = g.p["chance_cards"]
        card = str(deck[g.pick(len(deck))])
        head, _, text = card.partition("|")
        action, _, arg = head.partition(":")
        amount = int(arg or 0)
        g.emit("chance", seat, card=text.strip(), reconstructed=True)
        if action == "collect":
            g.pay(self.bank, seat, amount, Flow.CARD, "chance", "Rule 11: Chance (reconstructed card)")
        elif action == "pay":
            yield from self.charge(seat, self.bank, amount, Flow.CARD, "chance", "Rule 11: Chance (reconstructed card)")
        elif action == "fine":
            yield from self.charge(seat, self.treasury, amount, Flow.CARD, "chance fine",
                                   "Rule 11: Chance (reconstructed card)")
        elif action == "jail":
            self.to_jail(seat)
        elif action == "mother_earth":
            pl = g.players[seat]
            pl.pos = 0
            g.emit("move", seat, frm=-1, to=0, space=g.board.spaces[0].name, backward=False)
            self.pay_wages(seat)
        elif action == "back":
            yield from self.move(seat, amount, backward=True)

    # -- jail, Poor House, Natural Opportunity -------------------------------------------
    def to_jail(self, seat: int) -> None:
        """Rule 5: "put his checker on the JAIL space"."""
        pl = self.g.players[seat]
        pl.place, pl.pos, pl.jail_missed = JAIL, self.jail_corner, 0
        self.g.emit("jail", seat, space=self.jail_corner)

    def jail_turn(self, seat: int) -> Play:
        """Rule 6: "he may come out upon paying into the PUBLIC TREASURY a fine of $50, or if he
        throws a double ... he may come out without paying the fine ... He cannot, however, miss
        more than three turns if he has sufficient property on which to realize the amount of his
        fine. When he does come out of JAIL he must begin to count his move on the space
        immediately in front of the JAIL (Shelter)."

        DECISION: after three missed turns he must pay the fine (mortgaging or selling to raise
        it) when his cash and what he could raise cover it; the fine is paid before the throw
        that moves him; a double that frees him moves him by that throw (no extra throw).
        """
        g = self.g
        pl = g.players[seat]
        fine = g.p["jail_fine"]
        forced = pl.jail_missed >= g.p["jail_max_missed"] and g.cash(seat) + self.raisable(seat) >= fine
        if forced:
            choice = "pay"
            g.emit("jail_time_up", seat, missed=pl.jail_missed)
        else:
            ask = self.fine_or_throw(seat, "jail", self.jail_corner, fine)
            choice = (yield ask) if ask is not None else "throw"
        if choice == "pay":
            yield from self.charge(seat, self.treasury, fine, Flow.FINE, "jail fine", "Rule 6: jail")
            if pl.place != JAIL:
                return
            pl.place, pl.jail_missed = TRACK, 0
            g.emit("jail_out", seat, how="fine")
            a, b = self.throw(seat)
        else:
            a, b = self.throw(seat)
            if a != b:
                pl.jail_missed += 1
                g.emit("jail_stay", seat, missed=pl.jail_missed)
                return
            pl.place, pl.jail_missed = TRACK, 0
            g.emit("jail_out", seat, how="double")
        yield from self.move(seat, a + b)

    def to_poorhouse(self, seat: int) -> None:
        """Rule 12: "he must go to the POOR HOUSE, where he remains until his next turn"."""
        pl = self.g.players[seat]
        pl.place, pl.pos = POOR, self.poor_corner
        pl.poorhouse_visits += 1
        self.g.emit("poorhouse", seat)

    def poor_turn(self, seat: int) -> Play:
        """Rule 12: "Then he throws again and moves out if he can afford to make the move."
        DECISION: he can afford it when his cash (plus wages the move would earn) covers what the
        target space charges; he counts from the Central Park corner."""
        g = self.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        target = (self.poor_corner + a + b) % self.n
        income = self.wages_for(seat) if self.poor_corner + a + b >= self.n else 0
        if self.landing_cost(seat, target) > g.cash(seat) + income:
            g.emit("poorhouse_stay", seat, target=target)
            return
        pl.place = TRACK
        g.emit("poorhouse_out", seat)
        yield from self.move(seat, a + b)

    def behind(self, target: int) -> list[int]:
        """The inner corners "back of" space ``target``: DECISION: those from Mother Earth's
        corner up to the target, on the lap of the board the throw ends in."""
        return sorted(c for c in self.naturals if c <= target)

    def choose_natural(self, seat: int, target: int) -> Play:
        """Single tax, rule 8: "he puts his checker upon any NATURAL OPPORTUNITY space (inner
        corners) he may choose, back of the space to which his throw would bring him." He is
        asked (``natural``) when more than one corner is behind the target. Returns the corner.
        (The bots take the nearest: :mod:`landlord.rules.magie1906_bots`.)"""
        corners = self.behind(target)
        if len(corners) == 1:
            return corners[0]
        choice = yield Decision(seat, "natural", tuple(option("corner", c) for c in corners), target)
        return int(parse_option(choice).arg)

    def to_natural(self, seat: int, target: int, corner: int = -1) -> None:
        """Single tax, rule 8: put the checker on the Natural Opportunity ``corner`` behind
        ``target`` (chosen by :meth:`choose_natural` after a throw he cannot afford).
        DECISION: when he goes there because he cannot pay a debt (rule 12's case, the Poor House
        being "eliminated"), no throw is in question: the nearest corner at or behind his space."""
        pl = self.g.players[seat]
        if corner < 0:
            corner = self.behind(target)[-1]
        pl.place, pl.pos, pl.natural = NATURAL, corner, corner
        pl.natural_visits += 1
        self.g.emit("natural_opportunity", seat, corner=corner, name=self.naturals[corner],
                    instead_of=target, reconstructed=True)

    def natural_turn(self, seat: int) -> Play:
        """Single tax, rule 8: "just before throwing in his next turn he takes from the
        MISCELLANEOUS pile the wages called for by the NATURAL OPPORTUNITY space upon which he has
        placed his checker, pays his rent for such space into the PUBLIC TREASURY, throws his
        dice, and moves out. A player must make the move, if possible, even if it takes him to
        JAIL." The wages and rent are RECONSTRUCTED (``natural_wages``, ``natural_rent``)."""
        g = self.g
        pl = g.players[seat]
        g.pay(self.bank, seat, g.p["natural_wages"], Flow.WAGES, "natural opportunity wages",
              "Single tax 8: Natural Opportunity (reconstructed wages)")
        pl.place, pl.pos = TRACK, pl.natural
        yield from self.charge(seat, self.treasury, g.p["natural_rent"], Flow.LAND_RENT, "natural opportunity rent",
                               "Single tax 8: Natural Opportunity (reconstructed rent)")
        if pl.place == TRACK:
            yield from self.throw_and_move(seat)

    # -- paying and raising money ----------------------------------------------------------
    def landing_cost(self, seat: int, idx: int) -> int:
        """What stopping on ``idx`` obliges ``seat`` to pay at least (rule 12's and single-tax
        rule 8's "afford to make the move"); Chance, Speculation and Luxury count 0."""
        g = self.g
        kind = self.kinds[idx]
        if kind == "lot":
            house = self.house_rent(idx) if self.house_owner[idx] not in (seat, -1) else 0
            if g.p["single_tax"]:
                return self.land_rent(idx) + house
            return 0 if self.owner[idx] == seat else self.land_rent(idx) + self.house_rent(idx)
        if kind == "necessity":
            return 0 if g.p["single_tax"] else self.necessity_tax(idx)
        if kind in ("railroad", "franchise"):
            return self.fare(idx, seat)[0]
        return 0

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

    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> Play:
        """Make ``seat`` pay ``amount``. Rule 12: "If at any time a player has not enough money to
        pay his expenses, and cannot borrow any (see Rule 16) or cannot sell or mortgage any of
        his property, he must go to the POOR HOUSE".

        A short player raises money one step at a time, his choice (``shortfall``): mortgage a
        card to the Bank or sell a house back to it (RECONSTRUCTED rules 15-16), offer a card to
        the other players (``sell_card``: :meth:`card_sale`, sold to the best bid), or ask
        another player for a loan (``ask``: RECONSTRUCTED rule 16, :meth:`ask_loan`). DECISION:
        a card offered without a bid, or a player who refused, is not asked again for this
        payment. When nothing is left he pays what he has; the rest stays owed (:meth:`broke`).
        """
        g = self.g
        tried: set[str] = set()
        while g.cash(seat) < amount:
            opts = [o for o in self.raise_options(seat) if o not in tried]
            if not opts:
                self.broke(seat, dst, amount, kind, reason, rule)
                return
            choice = yield Decision(seat, "shortfall", tuple(opts), amount=amount - g.cash(seat))
            head, arg = parse_option(choice)
            idx = int(arg)
            if head == "mortgage":
                value = self.mortgage_value(idx)
                if value <= 0:  # the rules changed since he was asked (a card of no value now)
                    tried.add(choice)
                    continue
                self.mortgages.append(Mortgage(seat, idx, value))
                g.pay(self.bank, seat, value, Flow.LOAN, "mortgage", "Rule 15 (reconstructed): mortgages")
                g.emit("mortgage", seat, space=idx, amount=value, reconstructed=True)
            elif head == "sell_house":
                self.houses[idx] -= 1
                if not self.houses[idx]:
                    self.house_owner[idx] = -1
                g.pay(self.bank, seat, self.house_sale(idx), Flow.IMPROVEMENT, "house sold",
                      "Rule 16 (reconstructed): selling")
                g.emit("house_sold", seat, space=idx, houses=self.houses[idx], reconstructed=True)
            elif head == "sell_card":
                if not (yield from self.card_sale(seat, idx, forced=True)):
                    tried.add(choice)
            elif not (yield from self.ask_loan(seat, idx, amount - g.cash(seat))):
                tried.add(choice)
        g.pay(seat, dst, amount, kind, reason, rule)

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

    def ask_loan(self, seat: int, lender: int, short: int) -> Play:
        """Rule 12: a short player may "borrow ... (see Rule 16)". RECONSTRUCTED rule 16 (not
        transcribed), after the 1904 patent's loans between players ("making the best bargain he
        can as to interest, terms of payments &c."): the lender lends the shortfall at an
        interest of his naming (``LOAN_RATES`` dollars per $100 or part, added once to what is
        owed) or declines; the borrower accepts or declines. DECISION: the loan is unsecured;
        the borrower repays the whole of it on one of his turns when he has the money
        (:meth:`business`); what is still owed at the end counts against him and for the
        lender. Returns True when the money was lent."""
        g = self.g
        if g.cash(lender) < short:
            g.emit("loan_refused", lender, borrower=g.names[seat])
            return False
        offer = yield Decision(lender, "lend", ("decline", *(option("lend", r) for r in LOAN_RATES)),
                               amount=short)
        if offer == "decline":
            g.emit("loan_refused", lender, borrower=g.names[seat])
            return False
        owed = short + int(parse_option(offer).arg) * -(-short // 100)
        if (yield Decision(seat, "loan_terms", ("accept", "decline"), amount=owed)) != "accept":
            return False
        g.pay(lender, seat, short, Flow.LOAN, "loan", "Rule 16 (reconstructed): borrowing")
        mine = next((d for d in self.debts if d.debtor == seat and d.creditor == lender and d.loan), None)
        if mine is None:
            self.debts.append(Debt(seat, lender, owed, True, Flow.LOAN))
        else:
            mine.amount += owed
        g.emit("loan", seat, lender=g.names[lender], principal=short, owed=owed, reconstructed=True)
        return True

    def broke(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """Rule 12: "he must go to the POOR HOUSE, where he remains until his next turn" — under
        the single tax to the Natural Opportunity behind him (rule 8: "the Poor House is
        eliminated"). He pays what he has. DECISION: the text sends him to the Poor House and
        says nothing of his debt being forgiven, so the unpaid rest stays owed to the creditor
        (logged ``unpaid``, kept as a :class:`Debt`): it is paid, as far as his cash goes, at
        the start of each of his turns (:meth:`settle_debts`), and what is still owed at the end
        counts against him (and for a creditor who is a player)."""
        paid = self.pay_what_he_has(seat, dst, amount, kind, reason, rule)
        self.debts.append(Debt(seat, dst, amount - paid, False, kind))
        if self.g.p["single_tax"]:
            self.to_natural(seat, self.g.players[seat].pos)
        else:
            self.to_poorhouse(seat)

    def settle_debts(self, seat: int) -> None:
        """At the start of his turn a player pays his unpaid expenses (rule 12's debts, not
        loans) in the order incurred, as far as his cash goes."""
        g = self.g
        for d in [d for d in self.debts if d.debtor == seat and not d.loan]:
            part = min(d.amount, g.cash(seat))
            if not part:
                return
            g.pay(seat, d.creditor, part, d.kind, "debt paid", "Rule 12: debts")
            d.amount -= part
            g.emit("debt_paid", seat, to=g.ledger.names[d.creditor], amount=part, left=d.amount)
            if not d.amount:
                self.debts.remove(d)

    # -- the single tax --------------------------------------------------------------------
    def arrive(self, old: str, new: str) -> Play:
        """At the switch to the single tax: "Begin game under single tax with empty PUBLIC
        TREASURY" (its cash goes to the MISCELLANEOUS pile, logged, so money is conserved); a
        checker in the Poor House moves to the Natural Opportunity of that corner (rule 8: "the
        Poor House is eliminated"). Holdings, cash, mortgages and positions carry over."""
        g = self.g
        if not self.begin_single_tax(old, "Single tax 2: begin with an empty Public Treasury"):
            return
        for pl in g.players:
            if pl.place == POOR:
                pl.place, pl.natural = NATURAL, self.poor_corner
                g.emit("natural_opportunity", pl.seat, corner=self.poor_corner,
                       name=self.naturals[self.poor_corner], instead_of=self.poor_corner,
                       reconstructed=True)
        yield from ()  # asks nothing

    def public_works(self) -> None:
        """Single tax, rule 6: "When the cash in the PUBLIC TREASURY from land rents and fines
        amounts to $50 it is paid to the holder of the SOAKUM LIGHTING SYSTEM charter for the
        purchase of the plant ... The card is returned to the pack, and henceforth the Lighting
        System space is free to all players. If the card is still in the pack the $50 is paid
        into the MISCELLANEOUS pile." Then Slambang Trolley, the railroads, "a Free College ...
        on LORD BLUEBLOOD'S ESTATE ... the next $50 puts up a FREE COLLEGE on HOGG'S GAME
        PRESERVES", then "raising wages $10 for every $50 in the TREASURY".

        DECISION: the treasury is counted at the end of every turn, and all its cash counts
        (land rents, fines, building bids, and any other payment into it). The rule names "P.D.Q.R.R.;
        then GEE WIZZ R. R, and so on around the board", which runs against the direction of play
        on the transcribed board; ``buyout_order`` follows the rule (P.D.Q., Gee Whiz, Shooting
        Star, Royal Rusher). A mortgage on a card bought out stays its holder's debt. A Trust
        ends when the public takes over one of its railroads. (The counting is shared with the
        1904 mapping: :meth:`SingleTaxRules.spend_treasury`.)
        """
        self.spend_treasury(self.g.p["college_order"], self.colleges, self.buy_out, self.found_college)

    def buy_out(self, idx: int, step: int) -> None:
        """Single tax, rule 6: the ``step`` "is paid to the holder of the ... charter for the
        purchase of the plant ... The card is returned to the pack ... If the card is still in
        the pack the $50 is paid into the MISCELLANEOUS pile" (the Bank)."""
        g = self.g
        holder = self.owner[idx]
        g.pay(self.treasury, self.bank if holder < 0 else holder, step, Flow.BUYOUT, "public buy-out",
              "Single tax 6: public ownership")
        if holder >= 0:
            g.players[holder].cards.discard(idx)
        self.owner[idx] = -1
        self.public.add(idx)
        if self.trust is not None and self.kinds[idx] == "railroad":
            self.trust = None
            g.emit("trust_ended", -1)
        g.emit("public_buyout", -1, space=idx, name=g.board.spaces[idx].name)

    def found_college(self, idx: int, step: int) -> None:
        """Single tax, rule 6(c): "the next $50 puts up a FREE COLLEGE" on estate ``idx`` (the
        $50 goes to the MISCELLANEOUS pile, the Bank)."""
        g = self.g
        g.pay(self.treasury, self.bank, step, Flow.PUBLIC_SPENDING, "free college", "Single tax 6(c): free college")
        self.colleges.add(idx)
        g.emit("college", -1, space=idx, name=g.board.spaces[idx].name)

    # -- counting up ---------------------------------------------------------------------
    def results(self) -> list[SeatCount]:
        """"The player who has the most in cash, cards and houses at the end of the game is the
        winner ... Every card and every house counts the holder or owner 100". Under the single
        tax "the Title Deeds are of no value"; a Professor card counts 100 (single-tax rule 7).
        RECONSTRUCTED: a luxury card counts ``luxury_value``; a mortgage still owed is taken off.
        DECISION: a loan or an unpaid expense still owed (:class:`Debt`) is taken off the
        debtor's count and, when the creditor is a player, added to the creditor's (``credits``).
        Title deeds count as ``land``, houses as ``improvements``, the other cards (charters,
        the broker's licence) and Professor cards as ``cards``.
        """
        g, p = self.g, self.g.p
        st = p["single_tax"]
        houses_of = [0] * len(g.players)
        for i, h in enumerate(self.houses):
            if h:
                houses_of[self.house_owner[i]] += h
        n = len(g.players)
        owed_of = [0] * n
        lent_of = [0] * n
        for m in self.mortgages:
            owed_of[m.seat] += m.amount
        for d in self.debts:
            owed_of[d.debtor] += d.amount
            if d.creditor < n:
                lent_of[d.creditor] += d.amount
        kinds, card, bal = self.kinds, p["card_value"], g.ledger.balances
        counts = []
        for pl in g.players:
            deeds = sum(1 for i in pl.cards if kinds[i] == "lot")
            other = len(pl.cards) - deeds
            counts.append(SeatCount(
                pl.seat, bal[pl.seat], 0 if st else deeds * card, houses_of[pl.seat] * p["house_value"],
                owed_of[pl.seat], lent_of[pl.seat], pl.luxuries * p["luxury_value"],
                other * card + pl.professors * p["professor_value"], 0, pl.where))
        return counts

    def pieces(self, seat: int) -> dict[str, int]:
        """Title deeds and other cards held, houses, luxuries, education, Professor cards, times
        round the board, visits to the poorhouse and to a Natural Opportunity."""
        pl = self.g.players[seat]
        deeds = sum(1 for i in pl.cards if self.kinds[i] == "lot")
        return {"title deeds": deeds, "other cards": len(pl.cards) - deeds,
                "houses": sum(h for i, h in enumerate(self.houses) if h and self.house_owner[i] == seat),
                "luxuries": pl.luxuries, "education": pl.education, "Professor cards": pl.professors,
                "times round the board": pl.circuits, "visits to the poorhouse": pl.poorhouse_visits,
                "visits to a Natural Opportunity": pl.natural_visits}

    def totals(self) -> tuple[int, ...]:
        """:meth:`results`' totals alone (the per-turn count of the lab's panel)."""
        g, p = self.g, self.g.p
        n = len(g.players)
        house_value = p["house_value"]
        net = [0] * n
        for i, h in enumerate(self.houses):
            if h:
                net[self.house_owner[i]] += h * house_value
        for m in self.mortgages:
            net[m.seat] -= m.amount
        for d in self.debts:
            net[d.debtor] -= d.amount
            if d.creditor < n:
                net[d.creditor] += d.amount
        kinds, card_value = self.kinds, p["card_value"]
        lux, prof = p["luxury_value"], p["professor_value"]
        cash = g.ledger.balances
        out = []
        for pl in g.players:
            cards = (sum(1 for i in pl.cards if kinds[i] != "lot") if p["single_tax"] else len(pl.cards))
            out.append(cash[pl.seat] + cards * card_value + pl.luxuries * lux + pl.professors * prof
                       + net[pl.seat])
        return tuple(out)

    def space_state(self, index: int) -> SpaceState:
        """The card's holder (title deed, railroad or franchise charter, broker's licence) and
        whether it is mortgaged to the Bank (RECONSTRUCTED rule 15); the houses on a lot and
        whose they are; a card bought out by the public, or an estate become a Free College,
        under the single tax."""
        return space_state(owner=self.owner[index],
                           mortgaged=any(m.space == index for m in self.mortgages),
                           buildings=self.houses[index], building_owner=self.house_owner[index],
                           public=index in self.public or index in self.colleges)


class Table1906:
    """What the 1906 bots read off the table to value a card (all of it public: the cards, the
    houses, the board, the dice): :mod:`landlord.rules.magie1906_bots` turns it into a price."""

    __slots__ = ("_r", "franchises", "paired")

    def __init__(self, rules: Magie1906) -> None:
        self._r = rules
        self.paired = tuple(i for i, k in enumerate(rules.kinds) if k in ("railroad", "franchise"))
        """The railroads and franchises: cards worth more to the holder of others of their kind."""
        self.franchises = tuple(rules.g.board.indices("franchise"))

    def holder(self, idx: int) -> int:
        """Who holds the card of space ``idx`` (-1: the pack)."""
        return self._r.owner[idx]

    def pack_sale(self, idx: int) -> bool:
        """Whether a ``bid`` or ``buy`` decision on space ``idx`` is the sale of a card from the
        pack (rules 1 and 7), not the single tax's building privilege (rule 4), which asks with
        the same kinds and is only ever on a lot under the single tax."""
        r = self._r
        return not (r.g.p["single_tax"] and r.kinds[idx] == "lot")

    def printed_price(self, idx: int) -> int:
        """The card's "original sale price", printed on the card and the board (rule 1)."""
        return int(self._r.g.board.spaces[idx].price)

    def chance(self, idx: int) -> float:
        """The exact chance that a throw ends on space ``idx`` (:func:`landlord.landing.exact`
        on the 1906 movement of the phase in force), worked out once per ruleset and phase."""
        g = self._r.g
        key = (id(g.ruleset), g.phase)
        hit = _CHANCES.get(key)
        if hit is None or hit[0] is not g.ruleset:
            hit = (g.ruleset, landing.exact(landing.movement_for(g.ruleset, g.phase)))
            _CHANCES[key] = hit
        return hit[1].get(idx, 0.0)

    def earning(self, idx: int, seat: int) -> float:
        """What a player stopping on ``idx`` would pay ``seat`` if ``seat`` held its card
        (rules 7, 8 and 9; nothing for a deed under the single tax or a card the public owns).
        Speculation: the $10 ante plus the broker's 10 percent of the mean winnings."""
        r = self._r
        g = r.g
        p = g.p
        kind = r.kinds[idx]
        if idx in r.public or (kind == "lot" and p["single_tax"]):
            return 0.0
        if kind == "lot":
            return float(r.land_rent(idx) + r.house_rent(idx))
        if kind == "railroad":
            held = sum(1 for i in r.railroads if r.owner[i] == seat or i == idx)
            return float(p["railroad_fares"][min(held, len(p["railroad_fares"])) - 1])
        if kind == "franchise":
            both = all(r.owner[i] == seat or i == idx for i in self.franchises)
            return float(p["cinch_rate"] if both else g.board.spaces[idx].fee)
        if kind == "speculation":
            table = p["speculation_table"]
            mean = sum(p["speculation_double"] if a == b else table[a + b]
                       for a in range(1, 7) for b in range(1, 7)) / 36
            return g.board.spaces[idx].fee + mean * p["broker_percent"] / 100
        return 0.0

    def end_value(self, idx: int) -> int:
        """What the card counts at the end: "Every card ... counts the holder or owner 100";
        a title deed nothing under the single tax ("the Title Deeds are of no value")."""
        r = self._r
        if r.kinds[idx] == "lot" and r.g.p["single_tax"]:
            return 0
        return int(r.g.p["card_value"])

    def throws_left(self) -> float:
        """The throws each player may still expect: the game ends when every player has been
        round Mother Earth ``circuits`` times, so the slowest player's circuits still to go,
        at one throw per seven spaces (the mean throw of two dice), within the rounds left."""
        r = self._r
        g = r.g
        to_go = max(0, g.p["circuits"] - min(pl.circuits for pl in g.players))
        return float(min(to_go * r.n / 7, max(0, g.p["max_rounds"] - g.round)))
