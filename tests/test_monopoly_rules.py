"""Monopoly (seed 000): one test per clause of the rules, each named after the clause it checks.

Board facts used (classic US deeds): Mediterranean #1 $60 rent $2, Baltic #3 $60 rent $4,
Oriental #6 / Vermont #8 $100 rent $6, Connecticut #9 $120 rent $8, house $50; Park Place #37
$350 rent $35, Boardwalk #39 $400 rent $50 (houses 200/600/1400/1700, hotel 2000), house $200;
railroads $25/50/100/200; utilities 4x / 10x the dice; Jail #10, Go to Jail #30.
"""

from __future__ import annotations

from test_monopoly_helpers import always, dice, fresh, own, run, set_cash, stack

from landlord.data.loader import load_ruleset
from landlord.data.position import Position
from landlord.engine import flows
from landlord.engine.count import ranks
from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.engine.options import Option
from landlord.engine.rulebook import Play
from landlord.rules.families import FamilyGame
from landlord.rules.monopoly import HOTEL, Monopoly, count


# -- THE PLAY --------------------------------------------------------------------------------
def test_first_player_is_highest_throw_ties_throw_again() -> None:
    """THE PLAY: 'The player with the highest total starts the play' (tied seats throw again)."""
    _g, r = fresh()
    dice(r, (1, 2), (4, 4), (2, 3), (6, 2), (3, 3), (5, 4))
    assert r.first_player([0, 1, 2, 3]) == 3  # 8 vs 8 tie between seats 1 and 3; 6 vs 9


def test_doubles_throw_again() -> None:
    """THE PLAY: 'If a player throws doubles ... Retaining the dice, he throws again'."""
    g, r = fresh()
    dice(r, (3, 3), (1, 2))
    run(r.ordinary(0), always())
    assert g.players[0].pos == 6 + 3


def test_three_doubles_in_succession_go_to_jail() -> None:
    """THE PLAY: 'If a player throws doubles three times in succession, he moves his token
    immediately to the space marked In Jail' — without moving on the third throw."""
    g, r = fresh()
    set_cash(g, 0, 5000)
    dice(r, (1, 1), (2, 2), (3, 3))
    run(r.ordinary(0), always())
    assert g.players[0].jail and g.players[0].pos == 10


def test_turn_passes_to_the_left() -> None:
    """THE PLAY: 'After he has completed his play, the turn to play passes to the left.'"""
    _g, r = fresh()
    first = r.order[0]
    assert r.order == [(first + k) % 4 for k in range(4)]


# -- GO ---------------------------------------------------------------------------------------
def test_go_salary_when_passing() -> None:
    """GO: 'Each time a player's token lands on or passes over GO ... $200 salary' (passing)."""
    g, r = fresh()
    g.players[0].pos = 38
    dice(r, (1, 3))
    before = g.cash(0)
    run(r.advance(0, 5, 5), always())  # 38 + 5 -> 3 (Baltic, unowned: auction, nobody bids)
    assert g.cash(0) == before + 200


def test_go_salary_when_landing() -> None:
    """GO: salary when the token lands on GO by the dice (set up as a position: seat 1 stands
    on Park Place, #37, is to play and throws 1 + 2)."""
    position = Position.from_dict({"turn": 1, "dice": [[1, 2]], "seat": [{"token": "Park Place"}, {}, {}, {}]})
    g = FamilyGame(load_ruleset("monopoly"), [None] * 4, 0, position=position)
    before = g.cash(0)
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (0, "manage")
    g.act("done")
    assert g.players[0].pos == 0 and g.cash(0) == before + 200


def test_go_salary_twice_when_card_sends_to_go_right_after_passing() -> None:
    """GO: 'If a player, passing GO on the throw of the dice, lands 2 spaces beyond it on
    Community Chest ... and draws the card Advance to GO, he collects $200 for passing GO the
    first time and another $200 for reaching it the second time'."""
    g, r = fresh()
    stack(r, "community_chest", "advance_to_go")
    g.players[0].pos = 37
    before = g.cash(0)
    run(r.advance(0, 5, 5), always())
    assert g.players[0].pos == 0 and g.cash(0) == before + 400


# -- BUYING PROPERTY ----------------------------------------------------------------------------
def test_buy_unowned_property_at_printed_price() -> None:
    """BUYING PROPERTY: 'he may buy that property from the Bank at its printed price'."""
    g, r = fresh()
    before = g.cash(0)
    _, asked = run(r.land(0, 39, 7, 1), ["buy"])
    assert asked[0].kind == "buy_deed" and asked[0].amount == 400
    assert r.state.owner[39] == 0 and g.cash(0) == before - 400


def test_declined_property_auctioned_every_player_including_decliner_may_bid() -> None:
    """BUYING PROPERTY: 'it is sold at auction ... Any player, including the one who declined the
    option of buying it at the printed price, may bid.' The decliner wins here."""
    g, r = fresh()
    answers = ["auction", "bid:10", "pass", "pass", "bid:20", "pass"]
    _, asked = run(r.land(0, 39, 7, 1), answers)
    bidders = [d.seat for d in asked if d.kind == "auction_bid"]
    assert set(bidders) == {0, 1, 2, 3}
    assert r.state.owner[39] == 0 and g.cash(0) == 1500 - 20


def test_auction_bidding_may_start_at_any_price() -> None:
    """BUYING PROPERTY: 'Bidding may start at any price' — $1 is a legal opening bid, and the
    winner pays his bid (not the printed price) to the Bank."""
    g, r = fresh()
    _, asked = run(r.land(0, 39, 7, 1), ["auction", "bid:1", "pass", "pass", "pass"])
    first_bid = next(d for d in asked if d.kind == "auction_bid")
    assert "bid:1" in first_bid.options
    assert r.state.owner[39] == 1 and g.cash(1) == 1499


