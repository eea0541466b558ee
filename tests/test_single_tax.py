"""Magie's Single Tax rules 1-8 (1906 rule sheet), one test (or more) naming each rule.
Expected values come from the rule text quoted in each docstring."""

from __future__ import annotations

import pytest
from conftest import drive_then_first, set_cash, transfers
from magie1906_helpers import FixedDice, give, table

from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.game import Game
from landlord.engine.options import Option
from landlord.engine.phases import Trigger
from landlord.rules.families import FamilyGame
from landlord.rules.magie1906 import JAIL, NATURAL, POOR, TRACK

FUEL, HOGG, ROYAL, PIKE, FARM, SOAKUM, SHOOTING = 2, 4, 5, 6, 7, 13, 15
CENTRAL, GEE, SLAMBANG, BLUEBLOOD, BROADWAY, PDQ = 20, 25, 27, 30, 31, 35


def single_tax_table(**overrides: object) -> Game:
    """A blank 1906 table switched to the single tax."""
    g = table(**overrides)  # type: ignore[arg-type]
    g.switch_phase("single_tax", "test")
    return g


def treasury(g: Game) -> int:
    return g.ledger.balance("Public Treasury")


def test_single_tax_rule_1_no_taxes_on_absolute_necessities() -> None:
    """Single tax rule 1: "Pay no taxes on Absolute Necessities."."""
    g = single_tax_table()
    set_cash(g, 0, 100)
    for space in (FUEL, 10, 17, 32):
        drive_then_first(g.rules.land(0, space))  # type: ignore[attr-defined]
    assert g.cash(0) == 100 and treasury(g) == 0


def test_single_tax_rule_2_all_land_rent_to_the_treasury_which_starts_empty() -> None:
    """Single tax rule 2: "All land rent is paid into the public treasury ... (Begin game under
    single tax with empty PUBLIC TREASURY.)" DECISION: the deed holder pays too (deeds are "of
    no value"); the treasury's cash at the switch goes to the MISCELLANEOUS pile (the Bank)."""
    g = table()
    set_cash(g, 0, 300)
    drive_then_first(g.rules.land(0, PIKE), "pass", "pass", "pass", "buy")  # type: ignore[attr-defined]
    before = treasury(g)
    assert before > 0
    bank = g.ledger.balance("Bank")
    g.switch_phase("single_tax", "test")
    assert treasury(g) == 0 and g.ledger.balance("Bank") == bank + before
    set_cash(g, 1, 100)
    drive_then_first(g.rules.land(1, PIKE))  # type: ignore[attr-defined]
    drive_then_first(g.rules.land(0, PIKE))  # type: ignore[attr-defined]  # the deed holder pays as well
    assert g.cash(1) == 96 and treasury(g) == 8
    assert g.rules.owner[PIKE] == 0  # type: ignore[attr-defined]  # holdings stay


def test_single_tax_title_deeds_are_of_no_value() -> None:
    """"with the exception that the Title Deeds are of no value": deeds count 0; charters 100."""
    g = table()
    give(g, 0, PIKE, FARM, ROYAL)
    set_cash(g, 0, 10)
    assert g.results()[0].total == 310
    g.switch_phase("single_tax", "test")
    assert g.results()[0].total == 110


def test_single_tax_rule_3_fares_to_owners_until_the_public_takes_control() -> None:
    """Single tax rule 3: "All railroad fares and franchise rates are paid to the individual
    owners as before until the public takes control of them (see Rule 6), when they are FREE."."""
    g = single_tax_table()
    give(g, 1, SOAKUM, ROYAL)
    set_cash(g, 0, 100)
    drive_then_first(g.rules.land(0, SOAKUM))  # type: ignore[attr-defined]
    drive_then_first(g.rules.land(0, ROYAL))  # type: ignore[attr-defined]
    assert g.cash(0) == 90
    g.rules.state.public.update({SOAKUM, ROYAL})  # type: ignore[attr-defined]
    g.rules.owner[SOAKUM] = g.rules.owner[ROYAL] = -1  # type: ignore[attr-defined]
    drive_then_first(g.rules.land(0, SOAKUM))  # type: ignore[attr-defined]
    drive_then_first(g.rules.land(0, ROYAL))  # type: ignore[attr-defined]
    assert g.cash(0) == 90


