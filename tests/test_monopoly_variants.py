"""Monopoly's short game and time-limit game (overrides of the monopoly ruleset), and the
edition param (classic by default, '2008')."""

from __future__ import annotations

import re

import pytest
from test_monopoly_helpers import always, fresh, own, run, set_cash, stack, three_houses_on_the_dark_blues

from landlord.data.loader import load_ruleset, ruleset_path
from landlord.engine import flows
from landlord.engine.count import ranks
from landlord.engine.game import Game
from landlord.rules.families import FamilyGame
from landlord.rules.monopoly import HOTEL, Monopoly, count
from landlord.runs.simulate import play_one


def test_short_and_time_limit_games_are_overrides_not_copies() -> None:
    """The short and time-limit games extend 'monopoly' and restate only what differs: every
    param they write has another value than the regular game's, but the round cap (its own
    measured bound) and deal_paid (said beside the deal it belongs to)."""
    base = load_ruleset("monopoly")
    for rid in ("monopoly-short", "monopoly-time-limit"):
        rs = load_ruleset(rid)
        assert rs.extends == "monopoly"
        text = ruleset_path(rid).read_text()
        written = set(re.findall(r"^\[params\.(\w+)\]", text, re.M))
        differ = {k for k in rs.params if rs.params[k].value != base.params[k].value}
        assert differ and differ <= written <= differ | {"max_rounds", "deal_paid"}


def test_short_game_two_deeds_dealt_and_paid_for() -> None:
    """SHORT GAME 1: 'the Banker deals, one at a time, two Title Deed cards to each player ...
    Players receiving Title Deed cards must immediately pay the Bank the printed price'."""
    g, r = fresh("monopoly-short")
    for pl in g.players:
        assert len(pl.deeds) == 2
        assert g.cash(pl.seat) == 1500 - sum(r.state.price[i] for i in pl.deeds)
    dealt = [i for pl in g.players for i in pl.deeds]
    assert len(set(dealt)) == 8


def test_a_deal_of_more_deeds_than_the_board_holds_is_refused_in_one_line() -> None:
    """SHORT GAME 1 deals a number of Title Deeds to each player; a ruleset of one's own asking
    12 each for 4 players (48 of the 28 deeds) is refused before play, saying why (found by the
    mutated-ruleset property test: it raised an IndexError)."""
    from landlord.errors import LandlordError
    from landlord.players.characters import make_strategy

    rs = load_ruleset("monopoly-short").override(deal_deeds=12)
    with pytest.raises(LandlordError, match=r"'deal_deeds' deals 12 Title Deeds to each of 4 players, 48 in all, "
                                            r"but the board has 28"):
        FamilyGame(rs, [make_strategy("landlord") for _ in range(4)], 3)


def test_short_game_hotel_after_three_houses() -> None:
    """SHORT GAME 2: 'it is only necessary to have three houses (instead of four) on each lot of
    a complete color-group before the player may buy a hotel.' (DECISION: no fourth house.)"""
    _, r = fresh("monopoly-short")
    three_houses_on_the_dark_blues(r)
    assert r.building.buildable(0) == ["hotel:37", "hotel:39"]
    run(r.building.build(0, "hotel:39"))
    assert r.state.houses[39] == HOTEL and r.state.houses_left == 32 + 3


def test_short_game_hotel_turn_in_value_is_half_its_price_with_three_houses() -> None:
    """SHORT GAME 2: 'The turn-in value of a hotel is still one-half the purchase price, which
    in this game is one house less than in the regular game.' Boardwalk: (3 x 200 + 200) / 2."""
    g, r = fresh("monopoly-short")
    own(r, 0, 37, 39)
    r.state.houses[39] = HOTEL
    r.state.hotels_left -= 1
    before = g.cash(0)
    r.building.sell_buildings(0, 39)
    assert g.cash(0) == before + 400


def _built(r: Monopoly, seat: int, level: int, *lots: int) -> None:
    """Give ``seat`` the lots with ``level`` houses on each (``HOTEL``: a hotel), taken from the
    Bank's stock (no payment: setting up a position)."""
    own(r, seat, *lots)
    for i in lots:
        r.state.stock(0, -1) if level == HOTEL else r.state.stock(-level, 0)
        r.state.houses[i] = level
        r.state.n_built[seat] += 1
        r.state.gbuilt[r.state.gid[i]] += 1