def test_auction_without_bids_leaves_deed_with_bank() -> None:
    """Auction DECISION: if every seat passes without a bid, the deed stays with the Bank."""
    _g, r = fresh()
    run(r.land(0, 39, 7, 1), always())
    assert r.state.owner[39] == -1


def test_bids_must_be_covered_by_cash() -> None:
    """Auction DECISION: a bid must be covered by cash in hand."""
    g, r = fresh()
    set_cash(g, 1, 30)
    _, asked = run(r.land(0, 39, 7, 1), always())
    opts = next(d for d in asked if d.kind == "auction_bid" and d.seat == 1).options
    assert "bid:10" in opts and "bid:50" not in opts


# -- PAYING RENT -------------------------------------------------------------------------------
def test_rent_by_title_deed() -> None:
    """PAYING RENT: 'the owner collects rent from him in accordance with the list printed on the
    Title Deed card'."""
    g, r = fresh()
    own(r, 1, 39)
    run(r.land(0, 39, 7, 1), always())
    assert g.cash(0) == 1450 and g.cash(1) == 1550


def test_double_rent_unimproved_complete_group_even_if_one_mortgaged() -> None:
    """PAYING RENT: double rent for unimproved properties of a complete colour group; 'This rule
    applies to unmortgaged properties even if another property in that color-group is
    mortgaged.'"""
    g, r = fresh()
    own(r, 1, 37, 39)
    r.state.mortgaged[37] = True
    run(r.land(0, 39, 7, 1), always())
    assert g.cash(1) - 1500 == 100


def test_no_rent_on_mortgaged_property() -> None:
    """PAYING RENT: 'If the property is mortgaged, no rent can be collected.'"""
    g, r = fresh()
    own(r, 1, 39)
    r.state.mortgaged[39] = True
    _, asked = run(r.land(0, 39, 7, 1), always())
    assert asked == [] and g.cash(0) == 1500


def test_rent_with_houses_and_hotel() -> None:
    """HOUSES: rents with houses are the deed's ('rents are much higher')."""
    g, r = fresh()
    own(r, 1, 37, 39)
    r.state.houses[39] = 3
    run(r.land(0, 39, 7, 1), always())
    assert g.cash(1) == 1500 + 1400
    r.state.houses[39] = HOTEL
    set_cash(g, 2, 3000)
    run(r.land(2, 39, 7, 1), always())
    assert g.cash(2) == 3000 - 2000


def test_railroad_rent_by_number_owned() -> None:
    """Railroad deeds: $25, $50, $100, $200 for 1-4 railroads owned."""
    g, r = fresh()
    own(r, 1, 5, 15, 25)
    run(r.land(0, 5, 7, 1), always())
    assert g.cash(1) == 1600


def test_utility_rent_four_or_ten_times_dice() -> None:
    """Utility deeds: 4 times the dice with one utility, 10 times with both."""
    g, r = fresh()
    own(r, 1, 12)
    run(r.land(0, 12, 9, 1), always())
    assert g.cash(1) == 1536
    own(r, 1, 28)
    run(r.land(2, 12, 9, 1), always())
    assert g.cash(1) == 1536 + 90


def test_owner_must_ask_for_rent() -> None:
    """PAYING RENT: 'The owner may not collect his rent if he fails to ask for it before the
    second player following throws the dice.' The owner who does not ask gets nothing."""
    g, r = fresh()
    own(r, 1, 39)
    _, asked = run(r.land(0, 39, 7, 1), ["forget"])
    assert asked[0].kind == "ask_rent" and asked[0].seat == 1
    assert g.cash(0) == 1500 and g.cash(1) == 1500


def test_asking_for_rent_is_a_ruleset_option() -> None:
    """rent_must_be_asked = false: rent is collected without a question."""
    g, r = fresh(rent_must_be_asked=False)
    own(r, 1, 39)
    _, asked = run(r.land(0, 39, 7, 1))
    assert asked == [] and g.cash(1) == 1550


def test_rent_collected_while_owner_in_jail() -> None:
    """JAIL: 'Even though he is in Jail, a player may ... collect rents.'"""
    g, r = fresh()
    own(r, 1, 39)
    r.to_jail(1, "test")
    run(r.land(0, 39, 7, 1), always())
    assert g.cash(1) == 1550


# -- CHANCE and COMMUNITY CHEST -----------------------------------------------------------------
def test_cards_taken_from_top_and_returned_to_bottom() -> None:
    """CHANCE and COMMUNITY CHEST: 'he takes the top card ... and returns the card face-down to
    the bottom of the deck.'"""
    g, r = fresh()
    stack(r, "community_chest", "bank_error", "doctors_fee")
    run(r.draw(0, "community_chest", 5), always())
    assert g.cash(0) == 1700
    deck = r.state.decks["community_chest"]
    assert deck[0].name == "doctors_fee" and deck[-1].name == "bank_error" and len(deck) == 16


def test_get_out_of_jail_free_kept_until_used_then_returned_to_bottom() -> None:
    """'The Get Out of Jail Free card is held until used and then returned to the bottom of the
    deck.'"""
    g, r = fresh()
    stack(r, "chance", "get_out_of_jail_free")
    run(r.draw(0, "chance", 5), always())
    assert len(g.players[0].cards) == 1 and len(r.state.decks["chance"]) == 15
    r.to_jail(0, "test")
    dice(r, (1, 2))
    run(r.jail_turn(0), always(jail_exit="card"))
    assert not g.players[0].jail and g.players[0].cards == []
    assert r.state.decks["chance"][-1].name == "get_out_of_jail_free" and len(r.state.decks["chance"]) == 16