def test_single_tax_rule_4_unimproved_lot_rent_then_the_option_to_build() -> None:
    """Single tax rule 4: on an unimproved lot "he first pays the full land rent into the PUBLIC
    TREASURY, and then, if he so desires and can afford it, he may improve the lot"."""
    g = single_tax_table()
    set_cash(g, 0, 200)
    asked, _ = drive_then_first(g.rules.land(0, PIKE), f"build:{PIKE}")  # type: ignore[attr-defined]
    assert [d.kind for d in asked] == ["build"]
    assert treasury(g) == 4 and g.cash(0) == 200 - 4 - 100
    assert g.rules.state.houses[PIKE] == 1 and g.rules.state.house_owner[PIKE] == 0  # type: ignore[attr-defined]


def test_single_tax_rule_4_improved_lot_land_rent_to_treasury_house_rent_to_owner() -> None:
    """Single tax rule 4: on a lot "improved by another player's house, he first pays the full
    land rent into the PUBLIC TREASURY and then pays the full house rent to the owner of the
    house"; the house owner pays the land rent only (DECISION)."""
    g = single_tax_table()
    g.rules.state.houses[BROADWAY], g.rules.state.house_owner[BROADWAY] = 2, 1  # type: ignore[attr-defined]
    set_cash(g, 0, 100)
    set_cash(g, 1, 100)
    drive_then_first(g.rules.land(0, BROADWAY))  # type: ignore[attr-defined]
    assert g.cash(0) == 100 - 18 - 20 and g.cash(1) == 120 and treasury(g) == 18
    drive_then_first(g.rules.land(1, BROADWAY))  # type: ignore[attr-defined]
    assert g.cash(1) == 102 and treasury(g) == 36


def test_single_tax_rule_4_build_on_any_unimproved_lot_unless_outbid() -> None:
    """Single tax rule 4: "he may, in his turn, erect a house on any unimproved lot he chooses
    ... provided no other player bids against him ... The 'bid' money (or rent) is paid into the
    PUBLIC TREASURY." DECISION: the privilege opens at the land rent, the builder may match."""
    g = single_tax_table()
    for s in range(4):
        set_cash(g, s, 500)
    # nobody bids: the builder pays the land rent as the privilege and builds
    drive_then_first(g.rules.building.offer_building(0), f"build:{BROADWAY}", "pass", "pass", "pass")  # type: ignore[attr-defined]
    assert g.rules.state.house_owner[BROADWAY] == 0 and treasury(g) == 18 and g.cash(0) == 500 - 18 - 100  # type: ignore[attr-defined]
    # outbid, and the builder declines to match: the bidder builds and pays his bid
    drive_then_first(g.rules.building.offer_building(0), f"build:{PIKE}", "bid:9", "pass", "pass", "decline")  # type: ignore[attr-defined]
    assert g.rules.state.house_owner[PIKE] == 1 and g.cash(1) == 500 - 9 - 100 and treasury(g) == 27  # type: ignore[attr-defined]
    # outbid, and the builder matches the highest bid
    drive_then_first(g.rules.building.offer_building(2), f"build:{FARM}", "pass", "bid:19", "pass", "buy")  # type: ignore[attr-defined]
    assert g.rules.state.house_owner[FARM] == 2 and g.cash(2) == 500 - 19 - 100  # type: ignore[attr-defined]
    # only unimproved lots are offered
    options = drive_then_first(g.rules.building.offer_building(3))[0][0].options  # type: ignore[attr-defined]
    assert f"build:{PIKE}" not in options and f"build:{BROADWAY}" not in options


@pytest.mark.parametrize("estate", [HOGG, BLUEBLOOD])
def test_single_tax_rule_5_estates_stay_jail_until_the_colleges_stand(estate: int) -> None:
    """Single tax rule 5: "until the colleges are erected a player whose throw brings him upon
    one of these spaces is trespassing and must go to JAIL."."""
    g = single_tax_table()
    drive_then_first(g.rules.land(0, estate))  # type: ignore[attr-defined]
    assert g.players[0].place == JAIL
    g.rules.state.colleges.add(estate)  # type: ignore[attr-defined]
    g.players[0].place = TRACK
    drive_then_first(g.rules.land(0, estate))  # type: ignore[attr-defined]
    assert g.players[0].place == TRACK


