"""Typed money flows (issue 13, point 4): every transfer carries a kind from one closed list,
set by the rule that moves the money.

For each family, every transfer of its golden games is checked against a table worked from the
rules — reason → kind, the rule named beside it — not copied from output. A reason a table does
not know fails the test, so a new transfer must be given its kind here too. The four
misclassifications the regular expressions over reasons made are tests by name.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import drive_then_first, set_cash
from golden_io import GOLDEN, read, replayed_transcript
from magie1906_helpers import table
from test_magie1906_golden import _triggers
from test_monopoly_golden import CASES, _read

from landlord.analysis import metrics
from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.events import Event
from landlord.engine.flows import HEADLINE, WORDS, Flow, column_kind
from landlord.engine.game import Game
from landlord.rules.families import replay

# -- the tables, from the rules ------------------------------------------------------------------
MAGIE_1904 = {
    "start cash": flows.START_CASH,           # Setup: the Bank gives each player his money
    "wages": flows.WAGES,                     # Mother Earth: wages each time round
    "natural opportunity wages": flows.WAGES,  # single tax 8 (mapped): wages on the free land
    "interest": flows.INTEREST,               # Borrowing: interest to the lender
    "loan": flows.LOAN,                       # Borrowing: the lender's money
    "loan repaid": flows.REPAYMENT,           # Borrowing: the principal paid back
    "necessity tax": flows.TAX,               # Absolute necessities: a tax on goods
    "luxury": flows.LUXURY,                   # Luxuries: a luxury ticket bought
    "fare": flows.FARE,                       # Railroad: the fare
    "franchise": flows.FARE,                  # Franchises: the charge to the charter holder
    "legacy": flows.CARD,                     # Legacy: a windfall from the Bank
    "rent": flows.RENT,                       # Rent: to the holder of the lot
    "half rent": flows.RENT,                  # Rent: second player on a lot, half to the first
    "rent to treasury": flows.LAND_RENT,      # Lots: renting an unheld lot from the public
    "land rent": flows.LAND_RENT,             # single tax 2/4: land rent to the Public Treasury
    "natural opportunity rent": flows.LAND_RENT,  # single tax 8: rent of the free land
    "lot purchase": flows.LAND_BOUGHT,        # Lots: buying from the Public Treasury
    "jail fine": flows.FINE,                  # No trespassing
    "public buy-out": flows.BUYOUT,           # single tax 6: public ownership
    "estate opened": flows.PUBLIC_SPENDING,   # single tax 5-6 (mapping)
    "wages raised": flows.PUBLIC_SPENDING,    # single tax 6(d): the treasury's $50 to the Bank
    "treasury emptied": flows.TREASURY_EMPTIED,  # single tax: "begin ... with empty PUBLIC TREASURY"
}

MAGIE_1906 = {
    "start cash": flows.START_CASH,           # Setup
    "wages": flows.WAGES,                     # Rule 3: wages
    "natural opportunity wages": flows.WAGES,  # single tax 8 (reconstructed wages)
    "necessity tax": flows.TAX,               # Rule 4: taxes
    "luxury": flows.LUXURY,                   # Rule 13 (reconstructed): luxury
    "rent": flows.RENT,                       # Rule 7: land rent to the owner
    "rent to treasury": flows.LAND_RENT,      # Rule 7: "If no player buys it the land rent is paid
                                          # into the PUBLIC TREASURY"
    "land rent": flows.LAND_RENT,             # single tax 2/4: land rent to the Public Treasury
    "natural opportunity rent": flows.LAND_RENT,  # single tax 8 (reconstructed rent)
    "building privilege": flows.LAND_RENT,    # single tax 4: the bid for the privilege of building,
                                          # "(or rent)", paid into the treasury
    "house rent": flows.BUILDING_RENT,        # single tax 4: house rent to the house owner
    "card purchase": flows.LAND_BOUGHT,       # Rule 1/7: buying titles
    "card sale": flows.LAND_SOLD,             # Rule 1: prices regulated by the demand
    "house": flows.IMPROVEMENT,               # Rule 14 (reconstructed): houses
    "house sold": flows.IMPROVEMENT,          # Rule 16 (reconstructed): selling
    "fare": flows.FARE,                       # Rule 9: railroad fares
    "franchise rate": flows.FARE,             # Rule 9: franchises (to the owner or the treasury)
    "ante": flows.SPECULATION,                # Rule 8: speculation
    "speculation winnings": flows.SPECULATION,
    "broker's commission": flows.SPECULATION,
    "chance": flows.CARD,                     # Rule 11: Chance (reconstructed cards)
    "chance fine": flows.CARD,
    "jail fine": flows.FINE,                  # Rule 6: jail
    "mortgage": flows.LOAN,                   # Rule 15 (reconstructed): mortgages
    "mortgage lifted": flows.REPAYMENT,
    "loan": flows.LOAN,                       # Rule 16 (reconstructed): borrowing
    "loan repaid": flows.REPAYMENT,
    "public buy-out": flows.BUYOUT,           # single tax 6: public ownership
    "free college": flows.PUBLIC_SPENDING,    # single tax 6(c)
    "wages raised": flows.PUBLIC_SPENDING,    # single tax 6(d)
    "treasury emptied": flows.TREASURY_EMPTIED,  # single tax 2: begin with an empty treasury
}

BRITISH_1913 = {
    "start cash": flows.START_CASH,           # Part 1: money
    "further cash": flows.START_CASH,         # Part 2: "a further £3000 from the Bank"
    "wages": flows.WAGES,                     # Mother Earth: wages
    "free-land wages": flows.WAGES,           # Part 3: Natural Opportunity
    "old age pension": flows.PENSION,         # Mother Earth: Old Age Pension from the Treasury
    "site purchase": flows.LAND_BOUGHT,       # Part 1: buying the land from the Bank
    "private bargain": flows.LAND_SOLD,       # Part 1: private bargain
    "site sale": flows.LAND_SOLD,             # capital land value follows demand
    "rent": flows.RENT,                       # Rent (ANNUAL LAND VALUE) to the landlord
    "interest": flows.BUILDING_RENT,          # Part 2: INTEREST to the improvement's owner
    "rates": flows.RATES,                     # Part 2: RATES to the Public Treasury
    "duties": flows.TAX,                      # Imperial Taxes
    "land value tax": flows.LAND_RENT,        # Part 3: land value tax
    "land value tax assessed": flows.LAND_RENT,  # Part 3: land values assessed
    "rent to the Government": flows.LAND_RENT,   # Part 3: public land
    "sale to the Government": flows.BUYOUT,   # Part 3: Solway Fisheries bought by the Government
    "improvement": flows.IMPROVEMENT,         # Part 2: improving the land
    "luxury": flows.LUXURY,                   # a Luxury card: "You buy a motor-car. Pay £100."
    "chance": flows.CARD,                     # a Chance card
    "income tax": flows.TAX,                  # the income-tax Chance card (Parts 1-2: a tax on Industry)
    "gaol fine": flows.FINE,                  # Gaol
    "Treasury loan": flows.LOAN,              # "the Public Treasury may ... borrow from the Bank"
    "Treasury loan repaid": flows.REPAYMENT,
}
FORCED_SALE = {"site": flows.LAND_SOLD, "imp": flows.IMPROVEMENT}
"""1913 "forced sale" ("sell his property for what it will fetch"): land or an improvement."""

MONOPOLY = {
    "start cash": flows.START_CASH,           # Preparation
    "salary": flows.WAGES,                    # GO: salary
    "deed": flows.LAND_BOUGHT,                # Buying property at the printed price
    "deed auction": flows.LAND_BOUGHT,        # Auction of a deed
    "deed dealt": flows.LAND_BOUGHT,          # Short game: deal (paid for)
    "house auction": flows.IMPROVEMENT,       # housing shortage: buildings auctioned
    "hotel auction": flows.IMPROVEMENT,
    "house": flows.IMPROVEMENT,               # Houses
    "hotel": flows.IMPROVEMENT,               # Hotels
    "building sold": flows.IMPROVEMENT,       # Selling property: buildings back to the Bank
    "rent": flows.RENT,                       # Paying rent (deeds, railroads, utilities)
    "trade": flows.LAND_SOLD,                 # Trading: cash for deeds between players
    "tax": flows.TAX,                         # Income Tax, Luxury Tax
    "card": flows.CARD,                       # Chance and Community Chest
    "repairs": flows.CARD,                    # street repairs / general repairs cards
    "Free Parking pot": flows.CARD,           # Free Parking (pot rule): a windfall
    "refused bribe": flows.CARD,              # Mucker: the bribe card refused
    "jail fine": flows.FINE,                  # Jail
    "mortgage": flows.LOAN,                   # Mortgages: the Bank's loan
    "mortgage lifted": flows.REPAYMENT,       # Mortgages: paid back with its 10%
    "mortgage interest": flows.INTEREST,      # Mortgages: transfer, the 10% kept
    "bankruptcy": flows.BANKRUPTCY,           # Bankruptcy: his cash to the creditor
}


# -- the golden games ----------------------------------------------------------------------------
def golden_text(prefix: str) -> Iterator[Game]:
    for path in sorted(GOLDEN.glob(f"{prefix}*.txt")):
        head, _ = read(path)
        yield replayed_transcript(head)[0]


def golden_1906() -> Iterator[Game]:
    for path in sorted(GOLDEN.glob("magie1906_*.json")):
        d = json.loads(path.read_text(encoding="utf-8"))
        yield replay(load_ruleset(d["ruleset"]), d["seed"], d["actions"], names=d["names"],
                     triggers=_triggers(d["triggers"]))


def golden_monopoly() -> Iterator[Game]:
    for name, (ruleset, seed, seats) in sorted(CASES.items()):
        yield replay(load_ruleset(ruleset), seed, _read(name)[1], n_players=len(seats))


GAMES = {"magie1904": lambda: golden_text("magie-1904"), "magie1906": golden_1906,
         "british1913": lambda: golden_text("british-1913"), "monopoly": golden_monopoly}
_played: dict[str, list[Game]] = {}


def games_of(family: str) -> list[Game]:
    if family not in _played:
        _played[family] = list(GAMES[family]())
    return _played[family]


def transfers(game: Game) -> list[Event]:
    return [e for e in game.events or [] if e.kind == "transfer"]


def expected(family: str, events: list[Event], i: int, owed: dict[tuple[str, str], list[list]]) -> Flow:
    """The kind the rules give the transfer ``events[i]``."""
    e = events[i]
    reason = e.get("reason")
    if family == "british1913":
        if reason.endswith(" (debt)"):  # a debt paid late is paid as what was owed
            return BRITISH_1913[reason.removesuffix(" (debt)")]
        if reason == "forced sale":
            sale = next(x for x in events[i + 1:] if x.kind == "forced_sale")
            return FORCED_SALE[sale.get("what")]
        return BRITISH_1913[reason]
    if family == "magie1906" and reason == "debt paid":  # Rule 12: the unpaid rest, paid later
        debts = owed[(e.get("from"), e.get("to"))]  # oldest first, as the rule pays them
        kind, debts[0][1] = debts[0][0], debts[0][1] - e.get("amount")
        if not debts[0][1]:
            debts.pop(0)
        return kind
    return {"magie1904": MAGIE_1904, "magie1906": MAGIE_1906, "monopoly": MONOPOLY}[family][reason]


@pytest.mark.parametrize("family", sorted(GAMES))
def test_every_transfer_of_the_golden_games_has_the_kind_its_rule_gives(family: str) -> None:
    seen: set[str] = set()
    for game in games_of(family):
        events = game.events or []
        names = game.ledger.names
        owed: dict[tuple[str, str], list[list]] = {}  # 1906: (debtor, creditor) -> [kind, amount]
        for i, e in enumerate(events):
            if e.kind == "unpaid" and family == "magie1906":  # rule 12: the rest stays owed
                owed.setdefault((names[e.seat], e.get("to")), []).append(
                    [MAGIE_1906[e.get("reason")], e.get("amount")])
            if e.kind != "transfer":
                continue
            want = expected(family, events, i, owed)
            assert e.get("kind") is want, f"{game.ruleset.id} seed {game.seed}: {e.line()} should be {want}"
            seen.add(e.get("reason"))
    assert len(seen) >= 10, f"the {family} golden games should show many reasons: {sorted(seen)}"


@pytest.mark.parametrize("family", sorted(GAMES))
def test_kinds_match_who_pays_whom(family: str) -> None:
    """Rent and sales of land go from player to player; land rent and tax go to the public;
    wages and start money come to a player from a box."""
    for game in games_of(family):
        seats = set(game.names)
        for e in transfers(game):
            src, dst, kind = e.get("from"), e.get("to"), e.get("kind")
            if kind in (flows.RENT, flows.LAND_SOLD, flows.BUILDING_RENT):
                assert src in seats and dst in seats, e.line()
            if kind is flows.LAND_RENT:
                assert src in seats and dst == "Public Treasury", e.line()
            if kind in (flows.WAGES, flows.START_CASH, flows.PENSION):
                assert src not in seats and dst in seats, e.line()
            if kind in (flows.PUBLIC_SPENDING, flows.BUYOUT, flows.TREASURY_EMPTIED):
                assert src == "Public Treasury", e.line()


@pytest.mark.parametrize("family", sorted(GAMES))
def test_the_ledgers_totals_by_kind_are_the_logged_transfers(family: str) -> None:
    """``Ledger.flows`` (kept without a log too) sums the transfers of each kind."""
    for game in games_of(family):
        sums: dict[Flow, int] = {}
        for e in transfers(game):
            sums[e.get("kind")] = sums.get(e.get("kind"), 0) + e.get("amount")
        assert sums == dict(game.ledger.flows)


# -- the four misclassifications of the reason-reading regular expressions ---------------------
def test_magie_wages_raised_is_public_spending_not_wages() -> None:
    """Single tax 6(d): "raising wages $10 for every $50 in the TREASURY" — the $50 goes from
    the Treasury to the Bank; no player is paid wages by it (the regular expressions called it
    wages)."""
    g = table("magie-1904")
    g.switch_phase("single_tax", "test")
    wages_before = g.ledger.flows[flows.WAGES]
    g.pay(g.account("Bank"), g.account("Public Treasury"), 50 * 10 + 20, flows.LAND_RENT, "test", "test")
    g.rules.single_tax.works()  # type: ignore[attr-defined]
    raised = [e for e in transfers(g) if e.get("reason") == "wages raised"]
    assert [(e.get("from"), e.get("to"), e.get("kind")) for e in raised] == [
        ("Public Treasury", "Bank", flows.PUBLIC_SPENDING)] * 2
    assert g.ledger.flows[flows.WAGES] == wages_before
    frame = metrics.transfers(g)
    assert set(frame[frame["reason"] == "wages raised"]["flow"]) == {"public spending"}


def test_monopoly_deed_deed_auction_and_deed_dealt_are_land_bought() -> None:
    """Buying property, its auction, and the short game's deal (paid for) all buy land from
    the Bank (the regular expressions called them other)."""
    found = set()
    for game in games_of("monopoly"):
        frame = metrics.transfers(game)
        deeds = frame[frame["reason"].isin(["deed", "deed auction", "deed dealt"])]
        assert set(deeds["kind"]) <= {"land_bought"}
        assert set(deeds["flow"]) <= {"land bought from the Bank or the public"}
        found |= set(deeds["reason"])
    assert found == {"deed", "deed auction", "deed dealt"}


def test_1906_franchise_rate_paid_to_the_treasury_is_a_fare_not_land_tax() -> None:
    """Rule 9: an unowned franchise's rate "is paid into the PUBLIC TREASURY" — a franchise
    charge, not land rent (the regular expressions called it land tax, paid to the treasury)."""
    soakum = 13  # Soakum Lighting System, a franchise
    g = table()
    for s in range(4):
        set_cash(g, s, 40)
    drive_then_first(g.rules.land(0, soakum), "decline")  # type: ignore[attr-defined]
    paid = [e for e in transfers(g) if e.get("reason") == "franchise rate"]
    assert [(e.get("from"), e.get("to"), e.get("amount"), e.get("kind")) for e in paid] == [
        ("Player 1", "Public Treasury", 5, flows.FARE)]
    assert flows.LAND_RENT not in g.ledger.flows


def test_1913_site_sale_between_players_is_a_land_sale() -> None:
    """Capital land value follows demand: a site sold by one player to another is land sold
    between players (the regular expressions called it other)."""
    sales = [e for g in games_of("british1913") for e in transfers(g) if e.get("reason") == "site sale"]
    assert sales
    for e in sales:
        assert e.get("kind") is flows.LAND_SOLD and e.seat >= 0


# -- the enumeration --------------------------------------------------------------------------------
def test_every_kind_has_plain_words_of_its_own_and_a_module_name() -> None:
    assert set(WORDS) == set(Flow)
    assert len(set(WORDS.values())) == len(Flow)
    for kind in Flow:
        assert kind.words == WORDS[kind] and Flow.from_words(kind.words) is kind
        assert getattr(flows, kind.name) is kind
        assert not any(c in kind.words for c in "_=<>{}")
    assert set(HEADLINE) <= set(Flow)
    with pytest.raises(ValueError, match="no money flow is called 'rent to landlords'"):
        Flow.from_words("rent to landlords")


def test_a_transfer_without_a_kind_is_refused() -> None:
    """``Game.pay`` has no default kind: a transfer cannot be left without one."""
    g = table()
    with pytest.raises(TypeError):
        g.pay(0, 1, 5, "rent", "test")  # type: ignore[call-arg]


def test_sweep_columns_name_kinds() -> None:
    assert column_kind("flow_land_rent") is flows.LAND_RENT
    with pytest.raises(ValueError, match="'flow_rent_to_treasury' names no kind"):
        column_kind("flow_rent_to_treasury")