def test_get_out_of_jail_free_sellable_to_another_player_at_agreed_price() -> None:
    """'If the player who draws it does not wish to use it he may sell it, at any time, to
    another player at a price agreeable to both.'"""
    g, r = fresh()
    stack(r, "chance", "get_out_of_jail_free")
    run(r.draw(0, "chance", 5), always())
    answers = ["give_card:chance", "want_cash:10", "want_cash:10", "offer", "accept"]
    run(r.market.trade(0, 1), answers)
    assert g.players[0].cards == [] and len(g.players[1].cards) == 1
    assert g.cash(0) == 1520 and g.cash(1) == 1480


def test_chance_nearest_railroad_pays_double() -> None:
    """Chance: 'Move forward to the nearest railroad ... pay the owner double the rent'."""
    g, r = fresh()
    own(r, 1, 15)
    stack(r, "chance", "nearest_railroad")
    g.players[0].pos = 7
    run(r.draw(0, "chance", 5), always())
    assert g.players[0].pos == 15 and g.cash(1) == 1550


def test_chance_nearest_utility_pays_ten_times_a_new_throw() -> None:
    """Chance: nearest utility, owned: 'roll the dice and pay the owner ten times the total'."""
    g, r = fresh()
    own(r, 1, 28)
    stack(r, "chance", "nearest_utility")
    g.players[0].pos = 22
    dice(r, (3, 4))
    run(r.draw(0, "chance", 5), always())
    assert g.players[0].pos == 28 and g.cash(1) == 1570


def test_chance_go_back_three_spaces_no_salary() -> None:
    """Chance: 'Move your token back three spaces' (from Chance #7 to Income Tax #4)."""
    g, r = fresh()
    stack(r, "chance", "go_back_3")
    g.players[0].pos = 7
    run(r.draw(0, "chance", 5), always(income_tax="flat"))
    assert g.players[0].pos == 4 and g.cash(0) == 1300


def test_repairs_card_charges_per_house_and_hotel() -> None:
    """Chance 'general repairs': $25 per house, $100 per hotel."""
    g, r = fresh()
    own(r, 0, 37, 39)
    r.state.houses[37], r.state.houses[39] = 4, HOTEL
    stack(r, "chance", "general_repairs")
    run(r.draw(0, "chance", 5), always())
    assert g.cash(0) == 1500 - 4 * 25 - 100


def test_chairman_card_pays_each_player_and_opera_collects_from_each() -> None:
    """Chance 'chairman of the board': pay every other player $50; Community Chest 'Grand Opera'
    (classic edition): collect $50 from every other player."""
    g, r = fresh()
    stack(r, "chance", "chairman_of_board")
    run(r.draw(0, "chance", 5), always())
    assert [g.cash(s) for s in range(4)] == [1350, 1550, 1550, 1550]
    stack(r, "community_chest", "grand_opera")
    run(r.draw(0, "community_chest", 5), always())
    assert [g.cash(s) for s in range(4)] == [1500, 1500, 1500, 1500]


# -- INCOME TAX ------------------------------------------------------------------------------------
def test_income_tax_200_or_10_percent_of_total_worth_chosen_before_adding_up() -> None:
    """INCOME TAX: '$200 ... or ... 10% of his total worth ... cash on hand, printed prices of
    mortgaged and unmortgaged properties and cost price of all buildings'; 'The player must decide
    which option he will take before he adds up his total worth' — the question shows only $200."""
    g, r = fresh()
    own(r, 0, 37, 39)
    r.state.mortgaged[37] = False
    r.state.houses[37] = 1  # one house on Park Place, cost $200
    set_cash(g, 0, 500)
    _, asked = run(r.land(0, 4, 4, 1), ["percent"])
    assert asked[0].kind == "income_tax" and asked[0].amount == 200
    worth = 500 + 350 + 400 + 200
    assert g.cash(0) == 500 - round(worth / 10)
    g2, r2 = fresh()
    run(r2.land(0, 4, 4, 1), ["flat"])
    assert g2.cash(0) == 1300


def test_luxury_tax_classic_75() -> None:
    """Luxury Tax: $75 in the classic edition (boards/SOURCES.md section 4)."""
    g, r = fresh()
    _, asked = run(r.land(0, 38, 4, 1))
    assert asked == [] and g.cash(0) == 1425


# -- JAIL ------------------------------------------------------------------------------------------
def test_go_to_jail_square_sends_to_jail_without_salary_and_turn_ends() -> None:
    """JAIL: sent by the 'Go to Jail' space; 'he cannot collect $200 salary in that move' and 'A
    player's turn ends when he is sent to Jail' (even after doubles)."""
    g, r = fresh()
    g.players[0].pos = 26
    dice(r, (2, 2))
    run(r.ordinary(0), always())
    pl = g.players[0]
    assert pl.jail and pl.pos == 10 and g.cash(0) == 1500


def test_go_to_jail_card_sends_to_jail_without_salary() -> None:
    """JAIL: (2.) 'he draws a card marked Go to Jail' — straight to Jail, no salary."""
    g, r = fresh()
    stack(r, "chance", "go_to_jail")
    g.players[0].pos = 36
    run(r.draw(0, "chance", 5), always())
    assert g.players[0].jail and g.players[0].pos == 10 and g.cash(0) == 1500


def test_just_visiting_jail_no_penalty() -> None:
    """JAIL: landing on the Jail space in the ordinary course of play is 'Just Visiting'."""
    g, r = fresh()
    g.players[0].pos = 6
    dice(r, (1, 3))
    run(r.ordinary(0), always())
    assert g.players[0].pos == 10 and not g.players[0].jail


