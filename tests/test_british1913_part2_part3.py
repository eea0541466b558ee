"""Part 2, IMPROVING THE LAND, and Part 3, UNRATING IMPROVEMENTS AND TAXING LAND VALUES, of the
Newbie Game Company's 1913 rules (seed 004): every clause, named for it. Improvement figures
are the reconstructed cards' (capital, interest, rates) read from the board data.
"""

from __future__ import annotations

from british1913_helpers import (
    ABBEY,
    ADA,
    BEN,
    BREAKFAST,
    BROADACRES,
    CY,
    DOT,
    FISHERIES,
    MOOR,
    NO1,
    NO2,
    SITE_A,
    SITE_B,
    TOBACCO,
    UNDEVELOPED,
    bank,
    btable,
    improve,
    own,
    payments,
    treasury,
)
from conftest import ScriptedDice, drive, set_cash, transfers

from landlord import Game, load_ruleset
from landlord.engine import flows
from landlord.engine.phases import Trigger
from landlord.rules.british1913 import FREE, GAOL, GOVERNMENT, NOBODY, POOR, TRACK

P2, P3 = "british-1913-part2", "british-1913-part3"


def card(g: Game, idx: int) -> tuple[int, int, int]:
    """(capital, interest, rates) of the improvement card of site ``idx``."""
    x = g.board.spaces[idx].extra
    return int(x["improvement_capital"]), int(x["improvement_interest"]), int(x["rates"])


# -- Part 2 -------------------------------------------------------------------------------------

def test_part2_each_player_receives_a_further_3000_from_the_bank() -> None:
    g = Game(load_ruleset(P2), [None] * 4, 5)
    assert [a for _, _, a in payments(g, "start cash")] == [3000] * 4
    assert sorted(payments(g, "further cash")) == sorted(("Bank", n, 3000) for n in g.names)


def test_part2_improvement_cards_numbered_like_the_site_cards() -> None:
    board = load_ruleset(P2).board
    for s in board.spaces:
        if "improvement_capital" in s.extra and s.kind not in ("religious", "moor"):
            assert s.extra["improvement"] == f"Improvement No. {s.lot}"
    # the Fisheries has none; the Moor's card is its Small Holdings (placed from Part 3)
    assert "improvement_capital" not in board.spaces[FISHERIES].extra
    assert board.spaces[MOOR].extra["improvement"] == "Small Holdings"


def test_part2_improving_pays_the_capital_to_the_bank_and_places_his_sold_ticket() -> None:
    g = btable(P2, phase="part2")
    own(g, ADA, SITE_A)
    cap = card(g, SITE_A)[0]
    b = bank(g)
    asked, _ = drive(g.rules.market.improve(ADA), f"improve:{SITE_A}")
    assert asked[0].kind == "improve_site" and asked[0].options == ("none", f"improve:{SITE_A}")
    assert g.cash(ADA) == 3000 - cap and bank(g) == b + cap
    assert g.rules.state.imp_owner[SITE_A] == ADA and SITE_A in g.players[ADA].improvements


def test_part2_no_improvements_in_part1() -> None:
    g = btable()
    own(g, ADA, SITE_A)
    g.rng = ScriptedDice([1, 2])
    asked, _ = drive(g.rules.take_turn(ADA), *("pass",) * 4)
    assert "improve_site" not in [d.kind for d in asked]


def test_part2_undeveloped_sites_are_not_improved_till_part3() -> None:
    g = btable(P2, phase="part2")
    own(g, ADA, UNDEVELOPED)
    asked, _ = drive(g.rules.market.improve(ADA))
    assert asked == []
    g.switch_phase("part3", "test")
    asked, _ = drive(g.rules.market.improve(ADA), f"improve:{UNDEVELOPED}")
    assert g.rules.state.imp_owner[UNDEVELOPED] == ADA


