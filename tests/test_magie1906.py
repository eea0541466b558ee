"""Clause tests of the 1906 monopolist rules 1-12, the advanced rules, scoring, the board data,
the reconstructed rules and the Monarch of the World. Expected values come from the 1906 rule
sheet (quoted in landlord/rules/magie1906/) and the board CSV, not from the code's output."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from conftest import drive_then_first, set_cash, transfers
from magie1906_helpers import FixedDice, give, table

from landlord.data.loader import load_board, load_ruleset
from landlord.engine.count import ranks
from landlord.engine.narrate import transcript
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.rules.magie1906 import JAIL, NATURAL, POOR, TRACK, Mortgage, landings
from landlord.runs.simulate import play_one

CSV = Path(__file__).resolve().parent / "reference" / "landlords_game_1906_board.csv"
BOARD = load_board("landlords-game-1906")
WAYBACK, FUEL, LONELY, HOGG, ROYAL, PIKE, FARM, SPEC = 1, 2, 3, 4, 5, 6, 7, 8
SOAKUM, SHOOTING, CENTRAL, CHANCE_A, GEE, SLAMBANG = 13, 15, 20, 22, 25, 27
BLUEBLOOD, PDQ, CHANCE_B, LUXURY = 30, 35, 37, 39


# -- the board data -----------------------------------------------------------------------
def test_board_matches_the_reference_csv_with_its_provenance() -> None:
    """Every track space's price, rent, fee and provenance is the CSV's (SOURCES.md section 2)."""
    rows = [r for r in csv.DictReader(CSV.open()) if r["index"].isdigit()]
    assert len(rows) == len(BOARD) == 40
    for r in rows:
        s = BOARD.spaces[int(r["index"])]
        assert s.price == int(r["sale_price"] or 0), s.name
        assert s.rent == int(r["land_rent"] or 0), s.name
        assert s.fee == int(r["fee_or_tax"] or 0), s.name
        assert s.provenance == r["source_confidence"], s.name


def test_board_marks_its_inferences_and_reconstructions() -> None:
    """Wayback's $2 rent and the Shelter tax at the Jail corner are inferences; the four
    Natural Opportunity inner corners are reconstructed (names, wages, rents not found)."""
    assert BOARD.spaces[WAYBACK].rent == 2 and BOARD.spaces[WAYBACK].provenance == "reconstructed_inference"
    assert BOARD.spaces[10].provenance == "reconstructed_inference"
    naturals = [a for a in BOARD.annexes if a.kind == "natural_opportunity"]
    assert sorted(a.beside for a in naturals) == [0, 10, 20, 30]
    assert all(a.provenance == "reconstructed" for a in naturals)


def test_land_rent_tiers_each_used_by_two_lots() -> None:
    """Advanced rules' Land Rent Table: base rents $2..$22; with Wayback at $2 each tier is used
    by exactly two of the 22 lots (the inference SOURCES.md gives for Wayback)."""
    rents = sorted(s.rent for s in BOARD.spaces if s.kind == "lot")
    assert rents == sorted(list(range(2, 23, 2)) * 2)


# -- set-up and rule 1 --------------------------------------------------------------------
@pytest.mark.parametrize(("players", "cash"), [(2, 600), (3, 500), (4, 400)])
def test_start_cash_by_player_count(players: int, cash: int) -> None:
    """"if there are two players, each ... $600; if three players, each $500; if four, $400"."""
    g = table(players=players)
    starts = [t for t in transfers(g, "start cash")]
    assert [t[2] for t in starts] == [cash] * players


def test_rule_1_deal_24_green_cards_bought_at_printed_price_into_the_treasury() -> None:
    """Rule 1: green cards (deeds, franchise charters, the broker's licence, and the railroads'
    cards) are dealt one around until 24 are dealt; bought cards are paid at the printed price
    into the Public Treasury; cards not bought go back to the pack."""
    g = FamilyGame(load_ruleset("magie-1906"), [None] * 4, 5)
    dealt = [e for e in g.events or [] if e.kind == "dealt"]
    assert len(dealt) == 24
    assert len({e.get("space") for e in dealt}) == 24
    green = [s for s in BOARD.spaces if s.kind in ("lot", "railroad", "franchise", "speculation")]
    assert len(green) == 22 + 4 + 2 + 1
    # one around to the left: seat k of the order receives cards k, k+4, ...
    order = [e.seat for e in dealt]
    assert order[:4] == order[4:8] and len(set(order[:4])) == 4
    # buy the first card offered, return the second
    first, second = g.pending, None
    assert first is not None and first.kind == "ticket"
    price = BOARD.spaces[first.space].price
    treasury = g.ledger.balance("Public Treasury")
    g.act("buy")
    assert g.ledger.balance("Public Treasury") == treasury + price
    assert g.rules.owner[first.space] == first.seat  # type: ignore[attr-defined]
    second = g.pending
    assert second is not None
    g.act("return")
    assert g.rules.owner[second.space] == -1  # type: ignore[attr-defined]


# -- rule 2: moving -----------------------------------------------------------------------
def test_rule_2_either_way_between_the_chances() -> None:
    """Rule 2: "If a player is on any of the spaces between the Chances he may move in either
    direction." DECISION: strictly between (23-36), not on the Chance spaces."""
    g = table()
    r = g.rules
    assert r.state.between == frozenset(range(CHANCE_A + 1, CHANCE_B))  # type: ignore[attr-defined]
    pl = g.players[0]
    set_cash(g, 0, 1000)
    pl.pos = 28
    FixedDice(g, (2, 1))
    asked, _ = drive_then_first(r.throw_and_move(0), "backward")  # type: ignore[attr-defined]
    assert asked[0].kind == "direction" and pl.pos == 25  # Gee Whiz, three spaces back
    pl.pos, pl.place = CHANCE_A, TRACK
    FixedDice(g, (2, 1))
    asked, _ = drive_then_first(r.throw_and_move(0))  # type: ignore[attr-defined]
    assert all(d.kind != "direction" for d in asked) and pl.pos == CHANCE_A + 3