def test_out_of_jail_by_doubles_moves_by_that_throw_no_extra_turn() -> None:
    """JAIL (1.): doubles on one of the next three turns: 'he immediately moves forward the
    number of spaces shown by his doubles throw. Even though he has thrown doubles he does not
    take another turn'."""
    g, r = fresh()
    r.to_jail(0, "test")
    dice(r, (3, 3))  # a second throw would fail: no more dice scripted
    run(r.jail_turn(0), always(jail_exit="throw"))
    assert not g.players[0].jail and g.players[0].pos == 16


def test_jail_fine_before_throwing_on_either_of_next_two_turns_only() -> None:
    """JAIL (4.): 'paying a fine of $50 before he rolls the dice on either of his next two
    turns' — offered on the first and second turns, not the third."""
    _g, r = fresh()
    r.to_jail(0, "test")
    dice(r, (1, 2), (1, 2))
    _, a1 = run(r.jail_turn(0), always(jail_exit="throw"))
    _, a2 = run(r.jail_turn(0), always(jail_exit="throw"))
    assert "pay" in a1[0].options and "pay" in a2[0].options
    dice(r, (1, 2))
    _, a3 = run(r.jail_turn(0), always())
    assert all(d.kind != "jail_exit" for d in a3)  # only 'throw' is left: not asked


def test_jail_fine_paid_before_throw_then_ordinary_move() -> None:
    """JAIL (4.): pay $50, then throw and move as usual."""
    g, r = fresh()
    r.to_jail(0, "test")
    dice(r, (1, 2))
    run(r.jail_turn(0), always(jail_exit="pay"))
    assert not g.players[0].jail and g.players[0].pos == 13 and g.cash(0) == 1450


def test_jail_fine_forced_after_third_failed_throw_then_moves() -> None:
    """JAIL: 'If the player does not throw doubles by his third turn he must pay the $50 fine.
    He then gets out of Jail and immediately moves forward the number of spaces shown by his
    throw.'"""
    g, r = fresh()
    r.to_jail(0, "test")
    dice(r, (1, 2), (1, 2), (2, 4))
    for _ in range(3):
        run(r.jail_turn(0), always(jail_exit="throw"))
    assert not g.players[0].jail and g.players[0].pos == 16 and g.cash(0) == 1450


def _jail_turn_with_manage(r: Monopoly, seat: int) -> Play:
    """A turn of a player in Jail as ``Monopoly.play`` plays it: his manage step, then Jail."""
    yield from r.manage.step(seat)
    yield from r.jail_turn(seat)


def test_trading_and_building_while_in_jail() -> None:
    """JAIL: 'Even though he is in Jail, a player may buy or sell property, buy or sell houses
    and hotels' — his manage step is offered before the Jail choice."""
    _g, r = fresh()
    own(r, 0, 37, 39)
    r.to_jail(0, "test")
    dice(r, (1, 2))
    _, asked = run(_jail_turn_with_manage(r, 0), always(manage="house:", jail_exit="throw"))
    assert asked[0].kind == "manage" and any(Option.parse(o).kind == "trade" for o in asked[0].options)
    assert r.state.houses[37] + r.state.houses[39] >= 1


# -- FREE PARKING ---------------------------------------------------------------------------------
def test_free_parking_pays_nothing() -> None:
    """FREE PARKING: 'A player landing on this space does not receive any money, property or
    reward of any kind.' (Fines go to the Bank.)"""
    g, r = fresh()
    run(r.land(0, 4, 4, 1), ["flat"])
    run(r.land(1, 20, 4, 1))
    assert g.cash(1) == 1500 and g.ledger.balance("Free Parking pot") == 0


# -- HOUSES, HOTELS, SHORTAGE ---------------------------------------------------------------------
def test_houses_only_on_complete_colour_group() -> None:
    """HOUSES: 'When a player owns all the properties in a colorgroup he may buy houses'."""
    _g, r = fresh()
    own(r, 0, 37)
    assert r.building.buildable(0) == []
    own(r, 0, 39)
    assert set(r.building.buildable(0)) == {"house:37", "house:39"}


def test_no_houses_while_a_lot_of_the_group_is_mortgaged() -> None:
    """MORTGAGES: 'When all the properties of a color-group are no longer mortgaged the owner
    may begin to buy back houses'."""
    _g, r = fresh()
    own(r, 0, 37, 39)
    r.state.mortgaged[37] = True
    assert r.building.buildable(0) == []


def test_build_evenly() -> None:
    """HOUSES: 'he cannot erect more than one house on any one property of any color-group until
    he has built one house on every property of that group' (and up to four)."""
    g, r = fresh()
    own(r, 0, 37, 39)
    run(r.building.build(0, "house:39"))
    assert r.building.buildable(0) == ["house:37"] and g.cash(0) == 1300
    r.state.houses[37] = r.state.houses[39] = 4
    assert r.building.buildable(0) == ["hotel:37", "hotel:39"]


def test_hotel_after_four_houses_on_each_lot_returns_houses() -> None:
    """HOTELS: 'When a player has four houses on each property of a complete color-group, he may
    buy a hotel ... He returns the four houses from that property to the Bank'."""
    g, r = fresh()
    own(r, 0, 37, 39)
    set_cash(g, 0, 5000)
    for _ in range(4):
        run(r.building.build(0, "house:37"))
        run(r.building.build(0, "house:39"))
    assert r.state.houses_left == 32 - 8
    run(r.building.build(0, "hotel:39"))
    assert r.state.houses[39] == HOTEL and r.state.houses_left == 32 - 4 and r.state.hotels_left == 11
    assert r.building.buildable(0) == ["hotel:37"]