def test_part2_unable_to_improve_all_his_sites_others_may_improve_them_and_own_the_improvement() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, SITE_A)
    cap = card(g, SITE_A)[0]
    set_cash(g, BEN, cap)  # able: nobody else may improve it
    asked, _ = drive(g.rules.market.improve(ADA))
    assert asked == []
    set_cash(g, BEN, cap - 1)  # unable
    asked, _ = drive(g.rules.market.improve(ADA), f"improve:{SITE_A}")
    assert f"improve:{SITE_A}" in asked[0].options
    assert g.rules.owner[SITE_A] == BEN and g.rules.state.imp_owner[SITE_A] == ADA
    # the improvement has its own owner: interest to Ada, rent to Ben
    drive(g.rules.sites.land_on(CY, SITE_A))
    assert payments(g, "rent") == [("Cy", "Ben", g.board.spaces[SITE_A].rent)]
    assert payments(g, "interest") == [("Cy", "Ada", card(g, SITE_A)[1])]


def test_part2_unable_to_improve_all_his_sites_counts_all_of_them_together() -> None:
    """"If he is unable to improve all his sites he must allow any other player, who so wishes,
    to improve them for him": an owner who can pay for any one card but not for all of them
    together is unable, so the others may improve any of them (DECISION in ``improve``)."""
    g = btable(P2, phase="part2")
    own(g, BEN, SITE_A, SITE_B)
    a, b = card(g, SITE_A)[0], card(g, SITE_B)[0]
    set_cash(g, BEN, max(a, b))  # either one, not both
    asked, _ = drive(g.rules.market.improve(ADA), "none")
    assert set(asked[0].options) == {"none", f"improve:{SITE_A}", f"improve:{SITE_B}"}
    set_cash(g, BEN, a + b)  # all of them: nobody else may
    asked, _ = drive(g.rules.market.improve(ADA))
    assert asked == []
    # once one is improved, "all his sites" is the rest
    improve(g, BEN, SITE_A)
    set_cash(g, BEN, b)
    asked, _ = drive(g.rules.market.improve(ADA))
    assert asked == []


def test_part2_alighting_on_improved_site_pays_rent_interest_and_rates() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, SITE_A)
    improve(g, CY, SITE_A)
    _, interest, rates = card(g, SITE_A)
    rent = g.board.spaces[SITE_A].rent
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert payments(g, "rent") == [("Ada", "Ben", rent)]
    assert payments(g, "interest") == [("Ada", "Cy", interest)]
    assert payments(g, "rates") == [("Ada", "Public Treasury", rates)]
    assert g.cash(ADA) == 3000 - rent - interest - rates and rates > 0


def test_part2_owner_of_site_and_improvement_on_his_own_site_pays_only_the_rates() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, SITE_A)
    improve(g, BEN, SITE_A)
    drive(g.rules.sites.land_on(BEN, SITE_A))
    assert payments(g, "rent") == [] and payments(g, "interest") == []
    assert payments(g, "rates") == [("Ben", "Public Treasury", card(g, SITE_A)[2])]


def test_part2_no_rates_payable_on_religious_edifices() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, ABBEY)
    improve(g, CY, ABBEY)
    assert g.board.spaces[ABBEY].kind == "religious" and g.board.spaces[ABBEY].name == "Westminster Abbey"
    drive(g.rules.sites.land_on(ADA, ABBEY))
    assert payments(g, "rent") == [("Ada", "Ben", g.board.spaces[ABBEY].rent)]
    assert payments(g, "interest") == [("Ada", "Cy", card(g, ABBEY)[1])]
    assert payments(g, "rates") == [] and treasury(g) == 0


def test_part2_wages_raised_to_300_when_his_property_is_all_improved() -> None:
    g = btable(P2, phase="part2")
    own(g, ADA, SITE_A, SITE_B, UNDEVELOPED, FISHERIES)  # undeveloped and sporting land do not count
    improve(g, DOT, SITE_A)
    assert g.rules.terms.wages(ADA) == 200
    improve(g, ADA, SITE_B)
    assert g.rules.terms.wages(ADA) == 300
    assert g.rules.terms.wages(BEN) == 200  # no property: not "all improved"
    g.players[ADA].pos = 39
    drive(g.rules.sites.move(ADA, 1))
    assert g.cash(ADA) == 3300