def test_rule_3_wages_on_reaching_or_passing_mother_earth() -> None:
    """Rule 3: "When a player reaches or passes the beginning point, MOTHER EARTH ... $100"."""
    g = table()
    r = g.rules
    pl = g.players[1]
    for start, steps in ((36, 4), (38, 5), (1, 5)):  # reaches, passes, does neither
        pl.pos, pl.place = start, TRACK
        drive_then_first(r.move(1, steps))  # type: ignore[attr-defined]
    assert pl.circuits == 2
    wages = [t for t in transfers(g, "wages") if t[1] == "Player 2"]
    assert [w[2] for w in wages] == [100, 100]


# -- rule 4 and the advanced tax table -----------------------------------------------------
@pytest.mark.parametrize(("houses", "tax"), [(0, 10), (9, 10), (10, 20), (24, 20), (25, 40), (40, 40)])
def test_rule_4_necessity_tax_doubles_at_10_and_25_houses(houses: int, tax: int) -> None:
    """Rule 4: $10 into the Public Treasury; Tax Table: $20 at ten houses, $40 at 25 or more."""
    g = table()
    r = g.rules
    lots = [s.index for s in BOARD.spaces if s.kind == "lot"]
    for k in range(houses):
        r.state.houses[lots[k % len(lots)]] += 1  # type: ignore[attr-defined]
    set_cash(g, 2, 500)
    t0 = g.ledger.balance("Public Treasury")
    drive_then_first(r.land(2, FUEL))  # type: ignore[attr-defined]
    assert g.ledger.balance("Public Treasury") - t0 == tax


def test_advanced_rules_are_on_by_default_as_a_kit_decision_the_sheet_suggests() -> None:
    """Advanced rules: "it is suggested that in order to arrive more quickly at a decisive point,
    the following rules be observed": on in magie-1906, its provenance a kit decision (the sheet
    leaves them to the players), the source saying so and naming how to turn them off."""
    param = load_ruleset("magie-1906").params["advanced_rules"]
    assert param.value is True and param.provenance == "kit_decision"
    assert "On by default, a kit decision" in param.source
    assert "arrive more quickly at a decisive point" in param.source
    assert "advanced_rules = false" in param.source


def test_the_rulesets_cite_only_rulesets_boards_and_decks_that_exist() -> None:
    """Provenance: a ruleset's data names only rulesets, boards and decks the kit has (the 1906
    data once said "magie-1906-basic turns them off", a ruleset that never existed)."""
    import re

    data = Path(__file__).resolve().parents[1] / "data"
    known = {f.stem for f in data.glob("*/*.toml")}
    for f in sorted((data / "rulesets").glob("*.toml")):
        words = {w.strip("-.,;:'()") for w in re.findall(r"[\w./'-]+", f.read_text(encoding="utf-8"))}
        cited = {w for w in words if re.fullmatch(r"(magie|monopoly|mucker|british)-[a-z0-9-]+", w)}
        assert cited <= known, (f.name, sorted(cited - known))


def test_the_ordinary_rules_alone_from_a_scenario_override() -> None:
    """The ordinary rules ("Under the ordinary rules, however, two or three sittings would
    probably be necessary") are ``advanced_rules = false`` in a scenario's overrides: the tax
    stays $10 however many houses stand."""
    from landlord.runs.scenario import scenario_from_text

    sc = scenario_from_text('[scenario]\nruleset = "magie-1906"\ngames = 1\nseed = 1\n'
                            '[overrides]\nadvanced_rules = false\n')
    rs = sc.cells[0].resolve()
    assert rs.params["advanced_rules"].value is False
    g = FamilyGame(rs, [None] * 4, 1)
    g.rules.state.houses[PIKE] = 3  # type: ignore[attr-defined]
    g.rules.state.houses[FARM] = 3  # type: ignore[attr-defined]
    g.rules.state.houses[LONELY] = 3  # type: ignore[attr-defined]
    g.rules.state.houses[WAYBACK] = 3  # type: ignore[attr-defined]
    assert g.rules.pays.necessity_tax(FUEL) == 10  # type: ignore[attr-defined]