def _second_bankruptcy_near(ruleset: str) -> tuple[Game, Monopoly]:
    """A short game after its first bankruptcy (seat 0, to seat 1), every dealt deed back with
    the Bank, seat 2 holding the dark blues with a hotel on each and a mortgaged Reading
    Railroad, and $10."""
    g, r = fresh(ruleset)
    for pl in g.players:
        for i in list(pl.deeds):
            r.state.give_deed(-1, i)
    set_cash(g, 0, 0)
    run(r.debts.charge(0, 1, 100, flows.RENT, "rent", "test"), always())
    assert g.players[0].out and r.state.bankruptcies == 1 and not r.ended
    _built(r, 2, HOTEL, 37, 39)
    own(r, 2, 5)
    r.state.mortgaged[5] = True
    set_cash(g, 2, 10)
    return g, r


def test_short_game_ends_at_second_bankruptcy_creditor_gets_all_including_buildings() -> None:
    """SHORT GAME 3: 'when the second bankruptcy occurs the game ends. Play immediately ceases
    with the bankrupt player turning over to his creditor all that he has of value, including
    buildings and any other properties'. Seat 2 owes $5,000 rent to seat 3, more than selling
    both hotels and mortgaging everything would raise: he is not made to sell or mortgage, and
    seat 3 receives the dark blues with their hotels standing, the Reading still mortgaged (no
    interest: play has ceased) and the $10."""
    g, r = _second_bankruptcy_near("monopoly-short")
    before = g.cash(3)
    _, asked = run(r.debts.charge(2, 3, 5000, flows.RENT, "rent", "test"), always(raise_cash="sell_all:"))
    assert asked == [] and g.players[2].out and r.ended.startswith("short game")
    assert r.state.owner[37] == r.state.owner[39] == r.state.owner[5] == 3
    assert r.state.houses[37] == r.state.houses[39] == HOTEL and r.state.hotels_left == 12 - 2 and r.state.mortgaged[5]
    assert g.cash(3) == before + 10
    v = count.valuation(r.state, 3)
    assert v.improvements == 2 * (200 + 3 * 200) and v.mortgaged == 100


def test_short_game_second_bankrupt_turns_all_over_to_the_bank_and_nothing_is_auctioned() -> None:
    """SHORT GAME 3: '... including buildings and any other properties-whether the creditor
    happens to be a rival player or the Bank.' (DECISION: the Bank takes the deeds back
    unmortgaged and the buildings into its stock; play has ceased, so no auction.)"""
    g, r = _second_bankruptcy_near("monopoly-short")
    bank = g.ledger.balances[r.state.bank]
    _, asked = run(r.debts.charge(2, r.state.bank, 5000, flows.TAX, "tax", "test"), always(raise_cash="sell_all:"))
    assert asked == [] and g.players[2].out and r.ended.startswith("short game")
    assert r.state.owner[37] == r.state.owner[39] == r.state.owner[5] == -1 and not r.state.mortgaged[5]
    assert r.state.houses[37] == r.state.houses[39] == 0 and (r.state.houses_left, r.state.hotels_left) == (32, 12)
    assert g.ledger.balances[r.state.bank] == bank + 10


def test_short_game_second_debtor_who_can_pay_by_selling_is_not_bankrupt() -> None:
    """BANKRUPTCY: 'A player is bankrupt when he owes more than he can pay' — at the short
    game's second bankruptcy too: seat 2 owes $600, more than mortgaging could raise; selling his
    hotels back (half of $200 + 3 x $200 each) could, so he sells buildings one by one at half
    price ($100 each: both hotels, then four houses) and pays."""
    g, r = _second_bankruptcy_near("monopoly-short")
    before = g.cash(3)
    _, asked = run(r.debts.charge(2, 3, 600, flows.RENT, "rent", "test"), always(raise_cash="sell_house:"))
    assert asked[0].kind == "raise_cash" and not g.players[2].out and not r.ended
    assert g.cash(3) == before + 600 and g.cash(2) == 10 + 6 * 100 - 600