def test_part2_all_sites_bought_wages_halved_rents_taxes_and_rates_doubled() -> None:
    g = btable(P2, phase="part2")
    for idx in g.rules.state.land:
        own(g, BEN, idx)
    g.rules.state.all_bought = True
    improve(g, CY, SITE_A)
    _, interest, rates = card(g, SITE_A)
    drive(g.rules.sites.land_on(ADA, SITE_A))
    drive(g.rules.sites.land_on(ADA, TOBACCO))
    assert payments(g, "rent") == [("Ada", "Ben", 2 * g.board.spaces[SITE_A].rent)]
    assert payments(g, "rates") == [("Ada", "Public Treasury", 2 * rates)]
    assert payments(g, "interest") == [("Ada", "Cy", interest)]  # interest is not doubled
    assert payments(g, "duties") == [("Ada", "Public Treasury", 2 * g.board.spaces[TOBACCO].fee)]
    assert g.rules.terms.wages(ADA) == 100
    improve(g, CY, *[i for i in g.rules.state.land if i != SITE_A and g.rules.state.improvement(i)
                     and g.board.spaces[i].kind != "undeveloped"])
    assert g.rules.terms.wages(BEN) == 150  # all improved: 300, halved


# -- Part 3 -------------------------------------------------------------------------------------

def test_part3_rent_to_the_site_owner_who_restores_the_same_amount_as_land_value_tax() -> None:
    g = btable(P3, phase="part3")
    own(g, BEN, SITE_A)
    rent = g.board.spaces[SITE_A].rent
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert payments(g, "rent") == [("Ada", "Ben", rent)]
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", rent)]
    assert g.cash(BEN) == 3000 and treasury(g) == rent


def test_part3_interest_to_the_improvement_owner_and_no_rates_on_improvements() -> None:
    g = btable(P3, phase="part3")
    own(g, BEN, SITE_A)
    improve(g, CY, SITE_A)
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert payments(g, "interest") == [("Ada", "Cy", card(g, SITE_A)[1])]
    assert payments(g, "rates") == []


def _to_part3(g: Game) -> list[object]:
    """Switch a Part 2 table to Part 3 through a round trigger, as a sequence does."""
    g.triggers = (Trigger("part3", "round", 1),)
    g.round = 1
    asked, _ = drive(g.rules.phase_point(ADA))
    assert g.phase == "part3"
    return asked


def test_part3_solway_fisheries_owner_pays_20_then_sells_to_government_at_half_face_value() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, FISHERIES)
    b = bank(g)
    _to_part3(g)
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", 20)]
    # half its face value (£500), paid out of the Public Treasury, which borrows what it lacks
    assert payments(g, "sale to the Government") == [("Public Treasury", "Ben", 250)]
    assert payments(g, "Treasury loan") == [("Bank", "Public Treasury", 230)] and bank(g) == b - 230
    assert g.cash(BEN) == 3000 - 20 + 250
    assert g.rules.owner[FISHERIES] == GOVERNMENT and FISHERIES not in g.players[BEN].sites


def test_part3_fisheries_half_its_face_value_whatever_the_market_last_paid() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, FISHERIES)
    g.rules.state.value[FISHERIES] = 750  # bid up between players in Part 1
    _to_part3(g)
    assert payments(g, "sale to the Government") == [("Public Treasury", "Ben", 250)]


def test_part3_fisheries_gaol_penalty_annulled_lander_pays_its_annual_value_to_the_treasury() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, FISHERIES)
    _to_part3(g)
    g.events = []
    t = treasury(g)
    asked, _ = drive(g.rules.sites.land_on(ADA, FISHERIES))
    assert asked == [] and g.players[ADA].place == TRACK
    assert payments(g, "rent to the Government") == [("Ada", "Public Treasury", 20)] and treasury(g) == t + 20


def test_part3_grouse_moor_assessed_let_for_small_holdings_gaol_penalty_annulled() -> None:
    g = btable(P2, phase="part2")
    own(g, BEN, MOOR)
    _to_part3(g)
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", 20)]
    assert g.rules.owner[MOOR] == BEN
    g.events = []
    asked, _ = drive(g.rules.sites.land_on(ADA, MOOR))
    assert asked == [] and g.players[ADA].place == TRACK
    # the steward collects the rent, and it goes to the Public Treasury
    assert payments(g, "rent") == [("Ada", "Ben", 20)]
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", 20)]