def test_basic_rules_keep_the_tax_at_10() -> None:
    """Without the advanced rules the tax stays $10 whatever is built."""
    g = table(advanced_rules=False)
    g.rules.state.houses[PIKE] = 3  # type: ignore[attr-defined]
    g.rules.state.houses[FARM] = 3  # type: ignore[attr-defined]
    assert g.rules.pays.necessity_tax(FUEL) == 10  # type: ignore[attr-defined]


# -- rules 5 and 6: trespass and jail ------------------------------------------------------
@pytest.mark.parametrize("estate", [HOGG, BLUEBLOOD])
def test_rule_5_trespass_on_the_estates_sends_to_jail(estate: int) -> None:
    """Rule 5: Hogg's Game Preserves and Lord Blueblood's Estate: "trespassing ... JAIL"."""
    g = table()
    drive_then_first(g.rules.land(0, estate))  # type: ignore[attr-defined]
    assert g.players[0].place == JAIL and g.players[0].pos == 10


def test_rule_6_jail_fine_or_double_and_count_from_shelter() -> None:
    """Rule 6: out by paying $50 into the Public Treasury, or by a double; count the move from
    the space in front of the jail (Shelter, index 10)."""
    g = table()
    r = g.rules
    pl = g.players[0]
    set_cash(g, 0, 300)
    r.to_jail(0)  # type: ignore[attr-defined]
    FixedDice(g, (1, 2))
    t0 = g.ledger.balance("Public Treasury")
    drive_then_first(r.jail_turn(0), "pay")  # type: ignore[attr-defined]
    assert g.ledger.balance("Public Treasury") - t0 >= 50 and pl.place == TRACK and pl.pos == 13
    r.to_jail(0)  # type: ignore[attr-defined]
    FixedDice(g, (3, 3))
    drive_then_first(r.jail_turn(0), "throw")  # type: ignore[attr-defined]
    assert pl.place == TRACK and pl.pos == 16
    r.to_jail(0)  # type: ignore[attr-defined]
    FixedDice(g, (3, 4))
    drive_then_first(r.jail_turn(0), "throw")  # type: ignore[attr-defined]
    assert pl.place == JAIL and pl.jail_missed == 1


def test_rule_6_no_more_than_three_missed_turns_when_he_can_raise_the_fine() -> None:
    """Rule 6: "He cannot, however, miss more than three turns if he has sufficient property on
    which to realize the amount of his fine." DECISION: on the fourth turn he must pay, raising
    the fine by mortgage if need be; without property he may stay on."""
    g = table()
    r = g.rules
    pl = g.players[0]
    set_cash(g, 0, 0)
    give(g, 0, BLUEBLOOD + 1, 33)  # Broadway and Madison Square ($100 each)
    r.to_jail(0)  # type: ignore[attr-defined]
    FixedDice(g, (1, 2), (1, 3), (2, 4))
    for _ in range(3):
        drive_then_first(r.jail_turn(0))  # type: ignore[attr-defined]
    assert pl.jail_missed == 3 and pl.place == JAIL
    FixedDice(g, (1, 2))
    asked, _ = drive_then_first(r.jail_turn(0))  # type: ignore[attr-defined]
    assert [d.kind for d in asked][:1] == ["shortfall"]
    assert pl.place != JAIL and any(m.seat == 0 for m in r.state.mortgages)  # type: ignore[attr-defined]
    # a player with nothing to raise it on may miss a fourth turn
    g2 = table()
    set_cash(g2, 1, 0)
    g2.rules.to_jail(1)  # type: ignore[attr-defined]
    g2.players[1].jail_missed = 3
    FixedDice(g2, (1, 2))
    drive_then_first(g2.rules.jail_turn(1))  # type: ignore[attr-defined]
    assert g2.players[1].place == JAIL and g2.players[1].jail_missed == 4


# -- rule 7: land rent and bidding ---------------------------------------------------------
def test_rule_7_rent_to_the_owner_and_nothing_on_ones_own_lot() -> None:
    """Rule 7: rent to the owner; "If he stops upon one of his own lots he pays nothing."."""
    g = table()
    give(g, 1, PIKE)
    set_cash(g, 0, 100)
    set_cash(g, 1, 100)
    drive_then_first(g.rules.land(0, PIKE))  # type: ignore[attr-defined]
    assert (g.cash(0), g.cash(1)) == (96, 104)
    drive_then_first(g.rules.land(1, PIKE))  # type: ignore[attr-defined]
    assert g.cash(1) == 104


