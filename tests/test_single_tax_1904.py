"""The single tax on the 1904 patent board: the documented reconstruction
(landlord/rules/magie1904/state.py SINGLE_TAX_MAPPING), one test per mapped rule."""

from __future__ import annotations

from conftest import drive_then_first, set_cash, transfers
from magie1906_helpers import FixedDice, table

from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.game import Game
from landlord.engine.phases import Trigger
from landlord.rules.families import FamilyGame
from landlord.rules.magie1904 import NATURAL, POOR, SINGLE_TAX_MAPPING, TRACK

BREAD, LOT2, NO_TRESPASS, RR1, LIGHT, RR2, RR3, WATER, BLUEBLOOD, RR4 = 2, 3, 4, 5, 13, 15, 25, 27, 30, 35


def st1904(**overrides: object) -> Game:
    """A blank patent-board table switched to the single tax."""
    g = table("magie-1904", **overrides)  # type: ignore[arg-type]
    g.switch_phase("single_tax", "test")
    return g


def treasury(g: Game) -> int:
    return g.ledger.balance("Public Treasury")


def test_mapping_is_written_beside_the_rules_and_marked_reconstructed() -> None:
    """The mapping is documented next to the rules and every mapped number is `reconstructed`."""
    for word in ("Bread", "Railroad box", "board", "Lord Blueblood", "Natural Opportunity", "$10"):
        assert word in SINGLE_TAX_MAPPING
    rs = load_ruleset("magie-1904")
    assert rs.phases["single_tax"].params["single_tax"].provenance == "reconstructed"
    for key in ("buyout_order", "annul_order", "natural_wages", "natural_rent", "treasury_step"):
        assert rs.params[key].provenance == "reconstructed", key
    # the buy-out order is board order over the R.R. spaces and franchises
    board = rs.board
    utilities = [s.index for s in board.spaces if s.kind in ("railroad", "franchise")]
    assert rs.params["buyout_order"].value == utilities
    assert rs.params["annul_order"].value == [BLUEBLOOD, NO_TRESPASS]


def test_mapping_rule_1_necessities_free() -> None:
    """Mapped rule 1: Bread, Coal, Shelter, Clothes are free."""
    g = st1904()
    set_cash(g, 0, 50)
    for idx in (BREAD, 10, 17, 32):
        drive_then_first(g.rules.land(0, idx, False))  # type: ignore[attr-defined]
    assert g.cash(0) == 50 and treasury(g) == 0


def test_mapping_rule_2_lot_rent_to_the_treasury_from_everyone() -> None:
    """Mapped rule 2: lot rent to the Public Treasury (the holder pays too; no half rent); deeds
    count nothing and secure no loan; the treasury starts empty."""
    g = table("magie-1904")
    set_cash(g, 0, 500)
    g.rules.acquire(0, LOT2, "test")  # type: ignore[attr-defined]
    total_before = g.results()[0].total
    g.switch_phase("single_tax", "test")
    assert treasury(g) == 0
    assert g.results()[0].total == total_before - 20
    assert g.rules.money.bank_capacity(0) == 0  # type: ignore[attr-defined]
    set_cash(g, 1, 50)
    g.players[0].pos = g.players[1].pos = LOT2
    drive_then_first(g.rules.land_on_lot(1, LOT2))  # type: ignore[attr-defined]
    drive_then_first(g.rules.land_on_lot(0, LOT2))  # type: ignore[attr-defined]
    assert g.cash(1) == 48 and treasury(g) == 4


def test_mapping_rule_3_fares_until_bought_out_then_free() -> None:
    """Mapped rule 3: R.R. fares to the Railroad box, franchise rates to the charter holder,
    until the public buys each out; then they are free."""
    g = st1904()
    r = g.rules
    r.state.charter[LIGHT] = 1  # type: ignore[attr-defined]
    set_cash(g, 0, 100)
    drive_then_first(r.land(0, RR1, False))  # type: ignore[attr-defined]
    drive_then_first(r.land(0, LIGHT, False))  # type: ignore[attr-defined]
    assert g.cash(0) == 90
    r.state.public.update({RR1, LIGHT})  # type: ignore[attr-defined]
    drive_then_first(r.land(0, RR1, False))  # type: ignore[attr-defined]
    drive_then_first(r.land(0, LIGHT, False))  # type: ignore[attr-defined]
    assert g.cash(0) == 90