def test_houses_sold_back_evenly_at_half_price() -> None:
    """SELLING PROPERTY: houses sold back 'for one-half the price paid' and 'one by one, evenly,
    in reverse of the manner in which they were erected'."""
    g, r = fresh()
    own(r, 0, 37, 39)
    r.state.houses[37], r.state.houses[39] = 2, 1
    assert [o for o in r.building.sellable(0) if o.startswith("sell_house")] == ["sell_house:37"]
    before = g.cash(0)
    r.building.apply_manage(0, "sell_house:37")
    assert g.cash(0) == before + 100 and r.state.houses[37] == 1


def test_hotels_sold_at_once_or_house_by_house() -> None:
    """SELLING PROPERTY: 'All hotels on one color-group may be sold at once. Or they may be sold
    one house at a time (one hotel equals five houses)'."""
    g, r = fresh()
    own(r, 0, 37, 39)
    r.state.houses[37] = r.state.houses[39] = HOTEL
    r.state.houses_left, r.state.hotels_left = 32, 10
    r.state.n_built[0] = 2
    r.state.gbuilt[r.state.gid[37]] = 2
    before = g.cash(0)
    r.building.apply_manage(0, "sell_house:39")  # hotel -> four houses, half the hotel's price back
    assert r.state.houses[39] == 4 and r.state.houses_left == 28 and g.cash(0) == before + 100
    before = g.cash(0)
    r.building.apply_manage(0, "sell_all:dark_blue")  # the hotel (4 houses + hotel) and 4 houses at once
    assert r.state.houses[37] == r.state.houses[39] == 0 and g.cash(0) == before + 500 + 400
    assert r.state.houses_left == 32 and r.state.hotels_left == 12


def test_supply_of_32_houses_and_12_hotels_shortage_means_waiting() -> None:
    """EQUIPMENT: 32 houses and 12 hotels. BUILDING SHORTAGE: 'When the Bank has no houses to
    sell, players wishing to build must wait'."""
    _g, r = fresh()
    assert (r.state.houses_left, r.state.hotels_left) == (32, 12)
    own(r, 0, 37, 39)
    r.state.houses_left = 0
    assert r.building.buildable(0) == []


def test_shortage_competing_buyers_bid_at_auction() -> None:
    """BUILDING SHORTAGE: 'If there are a limited number of houses ... and two or more players
    wish to buy more than the Bank has, the houses or hotels must be sold at auction to the
    highest bidder.'"""
    g, r = fresh()
    own(r, 0, 37, 39)
    own(r, 1, 1, 3)
    r.state.houses_left = 1
    answers = ["bid:200", "bid:210", "pass", "house:3"]
    _, asked = run(r.building.build(0, "house:39"), answers)
    assert [d.seat for d in asked[:3]] == [0, 1, 0]
    assert asked[3].kind == "place_building" and asked[3].options == ("house:1", "house:3")
    assert r.state.houses_left == 0 and r.state.houses[3] == 1 and r.state.houses[39] == 0
    assert g.cash(1) == 1500 - 210


def test_decision_shortage_auction_sells_no_building_below_its_price() -> None:
    """BUILDING SHORTAGE DECISION: "It sells houses and hotels to the players" (THE BANK), and
    "Bidding may start at any price" is said of properties: a house at a shortage opens at its
    price. Issue 14: "the housing-shortage auction opens at $1, so a scarce house can sell below
    its price." Seat 0 (dark blues, $200 houses) may bid no less than $200; seat 1 (Mediterranean and
    Baltic, $50 houses) no less than $50, and must top a bid already made."""
    def shortage(answers: list[str]) -> tuple[Game, Monopoly, list[Decision]]:
        """Seat 0's house on Boardwalk at a shortage of one house, auctioned with ``answers``."""
        g, r = fresh()
        own(r, 0, 37, 39)
        own(r, 1, 1, 3)
        r.state.houses_left = 1
        _, asked = run(r.building.build(0, "house:39"), answers)
        return g, r, asked

    g, r, asked = shortage(["pass", "bid:50", "house:1"])
    assert min(int(o[4:]) for o in asked[0].options if o != "pass") == 200
    assert min(int(o[4:]) for o in asked[1].options if o != "pass") == 50
    assert r.state.houses[1] == 1 and g.cash(1) == 1500 - 50
    g, r, asked = shortage(["bid:200", "pass", "house:39"])
    assert min(int(o[4:]) for o in asked[1].options if o != "pass") == 201
    assert r.state.houses[39] == 1 and g.cash(0) == 1500 - 200


def test_decision_shortage_rivals_are_those_who_can_pay_the_price() -> None:
    """BUILDING SHORTAGE DECISION: a player whose cash does not cover the house's price does not
    "wish to buy" at the auction: with one rival left there is no auction, the asker builds at
    the printed price."""
    g, r = fresh()
    own(r, 0, 37, 39)
    own(r, 1, 1, 3)
    set_cash(g, 1, 49)
    r.state.houses_left = 1
    _, asked = run(r.building.build(0, "house:39"))
    assert asked == [] and r.state.houses[39] == 1 and g.cash(0) == 1500 - 200


