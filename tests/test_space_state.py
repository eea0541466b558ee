"""``Rules.space_state(index)``: the public per-space hook every family implements, and the
widgets / metrics that read per-space state only through it.

Each family is driven to the state through its own rule pieces (buying on landing, borrowing,
building, the public buy-out), as the clause tests do, and the hook must report it.
"""

from __future__ import annotations

import conftest
import magie1906_helpers as h1906
from british1913_helpers import FISHERIES, SITE_A, btable
from landlord.widgets.state import space_rows
from test_monopoly_helpers import fresh, own, run

from landlord import Game, load_ruleset
from landlord.analysis.metrics import game_board_frame
from landlord.engine import flows
from landlord.engine.rulebook import SpaceState
from landlord.rules.magie1906 import landings
from landlord.rules.monopoly import HOTEL

EMPTY: SpaceState = {"owner": None, "mortgaged": False, "charter": None, "buildings": 0,
                     "hotel": False, "building_owner": None, "public": False}


def lots(game: Game, kind: str = "lot") -> list[int]:
    """The indices of the board's spaces of ``kind``."""
    return [s.index for s in game.board.spaces if s.kind == kind]


def state(**changed: object) -> SpaceState:
    """What the hook should say of a space: the empty state with ``changed`` keys."""
    out = dict(EMPTY)
    out.update(changed)
    return out  # type: ignore[return-value]


def test_every_family_reports_every_key_of_an_empty_board() -> None:
    """Before anything is bought, every space of every family's board is empty in the hook
    (the same keys in every family, seats as None, nothing built)."""
    for rid in ("magie-1904", "magie-1906", "british-1913-part1", "monopoly"):
        rs = load_ruleset(rid).override(**({"lot_tickets": False} if rid == "magie-1904" else
                                           {"cards_dealt": 0} if rid == "magie-1906" else {}))
        g = Game(rs, [None] * 4, 3)
        if rid == "british-1913-part1":
            g = btable()
        for s in g.board.spaces:
            assert g.rules.space_state(s.index) == EMPTY, (rid, s.index)


# -- Magie 1904 -----------------------------------------------------------------------------------
def test_1904_lot_bought_on_landing_then_mortgaged_for_a_bank_loan() -> None:
    """Lots: "If a player chooses to buy a lot, he must ... place his deed upon it"; Borrowing:
    the Bank lends against lots, which are then mortgaged."""
    g = conftest.table()
    lot = lots(g)[10]
    conftest.drive(g.rules.land_on_lot(0, lot), "buy")
    assert g.rules.space_state(lot) == state(owner=0)
    g.rules.money.bank_loan(0, 1)  # type: ignore[attr-defined]
    assert g.rules.space_state(lot) == state(owner=0, mortgaged=True)
    other = lots(g)[11]
    assert g.rules.space_state(other) == EMPTY


def test_1904_franchise_charter_and_public_buyout_under_the_single_tax() -> None:
    """Franchises: "The first player who stops upon one of these franchises puts his charter
    upon it"; single tax, rule 6 (mapping): the treasury buys out the R.R. at 5 first, and the
    franchise's charter comes off when the public buys it."""
    g = conftest.table()
    r = g.rules
    franchise = g.board.indices("franchise")[0]
    conftest.drive(r.land(1, franchise, False))  # type: ignore[attr-defined]
    assert r.space_state(franchise) == state(charter=1)
    g.switch_phase("single_tax", "test")
    order = g.p["buyout_order"]
    treasury = g.account("Public Treasury")
    g.pay(g.account("Bank"), treasury, 50 * (order.index(franchise) + 1), flows.LAND_RENT, "test", "test")
    r.single_tax.works()  # type: ignore[attr-defined]
    assert r.space_state(order[0]) == state(public=True)
    assert r.space_state(franchise) == state(public=True)


# -- Magie 1906 -----------------------------------------------------------------------------------
def test_1906_card_bought_built_on_and_mortgaged() -> None:
    """Rule 7: the lander buys an unowned lot; RECONSTRUCTED rule 14: a house on it; RECONSTRUCTED
    rule 15: a short player mortgages a card to the Bank."""
    g = h1906.table()
    r = g.rules
    lot = lots(g)[0]
    conftest.drive_then_first(landings.land_on_lot(r, 0, lot))  # type: ignore[arg-type]  # nobody bids; Ada buys
    assert r.space_state(lot) == state(owner=0)
    conftest.drive_then_first(r.building.offer_building(0), f"build:{lot}")  # type: ignore[attr-defined]
    assert r.space_state(lot) == state(owner=0, buildings=1, building_owner=0)
    conftest.set_cash(g, 0, 0)
    conftest.drive_then_first(r.money.charge(0, g.account("Public Treasury"), 5, flows.TAX, "test", "test"),  # type: ignore[attr-defined]
                f"mortgage:{lot}")
    assert r.space_state(lot) == state(owner=0, mortgaged=True, buildings=1, building_owner=0)


