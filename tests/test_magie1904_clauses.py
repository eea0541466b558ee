"""Every clause of Magie's 1904 patent rules (seed 001, patent US 748,626), one test or more
each, named for the clause. Expected values are worked from the patent's text and drawing:
lot n rents for $n and sells for $10n; indices are the drawing's, clockwise from Mother Earth.
"""

from __future__ import annotations

import pytest
from conftest import ScriptedDice, drive, give, kinds, set_cash, table

from landlord import Game, load_ruleset
from landlord.players.characters import Landlord, Tenant

LOT = {1: 1, 2: 3, 3: 6, 4: 7, 5: 9, 6: 11, 7: 12, 8: 14, 9: 16, 10: 18, 11: 19, 12: 21,
       13: 23, 14: 24, 15: 26, 16: 28, 17: 29, 18: 31, 19: 33, 20: 34, 21: 36, 22: 38}
ADA, BEN, CY, DOT = 0, 1, 2, 3


def treasury(g: Game) -> int:
    return g.ledger.balance("Public Treasury")


# -- Setup ---------------------------------------------------------------------------------

def test_board_has_40_spaces_with_lot_n_renting_for_n_and_selling_for_10n() -> None:
    board = load_ruleset("magie-1904").board
    assert len(board) == 40
    lots = board.lots
    assert [s.lot for s in lots] == list(range(1, 23))
    assert all(s.rent == s.lot and s.price == 10 * s.lot for s in lots)
    assert all(s.provenance == "verified_primary" for s in board.spaces)


def test_split_corners_jail_beside_coal_and_poor_house_beside_public_park() -> None:
    board = load_ruleset("magie-1904").board
    assert board.annex("jail").beside == 10 and board.spaces[10].kind == "necessity"
    assert board.spaces[10].fee == 5
    assert board.annex("poorhouse").beside == 20 and board.spaces[20].kind == "park"


def test_setup_each_player_is_provided_with_five_hundred_dollars() -> None:
    rs = load_ruleset("magie-1904")
    g = Game(rs, [None] * 4, 3)
    starts = [e for e in g.events or [] if e.kind == "transfer" and e.get("reason") == "start cash"]
    assert [e.get("amount") for e in starts] == [500] * 4


def test_setup_all_checkers_start_on_mother_earth() -> None:
    g = Game(load_ruleset("magie-1904"), [None] * 4, 3)
    assert all(pl.pos == 0 for pl in g.players)


def test_setup_first_player_by_highest_throw_ties_throw_again() -> None:
    g = table()
    g.rng = ScriptedDice([3, 3, 6, 6, 1, 1, 6, 6,   # Ben and Dot tie on 12
                          2, 1, 5, 4])              # re-throw: Ben 3, Dot 9
    assert g.rules.first_player([0, 1, 2, 3]) == DOT


def test_lot_tickets_22_face_down_drawn_in_turn_until_12_taken() -> None:
    rs = load_ruleset("magie-1904")
    g = Game(rs, [None] * 4, 11)
    drawn = [e for e in g.events or [] if e.kind == "ticket"]
    assert len(drawn) == 12
    assert len({e.get("space") for e in drawn}) == 12
    assert all(g.board.spaces[e.get("space")].kind == "lot" for e in drawn)
    order = [e.seat for e in drawn]
    first = order[0]
    assert order == [(first + k) % 4 for k in range(12)]  # one at a time, in turn


def test_lot_tickets_holder_may_buy_at_high_figure_rest_return_to_wages_box() -> None:
    rs = load_ruleset("magie-1904")
    g = Game(rs, [None] * 4, 11)
    d = g.pending
    assert d.kind == "ticket" and set(d.options) == {"buy", "return"}
    price = g.board.spaces[d.space].price
    before, t0 = g.cash(d.seat), treasury(g)
    g.act("buy")
    assert g.cash(d.seat) == before - price and treasury(g) == t0 + price
    assert g.rules.owner[d.space] == d.seat
    d2 = g.pending
    g.act("return")
    assert g.rules.owner[d2.space] == -1  # the lot is back with the rest, unowned


# -- Movement and Mother Earth -------------------------------------------------------------

def test_mother_earth_wages_100_when_reached_and_tallied_per_circuit() -> None:
    g = table()
    g.players[ADA].pos = 36
    drive(g.rules.move(ADA, 4, False))          # lands exactly on Mother Earth
    assert g.players[ADA].circuits == 1 and g.cash(ADA) == 600