def test_shortage_counted_in_houses_two_players_wish_to_buy_more_than_the_bank_has() -> None:
    """BUILDING SHORTAGE: 'If there are a limited number of houses and hotels available, and two
    or more players wish to buy more than the Bank has, the houses or hotels must be sold at
    auction' — counted in houses, not players: with 3 houses left, seat 0 could buy 7 (dark
    blues, $200 each, $1,500) and seat 1 eight (browns, four a lot), so the house is auctioned
    although there are fewer of them (2) than houses left."""
    g, r = fresh()
    own(r, 0, 37, 39)
    own(r, 1, 1, 3)
    r.state.houses_left = 3
    assert r.building.wanted(0, "house") == 7 and r.building.wanted(1, "house") == 8
    _, asked = run(r.building.build(0, "house:39"), ["bid:200", "pass", "house:39"])
    assert [d.kind for d in asked] == ["auction_bid", "auction_bid", "place_building"]
    assert r.state.houses[39] == 1 and r.state.houses_left == 2 and g.cash(0) == 1300


def test_decision_shortage_none_when_the_players_together_wish_no_more_than_the_bank_has() -> None:
    """BUILDING SHORTAGE DECISION: a player wishes to buy what his cash in hand would put up now
    at the printed prices. Seat 0 can pay for one $200 house, seat 1 for two $50 houses: three
    wished, three in the Bank — no shortage, the asker builds at the printed price."""
    g, r = fresh()
    own(r, 0, 37, 39)
    own(r, 1, 1, 3)
    set_cash(g, 0, 399)
    set_cash(g, 1, 100)
    r.state.houses_left = 3
    _, asked = run(r.building.build(0, "house:39"))
    assert asked == [] and r.state.houses[39] == 1 and g.cash(0) == 199
    r.state.houses_left = 2  # now seat 1's two and seat 0's none: only one player wishes
    _, asked = run(r.building.build(1, "house:1"))
    assert asked == [] and r.state.houses[1] == 1


def test_shortage_of_hotels_counted_in_hotels() -> None:
    """BUILDING SHORTAGE: '... the houses or hotels must be sold at auction': one hotel left,
    two players ready for hotels (dark blues and browns at four houses) — auctioned."""
    _g, r = fresh()
    own(r, 0, 37, 39)
    own(r, 1, 1, 3)
    for i in (37, 39, 1, 3):
        r.state.houses[i] = 4
    r.state.houses_left, r.state.hotels_left = 32 - 16, 1
    assert r.building.wanted(0, "hotel") == 2 and r.building.wanted(1, "hotel") == 2
    _, asked = run(r.building.build(0, "hotel:39"), ["pass", "bid:50", "hotel:1"])
    assert [d.seat for d in asked] == [0, 1, 1] and r.state.houses[1] == HOTEL and r.state.hotels_left == 0


# -- SELLING PROPERTY, TRADES --------------------------------------------------------------------
def test_houses_may_be_sold_back_at_any_time_for_one_half_to_raise_a_price() -> None:
    """SELLING PROPERTY: 'Houses and hotels may be sold back to the Bank at any time for one-half
    the price paid for them. All houses on one color-group must be sold one by one, evenly'. A
    player with $100 and only a built group (Park Place 2 houses, Boardwalk 1) stands on
    Illinois ($240): he may buy it, selling houses back at $100 each, first from Park Place (the
    higher lot: evenly), then either."""
    g, r = fresh()
    own(r, 0, 37, 39)
    r.state.houses[37], r.state.houses[39] = 2, 1
    r.state.n_built[0] = 2
    r.state.gbuilt[r.state.gid[37]] = 2
    r.state.houses_left -= 3
    set_cash(g, 0, 100)
    _, asked = run(r.land(0, 24, 7, 1), ["buy", "sell_house:37", "sell_house:39"])
    assert [d.kind for d in asked] == ["buy_deed", "raise_cash", "raise_cash"]
    assert asked[1].options == ("sell_house:37", "sell_all:dark_blue") and asked[1].amount == 140
    assert set(asked[2].options) == {"sell_house:37", "sell_house:39", "sell_all:dark_blue"}
    st = r.state
    assert st.owner[24] == 0 and st.houses[37] == 1 and st.houses[39] == 0 and g.cash(0) == 100 + 200 - 240


def test_private_sale_only_when_group_has_no_buildings() -> None:
    """SELLING PROPERTY: 'no property can be sold to another player if buildings are standing on
    any properties of that color-group.'"""
    _g, r = fresh()
    own(r, 0, 37, 39, 5)
    run(r.building.build(0, "house:39"))
    assert r.market.tradeable(0) == [5]


def test_no_loans_between_players_cash_alone_cannot_be_traded() -> None:
    """MISCELLANEOUS: 'No player may borrow from or lend money to another player' — an offer of
    cash alone cannot be made."""
    _g, r = fresh()
    _, asked = run(r.market.trade(0, 1), ["pay_cash:100", "cancel"])
    assert "offer" not in asked[1].options


def test_trade_deeds_and_cash_at_agreed_price() -> None:
    """Trading API: the proposer builds the offer item by item; the partner accepts."""
    g, r = fresh()
    own(r, 0, 5)
    own(r, 1, 12)
    run(r.market.trade(0, 1), ["give:5", "take:12", "pay_cash:50", "offer", "accept"])
    assert r.state.owner[5] == 1 and r.state.owner[12] == 0 and g.cash(0) == 1450 and g.cash(1) == 1550


# -- MORTGAGES -----------------------------------------------------------------------------------
def test_mortgage_at_printed_value() -> None:
    """MORTGAGES: 'The mortgage value is printed on each Title Deed card' (Boardwalk $200)."""
    g, r = fresh()
    own(r, 0, 39)
    r.building.apply_manage(0, "mortgage:39")
    assert r.state.mortgaged[39] and g.cash(0) == 1700