def test_short_game_first_bankruptcy_is_the_regular_one() -> None:
    """SHORT GAME 3: 'The first player to go bankrupt retires from the game as in the regular
    game': his buildings go back to the Bank at half price ('this cash is given to the
    creditor') and the game goes on."""
    g, r = fresh("monopoly-short")
    for i in list(g.players[0].deeds):
        r.state.give_deed(-1, i)
    _built(r, 0, 1, 1, 3)
    set_cash(g, 0, 0)
    before = g.cash(1)
    _, asked = run(r.debts.charge(0, 1, 5000, flows.RENT, "rent", "test"), always(raise_cash="sell_all:"))
    assert asked[0].kind == "raise_cash" and g.players[0].out and not r.ended
    st = r.state
    assert st.owner[1] == st.owner[3] == 1 and st.houses[1] == st.houses[3] == 0 and st.houses_left == 32
    assert g.cash(1) == before + 50 + 60 - 3 - 3  # half the houses, the mortgages; 10% interest


def test_short_game_valuation() -> None:
    """SHORT GAME END: cash; 'lots, utilities and railroads ... at the price printed'; 'mortgaged
    property ... at one-half price'; 'houses, valued at purchase price'; 'hotels, valued at the
    purchase price including the value of the three houses turned in'."""
    g, r = fresh("monopoly-short")
    for i in list(g.players[0].deeds):
        r.state.give_deed(-1, i)
    set_cash(g, 0, 100)
    own(r, 0, 37, 39, 5, 1, 3)
    r.state.mortgaged[5] = True
    r.state.houses[37] = 2
    r.state.houses[39] = HOTEL
    v = count.valuation(r.state, 0)
    assert v.land == 350 + 400 + 100 + 60 + 60
    assert v.improvements == 2 * 200 + (200 + 3 * 200)
    assert v.mortgaged == 200 // 2  # Reading Railroad, printed $200, mortgaged: one-half price
    assert v.total == 100 + 970 + 1200


def test_short_game_richest_player_wins() -> None:
    """SHORT GAME: 'RICHEST PLAYER WINS!' — rank 1 is the highest valuation."""
    rs = load_ruleset("monopoly-short")
    game = play_one(rs, ["landlord", "speculator", "landlord", "speculator"], 3)
    assert game.over and game.rules.state.bankruptcies == 2
    res = game.results()
    best = max(x.total for x in res)
    assert all((k == 1) == (x.total == best) for x, k in zip(res, ranks(res), strict=True))


def test_time_limit_game_deals_two_paid_deeds_and_ends_at_the_limit() -> None:
    """TIME LIMIT GAME: 'agree upon a definite hour of termination richest player then winning
    ... Banker deals two Title Deeds to each player. Players immediately pay the Bank'."""
    g, r = fresh("monopoly-time-limit")
    assert all(len(pl.deeds) == 2 for pl in g.players)
    assert all(g.cash(pl.seat) == 1500 - sum(r.state.price[i] for i in pl.deeds) for pl in g.players)
    rs = load_ruleset("monopoly-time-limit").override(round_limit=7)
    game = play_one(rs, ["tenant"] * 4, 1)
    assert game.round == 7 and game.rules.ended == "time limit"


def test_edition_classic_by_default_and_2008_amounts() -> None:
    """Edition (boards/SOURCES.md section 4): classic amounts by default; '2008' makes Luxury Tax
    $100, Income Tax a flat $200, 'sale of stock' $50 and the birthday card replace Grand Opera."""
    g, r = fresh()
    assert g.p["edition"] == "classic" and r.state.tax_fee[38] == 75
    g8, r8 = fresh(edition="2008")
    assert r8.state.tax_fee[38] == 100 and r8.state.tax_percent[4] == 0
    _, asked = run(r8.land(0, 4, 4, 1))
    assert asked == [] and g8.cash(0) == 1300
    names = [c.name for c in r8.state.decks["community_chest"]]
    assert "birthday" in names and "grand_opera" not in names
    stack(r8, "community_chest", "sale_of_stock")
    run(r8.draw(1, "community_chest", 4))
    assert g8.cash(1) == 1550
    stack(r, "community_chest", "sale_of_stock")
    run(r.draw(1, "community_chest", 4))
    assert g.cash(1) == 1545


def test_metrics_panel_reads_monopoly_counts() -> None:
    """The per-turn panel of the metrics module takes a Monopoly game's counts: deeds as land,
    buildings as improvements, the valuation as net worth."""
    from landlord.analysis import metrics

    game = play_one(load_ruleset("monopoly-short"), ["landlord", "speculator", "landlord", "speculator"], 3, log=True)
    df = metrics.panel(game)
    assert (df["land"] > 0).any() and (df["improvements"] > 0).any()
    last = df[df["turn"] == df["turn"].max()]
    assert sorted(last["net_worth"]) == sorted(r.total for r in game.results())