def test_mother_earth_wages_100_when_passed() -> None:
    g = table()
    g.players[ADA].pos = 37
    drive(g.rules.move(ADA, 5, False))          # 37 -> 2 (Bread): wages then $5 tax
    assert g.players[ADA].circuits == 1
    assert g.cash(ADA) == 500 + 100 - 5
    assert g.ledger.balance("Wages box") == -100


# -- Lots ------------------------------------------------------------------------------------

def test_lot_owned_by_another_pays_the_low_figure_to_the_holder() -> None:
    g = table()
    give(g, BEN, LOT[7])
    drive(g.rules.move(ADA, LOT[7], False))
    assert g.cash(ADA) == 493 and g.cash(BEN) == 507


def test_lot_own_lot_pays_nothing() -> None:
    g = table()
    give(g, ADA, LOT[7])
    drive(g.rules.move(ADA, LOT[7], False))
    assert g.cash(ADA) == 500


def test_lot_unowned_may_be_bought_at_high_figure_paid_to_public_treasury() -> None:
    g = table()
    asked, _ = drive(g.rules.move(ADA, LOT[5], False), "buy")
    assert asked[0].kind == "buy_lot" and asked[0].amount == 50
    assert g.rules.owner[LOT[5]] == ADA and g.cash(ADA) == 450 and treasury(g) == 50


def test_lot_unowned_rented_pays_low_figure_to_public_treasury() -> None:
    g = table()
    drive(g.rules.move(ADA, LOT[5], False), "rent")
    assert g.rules.owner[LOT[5]] == -1 and g.cash(ADA) == 495 and treasury(g) == 5


def _ada_lands_second(holder: int, lot: int) -> Game:
    """Ben already stands on Lot ``lot`` (its deed held by ``holder``); Ada's move ends there."""
    g = table()
    give(g, holder, LOT[lot])
    g.players[BEN].pos = LOT[lot]
    drive(g.rules.move(ADA, LOT[lot], False))
    return g


def test_lot_second_player_pays_first_half_rent_first_gets_the_odd_fraction() -> None:
    g = _ada_lands_second(CY, 7)              # rent $7
    assert g.cash(ADA) == 500 - 4 and g.cash(BEN) == 504 and g.cash(CY) == 500


def test_lot_second_player_on_lot_1_pays_the_first_the_whole_rent() -> None:
    g = _ada_lands_second(CY, 1)
    assert g.cash(ADA) == 499 and g.cash(BEN) == 501


def test_lot_second_player_decision_when_first_occupant_is_the_holder_whole_rent() -> None:
    g = _ada_lands_second(BEN, 7)
    assert g.cash(ADA) == 493 and g.cash(BEN) == 507


def test_lot_third_player_cannot_occupy_stops_one_space_short() -> None:
    g = table()
    g.players[BEN].pos = g.players[CY].pos = LOT[4]   # index 7; index 6 is Lot 3
    drive(g.rules.move(ADA, LOT[4], False), "rent")
    assert g.players[ADA].pos == LOT[3]
    assert "lot_full" in kinds(g)
    assert g.cash(ADA) == 497 and treasury(g) == 3   # counted one less: Lot 3's rent


# -- Other spaces ------------------------------------------------------------------------------

@pytest.mark.parametrize("idx", [2, 10, 17, 32])
def test_absolute_necessities_pay_five_dollars_to_public_treasury(idx: int) -> None:
    g = table()
    drive(g.rules.move(ADA, idx, False))
    assert g.cash(ADA) == 495 and treasury(g) == 5


@pytest.mark.parametrize("idx", [4, 30])
def test_no_trespassing_goes_to_jail(idx: int) -> None:
    g = table()
    drive(g.rules.move(ADA, idx, False))
    assert g.players[ADA].where == "jail" and g.players[ADA].pos == 10
    assert g.players[ADA].circuits == 0 and g.cash(ADA) == 500  # straight there: no wages


def test_no_trespassing_out_of_jail_by_a_double_counting_from_space_in_front() -> None:
    g = table()
    g.rules.to_jail(ADA)
    g.rng = ScriptedDice([2, 3])
    asked, _ = drive(g.rules.jail_turn(ADA), "throw")
    assert asked[0].kind == "jail" and g.players[ADA].where == "jail"
    g.rng = ScriptedDice([3, 3])
    drive(g.rules.jail_turn(ADA), "throw", "no_pass", "rent")   # the double also offers the R.R. pass at 15
    assert g.players[ADA].where == "track" and g.players[ADA].pos == 16   # 10 + 6


