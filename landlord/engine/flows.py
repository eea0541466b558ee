"""What each transfer of money is: one closed list of kinds, and the plain words students see.

Every transfer of the ledger carries a :class:`Flow`, set by the rule that moves the money
(``Game.pay`` will not move money without one). Metrics, reports, sweep columns and charts
group money by these kinds; nothing reads the prose reason of a transfer to guess what it was.
The words shown for each kind are :attr:`Flow.words`, kept here and nowhere else.

A kind is spelled one way everywhere outside this module: as its module constant, ``flows.RENT``
(``flows.RENT is Flow.RENT``); :class:`Flow` is the type. On Python 3.11 each ``Flow.RENT`` goes
through ``EnumType.__getattr__``'s slow lookup hook (gone in 3.12): 355 ns a read against 40 ns
for ``flows.RENT`` (timeit, 2026-12-07), 2.1% of the instructions of a 1904 bot game.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Flow(StrEnum):
    """The kind of a transfer. The value is the short name used in logs and sweep columns
    (``flow_<value>``); :attr:`words` is what students read."""

    START_CASH = "start_cash"
    """Money every player gets from the Bank to begin with (and the 1913 Part 2 further £3000)."""
    WAGES = "wages"
    """Wages for going round (Mother Earth, GO salary) and wages on a Natural Opportunity."""
    PENSION = "pension"
    """Old age pensions paid by the Public Treasury (1913)."""
    RENT = "rent"
    """Rent for land (lots, sites, titles, deeds) paid by one player to the player who holds it."""
    BUILDING_RENT = "building_rent"
    """Rent or interest for a house or improvement, paid to its owner (1906 house rent under the
    single tax, 1913 INTEREST to the improvement's owner)."""
    LAND_RENT = "land_rent"
    """Land rent and land value tax paid to the Public Treasury or the Government."""
    RATES = "rates"
    """Rates on improvements paid to the Public Treasury (1913 Part 2)."""
    TAX = "tax"
    """Taxes on income and goods: necessity taxes, duties, Monopoly's income and luxury tax."""
    FARE = "fare"
    """Railroad fares and franchise charges."""
    LUXURY = "luxury"
    """Luxuries bought."""
    LAND_BOUGHT = "land_bought"
    """Land, titles and deeds bought from the Bank or the Public Treasury."""
    LAND_SOLD = "land_sold"
    """Land bought from another player (bargains, sales, forced sales, trades)."""
    IMPROVEMENT = "improvement"
    """Houses, hotels and improvements built, sold back, or sold to another player."""
    INTEREST = "interest"
    """Interest on loans and mortgages."""
    LOAN = "loan"
    """Money lent: loans between players, mortgages from the Bank, the Treasury's borrowing."""
    REPAYMENT = "repayment"
    """Loans and mortgages repaid (a mortgage lifted with its interest counts whole)."""
    FINE = "fine"
    """Fines paid to leave jail or gaol."""
    BUYOUT = "buyout"
    """The public buying out a railroad, franchise or estate from its holder."""
    PUBLIC_SPENDING = "public_spending"
    """The Public Treasury spending on the public: free colleges, estates opened, wages raised."""
    TREASURY_EMPTIED = "treasury_emptied"
    """The Public Treasury emptied into the Bank when the single tax begins."""
    CARD = "card"
    """Chance and Community Chest cards and other windfalls (a legacy, the Free Parking pot)."""
    SPECULATION = "speculation"
    """Speculation: antes, winnings and brokers' commissions (1906 rule 8)."""
    BANKRUPTCY = "bankruptcy"
    """A bankrupt's last cash handed to his creditor."""

    @property
    def words(self) -> str:
        """The kind in plain words, as students see it."""
        return WORDS[self]

    @classmethod
    def from_words(cls, words: str) -> Flow:
        """The kind whose :attr:`words` are ``words`` (ValueError naming the known ones if none)."""
        for flow, w in WORDS.items():
            if w == words:
                return flow
        raise ValueError(f"no money flow is called {words!r}; flows: {', '.join(WORDS.values())}")


WORDS: dict[Flow, str] = {
    Flow.START_CASH: "start money",
    Flow.WAGES: "wages",
    Flow.PENSION: "pensions",
    Flow.RENT: "rent to landholders",
    Flow.BUILDING_RENT: "rent and interest on buildings",
    Flow.LAND_RENT: "land rent and land value tax to the public",
    Flow.RATES: "rates",
    Flow.TAX: "taxes on income and goods",
    Flow.FARE: "fares and franchises",
    Flow.LUXURY: "luxuries",
    Flow.LAND_BOUGHT: "land bought from the Bank or the public",
    Flow.LAND_SOLD: "land sold between players",
    Flow.IMPROVEMENT: "houses and improvements",
    Flow.INTEREST: "interest",
    Flow.LOAN: "loans and mortgages",
    Flow.REPAYMENT: "loans and mortgages repaid",
    Flow.FINE: "fines",
    Flow.BUYOUT: "public buy-outs",
    Flow.PUBLIC_SPENDING: "public spending",
    Flow.TREASURY_EMPTIED: "treasury emptied into the Bank",
    Flow.CARD: "cards and windfalls",
    Flow.SPECULATION: "speculation",
    Flow.BANKRUPTCY: "bankrupts' cash to creditors",
}
"""The words students see for each kind (every kind has words: a test checks)."""

HEADLINE: tuple[Flow, ...] = (Flow.RENT, Flow.LAND_RENT, Flow.WAGES, Flow.TAX, Flow.INTEREST,
                              Flow.PUBLIC_SPENDING)
"""The kinds a chart of "where the money went" shows unless told otherwise: rent to landholders
against land rent and tax to the public, wages, taxes on income and goods, interest, and what
the public spends."""

COLUMN_PREFIX = "flow_"
"""A sweep row's money moved per kind is in column ``flow_<kind>`` (``flow_land_rent``)."""


def column_kind(column: str) -> Flow:
    """The kind of sweep column ``column`` (``flow_rent`` → :attr:`Flow.RENT`); ValueError
    naming the column if it names no kind (a sweep written before flows were typed)."""
    try:
        return Flow(column.removeprefix(COLUMN_PREFIX))
    except ValueError:
        raise ValueError(f"column {column!r} names no kind of money flow (kinds: "
                         f"{', '.join(Flow)}); results written before flows had kinds must be "
                         "played again") from None

START_CASH: Final = Flow.START_CASH
WAGES: Final = Flow.WAGES
PENSION: Final = Flow.PENSION
RENT: Final = Flow.RENT
BUILDING_RENT: Final = Flow.BUILDING_RENT
LAND_RENT: Final = Flow.LAND_RENT
RATES: Final = Flow.RATES
TAX: Final = Flow.TAX
FARE: Final = Flow.FARE
LUXURY: Final = Flow.LUXURY
LAND_BOUGHT: Final = Flow.LAND_BOUGHT
LAND_SOLD: Final = Flow.LAND_SOLD
IMPROVEMENT: Final = Flow.IMPROVEMENT
INTEREST: Final = Flow.INTEREST
LOAN: Final = Flow.LOAN
REPAYMENT: Final = Flow.REPAYMENT
FINE: Final = Flow.FINE
BUYOUT: Final = Flow.BUYOUT
PUBLIC_SPENDING: Final = Flow.PUBLIC_SPENDING
TREASURY_EMPTIED: Final = Flow.TREASURY_EMPTIED
CARD: Final = Flow.CARD
SPECULATION: Final = Flow.SPECULATION
BANKRUPTCY: Final = Flow.BANKRUPTCY