def test_rule_7_lander_may_match_the_highest_bid() -> None:
    """Rule 7: "If the player who has stopped upon it is willing to pay the highest price bid,
    he has the first option." The price goes into the Public Treasury."""
    g = table()
    for s in range(4):
        set_cash(g, s, 300)
    t0 = g.ledger.balance("Public Treasury")
    asked, _ = drive_then_first(g.rules.land(0, PIKE), "bid:30", "pass", "pass", "buy")  # type: ignore[attr-defined]
    assert [d.kind for d in asked] == ["bid", "bid", "bid", "buy"]
    assert asked[-1].amount == 30 and g.rules.owner[PIKE] == 0  # type: ignore[attr-defined]
    assert g.cash(0) == 270 and g.ledger.balance("Public Treasury") - t0 == 30


def test_rule_7_highest_bidder_buys_and_the_lander_pays_him_rent() -> None:
    """Rule 7: "then the player bidding the highest price must take the lot at the price he has
    bid ... the first player pays the land rent to the purchaser."." (The bids go round until
    nobody raises: the first bidder is asked again after the second's raise.)"""
    g = table()
    for s in range(4):
        set_cash(g, s, 300)
    drive_then_first(g.rules.land(0, PIKE), "bid:30", "bid:40", "pass", "pass", "decline")  # type: ignore[attr-defined]
    assert g.rules.owner[PIKE] == 2  # type: ignore[attr-defined]
    assert g.cash(2) == 300 - 40 + 4 and g.cash(0) == 296


def test_rule_7_unsold_lot_rent_to_the_treasury() -> None:
    """Rule 7: "If no player buys it the land rent is paid into the PUBLIC TREASURY."."""
    g = table()
    for s in range(4):
        set_cash(g, s, 300)
    t0 = g.ledger.balance("Public Treasury")
    drive_then_first(g.rules.land(0, FARM), "pass", "pass", "pass", "decline")  # type: ignore[attr-defined]
    assert g.rules.owner[FARM] == -1 and g.ledger.balance("Public Treasury") - t0 == 4  # type: ignore[attr-defined]


# -- rule 8: speculation ------------------------------------------------------------------
def test_rule_8_may_refuse_to_move_onto_speculation() -> None:
    """Rule 8: "he may refuse to move -- remaining where he is"."""
    g = table()
    g.players[0].pos = 5
    drive_then_first(g.rules.move(0, 3), "stay")  # type: ignore[attr-defined]
    assert g.players[0].pos == 5


@pytest.mark.parametrize(("dice", "win"), [((6, 6), 100), ((1, 1), 100), ((2, 2), 100), ((5, 6), 90),
                                           ((4, 6), 80), ((4, 5), 70), ((2, 6), 60), ((3, 4), 50),
                                           ((1, 5), 40), ((1, 4), 30)])
def test_rule_8_speculation_payout_table_and_broker_commission(dice: tuple[int, int], win: int) -> None:
    """Rule 8: $10 ante to the Broker, then: double $100, 11 $90, 10 $80, 9 $70, 8 $60, 7 $50,
    6 $40, 5 $30, 10 percent of winnings to the Broker. DECISION: 2+2 is a double."""
    g = table()
    give(g, 1, SPEC)
    set_cash(g, 0, 100)
    set_cash(g, 1, 100)
    FixedDice(g, dice)
    drive_then_first(landings.speculate(g.rules, 0, SPEC))  # type: ignore[arg-type]
    assert g.cash(0) == 100 - 10 + win - win // 10
    assert g.cash(1) == 100 + 10 + win // 10


@pytest.mark.parametrize("dice", [(1, 2), (1, 3)])
def test_rule_8_skin_game_broker_to_jail_card_to_pack(dice: tuple[int, int]) -> None:
    """Rule 8: "If a 3 or 4 is thrown ... the speculator wins nothing, and the Broker ... goes to
    JAIL and the card is returned to the pack."."""
    g = table()
    give(g, 1, SPEC)
    set_cash(g, 0, 100)
    FixedDice(g, dice)
    drive_then_first(landings.speculate(g.rules, 0, SPEC))  # type: ignore[arg-type]
    assert g.cash(0) == 90
    assert g.players[1].place == JAIL and g.rules.owner[SPEC] == -1  # type: ignore[attr-defined]
    assert SPEC not in g.players[1].cards


def test_rule_8_ante_to_the_pile_when_nobody_holds_the_licence() -> None:
    """Rule 8: "if the card is purchased by no one at this time, he pays the 'ante' into the
    MISCELLANEOUS pile"; the 10 percent then goes there too."""
    g = table()
    for s in range(4):
        set_cash(g, s, 20)
    bank = g.ledger.balance("Bank")
    FixedDice(g, (3, 4))
    drive_then_first(landings.speculate(g.rules, 0, SPEC), "decline")  # type: ignore[arg-type]
    assert g.cash(0) == 20 - 10 + 50 - 5
    assert g.ledger.balance("Bank") == bank + 10 - 50 + 5