def test_no_trespassing_out_of_jail_by_fifty_dollar_fine_to_public_treasury() -> None:
    g = table()
    g.rules.to_jail(ADA)
    g.rng = ScriptedDice([1, 2])
    drive(g.rules.jail_turn(ADA), "pay", "rent")          # 10 + 3 = 13 Light Franchise
    assert treasury(g) == 50 and g.cash(ADA) == 450
    assert g.players[ADA].pos == 13 and g.players[ADA].where == "track"


def test_no_trespassing_fine_not_offered_to_a_player_who_cannot_pay_it() -> None:
    g = table()
    g.rules.to_jail(ADA)
    set_cash(g, ADA, 40)
    g.rng = ScriptedDice([1, 2])
    asked, _ = drive(g.rules.jail_turn(ADA))
    assert asked == [] and g.players[ADA].where == "jail"


def test_railroad_stop_pays_five_dollars_to_railroad_box() -> None:
    g = table()
    drive(g.rules.move(ADA, 5, False))
    assert g.cash(ADA) == 495 and g.ledger.balance("Railroad box") == 5


def test_railroad_double_gives_a_pass_to_jump_once_to_the_next_railroad() -> None:
    g = table()
    g.players[ADA].pos = 1
    asked, _ = drive(g.rules.move(ADA, 8, True), "use_pass", "rent")   # passes R.R. 5 on the way to 9
    assert asked[0].kind == "pass" and asked[0].space == 5
    assert g.players[ADA].pos == 19   # jumps 5 -> 15 and counts the remaining 4: 19
    assert g.ledger.balance("Railroad box") == 0


def test_railroad_pass_only_with_a_double_and_only_when_passing() -> None:
    g = table()
    g.players[ADA].pos = 1
    asked, _ = drive(g.rules.move(ADA, 8, False), "rent")   # no double: no pass
    assert asked[0].kind == "buy_lot" and g.players[ADA].pos == 9
    g = table()
    asked, _ = drive(g.rules.move(ADA, 5, True))             # stops on R.R.: pays, no pass
    assert asked == [] and g.ledger.balance("Railroad box") == 5


def test_luxury_pays_fifty_for_a_ticket_counting_sixty_at_the_end() -> None:
    g = table()
    asked, _ = drive(g.rules.move(ADA, 8, False), "buy")
    assert asked[0].kind == "luxury" and asked[0].amount == 50
    assert treasury(g) == 50 and g.players[ADA].luxuries == 1
    row = g.results()[ADA]
    assert row.total == 450 + 60


def test_luxury_refused_loses_the_move() -> None:
    g = table()
    g.players[ADA].pos = 3
    drive(g.rules.move(ADA, 5, False), "refuse")
    assert g.players[ADA].pos == 3 and g.cash(ADA) == 500


def test_luxury_cannot_be_bought_without_fifty_dollars_and_the_move_is_lost() -> None:
    g = table()
    set_cash(g, ADA, 30)
    asked, _ = drive(g.rules.move(ADA, 8, False))
    assert asked == [] and g.players[ADA].pos == 0 and g.players[ADA].luxuries == 0


def test_franchise_first_to_stop_places_charter_free_then_others_pay_five() -> None:
    g = table()
    drive(g.rules.move(ADA, 13, False))
    assert g.rules.state.charter[13] == ADA and g.cash(ADA) == 500
    drive(g.rules.move(BEN, 13, False))
    assert g.cash(BEN) == 495 and g.cash(ADA) == 505


def test_franchise_decision_holder_pays_nothing_on_own_franchise_and_it_counts_nothing() -> None:
    g = table()
    g.rules.state.charter[27] = ADA
    drive(g.rules.move(ADA, 27, False))
    assert g.cash(ADA) == 500
    assert g.results()[ADA].total == 500


def test_public_park_stop_without_paying_anything() -> None:
    g = table()
    drive(g.rules.move(ADA, 20, False))
    assert g.cash(ADA) == 500 and g.players[ADA].where == "track"