def test_mapping_rules_5_6_buy_out_in_board_order_then_estates_then_wages() -> None:
    """Mapped rules 5-6: each $50 buys out R.R., Light, R.R., R.R., Water, R.R. in board order
    (a railroad's $50 to the Railroad box, a franchise's to its holder or the Bank), then opens
    Lord Blueblood's estate, then the No Trespassing space, then raises wages $10 a time."""
    g = st1904()
    r = g.rules
    r.state.charter[WATER] = 2  # type: ignore[attr-defined]
    p2, rr_box = g.cash(2), g.ledger.balance("Railroad box")
    g.pay(g.account("Bank"), g.account("Public Treasury"), 50 * 10 + 20, flows.LAND_RENT, "test", "test")
    r.single_tax.works()  # type: ignore[attr-defined]
    order = [e.get("space") for e in g.events or [] if e.kind == "public_buyout"]
    assert order == [RR1, LIGHT, RR2, RR3, WATER, RR4]
    assert [e.get("space") for e in g.events or [] if e.kind == "estate_opened"] == [BLUEBLOOD, NO_TRESPASS]
    assert r.state.wage_bonus == 20 and treasury(g) == 20  # type: ignore[attr-defined]
    assert g.cash(2) == p2 + 50 and g.ledger.balance("Railroad box") == rr_box + 200
    drive_then_first(r.land(0, BLUEBLOOD, False))  # type: ignore[attr-defined]
    assert g.players[0].place == TRACK
    g.players[0].pos = 38
    drive_then_first(r.move(0, 3, False))  # type: ignore[attr-defined]
    assert transfers(g, "wages")[-1][2] == 120


def test_mapping_rule_8_natural_opportunity_in_place_of_the_poor_house() -> None:
    """Mapped rule 8: a player who cannot afford his move goes to the corner at or behind his
    target, takes $50 from the Wages box, pays $10 rent, and moves out from the corner."""
    g = st1904()
    r = g.rules
    pl = g.players[0]
    pl.pos, pl.place = 14, TRACK
    set_cash(g, 0, 3)
    drive_then_first(r.move(0, 5, False))  # type: ignore[attr-defined]  # to Lot 11 (index 19), rent $11
    assert pl.place == NATURAL and pl.pos == 10 and g.cash(0) == 3
    FixedDice(g, (1, 1))  # out from the Coal corner: 12, Lot 7, rent $7
    drive_then_first(r.take_turn(0))  # type: ignore[attr-defined]
    assert pl.place == TRACK and pl.pos == 12
    moves = [(t[0], t[1], t[2], t[3]) for t in transfers(g)][-3:]
    assert moves == [("Wages box", "Player 1", 50, "natural opportunity wages"),
                     ("Player 1", "Public Treasury", 10, "natural opportunity rent"),
                     ("Player 1", "Public Treasury", 7, "land rent")]
    assert not any(e.kind == "poorhouse" for e in g.events or [])


def test_mapping_poor_house_token_moves_to_natural_opportunity_at_the_switch() -> None:
    """Mapped rule 8: "the Poor House is eliminated" when the single tax comes in."""
    g = table("magie-1904")
    g.rules.money.to_poorhouse(1)  # type: ignore[attr-defined]
    assert g.players[1].place == POOR
    g.switch_phase("single_tax", "test")
    assert g.players[1].place == NATURAL


def test_mapping_no_lot_tickets_under_the_single_tax_from_the_start() -> None:
    """Mapped rule 2: deeds are of no value, so a single-tax game from the start sells no lot
    tickets."""
    g = FamilyGame(load_ruleset("magie-1904"), [None] * 4, 3, triggers=[Trigger("single_tax", "start")])
    assert not any(e.kind == "ticket" for e in g.events or [])
    assert g.phase == "single_tax"


def test_mapping_unpaid_interest_sends_to_natural_opportunity_not_poor_house() -> None:
    """DECISION (mapping, rule 8): a debt he cannot meet after his move (loan interest at wages)
    sends him to the Natural Opportunity behind him, never to the Poor House."""
    g = st1904()
    set_cash(g, 0, 0)
    g.players[0].pos = 23
    drive_then_first(g.rules.money.charge(0, g.account("Bank"), 5, flows.INTEREST, "interest", "Borrowing"))  # type: ignore[attr-defined]
    assert g.players[0].place == NATURAL and g.players[0].pos == 20