# -- rule 9: franchises, railroads, the cinch and the Trust --------------------------------
def test_rule_9_franchise_5_and_municipal_cinch_25() -> None:
    """Rule 9: $5 to the owner; both franchises in one hand: "$25 instead of $5"."""
    g = table()
    give(g, 1, SOAKUM)
    set_cash(g, 0, 100)
    drive_then_first(g.rules.land(0, SOAKUM))  # type: ignore[attr-defined]
    assert g.cash(0) == 95
    give(g, 1, SLAMBANG)
    drive_then_first(g.rules.land(0, SLAMBANG))  # type: ignore[attr-defined]
    assert g.cash(0) == 70


@pytest.mark.parametrize(("held", "fare"), [(1, 5), (2, 10), (3, 20), (4, 50)])
def test_rule_9_railroad_monopoly_fares(held: int, fare: int) -> None:
    """Rule 9, MONOPOLY: "If one player owns 2 railroads, he charges $10 fare; if 3, ... $20;
    4, $50."."""
    g = table()
    give(g, 1, *[ROYAL, SHOOTING, GEE, PDQ][:held])
    set_cash(g, 0, 100)
    drive_then_first(g.rules.land(0, ROYAL))  # type: ignore[attr-defined]
    assert g.cash(0) == 100 - fare


def test_rule_9_trust_of_two_holders_charges_40_divided() -> None:
    """Rule 9, TRUST: two players holding every railroad may pool them, "charging the other
    players $40 for each RAILROAD space and dividing profits". DECISION: members ride free."""
    g = table()
    r = g.rules
    give(g, 1, ROYAL, SHOOTING)
    give(g, 2, GEE, PDQ)
    r.state.check_trust_pending = True  # type: ignore[attr-defined]
    asked, _ = drive_then_first(r.market.offer_trust(), "form", "form")  # type: ignore[attr-defined]
    assert [d.seat for d in asked] == [1, 2] and r.state.trust == (1, 2)  # type: ignore[attr-defined]
    for s in range(4):
        set_cash(g, s, 100)
    drive_then_first(r.land(0, GEE))  # type: ignore[attr-defined]
    assert (g.cash(0), g.cash(1), g.cash(2)) == (60, 120, 120)
    drive_then_first(r.land(1, PDQ))  # type: ignore[attr-defined]
    assert g.cash(1) == 120


def test_rule_9_trust_needs_both() -> None:
    """Rule 9, TRUST: a Trust is formed only if both holders pool their interests."""
    g = table()
    give(g, 1, ROYAL, SHOOTING, GEE)
    give(g, 2, PDQ)
    g.rules.state.check_trust_pending = True  # type: ignore[attr-defined]
    drive_then_first(g.rules.market.offer_trust(), "form", "decline")  # type: ignore[attr-defined]
    assert g.rules.state.trust is None  # type: ignore[attr-defined]


def test_rule_9_unowned_utility_fare_to_treasury_when_unsold() -> None:
    """Rule 9: "If no player buys it, the amount is paid into the PUBLIC TREASURY."."""
    g = table()
    for s in range(4):
        set_cash(g, s, 40)
    t0 = g.ledger.balance("Public Treasury")
    drive_then_first(g.rules.land(0, ROYAL), "decline")  # type: ignore[attr-defined]
    assert g.ledger.balance("Public Treasury") - t0 == 5


# -- rules 10-12 --------------------------------------------------------------------------
def test_rule_10_central_park_is_free() -> None:
    """Rule 10: "a player may stop in it without paying anything"."""
    g = table()
    set_cash(g, 0, 50)
    drive_then_first(g.rules.land(0, CENTRAL))  # type: ignore[attr-defined]
    assert g.cash(0) == 50


def test_rule_11_chance_cards_are_reconstructed_and_marked() -> None:
    """Rule 11: a card is drawn and returned to the pack. No 1906 card is transcribed: the deck
    is a reconstruction, marked in the data and on every Chance event and its narration."""
    rs = load_ruleset("magie-1906")
    assert rs.params["chance_cards"].provenance == "reconstructed"
    g = table()
    set_cash(g, 0, 500)
    for _ in range(12):
        g.players[0].pos, g.players[0].place = CHANCE_A, TRACK
        drive_then_first(landings.chance(g.rules, 0))  # type: ignore[arg-type]
    chances = [e for e in g.events or [] if e.kind == "chance"]
    assert len(chances) == 12 and all(e.get("reconstructed") for e in chances)
    assert "[reconstructed rule]" in transcript(chances, g.names, g.board, g.family)