def test_legacy_gets_one_hundred_dollars_and_a_legacy_ticket() -> None:
    g = table()
    g.players[ADA].pos = 30
    drive(g.rules.move(ADA, 7, False))
    assert g.cash(ADA) == 600 and g.players[ADA].legacies == 1


def test_legacy_ticket_counts_nothing_by_the_count_clause() -> None:
    """Counting up: "Add together these three amounts -- lots, cash, and luxuries": the legacy
    ticket is not one of them."""
    g = table()
    g.players[ADA].pos = 30
    drive(g.rules.move(ADA, 7, False))
    assert g.results()[ADA].total == 600


# -- Poorhouse and borrowing ---------------------------------------------------------------------

def test_poorhouse_no_money_and_no_property_to_borrow_on() -> None:
    g = table()
    give(g, BEN, LOT[7])
    set_cash(g, ADA, 3)
    drive(g.rules.move(ADA, LOT[7], False))
    assert g.players[ADA].where == "poorhouse" and g.cash(ADA) == 0
    assert g.cash(BEN) == 503    # he pays what he has; the rest is written off
    assert "unpaid" in kinds(g)


def test_poorhouse_remains_until_his_throws_finish_the_round() -> None:
    g = table()
    g.rules.money.to_poorhouse(ADA)
    g.rng = ScriptedDice([6, 6])
    drive(g.rules.poorhouse_turn(ADA))
    assert g.players[ADA].where == "poorhouse"       # 12 of the 20 spaces to Mother Earth
    g.rng = ScriptedDice([4, 4])
    drive(g.rules.poorhouse_turn(ADA))
    assert g.players[ADA].where == "track" and g.players[ADA].pos == 0
    assert g.players[ADA].circuits == 1 and g.cash(ADA) == 600


def test_borrowing_bank_lends_in_hundreds_against_lots_worth_ten_dollars_more() -> None:
    g = table()
    give(g, ADA, LOT[11])             # worth $110: exactly $100 + $10
    assert g.rules.money.bank_capacity(ADA) == 1
    give(g, BEN, LOT[10])             # worth $100: not enough for a $100 note
    assert g.rules.money.bank_capacity(BEN) == 0


def test_borrowing_short_player_borrows_from_the_bank_instead_of_poorhouse() -> None:
    g = table()
    give(g, ADA, LOT[22])                         # $220: room for two notes
    give(g, BEN, LOT[21])                         # rent $21
    set_cash(g, ADA, 5)
    asked, _ = drive(g.rules.move(ADA, 36, False), "borrow:100")
    assert asked[0].kind == "raise" and "poorhouse" not in asked[0].options
    assert set(asked[0].options) >= {"borrow:100", "borrow:200"}
    assert g.cash(ADA) == 5 + 100 - 21 and g.cash(BEN) == 521
    assert g.rules.state.mortgaged == {LOT[22]}


def test_borrowing_five_dollars_interest_per_note_each_time_wages_are_received() -> None:
    g = table()
    give(g, ADA, LOT[22])
    g.rules.money.bank_loan(ADA, 2)
    g.players[ADA].pos = 36
    drive(g.rules.move(ADA, 4, False))
    assert g.cash(ADA) == 500 + 200 + 100 - 10
    interest = [e for e in g.events if e.kind == "transfer" and e.get("reason") == "interest"]
    assert [e.get("amount") for e in interest] == [10] and interest[0].get("to") == "Bank"


def test_borrowing_repaid_before_passing_mother_earth_saves_the_interest() -> None:
    g = table()
    give(g, ADA, LOT[22])
    g.rules.money.bank_loan(ADA, 1)
    asked, _ = drive(g.rules.money.offer_repayment(ADA), "repay:1")
    assert asked[0].kind == "repay"
    assert g.rules.state.loans == [] and g.rules.state.mortgaged == set() and g.cash(ADA) == 500
    g.players[ADA].pos = 36
    drive(g.rules.move(ADA, 4, False))
    assert g.cash(ADA) == 600     # no interest due


def test_borrowing_player_to_player_loan_on_agreed_terms() -> None:
    g = table()
    give(g, ADA, LOT[5])                   # $50: the Bank will not lend on it
    give(g, BEN, LOT[21])
    set_cash(g, ADA, 0)
    asked, _ = drive(g.rules.move(ADA, 36, False), f"ask:{CY}", "lend:10", "accept")
    assert [d.kind for d in asked] == ["raise", "lend", "loan_terms"]
    assert asked[1].seat == CY and "poorhouse" in asked[0].options
    assert g.cash(CY) == 400 and g.cash(ADA) == 100 - 21
    (loan,) = g.rules.state.loans
    assert loan.lender == CY and loan.interest == 10 and loan.lots == (LOT[5],)
    g.players[ADA].pos = 38
    drive(g.rules.move(ADA, 2, False))     # wages: interest to Cy
    assert g.cash(CY) == 410