def test_improved_property_cannot_be_mortgaged_until_buildings_sold() -> None:
    """MORTGAGES: 'Before an improved property can be mortgaged all the buildings on all the
    properties of its color-group must be sold back'."""
    _g, r = fresh()
    own(r, 0, 37, 39)
    run(r.building.build(0, "house:39"))
    assert r.building.mortgageable(0) == []


def test_mortgage_lifted_at_value_plus_ten_percent() -> None:
    """MORTGAGES: 'the owner must pay the Bank the amount of the mortgage plus 10% interest'."""
    g, r = fresh()
    own(r, 0, 39)
    r.building.apply_manage(0, "mortgage:39")
    r.building.apply_manage(0, "unmortgage:39")
    assert not r.state.mortgaged[39] and g.cash(0) == 1700 - 220


def test_mortgage_interest_rounded_up() -> None:
    """DECISION: 10% of a mortgage is rounded up to the dollar (Park Place $175 -> $18)."""
    _g, r = fresh()
    assert r.state.interest(37) == 18 and r.state.interest(12) == 8 and r.state.interest(39) == 20


def test_mortgaged_property_sold_pays_ten_percent_at_once_and_again_when_lifted() -> None:
    """MORTGAGES: 'If he does not lift the mortgage at once he must pay the Bank 10% interest
    when he buys the property and if he lifts the mortgage later he must pay an additional 10%
    interest as well as the amount of the mortgage'."""
    g, r = fresh()
    own(r, 0, 39)
    r.state.mortgaged[39] = True
    run(r.market.trade(0, 1), ["give:39", "want_cash:100", "offer", "accept", "keep"])
    assert r.state.owner[39] == 1 and g.cash(1) == 1500 - 100 - 20
    r.building.apply_manage(1, "unmortgage:39")
    assert g.cash(1) == 1500 - 100 - 20 - 220


def test_mortgaged_property_may_be_lifted_at_once_on_transfer() -> None:
    """MORTGAGES: 'The new owner may lift the mortgage at once ... by paying off the mortgage plus
    10% interest' (once only)."""
    g, r = fresh()
    own(r, 0, 39)
    r.state.mortgaged[39] = True
    run(r.market.trade(0, 1), ["give:39", "offer", "accept", "lift"])
    assert not r.state.mortgaged[39] and g.cash(1) == 1500 - 220


# -- BANKRUPTCY ----------------------------------------------------------------------------------
def test_bankrupt_to_player_buildings_half_price_cash_property_to_creditor_who_pays_interest() -> None:
    """BANKRUPTCY to a player: buildings back to the Bank at half price, 'this cash is given to
    the creditor'; all property to the creditor, who 'must at once pay the Bank the amount of
    interest on the loan, which is 10%'."""
    g, r = fresh()
    own(r, 0, 1, 3, 39)
    r.state.mortgaged[39] = True
    run(r.building.build(0, "house:1"))
    run(r.building.build(0, "house:3"))
    set_cash(g, 0, 10)
    own(r, 1, 37)
    r.state.houses[37] = 0
    # seat 0 owes 5000 rent to seat 1: sells houses (+50), mortgages the browns (+60), bankrupt
    run(r.debts.charge(0, 1, 5000, flows.RENT, "rent", "test"), always(raise_cash="sell_all:", lift_mortgage="keep"))
    assert g.players[0].out
    assert all(r.state.owner[i] == 1 for i in (1, 3, 39))
    assert r.state.houses[1] == r.state.houses[3] == 0 and r.state.houses_left == 32
    assert g.cash(1) == 1500 + 10 + 50 + 60 - 3 - 3 - 20  # all his cash; 10% on each mortgaged deed


def test_bankrupt_to_bank_property_auctioned_except_buildings() -> None:
    """BANKRUPTCY to the Bank: 'he must turn over all his assets to the Bank. In this case, the
    Bank immediately sells by auction all property so taken, except buildings.'"""
    g, r = fresh()
    own(r, 0, 39)
    r.state.mortgaged[39] = True
    set_cash(g, 0, 10)
    _, asked = run(r.debts.charge(0, r.state.bank, 200, flows.TAX, "tax", "test"), ["bid:100", "pass", "pass"])
    assert g.players[0].out and asked[0].kind == "auction_bid" and asked[0].space == 39
    assert r.state.owner[39] == 1 and not r.state.mortgaged[39] and g.cash(1) == 1400


def test_last_player_left_wins() -> None:
    """BANKRUPTCY: 'A bankrupt player must immediately retire from the game. The last player left
    in the game wins.'"""
    g, r = fresh(n=2)
    set_cash(g, 0, 0)
    run(r.debts.charge(0, 1, 100, flows.RENT, "rent", "test"))
    assert r.ended == "last player left"
    res = g.results()
    assert ranks(res)[1] == 1 and res[0].where == "bankrupt"


def test_whole_games_end_and_conserve_money() -> None:
    """The whole game runs with bots to an end, every coin accounted for."""
    from landlord.runs.simulate import play_one

    for seed in range(5):
        game = play_one(fresh()[0].ruleset, ["landlord", "speculator", "tenant", "random"], seed)
        assert game.over and game.ledger.total() == 0


def test_out_of_jail_by_buying_the_card_from_another_player_and_playing_it() -> None:
    """JAIL (3.): 'purchasing the Get Out of Jail Free card from another player and playing it'
    — a trade in his manage step, then the card."""
    g, r = fresh()
    stack(r, "community_chest", "get_out_of_jail_free")
    run(r.draw(1, "community_chest", 4))
    r.to_jail(0, "test")
    dice(r, (2, 3))
    answers = ["trade:1", "take_card:community_chest", "pay_cash:50", "offer", "accept", "done", "card",
               "auction", "pass", "pass", "pass", "pass"]
    run(_jail_turn_with_manage(r, 0), answers)
    assert not g.players[0].jail and g.players[0].pos == 15
    assert g.cash(1) == 1550 and r.state.decks["community_chest"][-1].name == "get_out_of_jail_free"