def test_single_tax_rule_6_buy_out_order_colleges_then_wages() -> None:
    """Single tax rule 6: each $50 in the treasury buys (a) the Soakum Lighting System (paid to
    its holder; to the MISCELLANEOUS pile if the card is in the pack), (b) Slambang Trolley, then
    P.D.Q., Gee Whiz "and so on around the board until all the railroads are free", (c) a Free
    College on Lord Blueblood's Estate, then on Hogg's, (d) then wages +$10 per further $50."""
    g = single_tax_table()
    r = g.rules
    give(g, 1, SOAKUM, PDQ)
    give(g, 2, SLAMBANG)
    bank, p1, p2 = g.account("Bank"), g.cash(1), g.cash(2)
    g.pay(bank, g.account("Public Treasury"), 49, flows.LAND_RENT, "test", "test")
    r.single_tax.works()  # type: ignore[attr-defined]
    assert not r.state.public  # type: ignore[attr-defined]  # $49 buys nothing
    g.pay(bank, g.account("Public Treasury"), 50 * 12 - 49 + 30, flows.LAND_RENT, "test", "test")
    r.single_tax.works()  # type: ignore[attr-defined]
    bought = [e.get("space") for e in g.events or [] if e.kind == "public_buyout"]
    assert bought == [SOAKUM, SLAMBANG, PDQ, GEE, SHOOTING, ROYAL]
    assert [e.get("space") for e in g.events or [] if e.kind == "college"] == [BLUEBLOOD, HOGG]
    assert r.state.wage_bonus == 40 and treasury(g) == 30  # type: ignore[attr-defined]
    assert g.cash(1) == p1 + 100 and g.cash(2) == p2 + 50
    assert all(r.owner[i] == -1 for i in bought)  # type: ignore[attr-defined]  # cards to the pack
    assert SOAKUM not in g.players[1].cards
    g.players[3].pos = 38
    drive_then_first(r.move(3, 3))  # type: ignore[attr-defined]
    assert transfers(g, "wages")[-1][2] == 140


def test_single_tax_rule_6_counts_the_treasury_at_the_end_of_each_turn() -> None:
    """Single tax rule 6 (DECISION: counted at the end of every turn): a turn that brings the
    treasury to $50 ends with the Lighting System bought out."""
    g = single_tax_table()
    r = g.rules
    g.pay(g.account("Bank"), g.account("Public Treasury"), 46, flows.LAND_RENT, "test", "test")
    pl = g.players[0]
    pl.pos, pl.place = 0, TRACK
    set_cash(g, 0, 500)
    FixedDice(g, (2, 4))  # to The Pike, $4 land rent
    drive_then_first(r.take_turn(0))  # type: ignore[attr-defined]
    assert SOAKUM in r.state.public and treasury(g) == 0  # type: ignore[attr-defined]


def test_single_tax_rule_7_education_cards_and_the_professor() -> None:
    """Single tax rule 7: "After the first FREE COLLEGE is erected, if a player goes to college he
    takes a blue card marked Education and when he gets four of these cards he exchanges them for
    a card marked Professor, which card counts him 100 at the end of the game."."""
    g = single_tax_table()
    g.rules.state.colleges.add(BLUEBLOOD)  # type: ignore[attr-defined]
    set_cash(g, 0, 0)
    for k in range(1, 5):
        drive_then_first(g.rules.land(0, BLUEBLOOD))  # type: ignore[attr-defined]
        if k < 4:
            assert g.players[0].education == k and g.results()[0].total == 0
    assert g.players[0].education == 0 and g.players[0].professors == 1
    assert g.results()[0].total == 100


def test_single_tax_rule_8_natural_opportunity_instead_of_the_poor_house() -> None:
    """Single tax rule 8: "If a player cannot afford to make the move called for by his throw, he
    puts his checker upon any NATURAL OPPORTUNITY space (inner corners) ... back of the space to
    which his throw would bring him. Then just before throwing in his next turn he takes from the
    MISCELLANEOUS pile the wages called for by the NATURAL OPPORTUNITY ..., pays his rent ... into
    the PUBLIC TREASURY, throws his dice, and moves out." (wages and rent RECONSTRUCTED)."""
    g = single_tax_table()
    r = g.rules
    pl = g.players[0]
    pl.pos, pl.place = 26, TRACK
    set_cash(g, 0, 10)
    FixedDice(g, (2, 3))  # to Broadway (31), land rent $18: he cannot afford it
    asked, _ = drive_then_first(r.throw_and_move(0), "forward", "corner:30")  # type: ignore[attr-defined]
    assert asked[-1].kind == "natural" and asked[-1].options == ("corner:0", "corner:10", "corner:20", "corner:30")
    assert pl.place == NATURAL and pl.pos == 30 and g.cash(0) == 10
    event = [e for e in g.events or [] if e.kind == "natural_opportunity"][-1]
    assert event.get("reconstructed") and event.get("instead_of") == 31
    FixedDice(g, (1, 2))  # out from the corner at 30: 33, Madison Square, $20
    drive_then_first(r.take_turn(0))  # type: ignore[attr-defined]
    assert g.cash(0) == 10 + 50 - 10 - 20 and treasury(g) == 30
    assert pl.place == TRACK and pl.pos == 33
    assert not any(e.kind == "poorhouse" for e in g.events or [])