def test_part3_lord_broadacres_estate_becomes_a_public_park() -> None:
    g = btable(P3, phase="part3")
    asked, _ = drive(g.rules.sites.land_on(ADA, BROADACRES))
    assert asked == [] and g.players[ADA].place == TRACK and g.cash(ADA) == 3000
    assert [e.kind for e in g.events or []] == ["public_park"]


def test_part3_undeveloped_sites_assessed_at_full_face_value_and_may_be_improved() -> None:
    g = btable(P3, phase="part3")
    own(g, BEN, UNDEVELOPED)
    full = g.board.spaces[UNDEVELOPED].price * 4 // 100
    drive(g.rules.sites.land_on(ADA, UNDEVELOPED))
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", full)]
    assert g.rules.terms.improvable(UNDEVELOPED)


def test_part3_breakfast_table_and_tobacco_duties_abolished() -> None:
    g = btable(P3, phase="part3")
    drive(g.rules.sites.land_on(ADA, BREAKFAST))
    drive(g.rules.sites.land_on(ADA, TOBACCO))
    assert g.cash(ADA) == 3000 and treasury(g) == 0
    assert [e.kind for e in g.events or []] == ["duty_abolished", "duty_abolished"]


def test_part3_bankrupt_goes_to_the_nearest_natural_opportunity_space_not_the_poorhouse() -> None:
    g = btable(P3, phase="part3")
    own(g, BEN, SITE_A)
    set_cash(g, ADA, 0)
    g.players[ADA].pos = SITE_A  # 19: nearest corner is 20
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert g.players[ADA].place == FREE and g.players[ADA].pos == NO2
    own(g, BEN, 12)
    set_cash(g, CY, 0)
    g.players[CY].pos = 12  # nearest corner is 10
    drive(g.rules.sites.land_on(CY, 12))
    assert g.players[CY].place == FREE and g.players[CY].pos == NO1
    assert POOR not in [pl.place for pl in g.players]


def test_part3_free_land_100_wages_at_each_throw_moves_on_from_the_corner_when_debts_paid() -> None:
    g = btable(P3, phase="part3")
    pl = g.players[ADA]
    set_cash(g, ADA, 0)
    from landlord.rules.british1913 import Debt

    pl.debts.append(Debt(g.account("Public Treasury"), 150, flows.RATES, "test"))
    g.rules.debts.to_free_land(ADA)
    corner = pl.pos
    g.rng = ScriptedDice([1, 2])
    drive(g.rules.take_turn(ADA))
    assert pl.place == FREE and pl.owed == 50 and pl.pos == corner
    g.rng = ScriptedDice([2, 4])
    drive(g.rules.take_turn(ADA), "pass", "pass", "pass", "pass")  # an unbought site: offered
    assert pl.place == TRACK and pl.owed == 0 and pl.pos == corner + 6
    assert g.cash(ADA) == 50 and payments(g, "free-land wages") == [("Bank", "Ada", 100)] * 2


def test_part3_wages_rise_to_500_on_passing_mother_earth() -> None:
    g = btable(P3, phase="part3")
    g.players[ADA].pos = 39
    drive(g.rules.sites.move(ADA, 1))
    assert g.cash(ADA) == 3500 and payments(g, "wages") == [("Bank", "Ada", 500)]


def all_bought_and_ada_passes_mother_earth(ruleset: str, phase: str) -> Game:
    """A table of ``phase`` whose every site Ben has bought, after Ada has passed Mother Earth."""
    g = btable(ruleset, phase=phase)
    for idx in g.rules.state.land:
        own(g, BEN, idx)
    g.rules.state.all_bought = True
    g.players[ADA].pos = 39
    drive(g.rules.sites.move(ADA, 1))
    return g


def test_part3_wages_is_part3_rise_to_500_even_once_every_site_is_bought_and_rents_are_not_doubled() -> None:
    """"WAGES is Part 3, therefore, rise to £500 on passing Mother Earth", because "Natural
    Opportunities being now freely available to Labour": Part 1's "when all the Site cards are
    bought up, Wages are halved, and Rents and Taxes are doubled" no longer holds (DECISION in
    ``Terms.scarcity``). The rent, and the land value tax restored from it, stay the
    ANNUAL LAND VALUE."""
    g = all_bought_and_ada_passes_mother_earth(P3, "part3")
    assert payments(g, "wages") == [("Bank", "Ada", 500)]
    rent = g.board.spaces[SITE_A].rent
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert payments(g, "rent") == [("Ada", "Ben", rent)]
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", rent)]


