"""Lizzie J. Magie's Landlord's Game, US Patent 748,626 (1904), every clause.

Each rule below quotes the clause it plays (the patent text is in
``docs/sources/patent-1904-specification.md``). Where the patent leaves a point open, the
kit's decision is written beside the rule as ``DECISION:`` and has a test of its own.

The ``single_tax`` phase plays Magie's 1906 single-tax rules on the patent board. The patent
board has no houses, no broker and no named college sites, so the rules are mapped onto it as a
documented reconstruction (``SINGLE_TAX_MAPPING`` below; every mapped number is marked
``reconstructed`` in ``data/rulesets/magie-1904.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from landlord import flows
from landlord.count import SeatCount
from landlord.decisions import Decision
from landlord.errors import DataError
from landlord.flows import Flow
from landlord.options import option, parse_option
from landlord.rules.base import Play, SpaceState, Token, space_state
from landlord.rules.single_tax import SingleTaxRules

if TYPE_CHECKING:
    from landlord.position import SeatPosition

LOAN_RATES = (0, 5, 10)
"""The interest per note a lender may name for a player loan (``raise_money``)."""

SINGLE_TAX_MAPPING = """\
Magie's single-tax rules (1906 rule sheet) on the 1904 patent board — a reconstruction:
  1. No taxes on the absolute necessities: Bread, Coal, Shelter, Clothes are free.
  2. All lot rent goes to the Public Treasury, from every player who stops on a lot (the
     deed holder too; the half-rent rule for a second player gives way). The treasury is
     emptied into the Bank at the switch. Title deeds count nothing and secure no loan;
     no lot is sold under the single tax (no lot tickets, no buying on landing).
  3. R.R. fares still go to the Railroad box and franchise rates to the charter holder
     until the public buys each one out; then it is free.
  4. No houses on the patent board: there is nothing to build.
  5-6. Each $50 in the treasury (counted at the end of every turn) buys out, in board
     order, R.R. (5), Light (13), R.R. (15), R.R. (25), Water (27), R.R. (35): a railroad's
     $50 goes to the Railroad box, a franchise's to its holder (the Bank if unchartered).
     Then $50 opens Lord Blueblood's estate (30), then $50 the No Trespassing space (4):
     the jail penalty is annulled (the patent board has no colleges). Then every further
     $50 raises wages by $10.
  7. No Education cards (no college spaces on the patent board).
  8. No Poor House: a player who cannot afford his move goes to the Natural Opportunity
     at the nearest corner at or behind his target (the four corners stand in for the
     1906 inner corners), takes its wages ($50) from the Wages box, pays its rent ($10)
     to the treasury before his next throw, and moves out from the corner.
