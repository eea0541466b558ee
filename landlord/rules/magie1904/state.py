"""The 1904 patent game's state: its places, loans, tokens and the params it reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from landlord.errors import DataError
from landlord.rules.base import Token
from landlord.rules.magie1904.params import PARAMS, Params1904
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


class Magie1904State(SingleTaxRules):
    """The 1904 state: the params it reads, the holdings on the board, the seats and a set-up position."""

    PARAMS: ClassVar[dict[str, type]] = PARAMS
    """The params a ruleset of the family must give (declared once, by :class:`Params1904`)."""
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
        self.params = Params1904.of(game.p)
        """The params in force, typed (built again at each switch of phase: :meth:`arrive`)."""

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
        p = self.params
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
        unit = p.loan_unit
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
                if d.interest is not None and d.interest != notes * p.loan_interest:
                    raise DataError(where, dentry, "interest", f"the Bank asks {p.loan_interest} a note at "
                                    f"each wages: {notes * p.loan_interest} on this loan, not {d.interest}")
                # Single tax: a title deed is "of no value" (:meth:`bank_capacity`): it secures nothing.
                cover = 0 if p.single_tax else sum(self.g.board.spaces[i].price for i in lots)
                if cover < d.amount + p.loan_margin:
                    raise DataError(where, dentry, "mortgages", f"the Bank lends {d.amount} only on lots worth "
                                    f"{d.amount + p.loan_margin} or more; these are worth {cover}")
            if any(i in self.mortgaged for i in lots):
                raise DataError(where, dentry, "mortgages", "a lot is already mortgaged for another loan")
            interest = notes * p.loan_interest if d.interest is None else d.interest
            self.loans.append(Loan(self._next_loan, lender, seat, d.amount, interest, lots))
            self._next_loan += 1
            self.mortgaged.update(lots)

    def new_player(self, seat: int) -> MagiePlayer:
        """A token on Mother Earth with nothing yet."""
        return MagiePlayer(seat)