def test_part2_all_sites_bought_still_halves_wages_and_doubles_rents_and_rates() -> None:
    """Part 2: "as in Part 1, when all sites are bought up, Wages are halved, and Rents, Taxes
    and Rates are doubled" (only Part 3 lifts it)."""
    g = all_bought_and_ada_passes_mother_earth(P2, "part2")
    assert payments(g, "wages") == [("Bank", "Ada", 100)]
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert payments(g, "rent") == [("Ada", "Ben", 2 * g.board.spaces[SITE_A].rent)]


def test_part3_industry_and_enterprise_relieved_of_all_rates_and_taxes_income_tax_card_escaped() -> None:
    """"In this part of the game Industry and Enterprise are relieved of all Rates and Taxes":
    the (reconstructed) income-tax Chance card charges nothing in Part 3; in Part 1 it charges
    its £20 into the Public Treasury as a tax."""
    for rid, phase, paid in (("british-1913-part1", None, [("Ada", "Public Treasury", 20)]), (P3, "part3", [])):
        g = btable(rid, phase=phase)
        cards = g.p["chance_cards"]
        g.rules.state.decks["chance"][:] = [next(i for i, c in enumerate(cards) if c["action"] == "income_tax")] + [
            i for i, c in enumerate(cards) if c["action"] != "income_tax"]
        drive(g.rules.sites.draw(ADA, "chance"))
        assert [(s, d, a) for s, d, a, _ in transfers(g, "income tax")] == paid
        assert any(e.kind == "tax_relieved" for e in g.events or []) == (not paid)


def test_part3_paupers_in_the_poorhouse_move_to_the_natural_opportunity_on_arrival() -> None:
    g = btable(P2, phase="part2")
    g.rules.debts.bankrupt(CY)
    assert g.players[CY].place == POOR
    _to_part3(g)
    assert g.players[CY].place == FREE and g.players[CY].pos == NO2


def test_part3_played_alone_starts_with_the_fisheries_the_governments() -> None:
    g = Game(load_ruleset(P3), [None] * 4, 5)
    assert g.rules.owner[FISHERIES] == GOVERNMENT
    assert FISHERIES not in [e.get("space") for e in g.events or [] if e.kind == "site_dealt"]
    assert sorted(payments(g, "further cash")) == sorted(("Bank", n, 3000) for n in g.names)


def test_part3_gaol_itself_remains_for_chance_cards() -> None:
    g = btable(P3, phase="part3")
    g.rules.sites.to_gaol(ADA, "a Chance card")
    assert g.players[ADA].place == GAOL and g.rules.owner[SITE_B] == NOBODY


def test_part3_an_unbought_fisheries_passes_to_the_government_for_nothing() -> None:
    g = btable(P2, phase="part2")
    _to_part3(g)
    assert g.rules.owner[FISHERIES] == GOVERNMENT
    assert payments(g, "sale to the Government") == [] and treasury(g) == 0


def test_part3_nearest_natural_opportunity_counted_either_way_a_tie_goes_forward() -> None:
    g = btable(P3, phase="part3")
    for seat, pos, corner in ((ADA, 15, NO2), (BEN, 35, NO1), (CY, 27, NO2), (DOT, 3, NO1)):
        g.players[seat].pos = pos
        g.rules.debts.to_free_land(seat)
        assert g.players[seat].pos == corner, (pos, corner)


def test_part3_rent_paid_late_as_a_debt_is_restored_as_land_value_tax_too() -> None:
    g = btable(P3, phase="part3")
    own(g, BEN, SITE_A)
    set_cash(g, ADA, 4)
    rent = g.board.spaces[SITE_A].rent
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert g.players[ADA].owed == rent - 4
    set_cash(g, ADA, 100)
    g.rules.debts.pay_debts(ADA)
    assert sum(a for _, _, a in payments(g, "land value tax")) == rent
    assert g.cash(BEN) == 3000 and treasury(g) == rent