"""

TRACK, JAIL, POOR, NATURAL = 0, 1, 2, 3
PLACES = ("track", "jail", "poorhouse", "natural_opportunity")


@dataclass(slots=True)
class Loan:
    """A loan in notes of ``unit``: from the Bank or (player-to-player) from another seat.

    ``lender`` is a ledger account; ``interest`` is due at each of the debtor's wages;
    ``lots`` are the space indices mortgaged to secure it.
    """

    id: int
    lender: int
    debtor: int
    principal: int
    interest: int
    lots: tuple[int, ...]


@dataclass(slots=True)
class MagiePlayer(Token):
    """A seat's state: where the token is (``where``: ``track``, ``jail``, ``poorhouse`` or,
    single tax, ``natural_opportunity``), circuits tallied, what it holds and owes."""

    PLACES: ClassVar[tuple[str, ...]] = PLACES

    lots: set[int] = field(default_factory=set)
    luxuries: int = 0
    legacies: int = 0
    poor_progress: int = 0
    natural: int = -1


class Magie1904(SingleTaxRules):
    """The 1904 patent rules (and, through params, its 'without lot tickets' variant)."""

    PARAMS: ClassVar[dict[str, type]] = {
        "start_cash": int, "lot_tickets": bool, "tickets_drawn": int, "wages": int,
        "circuits": int, "jail_fine": int, "luxury_value": int, "legacy_ticket_value": int,
        "loan_unit": int, "loan_margin": int, "loan_interest": int, "max_rounds": int,
        # the single-tax phase mapped onto the patent board (see SINGLE_TAX_MAPPING)
        "single_tax": bool, "vote_min": int, "treasury_step": int, "wage_rise": int,
        "buyout_order": list, "annul_order": list, "natural_wages": int, "natural_rent": int,
    }
    DECISIONS: ClassVar[dict[str, str]] = {
        "ticket": "{name} holds the lot ticket for {space}: buy the lot for {cur}{amount} "
                  "(paid to the Public Treasury), or put the ticket back in the Wages box?",
        "buy_lot": "{name} stops on {space}, which nobody holds: buy it for {cur}{amount} "
                   "(paid to the Public Treasury), or rent it?",
        "luxury": "{name} would stop on a Luxury: pay {cur}{amount} to the Public Treasury for "
                  "a luxury ticket, or refuse and lose the move?",
        "jail": "{name} is in Jail: pay the {cur}{amount} fine to the Public Treasury, "
                "or throw for a double?",
        "pass": "{name} threw a double and gets a pass: jump from this R.R. to the next one?",
        "direction": "{name} has been around five times and is clear of debt: move which way?",
        "raise": "{name} must pay {cur}{amount} more than is in hand: borrow, or go to the "
                 "Poor House?",
        "lend": "{name} is asked for a loan of {cur}{amount}: lend it, and at what interest "
                "per $100 each time the borrower draws wages?",
        "loan_terms": "{name} is offered a loan of {cur}{amount}: accept the lender's terms?",
        "repay": "{name} may repay a loan now and save its interest: repay which?",
        "call_vote": "{name} may call a vote to put the single tax into operation now: call one?",
        "vote": "{name} is asked to vote on the single tax: for or against?",
    }
    OPTIONS: ClassVar[dict[str, str]] = {
        "buy": "Buy", "rent": "Rent", "return": "Return the ticket", "borrow_buy": "Borrow and buy",
        "refuse": "Refuse (lose the move)", "pay": "Pay the fine", "throw": "Throw for a double",
        "use_pass": "Use the pass", "no_pass": "Keep counting", "forward": "Forward",
        "backward": "Backward", "borrow": "Borrow {cur}{arg} from the Bank", "ask": "Ask {arg}",
        "poorhouse": "Go to the Poor House", "decline": "Decline", "lend": "Lend at {cur}{arg}",
        "accept": "Accept", "keep": "Keep the loans", "repay": "Repay loan #{arg}",
    }

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board = game.board
        self.n = len(board.spaces)
        self.kinds = [s.kind for s in board.spaces]
        self.owner = [-1] * self.n
        self.charter: dict[int, int] = {}
        self.mortgaged: set[int] = set()
        self.loans: list[Loan] = []
        self._next_loan = 1
        self.jail_corner = board.annex("jail").beside
        self.poor_corner = board.annex("poorhouse").beside
        rr = board.indices("railroad")
        # the next railroad in each direction, for the pass
        self.next_rr = {r: rr[(i + 1) % len(rr)] for i, r in enumerate(rr)}
        self.prev_rr = {r: rr[i - 1] for i, r in enumerate(rr)}
        self.done = 0  # players who have been around the required number of times
        # single tax (see SINGLE_TAX_MAPPING): the No Trespassing spaces the public has opened
        # (what it has bought out is ``public``)
        self.annulled: set[int] = set()
        self.corners = tuple(k * self.n // 4 for k in range(4))
        # ledger accounts, looked up in setup() once the ledger exists
        self.wages_box = self.rr_box = -1

    POSITION_FIELDS: ClassVar[frozenset[str]] = frozenset({"cash", "token", "holdings", "luxuries", "debts"})
    DEBT_FIELDS: ClassVar[frozenset[str]] = frozenset({"to", "amount", "loan", "interest", "mortgages"})

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """A position's ``holdings`` (lots: the seat holds exactly these, whoever held them
        after the set-up), ``luxuries`` (luxury tickets held) and ``debts``: loans, each from
        the Bank or another seat, refused by name where the patent would not make them.
        Borrowing: "in amounts of one hundred dollars", the Bank taking "a mortgage on one or
        more of the borrower's lots, the total value of which must be at least ten dollars more
        than is borrowed" (the loan's ``mortgages``), "paying upon each note five dollars
        (interest) every time he receives his wages" (``interest``: what the loan costs at each
        of the debtor's wages). One player may borrow from another "giving a mortgage on any
        property he may own and making the best bargain he can as to interest". DECISION: a loan
        between players is in whole notes too; its interest is the lender's (the Bank's rate
        when not given) and its mortgages are what the players agreed (any of the seat's lots,
        or none); under the single tax the Bank lends on no lot (a deed is "of no value"). An
        unpaid expense is written off in these rules (:meth:`charge`), so a debt here is always
        a loan."""
        pl = self.g.players[seat]
        p = self.g.p
        if sp.holdings:
            for idx in list(pl.lots):
                self.owner[idx] = -1
            pl.lots.clear()
            for name in sp.holdings:
                idx = self.space_named(where, entry, "holdings", name)
                if self.kinds[idx] != "lot":
                    raise DataError(where, entry, "holdings", f"{name!r} is not a lot: only lots are held")
                old = self.owner[idx]
                if old >= 0:
                    self.g.players[old].lots.discard(idx)
                self.owner[idx] = seat
                pl.lots.add(idx)
        if sp.luxuries is not None:
            pl.luxuries = sp.luxuries
        unit = p["loan_unit"]
        for k, d in enumerate(sp.debts):
            dentry = f"{entry} debts[{k}]"
            if d.loan is False:
                raise DataError(where, dentry, "loan", "what a player cannot pay is written off in these "
                                "rules: a debt here is a loan")
            lender = self.creditor_named(where, dentry, seat, d.to, ("Bank",))
            if d.amount % unit:
                raise DataError(where, dentry, "amount", f"money is borrowed in notes of {unit}, got {d.amount}")
            notes = d.amount // unit
            lots = tuple(sorted(self.space_named(where, dentry, "mortgages", m) for m in d.mortgages))
            if lender == self.bank:
                if d.interest is not None and d.interest != notes * p["loan_interest"]:
                    raise DataError(where, dentry, "interest", f"the Bank asks {p['loan_interest']} a note at "
                                    f"each wages: {notes * p['loan_interest']} on this loan, not {d.interest}")
                # Single tax: a title deed is "of no value" (:meth:`bank_capacity`): it secures nothing.
                cover = 0 if p["single_tax"] else sum(self.g.board.spaces[i].price for i in lots)
                if cover < d.amount + p["loan_margin"]:
                    raise DataError(where, dentry, "mortgages", f"the Bank lends {d.amount} only on lots worth "
                                    f"{d.amount + p['loan_margin']} or more; these are worth {cover}")
            if any(i in self.mortgaged for i in lots):
                raise DataError(where, dentry, "mortgages", "a lot is already mortgaged for another loan")
            interest = notes * p["loan_interest"] if d.interest is None else d.interest
            self.loans.append(Loan(self._next_loan, lender, seat, d.amount, interest, lots))
            self._next_loan += 1
            self.mortgaged.update(lots)

    def new_player(self, seat: int) -> MagiePlayer:
        """A token on Mother Earth with nothing yet."""
        return MagiePlayer(seat)

    # -- the whole game ------------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (start cash, first player, the lot tickets); then turns in order until every
        player has been around the required number of times (:meth:`end_reason`) or the
        safety bound of ``max_rounds`` is reached (:meth:`RoundsOfTurns.play`)."""
        g, p = self.g, self.g.p
        self.bank, self.treasury = g.account("Bank"), g.account("Public Treasury")
        self.wages_box, self.rr_box = g.account("Wages box"), g.account("Railroad box")
        seats = list(range(len(g.players)))
        # Setup: "Each player is provided with five hundred dollars" (or the variant's $100).
        for s in seats:
            g.pay(self.bank, s, p["start_cash"], flows.START_CASH, "start cash", "Setup")
        # Setup: first player by highest throw (ties throw again).
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        yield from self.start_point()
        p = g.p
        # DECISION (single-tax mapping): under the single tax from the start no lot tickets are
        # dealt: a title deed is "of no value" (1906 single-tax rules), so none is sold.
        if p["lot_tickets"] and not p["single_tax"] and not self.dealt_by_position():
            yield from self.deal_lot_tickets()

    def deal_lot_tickets(self) -> Play:
        """Lot tickets: "The lot tickets, twenty-two in number, are placed face downward upon
        the board, and each player draws one until twelve have been taken. The rest are put
        back in the wages box. Each player ... may purchase the lot corresponding to his ticket
        if he can afford to or so chooses."

        DECISION: tickets are drawn one at a time in turn order from the first player; then each
        holder, in the same order, decides ticket by ticket in the order drawn.
        """
        g = self.g
        pack = [s.index for s in g.board.spaces if s.kind == "lot"]
        drawn = self.deal_round(self.order, pack, g.p["tickets_drawn"], "ticket", "lot")
        yield from self.offer_dealt(drawn, "ticket", "return", [s.price for s in g.board.spaces],
                                    lambda seat, idx, price: self.acquire(seat, idx, "lot ticket"),
                                    "ticket_returned")

    def end_reason(self) -> str:
        """"The game is finished when the last player has passed the beginning-point the
        fifth time." (``circuits``; '' while it goes on)"""
        return "circuits" if self.done == len(self.g.players) else ""

    # -- a turn --------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Play:
        """One turn: offer early repayment, then jail, poorhouse or an ordinary throw."""
        g = self.g
        pl = g.players[seat]
        if g.triggers:
            yield from self.phase_point(seat)
        if self.loans and any(ln.debtor == seat for ln in self.loans):
            yield from self.offer_repayment(seat)
        if pl.place == JAIL:
            yield from self.jail_turn(seat)
        elif pl.place == POOR:
            yield from self.poorhouse_turn(seat)
        elif pl.place == NATURAL:
            yield from self.natural_turn(seat)
        else:
            a, b = self.throw(seat)
            backward = False
            # Five times around: "he may move in either direction, provided he is clear of debt"
            if pl.circuits >= g.p["circuits"] and not self.debts(seat):
                way = yield Decision(seat, "direction", ("forward", "backward"))
                backward = way == "backward"
            yield from self.move(seat, a + b, a == b, backward)
        if g.p["single_tax"]:
            self.public_works()

    def move(self, seat: int, steps: int, double: bool, backward: bool = False) -> Play:
        """Move a token ``steps`` spaces and apply the space it stops on."""
        g = self.g
        pl = g.players[seat]
        n, kinds, start = self.n, self.kinds, pl.pos
        sign = -1 if backward else 1
        # Railroad: "If a player throws a double, he 'Gets a pass' and has the privilege of
        # jumping once from one railroad to another, provided he would in his ordinary moving
        # pass a 'R. R.'" DECISION: the pass is for the throw that earned it; the jump carries
        # the token from the first R.R. it would pass to the next R.R., and the rest of the
        # throw is counted on from there.
        if double:
            for k in range(1, steps):
                here = (start + sign * k) % n
                if kinds[here] == "railroad":
                    use = yield Decision(seat, "pass", ("use_pass", "no_pass"), here)
                    if use == "use_pass":
                        there = (self.prev_rr if backward else self.next_rr)[here]
                        steps += (sign * (there - here)) % n
                        g.emit("pass", seat, jump_from=here, jump_to=there)
                    break
        # Rent: "If a third player's throw brings him on the same lot, he cannot occupy it, but
        # must remain upon the space next to it, counting his throw one less."
        while steps > 0:
            target = (start + sign * steps) % n
            if kinds[target] == "lot" and self.occupants(target, seat) >= 2:
                g.emit("lot_full", seat, space=target)
                steps -= 1
                continue
            break
        target = (start + sign * steps) % n
        passes = not backward and start + steps >= n
        if g.p["single_tax"]:
            # Single tax, rule 8: "If a player cannot afford to make the move called for by his
            # throw, he puts his checker upon any NATURAL OPPORTUNITY space ... back of the space
            # to which his throw would bring him." DECISION: he can afford the move when his cash
            # plus any wages the move would earn covers what the target space charges.
            income = g.p["wages"] + self.wage_bonus if passes and pl.circuits < g.p["circuits"] else 0
            if self.landing_cost(seat, target) > g.cash(seat) + income:
                self.to_natural(seat, target)
                return
        bought_luxury = False
        if kinds[target] == "luxury":
            # Luxuries: "The player may purchase the luxury or not, as he chooses or can afford;
            # but if he does not purchase it he loses his move." DECISION: losing the move means
            # the token stays where it was (no wages for a pass it did not make).
            price = g.board.spaces[target].fee
            income = g.p["wages"] if passes and pl.circuits < g.p["circuits"] else 0
            opts = ("buy", "refuse") if g.cash(seat) + income >= price else ("refuse",)
            choice = (yield Decision(seat, "luxury", opts, target, price)) if len(opts) > 1 else "refuse"
            if choice == "refuse":
                g.emit("luxury_refused", seat, space=target)
                return
            bought_luxury = True
        pl.pos = target
        if g.events is not None:
            g.emit("move", seat, frm=start, to=target, space=g.board.spaces[target].name)
        if passes:
            yield from self.pass_mother_earth(seat)
        yield from self.land(seat, target, bought_luxury)

    def pass_mother_earth(self, seat: int) -> Play:
        """Mother Earth: "after passing the beginning-point he receives his wages, one hundred
        dollars, and is checked upon the tally-sheet as having been around once" — and
        "having passed the beginning-point the required number of times he receives no more
        wages". Borrowing: each note pays "five dollars (interest) every time he receives his
        wages"."""
        g = self.g
        pl = g.players[seat]
        if pl.circuits >= g.p["circuits"]:
            return
        pl.circuits += 1
        if pl.circuits == g.p["circuits"]:
            self.done += 1
        g.emit("circuit", seat, circuits=pl.circuits)
        # Single tax, rule 6(d): wages raised $10 for every further $50 in the treasury.
        g.pay(self.wages_box, seat, g.p["wages"] + self.wage_bonus, flows.WAGES, "wages", "Mother Earth")
        for loan in [ln for ln in self.loans if ln.debtor == seat]:
            if loan.interest and pl.place != POOR:
                yield from self.charge(seat, loan.lender, loan.interest, flows.INTEREST, "interest", "Borrowing")

    def land(self, seat: int, idx: int, bought_luxury: bool) -> Play:
        """Apply the rule of the space the token stopped on."""
        g = self.g
        kind = self.kinds[idx]
        space = g.board.spaces[idx]
        if kind == "lot":
            yield from self.land_on_lot(seat, idx)
        elif kind == "necessity":
            if g.p["single_tax"]:
                # Single tax, rule 1: "Pay no taxes on Absolute Necessities."
                g.emit("untaxed", seat, space=idx)
                return
            # Absolute necessities: "he must pay five dollars into the Public treasury."
            yield from self.charge(seat, self.treasury, space.fee, flows.TAX, "necessity tax", "Absolute necessities")
        elif kind == "railroad":
            if idx in self.public:
                # Single tax, rule 3: once the public has taken a railroad over it is free.
                g.emit("free_ride", seat, space=idx)
                return
            # Railroad: "he must pay five dollars to the R.R."
            yield from self.charge(seat, self.rr_box, space.fee, flows.FARE, "fare", "Railroad")
        elif kind == "no_trespassing":
            if idx in self.annulled:
                # Single-tax mapping: the estate has been opened to all; no trespass.
                g.emit("open_land", seat, space=idx)
                return
            self.to_jail(seat)
        elif kind == "luxury" and bought_luxury:
            yield from self.charge(seat, self.treasury, space.fee, flows.LUXURY, "luxury", "Luxuries")
            g.players[seat].luxuries += 1
            g.emit("luxury", seat, tickets=g.players[seat].luxuries)
        elif kind == "franchise":
            # Franchises: "The first player who stops upon one of these franchises puts his
            # charter upon it, and all through the game he has the privilege of taxing all the
            # other players five dollars whenever they chance to stop upon it. It cost him
            # nothing." DECISION: the holder pays nothing on his own franchise.
            holder = self.charter.get(idx)
            if idx in self.public:
                g.emit("free_ride", seat, space=idx)
            elif holder is None:
                self.charter[idx] = seat
                g.emit("charter", seat, space=idx, franchise=space.name)
            elif holder != seat:
                yield from self.charge(seat, holder, space.fee, flows.FARE, "franchise", "Franchises")
        elif kind == "legacy":
            # Legacy: "he gets one hundred dollars cash and a legacy-ticket."
            # DECISION: the Bank pays legacies.
            g.pay(self.bank, seat, space.fee, flows.CARD, "legacy", "Legacy")
            g.players[seat].legacies += 1
            g.emit("legacy", seat, tickets=g.players[seat].legacies)
        # Public park ("without paying anything") and Mother Earth need nothing more.

    def land_on_lot(self, seat: int, idx: int) -> Play:
        """Lots: buy at the high figure or rent at the low one (both to the Public Treasury);
        rent to the holder of an owned lot; half rent to a first occupant."""
        g = self.g
        space = g.board.spaces[idx]
        owner = self.owner[idx]
        if g.p["single_tax"]:
            # Single tax, rule 2: "All land rent is paid into the public treasury" — by every
            # player who stops on a lot. DECISION: the deed holder pays too (the title deeds
            # "are of no value"), and the half-rent rule for a second player gives way to it.
            yield from self.charge(seat, self.treasury, space.rent, flows.LAND_RENT, "land rent",
                                   "Single tax 2: land rent to the Public Treasury")
            return
        if owner == seat:
            return  # "If he stops upon one of his own lots, of course he pays nothing."
        rent = space.rent
        first = self.first_occupant(idx, seat)
        if owner < 0:
            # "for sale at the highest figure marked upon them or for rent at the lowest figure.
            # If a player chooses to buy a lot, he must pay into the Public treasury the price of
            # it and place his deed upon it. If he chooses to rent it, he must pay the rent to the
            # Public treasury."
            opts: tuple[str, ...]
            cash = g.cash(seat)
            if cash >= space.price:
                opts = ("buy", "rent")
            elif cash + self.bank_capacity(seat) * g.p["loan_unit"] >= space.price:
                opts = ("borrow_buy", "rent")
            else:
                opts = ("rent",)
            choice = (yield Decision(seat, "buy_lot", opts, idx, space.price)) if len(opts) > 1 else "rent"
            if choice == "borrow_buy":
                notes = -(-(space.price - cash) // g.p["loan_unit"])
                self.bank_loan(seat, notes)
                choice = "buy"
            if choice == "buy":
                self.acquire(seat, idx, "bought on landing")
                return
        if first >= 0 and first != owner:
            # Rent: "If two players stop upon the same lot, the second must pay to the first
            # one-half of the rent, (in case of an odd number giving to the first the benefit of
            # the fraction.) ... In case of lot 1 the player gets the whole rent."
            # DECISION: when the first occupant is the lot's holder, the rule for owned lots
            # applies and the holder is paid the whole rent.
            yield from self.charge(seat, first, (rent + 1) // 2, flows.RENT, "half rent",
                                   "Rent: second player on a lot")
        elif owner >= 0:
            # Rent: "When a player stops upon a lot owned by any of the players, he must pay the
            # rent to the owner."
            yield from self.charge(seat, owner, rent, flows.RENT, "rent", "Rent")
        else:
            yield from self.charge(seat, self.treasury, rent, flows.LAND_RENT, "rent to treasury", "Lots: renting")

    def acquire(self, seat: int, idx: int, how: str) -> None:
        """Pay a lot's price to the Public Treasury and place the deed."""
        g = self.g
        g.pay(seat, self.treasury, g.board.spaces[idx].price, flows.LAND_BOUGHT, "lot purchase", "Lots: buying")
        self.owner[idx] = seat
        g.players[seat].lots.add(idx)
        g.emit("buy", seat, space=idx, lot=g.board.spaces[idx].name, how=how)

    def occupants(self, idx: int, seat: int) -> int:
        """How many other tokens stand on space ``idx``."""
        return sum(1 for pl in self.g.players
                   if pl.seat != seat and pl.place == TRACK and pl.pos == idx)

    def first_occupant(self, idx: int, seat: int) -> int:
        """The seat of another token already on ``idx``, or -1."""
        for pl in self.g.players:
            if pl.seat != seat and pl.place == TRACK and pl.pos == idx:
                return pl.seat
        return -1

    # -- jail and poorhouse --------------------------------------------------------------
    def to_jail(self, seat: int) -> None:
        """No trespassing: "he must go to jail". DECISION: he is taken straight there, passing
        nothing (no wages on the way)."""
        pl = self.g.players[seat]
        pl.place, pl.pos = JAIL, self.jail_corner
        self.g.emit("jail", seat, space=self.jail_corner)

    def jail_turn(self, seat: int) -> Play:
        """In jail: "remain there until he throws a double or until he pays into the Public
        treasury a fine of fifty dollars. When he comes out, he must count from the space
        immediately in front of the jail." DECISION: the space in front of the jail is the
        corner square it stands beside; the fine is paid before throwing, and that throw moves
        him; a double that frees him moves him by that same throw."""
        g = self.g
        pl = g.players[seat]
        fine = g.p["jail_fine"]
        ask = self.fine_or_throw(seat, "jail", self.jail_corner, fine)
        choice = (yield ask) if ask is not None else "throw"
        if choice == "pay":
            g.pay(seat, self.treasury, fine, flows.FINE, "jail fine", "No trespassing")
            pl.place = TRACK
            g.emit("jail_out", seat, how="fine")
            a, b = self.throw(seat)
        else:
            a, b = self.throw(seat)
            if a != b:
                g.emit("jail_stay", seat)
                return
            pl.place = TRACK
            g.emit("jail_out", seat, how="double")
        yield from self.move(seat, a + b, a == b)

    def to_poorhouse(self, seat: int) -> None:
        """Poorhouse: "If at any time a player has no money with which to meet expenses and has
        no property upon which he can borrow, he must go to the poorhouse"."""
        pl = self.g.players[seat]
        pl.place, pl.pos, pl.poor_progress = POOR, self.poor_corner, 0
        self.g.emit("poorhouse", seat)

    def poorhouse_turn(self, seat: int) -> Play:
        """"... and remain there until he makes such throws as will enable him to finish the
        round." DECISION: his throws add up from the Poor House corner; when they reach Mother
        Earth he leaves, stands on Mother Earth and is paid wages for the round as usual."""
        g = self.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        pl.poor_progress += a + b
        need = self.n - self.poor_corner
        if pl.poor_progress < need:
            g.emit("poorhouse_stay", seat, progress=pl.poor_progress, need=need)
            return
        pl.place, pl.pos, pl.poor_progress = TRACK, 0, 0
        g.emit("poorhouse_out", seat)
        yield from self.pass_mother_earth(seat)

    # -- the single tax on the patent board -----------------------------------------------
    def arrive(self, old: str, new: str) -> Play:
        """At the switch to the single tax: "Begin game under single tax with empty PUBLIC
        TREASURY" — its cash goes to the Bank (logged, so money is conserved); a token in the
        Poor House moves to the Natural Opportunity beside that corner (rule 8: "the Poor House
        is eliminated"). Holdings, cash, loans and positions are otherwise left as they are."""
        g = self.g
        if not self.begin_single_tax(old, "Single tax: begin with an empty Public Treasury"):
            return
        for pl in g.players:
            if pl.place == POOR:
                pl.place, pl.natural, pl.poor_progress = NATURAL, self.poor_corner, 0
                g.emit("natural_opportunity", pl.seat, corner=self.poor_corner)
        yield from ()  # asks nothing

    def landing_cost(self, seat: int, idx: int) -> int:
        """What stopping on ``idx`` would oblige ``seat`` to pay under the single tax (rule 8's
        "afford to make the move"): land rent, a private fare or franchise rate; necessities
        are free and a luxury is optional."""
        g = self.g
        kind, space = self.kinds[idx], g.board.spaces[idx]
        if kind == "lot":
            return space.rent
        if kind == "railroad" and idx not in self.public:
            return space.fee
        if kind == "franchise" and idx not in self.public and self.charter.get(idx, seat) != seat:
            return space.fee
        return 0

    def to_natural(self, seat: int, target: int) -> None:
        """Single tax, rule 8: put the token on the Natural Opportunity "back of the space to
        which his throw would bring him". DECISION (mapping): the patent board's Natural
        Opportunities are its four corners (Mother Earth, Coal, Public Park, the fourth
        corner), reconstructed; the player takes the nearest one at or behind ``target``."""
        pl = self.g.players[seat]
        corner = max(c for c in self.corners if c <= target)
        pl.place, pl.pos, pl.natural = NATURAL, corner, corner
        self.g.emit("natural_opportunity", seat, corner=corner, instead_of=target)

    def natural_turn(self, seat: int) -> Play:
        """Single tax, rule 8: "just before throwing in his next turn he takes from the
        MISCELLANEOUS pile the wages called for by the NATURAL OPPORTUNITY space ..., pays his
        rent for such space into the PUBLIC TREASURY, throws his dice, and moves out."
        DECISION (mapping): the wages come from the Wages box, as the patent's wages do; he
        counts his move from the corner square."""
        g = self.g
        pl = g.players[seat]
        g.pay(self.wages_box, seat, g.p["natural_wages"], flows.WAGES, "natural opportunity wages",
              "Single tax 8: Natural Opportunity")
        pl.place, pl.pos = TRACK, pl.natural
        yield from self.charge(seat, self.treasury, g.p["natural_rent"], flows.LAND_RENT, "natural opportunity rent",
                               "Single tax 8: Natural Opportunity")
        if pl.place != TRACK:
            return
        a, b = self.throw(seat)
        yield from self.move(seat, a + b, a == b)

    def public_works(self) -> None:
        """Single tax, rule 6, mapped onto the patent board: each time the Public Treasury holds
        ``treasury_step`` ($50) it buys out, in ``buyout_order`` (board order), each R.R. space
        (paid to the Railroad box, which holds the patent's railroad) and each franchise (paid
        to its charter holder, or to the Bank if no charter is placed) — they are free from then
        on; then it annuls the No Trespassing spaces in ``annul_order`` (Lord Blueblood's
        estate first, as the 1906 colleges), paying the Bank; then every further $50 raises
        wages by ``wage_rise``. DECISION: the treasury is counted at the end of every turn (the
        counting is shared with the 1906 rules: :meth:`SingleTaxRules.spend_treasury`)."""
        self.spend_treasury(self.g.p["annul_order"], self.annulled, self.buy_out, self.open_estate)

    def buy_out(self, idx: int, step: int) -> None:
        """Single tax, rule 6 (mapping): the public buys R.R. space or franchise ``idx`` for
        ``step``, paid to the Railroad box or the charter holder (the Bank if unchartered)."""
        g = self.g
        holder = self.charter.pop(idx, None)
        dst = self.rr_box if self.kinds[idx] == "railroad" else (self.bank if holder is None else holder)
        g.pay(self.treasury, dst, step, flows.BUYOUT, "public buy-out", "Single tax 6: public ownership")
        self.public.add(idx)
        g.emit("public_buyout", -1, space=idx, name=g.board.spaces[idx].name)

    def open_estate(self, idx: int, step: int) -> None:
        """Single tax, rules 5-6 (mapping): ``step`` paid to the Bank opens No Trespassing space
        ``idx`` to all (as the 1906 Free Colleges open the estates)."""
        g = self.g
        g.pay(self.treasury, self.bank, step, flows.PUBLIC_SPENDING, "estate opened", "Single tax 5-6 (mapping)")
        self.annulled.add(idx)
        g.emit("estate_opened", -1, space=idx, name=g.board.spaces[idx].name)

    # -- money: paying, borrowing, repaying ----------------------------------------------
    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> Play:
        """Make ``seat`` pay ``amount``; if he is short he must borrow, and if he cannot, he
        pays what he has and goes to the Poor House.

        DECISION: what he cannot pay is written off (logged as ``unpaid``): the patent gives the
        poorhouse as the end of the matter. 1904 has no selling of lots to raise money.
        """
        g = self.g
        while g.cash(seat) < amount:
            raised = yield from self.raise_money(seat, amount - g.cash(seat))
            if not raised:
                # Single tax, rule 8: no Poor House. DECISION: a debt he cannot meet after the
                # move (interest) sends him to the Natural Opportunity behind him.
                self.broke(seat, dst, amount, kind, reason, rule)
                return
        g.pay(seat, dst, amount, kind, reason, rule)

    def raise_money(self, seat: int, short: int) -> Play:
        """Borrowing: from the Bank in $100 notes against lots worth at least $10 more; or from
        another player "making the best bargain he can as to interest, terms of payments &c."
        Returns True once enough is borrowed, False for the Poor House.

        DECISION: a player loan is in whole notes, secured by the borrower's unmortgaged lots
        (like the Bank's, covering the principal and the margin where they can); the lender
        names the interest per note at each of the borrower's wages (0, 5 or 10); the borrower
        accepts or declines. The Poor House is a choice only when the Bank cannot lend enough.
        """
        g = self.g
        unit = g.p["loan_unit"]
        notes = -(-short // unit)
        asked: set[int] = set()
        while True:
            cap = self.bank_capacity(seat)
            opts = [option("borrow", k * unit) for k in range(notes, cap + 1)]
            if self.free_lots(seat) and not g.p["single_tax"]:
                opts += [option("ask", s) for s in range(len(g.players))
                         if s != seat and s not in asked and g.cash(s) >= notes * unit]
            if not opts:
                return False
            if cap < notes:
                opts.append("poorhouse")
            choice = yield Decision(seat, "raise", tuple(opts), amount=short)
            head, arg = parse_option(choice)
            if head == "borrow":
                self.bank_loan(seat, int(arg) // unit)
                return True
            if head == "poorhouse":
                return False
            lender = int(arg)
            asked.add(lender)
            offer = yield Decision(lender, "lend", ("decline", *(option("lend", r) for r in LOAN_RATES)),
                                   amount=notes * unit)
            if offer == "decline":
                g.emit("loan_refused", lender, borrower=g.names[seat])
                continue
            rate = int(parse_option(offer).arg)
            terms = yield Decision(seat, "loan_terms", ("accept", "decline"), amount=notes * unit)
            if terms == "accept":
                self.make_loan(lender, seat, notes, rate)
                return True

    def free_lots(self, seat: int) -> list[int]:
        """The seat's lots not yet mortgaged."""
        return [i for i in self.g.players[seat].lots if i not in self.mortgaged]

    def bank_capacity(self, seat: int) -> int:
        """How many notes the Bank would lend: unmortgaged lots must be worth at least the loan
        plus the margin ("at least ten dollars more than is borrowed")."""
        p = self.g.p
        if p["single_tax"]:
            return 0  # DECISION (single-tax mapping): a deed "of no value" secures no loan.
        value = sum(self.g.board.spaces[i].price for i in self.free_lots(seat))
        return max(0, (value - p["loan_margin"]) // p["loan_unit"])

    def collateral(self, seat: int, need: int) -> tuple[int, ...]:
        """The lots to mortgage for ``need``: the cheapest single lot worth enough, otherwise the
        dearest lots until covered, then any cheaper ones not needed are left free.
        Falls back to every free lot if they do not cover ``need``."""
        spaces = self.g.board.spaces
        free = sorted(self.free_lots(seat), key=lambda i: (spaces[i].price, i))
        single = [i for i in free if spaces[i].price >= need]
        if single:
            return (single[0],)
        chosen: list[int] = []
        total = 0
        for i in reversed(free):
            if total >= need:
                break
            chosen.append(i)
            total += spaces[i].price
        return tuple(sorted(chosen))

    def bank_loan(self, seat: int, notes: int) -> None:
        """Borrow ``notes`` Bank notes, mortgaging lots worth at least the loan plus margin."""
        p = self.g.p
        self._lend(self.bank, seat, notes * p["loan_unit"], notes * p["loan_interest"],
                   self.collateral(seat, notes * p["loan_unit"] + p["loan_margin"]))

    def make_loan(self, lender: int, seat: int, notes: int, rate: int) -> None:
        """A player-to-player loan on the agreed terms, under an individual mortgage."""
        p = self.g.p
        self._lend(lender, seat, notes * p["loan_unit"], notes * rate,
                   self.collateral(seat, notes * p["loan_unit"] + p["loan_margin"]))

    def _lend(self, lender: int, seat: int, principal: int, interest: int, lots: tuple[int, ...]) -> None:
        g = self.g
        loan = Loan(self._next_loan, lender, seat, principal, interest, lots)
        self._next_loan += 1
        self.loans.append(loan)
        self.mortgaged.update(lots)
        g.pay(lender, seat, principal, flows.LOAN, "loan", "Borrowing")
        g.emit("loan", seat, id=loan.id, lender=g.ledger.names[lender], principal=principal,
               interest=interest, lots="/".join(map(str, lots)))

    def debts(self, seat: int) -> list[Loan]:
        """Loans the seat owes."""
        return [ln for ln in self.loans if ln.debtor == seat]

    def offer_repayment(self, seat: int) -> Play:
        """"Should a loan be repaid before passing the beginning-point, the borrower saves the
        interest." Offered at the start of each turn while he can afford a whole loan."""
        g = self.g
        cash = g.cash(seat)
        payable = [ln for ln in self.loans if ln.debtor == seat and ln.principal <= cash]
        if not payable:
            return
        choice = yield Decision(seat, "repay", ("keep",) + tuple(option("repay", ln.id) for ln in payable))
        if choice == "keep":
            return
        loan = next(ln for ln in payable if ln.id == int(parse_option(choice).arg))
        g.pay(seat, loan.lender, loan.principal, flows.REPAYMENT, "loan repaid", "Borrowing")
        self.loans.remove(loan)
        self.mortgaged.difference_update(loan.lots)
        g.emit("repaid", seat, id=loan.id)

    # -- counting up ---------------------------------------------------------------------
    def results(self) -> list[SeatCount]:
        """Counting up: "lots, cash, and luxuries ... the player who has the largest sum-total is
        the winner." Lots count at their printed price (``land``), luxuries at
        ``luxury_value`` each.

        DECISION: loans still outstanding are settled in the count: the borrower's total loses
        the principal and a player-lender's gains it (otherwise borrowing at the end would be
        free wealth). Legacy tickets count ``legacy_ticket_value``: 0, since the count adds
        "lots, cash, and luxuries" only.
        """
        g, p = self.g, self.g.p
        spaces, bal, n = g.board.spaces, g.ledger.balances, len(g.players)
        owed, lent = [0] * n, [0] * n
        for ln in self.loans:
            owed[ln.debtor] += ln.principal
            if ln.lender < n:  # a player-lender (the Bank's account comes after the seats)
                lent[ln.lender] += ln.principal
        # Single tax: "with the exception that the Title Deeds are of no value".
        deeds_count = not p["single_tax"]
        luxury, legacy = p["luxury_value"], p["legacy_ticket_value"]
        return [SeatCount(pl.seat, bal[pl.seat], sum(spaces[i].price for i in pl.lots) if deeds_count else 0, 0,
                          owed[pl.seat], lent[pl.seat], pl.luxuries * luxury, pl.legacies * legacy, 0, pl.where)
                for pl in g.players]

    def pieces(self, seat: int) -> dict[str, int]:
        """Lots held, luxury and legacy tickets, times round the board."""
        pl = self.g.players[seat]
        return {"lots": len(pl.lots), "luxury tickets": pl.luxuries, "legacy tickets": pl.legacies,
                "times round the board": pl.circuits}

    def totals(self) -> tuple[int, ...]:
        """:meth:`results`' totals alone (the per-turn count of the lab's panel)."""
        g, p = self.g, self.g.p
        n = len(g.players)
        net = [0] * n
        for ln in self.loans:
            if 0 <= ln.lender < n:
                net[ln.lender] += ln.principal
            if 0 <= ln.debtor < n:
                net[ln.debtor] -= ln.principal
        spaces = g.board.spaces
        st = p["single_tax"]
        lux, leg = p["luxury_value"], p["legacy_ticket_value"]
        cash = g.ledger.balances
        return tuple((0 if st else sum(spaces[i].price for i in pl.lots)) + cash[pl.seat]
                     + pl.luxuries * lux + pl.legacies * leg + net[pl.seat] for pl in g.players)

    def space_state(self, index: int) -> SpaceState:
        """The lot's deed holder and whether it is mortgaged (to the Bank or a lending player);
        a franchise's charter holder; a railroad or franchise bought out by the public, or a
        No Trespassing space opened, under the single tax. The patent board has no houses."""
        return space_state(owner=self.owner[index], mortgaged=index in self.mortgaged,
                           charter=self.charter.get(index),
                           public=index in self.public or index in self.annulled)