def test_single_tax_rule_8_poor_house_is_eliminated_at_the_switch() -> None:
    """Single tax rule 8: "the Poor House is eliminated": a checker in the Poor House when the
    single tax comes in moves to the Natural Opportunity of that corner."""
    g = table()
    g.rules.money.to_poorhouse(2)  # type: ignore[attr-defined]
    assert g.players[2].place == POOR
    g.switch_phase("single_tax", "test")
    assert g.players[2].place == NATURAL and g.players[2].pos == CENTRAL


def test_no_deeds_dealt_under_the_single_tax_from_the_start() -> None:
    """Title deeds "are of no value": a game under the single tax from the start deals only the
    charters and the broker's licence (DECISION)."""
    rs = load_ruleset("magie-1906")
    g = FamilyGame(rs, [None] * 4, 2, triggers=[Trigger("single_tax", "start")])
    dealt = [e.get("space") for e in g.events or [] if e.kind == "dealt"]
    assert len(dealt) == 7 and all(g.board.spaces[i].kind != "lot" for i in dealt)


def test_prosperity_end_when_the_poorest_has_doubled_his_stake() -> None:
    """'Prosperity' (RECONSTRUCTED end): under the single tax the game ends when the poorest
    player has doubled his stake (his count when play began)."""
    rs = load_ruleset("magie-1906-prosperity")
    g = FamilyGame(rs, [None] * 3, 4, triggers=[Trigger("single_tax", "start")])
    r = g.rules
    for s in range(3):
        g.players[s].stake = 500
        set_cash(g, s, 1000)
    assert r.end_reason() == "prosperity"  # type: ignore[attr-defined]
    set_cash(g, 1, 999)
    assert r.end_reason() == ""  # type: ignore[attr-defined]
    g.switch_phase("landlord", "test")
    set_cash(g, 1, 1000)
    assert r.end_reason() == ""  # type: ignore[attr-defined]


def test_single_tax_deeds_secure_no_mortgage_but_charters_do() -> None:
    """DECISION: under the single tax a title deed "of no value" cannot be mortgaged; a
    railroad or franchise charter still can, until the public buys it."""
    g = single_tax_table()
    give(g, 0, BROADWAY, ROYAL)
    opts = g.rules.pays.raise_options(0)  # type: ignore[attr-defined]
    assert [o for o in opts if Option.parse(o).kind == "mortgage"] == [f"mortgage:{ROYAL}"]
    assert f"sell_card:{BROADWAY}" not in opts and f"sell_card:{ROYAL}" in opts


def test_single_tax_buyout_of_a_mortgaged_charter_leaves_the_debt_and_ends_the_trust() -> None:
    """DECISIONS of rule 6: the buy-out price goes to the holder, his mortgage on the card stays
    his debt; a railroad Trust ends when the public takes over one of its railroads."""
    from landlord.rules.magie1906 import Mortgage

    g = single_tax_table()
    r = g.rules
    give(g, 1, ROYAL, SHOOTING, SOAKUM)
    give(g, 2, GEE, PDQ)
    r.state.trust = (1, 2)  # type: ignore[attr-defined]
    r.state.mortgages.append(Mortgage(1, SOAKUM, 25))  # type: ignore[attr-defined]
    before = g.results()[1].total
    g.pay(g.account("Bank"), g.account("Public Treasury"), 150, flows.LAND_RENT, "test", "test")
    r.single_tax.works()  # type: ignore[attr-defined]
    assert r.state.trust is None and r.state.public == {SOAKUM, SLAMBANG, PDQ}  # type: ignore[attr-defined]
    row = g.results()[1]
    assert row.debts == 25 and row.total == before - 100 + 50


def test_monarch_gets_no_wages_under_the_single_tax_either() -> None:
    """DECISION (Monarch of the World): the landlord's "no wages" stays when the single tax
    comes in; the others are paid as usual."""
    g = FamilyGame(load_ruleset("magie-1906-monarch"), [None] * 3, 1)
    g.switch_phase("single_tax", "test")
    for seat in (0, 1):
        g.players[seat].pos, g.players[seat].place = 38, TRACK
        drive_then_first(g.rules.move(seat, 2))  # type: ignore[attr-defined]
    assert [t[1] for t in transfers(g, "wages")] == ["Player 2"]