def test_rule_12_poor_house_until_next_turn_then_out_if_he_can_afford_the_move() -> None:
    """Rule 12: a player who cannot pay, borrow, sell or mortgage "must go to the POOR HOUSE,
    where he remains until his next turn. Then he throws again and moves out if he can afford to
    make the move." (What he could not pay stays owed: ``test_magie1906_market``.)"""
    g = table()
    r = g.rules
    give(g, 1, 21)  # Easy Street, rent $12
    set_cash(g, 0, 5)
    for s in (1, 2, 3):
        set_cash(g, s, 0)  # nobody to borrow from
    drive_then_first(r.land(0, 21))  # type: ignore[attr-defined]
    assert g.players[0].place == POOR and g.cash(0) == 0
    assert any(e.kind == "unpaid" and e.get("amount") == 7 for e in g.events or [])
    FixedDice(g, (1, 0))  # a throw of 1 from Central Park: Easy Street, which he cannot afford
    drive_then_first(r.poor_turn(0))  # type: ignore[attr-defined]
    assert g.players[0].place == POOR
    set_cash(g, 0, 20)
    FixedDice(g, (1, 2))  # 3: George Street, $14 rent to the treasury when nobody buys: affordable
    drive_then_first(r.poor_turn(0))  # type: ignore[attr-defined]
    assert g.players[0].place == TRACK and g.players[0].pos == 23 and g.cash(0) == 6


def test_reconstructed_rule_15_mortgage_raises_money_before_the_poor_house() -> None:
    """Rule 12 (with RECONSTRUCTED rule 15): a short player mortgages a card for half its price
    before he can be sent to the Poor House; the debt comes off his count."""
    g = table()
    give(g, 0, 31)  # Broadway, $100
    give(g, 1, 21)
    set_cash(g, 0, 5)
    asked, _ = drive_then_first(g.rules.land(0, 21))  # type: ignore[attr-defined]
    assert asked[0].kind == "shortfall" and asked[0].options[0] == "mortgage:31"
    assert g.players[0].place == TRACK and g.cash(0) == 5 + 50 - 12
    row = g.results()[0]
    assert row.debts == 50 and row.total == g.cash(0) + 100 - 50


# -- advanced rules: houses and sections ---------------------------------------------------
def test_houses_at_most_three_with_10_house_rent_each() -> None:
    """Advanced rules: "limited to three" houses a lot; "$10 for each house in addition to land
    rent". RECONSTRUCTED rule 14: a house costs $100, paid to the Bank, one a turn."""
    g = table(advanced_rules=False)
    r = g.rules
    give(g, 1, PIKE)
    set_cash(g, 1, 1000)
    for _ in range(4):
        drive_then_first(r.building.offer_building(1), f"build:{PIKE}")  # type: ignore[attr-defined]
    assert r.state.houses[PIKE] == 3 and g.cash(1) == 700  # type: ignore[attr-defined]
    assert r.state.buildable(1) == []  # type: ignore[attr-defined]
    set_cash(g, 0, 100)
    drive_then_first(r.land(0, PIKE))  # type: ignore[attr-defined]
    assert g.cash(0) == 100 - 4 - 30


@pytest.mark.parametrize(("level", "rent"), [(0, 4), (1, 8), (2, 16), (3, 32)])
def test_section_rent_doubles_per_house_level(level: int, rent: int) -> None:
    """Advanced rules: when every lot of a section has a house, land rent doubles; two houses,
    again; three, again (Land Rent Table row $4: 4/8/16/32). Section 2: Pike, Farm, Rubeville."""
    g = table()
    r = g.rules
    for i in (PIKE, FARM, 9):
        r.state.houses[i] = level  # type: ignore[attr-defined]
    assert r.pays.land_rent(FARM) == rent  # type: ignore[attr-defined]
    r.state.houses[9] = max(0, level - 1)  # type: ignore[attr-defined]
    assert r.pays.land_rent(FARM) == 4 * 2 ** max(0, level - 1)  # type: ignore[attr-defined]