def test_borrowing_player_loan_refused_leaves_the_poorhouse() -> None:
    g = table()
    give(g, ADA, LOT[5])
    give(g, BEN, LOT[21])
    set_cash(g, ADA, 0)
    drive(g.rules.move(ADA, 36, False), f"ask:{CY}", "decline", "poorhouse")
    assert g.players[ADA].where == "poorhouse"


# -- Five times around and the end -------------------------------------------------------------

def test_five_times_around_debt_free_player_may_move_either_way() -> None:
    g = table()
    g.players[ADA].circuits = 5
    g.players[ADA].pos = 12
    g.rng = ScriptedDice([1, 2])
    asked, _ = drive(g.rules.take_turn(ADA), "backward", "rent")
    assert asked[0].kind == "direction" and g.players[ADA].pos == 9


def test_five_times_around_no_either_way_while_in_debt() -> None:
    g = table()
    give(g, ADA, LOT[22])
    g.rules.money.bank_loan(ADA, 1)
    g.players[ADA].circuits = 5
    g.rng = ScriptedDice([1, 2])
    asked, _ = drive(g.rules.take_turn(ADA), "keep", "rent")
    assert [d.kind for d in asked] == ["repay", "buy_lot"] and g.players[ADA].pos == 3


def test_five_times_around_no_more_wages() -> None:
    g = table()
    g.players[ADA].circuits = 5
    g.players[ADA].pos = 38
    drive(g.rules.move(ADA, 4, False))   # Bread at 2
    assert g.cash(ADA) == 495 and g.players[ADA].circuits == 5


def test_game_ends_when_the_last_player_passes_mother_earth_the_fifth_time() -> None:
    rs = load_ruleset("magie-1904")
    g = Game(rs, [Landlord(), Tenant(), Landlord(), Tenant()], 5)
    g.run()
    assert g.over and all(pl.circuits == 5 for pl in g.players)
    circuit_events = [e for e in g.events if e.kind == "circuit"]
    last = circuit_events[-1]
    assert last.get("circuits") == 5
    assert g.events[-1].kind == "end" and g.events[-1].turn == last.turn


def test_counting_up_lots_plus_cash_plus_luxuries_times_sixty() -> None:
    g = table()
    give(g, ADA, LOT[3], LOT[9])          # $30 + $90
    g.players[ADA].luxuries = 2
    row = g.results()[ADA]
    assert row.land == 120 and row.total == 120 + 500 + 120


def test_counting_up_decision_outstanding_loans_settled_in_the_count() -> None:
    g = table()
    give(g, ADA, LOT[22])
    g.rules.money.make_loan(BEN, ADA, 1, 5)     # Ben lends Ada $100
    rows = g.results()
    assert rows[ADA].total == 220 + 600 - 100
    assert rows[BEN].total == 400 + 100


# -- Playing without the lot tickets -----------------------------------------------------------

def test_without_lot_tickets_each_player_begins_with_one_hundred_dollars() -> None:
    rs = load_ruleset("magie-1904-no-tickets")
    g = Game(rs, [None] * 3, 2)
    starts = [e.get("amount") for e in g.events if e.get("reason") == "start cash"]
    assert starts == [100, 100, 100]
    assert not any(e.kind == "ticket" for e in g.events)


def test_without_lot_tickets_players_buy_lots_as_they_come_to_them() -> None:
    g = table("magie-1904-no-tickets")
    asked, _ = drive(g.rules.move(ADA, LOT[5], False), "buy")
    assert asked[0].kind == "buy_lot" and g.rules.owner[LOT[5]] == ADA and g.cash(ADA) == 50


def test_without_lot_tickets_number_of_circuits_set_by_the_players() -> None:
    rs = load_ruleset("magie-1904-no-tickets").override(circuits=2)
    g = Game(rs, [Tenant()] * 3, 4)
    g.run()
    assert g.over and all(pl.circuits == 2 for pl in g.players)