def test_1906_public_buyout_returns_the_card() -> None:
    """Single tax, rule 6: the first $50 buys the SOAKUM LIGHTING SYSTEM from its holder; "The
    card is returned to the pack, and henceforth the Lighting System space is free"."""
    g = h1906.table()
    r = g.rules
    first = g.p["buyout_order"][0]
    h1906.give(g, 2, first)
    assert r.space_state(first) == state(owner=2)
    g.switch_phase("single_tax", "test")
    g.pay(g.account("Bank"), g.account("Public Treasury"), 50, flows.LAND_RENT, "test", "test")
    r.single_tax.works()  # type: ignore[attr-defined]
    assert r.space_state(first) == state(public=True)


def test_1906_widgets_show_a_mortgage_through_the_hook() -> None:
    """The board widget reads the 1906 mortgages (kept as a list of Mortgage records) through
    the hook: the mortgaged card is marked, the others are not."""
    g = h1906.table()
    r = g.rules
    lot = lots(g)[0]
    h1906.give(g, 0, lot)
    conftest.set_cash(g, 0, 0)
    conftest.drive_then_first(r.money.charge(0, g.account("Public Treasury"), 5, flows.TAX, "test", "test"),  # type: ignore[attr-defined]
                f"mortgage:{lot}")
    rows = space_rows(g)
    assert [row["index"] for row in rows if row["mortgaged"]] == [lot]
    assert rows[lot]["owner_seat"] == 0 and rows[lot]["owner"] == g.names[0]


# -- British 1913 ---------------------------------------------------------------------------------
def test_1913_site_bought_from_the_pack_and_improved() -> None:
    """Part 1: a player alighting on a site whose card is in the pack may buy it (the others
    passing in the auction of the pack card); Part 2: "place
    the card representing the improvement on the site" (one improvement: one building), and an
    owner "unable to improve" must let another player improve it for him (who owns it)."""
    g = btable(phase="part2")
    r = g.rules
    conftest.drive(r.sites.land_on_site(0, SITE_A), "bid:400", "pass", "pass", "pass")  # type: ignore[attr-defined]
    assert r.space_state(SITE_A) == state(owner=0)
    conftest.set_cash(g, 0, 0)
    conftest.drive(r.market.improve(1), f"improve:{SITE_A}", "none")  # type: ignore[attr-defined]
    assert r.space_state(SITE_A) == state(owner=0, buildings=1, building_owner=1)


def test_1913_fisheries_sold_to_the_government_in_part3() -> None:
    """Part 3: Solway Fisheries is sold "to the Government at half its face value": public land,
    no seat holds it; the board chart shows no owner there."""
    g = btable()
    r = g.rules
    conftest.drive(r.sites.land_on_site(0, FISHERIES), "bid:500", "pass", "pass", "pass")  # type: ignore[attr-defined]
    assert r.space_state(FISHERIES) == state(owner=0)
    g.switch_phase("part3", "test")
    conftest.drive(r.enter_part3())  # type: ignore[attr-defined]
    assert r.space_state(FISHERIES) == state(public=True)
    board = game_board_frame(g).set_index("index")
    assert board.loc[FISHERIES, "owner"] == ""


# -- Monopoly -------------------------------------------------------------------------------------
def test_monopoly_deed_bought_mortgaged_and_built_to_a_hotel() -> None:
    """BUYING PROPERTY, MORTGAGES, HOUSES and HOTELS: the hook reports the deed's owner, its
    mortgage, the houses on it and a hotel (counted as the five houses it equals)."""
    g, r = fresh()
    run(r.land(0, 39, 7, 1), ["buy"])
    assert r.space_state(39) == state(owner=0)
    r.building.apply_manage(0, "mortgage:39")
    assert r.space_state(39) == state(owner=0, mortgaged=True)
    own(r, 1, 1, 3)
    g.pay(g.account("Bank"), 1, 5000, flows.START_CASH, "test", "test")
    run(r.building.build(1, "house:3"))
    assert r.space_state(3) == state(owner=1, buildings=1, building_owner=1)
    for _ in range(4):
        run(r.building.build(1, "house:1"))
        if r.state.houses[3] < 4:
            run(r.building.build(1, "house:3"))
    run(r.building.build(1, "hotel:3"))
    assert r.space_state(3) == state(owner=1, buildings=HOTEL, hotel=True, building_owner=1)
    rows = space_rows(g)
    assert rows[3]["buildings"] == HOTEL and rows[39]["mortgaged"] and rows[39]["owner_seat"] == 0