def test_manage_menu_left_with_back_is_closed_for_the_turn() -> None:
    """Manage DECISION: a menu left with 'back' is not offered again in the same step, so the
    step always ends (a seat cannot loop between a menu and 'back')."""
    _g, r = fresh()
    own(r, 0, 39)
    _, asked = run(r.manage.step(0), ["mortgage", "back", "done"])
    assert "mortgage" in asked[0].options and "mortgage" not in asked[2].options
    assert not r.state.mortgaged[39]


# -- the kit's decisions where the rules are silent ----------------------------------------------
def test_decision_round_cap_ends_a_game_and_counts_it_like_the_short_game() -> None:
    """DECISION: max_rounds (kit_decision) ends a game still running; it is counted by the short
    game's valuation, richest first."""
    from landlord.runs.simulate import play_one

    rs = fresh()[0].ruleset.override(max_rounds=3)
    game = play_one(rs, ["tenant"] * 4, 2)
    assert game.rules.ended == "round cap" and game.round == 3
    assert game.results() == [count.valuation(game.rules.state, s) for s in range(4)]


def test_decision_deal_starts_with_the_banker_and_goes_round() -> None:
    """DECISION: dealt deeds go one at a time from the Banker's seat (seat 0) round the table."""
    g, _ = fresh("monopoly-short")
    seats = [e.seat for e in g.events if e.kind == "deal"]
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]


def test_decision_price_not_raisable_by_selling_and_mortgaging_the_deed_is_auctioned() -> None:
    """DECISION: a player who cannot raise the printed price even by selling every building back
    and mortgaging every property is not asked to buy; the deed is auctioned."""
    g, r = fresh()
    set_cash(g, 0, 339)
    own(r, 0, 1, 3)
    r.state.houses[1] = 1
    r.state.n_built[0] = 1
    r.state.gbuilt[r.state.gid[1]] = 1
    r.state.houses_left -= 1
    # Boardwalk $400: 339 + $25 (the house back at half) + $60 (both browns mortgaged) = 424
    _, asked = run(r.land(0, 39, 7, 1), always())
    assert asked[0].kind == "buy_deed"
    set_cash(g, 0, 314)  # 314 + 25 + 60 = 399 < 400
    _, asked = run(r.land(0, 39, 7, 1), always())
    assert asked[0].kind == "auction_bid"


def test_unimproved_properties_can_be_mortgaged_at_any_time_to_buy_the_one_stood_on() -> None:
    """MORTGAGES: "Unimproved properties can be mortgaged through the Bank at any time." Issue 14:
    "a player short of cash cannot mortgage to buy the property he stands on". A player $40
    short of Boardwalk's $400 mortgages Oriental ($50) to buy it: asked only for mortgages, he
    then pays the printed price to the Bank and holds the deed."""
    g, r = fresh()
    set_cash(g, 0, 360)
    own(r, 0, 6, 37)
    _, asked = run(r.land(0, 39, 7, 1), ["buy", "mortgage:6"])
    assert [d.kind for d in asked] == ["buy_deed", "raise_cash"]
    assert asked[1].options == ("mortgage:6", "mortgage:37") and asked[1].amount == 40
    assert r.state.mortgaged[6] and not r.state.mortgaged[37]
    assert r.state.owner[39] == 0 and g.cash(0) == 360 + 50 - 400


def test_decision_pay_each_player_seat_by_seat_bankrupt_to_the_unpaid() -> None:
    """DECISION: 'pay each player $50' is paid in turn order; he is bankrupt to the first player
    he cannot pay, and the rest get nothing."""
    g, r = fresh()
    set_cash(g, 0, 70)
    stack(r, "chance", "chairman_of_board")
    run(r.draw(0, "chance", 5), always())
    assert g.players[0].out
    assert [g.cash(s) for s in (1, 2, 3)] == [1550, 1520, 1500]


def test_decision_ten_percent_of_worth_rounded_halves_up() -> None:
    """DECISION: 10% of total worth is rounded to the nearest dollar, halves up ($1,505 -> $151)."""
    g, r = fresh()
    set_cash(g, 0, 1505)
    run(r.land(0, 4, 4, 1), ["percent"])
    assert g.cash(0) == 1505 - 151


def test_decision_after_paying_out_of_jail_doubles_throw_again() -> None:
    """DECISION: after the fine (or a card) the turn is an ordinary one: doubles throw again."""
    g, r = fresh()
    r.to_jail(0, "test")
    dice(r, (3, 3), (1, 2))
    run(r.jail_turn(0), always(jail_exit="pay"))
    assert g.players[0].pos == 10 + 6 + 3


def test_decision_raising_money_offers_only_selling_buildings_and_mortgaging() -> None:
    """DECISION: a player short of cash may sell buildings back and mortgage (trades wait for his
    manage step)."""
    g, r = fresh()
    own(r, 0, 37, 39, 5)
    run(r.building.build(0, "house:39"))
    set_cash(g, 0, 0)
    _, asked = run(r.debts.charge(0, 1, 50, flows.RENT, "rent", "test"), always(raise_cash="mortgage:"))
    opts = asked[0].options
    assert asked[0].kind == "raise_cash"
    assert all(o.startswith(("sell_house:", "sell_all:", "mortgage:")) for o in opts)
    assert "mortgage:5" in opts and "mortgage:37" not in opts