def test_sections_are_split_by_the_railroads() -> None:
    """Advanced rules: "the railroads divide each side of the board into two sections, making
    eight sections"."""
    r = table().rules
    assert len(r.state.sections) == 8  # type: ignore[attr-defined]
    rails = BOARD.indices("railroad")
    for lots in r.state.sections.values():  # type: ignore[attr-defined]
        side = min(lots) // 10
        assert all(i // 10 == side for i in lots)
        assert all((i < rails[side]) == (lots[0] < rails[side]) for i in lots)


# -- scoring ------------------------------------------------------------------------------
def test_scoring_every_card_and_house_counts_100() -> None:
    """Object of the game: "the most in cash, cards and houses ... Every card and every house
    counts the holder or owner 100"."""
    g = table()
    give(g, 2, PIKE, ROYAL, SPEC)
    g.rules.state.houses[PIKE], g.rules.state.house_owner[PIKE] = 2, 2  # type: ignore[attr-defined]
    set_cash(g, 2, 37)
    row = g.results()[2]
    assert row.total == 37 + 300 + 200
    assert ranks(g.results())[2] == 1


# -- the Monarch of the World --------------------------------------------------------------
def test_monarch_of_the_world_setup() -> None:
    """"giving to one player all of the land and giving to the other players all other
    advantages of the game. Provide each player with $100 ... the landlord gets no wages"."""
    rs = load_ruleset("magie-1906-monarch")
    g = FamilyGame(rs, [None] * 4, 3)
    lots = [s.index for s in BOARD.spaces if s.kind == "lot"]
    assert all(g.rules.owner[i] == 0 for i in lots)  # type: ignore[attr-defined]
    others = [i for i in range(40) if BOARD.spaces[i].kind in ("railroad", "franchise", "speculation")]
    assert all(g.rules.owner[i] in (1, 2, 3) for i in others)  # type: ignore[attr-defined]
    assert [t[2] for t in transfers(g, "start cash")] == [100] * 4
    g.players[0].pos = 38
    drive_then_first(g.rules.move(0, 3))  # type: ignore[attr-defined]
    assert not [t for t in transfers(g, "wages") if t[1] == "Player 1"]


def test_monarch_of_the_world_landlord_comes_out_on_top_under_landlord_rules() -> None:
    """"the land monopolist is monarch of the world": with bots at every seat, the landlord
    (seat 0) ranks first in every one of 20 seeded games under the landlord rules."""
    rs = load_ruleset("magie-1906-monarch")
    names = ("tenant", "landlord", "speculator", "tenant")
    firsts = sum(ranks(play_one(rs, names, seed).results())[0] == 1 for seed in range(20))
    assert firsts == 20


def test_monarch_of_the_world_the_end_does_not_wait_for_the_landlord_who_earns_no_wages() -> None:
    """DECISION (RECONSTRUCTED end, `Pays1906.awaited`): the end counts the circuits that
    earn wages (the patent: "having passed the beginning-point the required number of times he
    receives no more wages. The game is finished when the last player has passed the
    beginning-point the fifth time"), so the Monarch's landlord, who "gets no wages", is not
    waited for. In the game under the landlord rules, the same position ends nothing: there
    every player earns wages and the end waits for the slowest."""
    need = load_ruleset("magie-1906").params["circuits"].value
    for ruleset, ends in (("magie-1906-monarch", "circuits"), ("magie-1906", "")):
        g = FamilyGame(load_ruleset(ruleset), [None] * 4, 3)
        for pl in g.players[1:]:
            pl.circuits = need
        g.players[0].circuits = 0
        assert g.rules.end_reason() == ends, ruleset  # type: ignore[attr-defined]
        assert g.rules.prospects.last(0) is (ruleset == "magie-1906"), ruleset  # type: ignore[attr-defined]


def test_monarch_of_the_world_games_end_by_the_circuits_not_the_safety_bound() -> None:
    """A landlord with no wages to earn may move backward between the Chances (rule 2) and
    never pass Mother Earth; with the end waiting for him, 16 of 20 seeded games ran to the
    200-round safety bound. Now every one ends by the circuits of the players who earn wages."""
    rs = load_ruleset("magie-1906-monarch")
    names = ("landlord", "tenant", "speculator", "landlord")
    games = [play_one(rs, names, seed) for seed in range(20)]
    assert [g.rules.end_reason() for g in games] == ["circuits"] * 20  # type: ignore[attr-defined]
    assert max(g.round for g in games) < rs.params["max_rounds"].value


def test_games_end_and_conserve_money() -> None:
    """Every bot game ends (RECONSTRUCTED end: five circuits each) with money conserved."""
    rs = load_ruleset("magie-1906")
    for seed in range(10):
        g = FamilyGame(rs, [make_strategy(s, seed) for s in ("landlord", "tenant", "speculator", "random")], seed)
        g.run()
        assert g.over and g.ledger.total() == 0
        assert all(pl.place != NATURAL for pl in g.players)


def test_reconstructed_items_are_shown_by_landlord_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    """Every reconstruction (rules 13-17, the Chance deck, the end of game, the Natural
    Opportunities) is listed to the user by `landlord rulesets` and by Ruleset.reconstructed_items
    (which the widgets can show)."""
    from landlord.apps.cli import main

    params, places = load_ruleset("magie-1906").reconstructed_items()
    for key in ("house_price", "luxury_value", "mortgage_percent", "double_throws_again",
                "chance_cards", "circuits", "natural_wages", "natural_rent"):
        assert key in params
    assert "Wayback" in places and "Timberlands" in places
    assert main(["rulesets", "--long"]) == 0
    out = capsys.readouterr().out
    block = out.split("magie-1906:")[1].split("magie-1906-monarch")[0]
    assert "reconstructed" in block and "chance_cards" in block and "Timberlands" in block


def test_reconstructed_rule_13_luxury() -> None:
    """RECONSTRUCTED rule 13, from the 1904 patent: "he pays ... to the 'Public treasury,'
    receiving in return a luxury ticket" (here the printed $75, counting 100 at the end)."""
    g = table()
    set_cash(g, 0, 100)
    t0 = g.ledger.balance("Public Treasury")
    g.players[0].pos = LUXURY - 3
    asked, _ = drive_then_first(g.rules.move(0, 3), "buy")  # type: ignore[attr-defined]
    assert asked[0].kind == "luxury" and asked[0].amount == 75 and g.players[0].pos == LUXURY
    assert g.cash(0) == 25 and g.ledger.balance("Public Treasury") - t0 == 75
    assert g.results()[0].total == 25 + 100


def test_reconstructed_rule_13_refused_luxury_loses_the_move() -> None:
    """The patent: "The player may purchase the luxury or not, as he chooses or can afford; but
    if he does not purchase it he loses his move." DECISION: played as the 1906 sheet's words
    for Speculation, "remaining where he is": refused, or not affordable, the checker stays
    where it was."""
    g = table()
    pl = g.players[1]
    set_cash(g, 1, 100)
    pl.pos = LUXURY - 4
    asked, _ = drive_then_first(g.rules.move(1, 4), "refuse")  # type: ignore[attr-defined]
    assert asked[0].options == ("buy", "refuse") and pl.pos == LUXURY - 4 and g.cash(1) == 100
    set_cash(g, 1, 74)
    asked, _ = drive_then_first(g.rules.move(1, 4))  # type: ignore[attr-defined]
    assert asked == [] and pl.pos == LUXURY - 4 and g.cash(1) == 74
    assert [e.kind for e in g.events or []].count("luxury_refused") == 2
    set_cash(g, 1, 0)  # backward onto the Luxury, without the money: he stays too
    pl.pos = 1
    asked, _ = drive_then_first(g.rules.move(1, 2, True))  # type: ignore[attr-defined]
    assert asked == [] and pl.pos == 1


def test_reconstructed_rule_17_a_double_throws_again_once() -> None:
    """RECONSTRUCTED rule 17: a double earns one more throw in the turn, never two."""
    g = table()
    set_cash(g, 0, 1000)
    g.players[0].pos = 0  # from Mother Earth: Fuel (a necessity), then The Pike
    FixedDice(g, (1, 1), (2, 2), (1, 2))
    drive_then_first(g.rules.throw_and_move(0))  # type: ignore[attr-defined]
    assert g.players[0].pos == 2 + 4
    assert g.rules.throw.pairs == [(1, 2)]  # type: ignore[attr-defined]


def test_reconstructed_rule_15_lifting_a_mortgage_costs_ten_percent() -> None:
    """RECONSTRUCTED rule 15: a mortgage is lifted for its amount plus 10 percent, on the
    player's turn before he throws."""
    g = table()
    give(g, 0, 31)
    g.rules.state.mortgages.append(Mortgage(0, 31, 50))  # type: ignore[attr-defined]
    set_cash(g, 0, 100)
    asked, _ = drive_then_first(g.rules.business(0), "repay:31")  # type: ignore[attr-defined]
    assert asked[0].kind == "repay" and g.cash(0) == 45 and not g.rules.state.mortgages  # type: ignore[attr-defined]


def test_reconstructed_rule_16_houses_sold_back_at_half_price() -> None:
    """RECONSTRUCTED rule 16: a short player may sell a house back to the Bank for $50."""
    g = table()
    give(g, 0, PIKE)
    g.rules.state.mortgages.append(Mortgage(0, PIKE, 12))  # type: ignore[attr-defined]
    g.rules.state.houses[PIKE], g.rules.state.house_owner[PIKE] = 1, 0  # type: ignore[attr-defined]
    give(g, 1, 21)
    set_cash(g, 0, 0)
    asked, _ = drive_then_first(g.rules.land(0, 21), f"sell_house:{PIKE}")  # type: ignore[attr-defined]
    assert asked[0].options == (f"sell_house:{PIKE}", "ask:1", "ask:2", "ask:3")
    assert g.cash(0) == 50 - 12 and g.rules.state.houses[PIKE] == 0 and g.rules.state.house_owner[PIKE] == -1  # type: ignore[attr-defined]


def test_beginners_average_hands_are_worth_325_each() -> None:
    """TO BEGINNERS: four "average hands", each totalling $325 at the printed prices (a check of
    the board data against the rule sheet), with $75 cash each and no deal."""
    rs = load_ruleset("magie-1906-beginners")
    hands = rs.params["average_hand_cards"].value
    assert [sum(BOARD.spaces[i].price for i in hand) for hand in hands] == [325] * 4
    assert [BOARD.spaces[i].name for i in hands[0]] == [
        "Beggarman's Court", "The Bowery", "Wall Street", "Royal Rusher R.R.", "Gee Whiz R.R."]
    g = FamilyGame(rs, [None] * 4, 9)
    assert [t[2] for t in transfers(g, "start cash")] == [75] * 4
    assert not any(e.kind == "dealt" for e in g.events or [])
    assert all(sorted(g.players[s].cards) == sorted(hands[s]) for s in range(4))
