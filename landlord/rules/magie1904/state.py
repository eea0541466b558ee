"""The 1904 patent game's state: its places, loans, tokens, and :class:`Magie1904State` (the
table, the seats' holdings, the public's, the family's counters and the params in force), which
the family's parts (:mod:`~landlord.rules.magie1904.money`, ``public``, ``count``, ``position``)
and its turns read and write."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from landlord.engine.rulebook import Token
from landlord.rules.magie1904.params import Params1904, in_phase
from landlord.rules.single_tax import JAIL, NATURAL, PLACES, POOR, TRACK, SingleTaxState

if TYPE_CHECKING:
    from landlord.engine.in_play import GameInPlay

__all__ = ["JAIL", "LOAN_RATES", "NATURAL", "PLACES", "POOR", "SINGLE_TAX_MAPPING", "TRACK", "Loan",
           "Magie1904State", "MagiePlayer"]

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
    """The throws added up in the Poor House, from its corner (set to 0 as he goes in)."""
    natural: int = -1


class Magie1904State(SingleTaxState):
    """The 1904 game's state: the board's holdings (deeds, charters, mortgages, loans, what the
    public has bought out or opened), the ledger's accounts, the family's counters and the
    params in force (built again at each switch of phase)."""

    params: Params1904

    def __init__(self, game: GameInPlay, kinds: list[str], owner: list[int]) -> None:
        super().__init__(game)
        board = game.board
        self.spaces = board.spaces
        """The board's spaces, in board order."""
        self.n = len(kinds)
        """How many spaces the board has."""
        self.kinds = kinds
        """Each space's kind, in board order (``RoundsOfTurns.kinds``)."""
        self.owner = owner
        """The seat holding each lot's deed, -1: nobody (``RoundsOfTurns.owner``: one list)."""
        self.charter: dict[int, int] = {}
        """The seat whose charter stands on each chartered franchise."""
        self.mortgaged: set[int] = set()
        """The lots mortgaged for a loan."""
        self.loans: list[Loan] = []
        self.offered: tuple[int, int, int, int] | None = None
        """The terms a lending player has named, while the borrower is asked to accept them:
        the lender, what the borrower is short, the principal lent, the interest at each of
        his wages."""
        self.next_loan = 1
        """The number the next loan is made under."""
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
        # ledger accounts, looked up when play begins (the family's setup) once the ledger exists
        self.wages_box = self.rr_box = -1
        self.params = in_phase(game.ruleset, game.phase)
        """The params in force, typed (built again at each switch of phase: ``Magie1904.arrive``)."""
