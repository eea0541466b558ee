"""Mucker Monopoly (seed 002): an override of the Monopoly ruleset — the theme the UI shows and
only the rules that differ (Free Parking pot, the bribe with the Jail card, the short game's five
changes). The 'stealing is acceptable if not caught' lines are table talk and are left out."""

from __future__ import annotations

from test_monopoly_helpers import always, dice, fresh, own, run, set_cash, stack, three_houses_on_the_dark_blues

from landlord.data.loader import load_ruleset, ruleset_path
from landlord.engine import flows
from landlord.rules.monopoly import Monopoly, count
from landlord.runs.simulate import play_one


def test_mucker_is_an_override_of_monopoly_not_a_copy() -> None:
    """Mucker Monopoly 'as a variant of the same rules — not a copy': it extends 'monopoly' and
    restates only the params that differ; the board and decks are Monopoly's."""
    rs = load_ruleset("mucker")
    base = load_ruleset("monopoly")
    assert rs.extends == "monopoly" and rs.board.id == base.board.id == "monopoly-us"
    differ = {k for k in rs.params if rs.params[k].value != base.params[k].value}
    assert differ == {"free_parking_pot", "jail_card_bribe", "theme", "theme_words", "theme_space_names"}
    assert load_ruleset("mucker-short").extends == "mucker"


def test_stealing_lines_are_table_talk_and_left_out() -> None:
    """'Stealing ... is acceptable. But if you get caught ...' is table talk: the ruleset says so,
    and no rule or decision lets a seat steal."""
    text = ruleset_path("mucker").read_text()
    assert "table talk" in text and "not played" in text
    assert not any("steal" in k or "swipe" in k for k in Monopoly.DECISIONS)
    assert not any("steal" in k for k in Monopoly.OPTIONS)


def test_mucker_theme_names_shown() -> None:
    """The theme: Coincidence cards, speakeasies, casinos, pawning, the 28th Precinct Jail,
    protection money; 'Grand and Lake; or Thark, Warhoon and Torquas' (names by inference)."""
    _g, r = fresh("mucker")
    assert r.state.word("house") == "speakeasy" and r.state.word("hotel") == "casino"
    assert r.state.word("mortgage") == "pawn" and r.state.word("Chance") == "Coincidence"
    assert r.state.word("rent") == "protection" and "28th Precinct" in r.state.word("Jail")
    assert [r.state.space_name(i) for i in (39, 37, 9, 8, 6, 7)] == ["Grand", "Lake", "Thark", "Warhoon", "Torquas",
                                                              "Coincidence"]
    assert load_ruleset("mucker").params["theme_space_names"].provenance == "reconstructed_inference"
    _g0, r0 = fresh()
    assert r0.state.space_name(39) == "Boardwalk" and r0.state.word("house") == "house"


def test_mucker_theme_in_the_event_log() -> None:
    """The log (and so the transcript) uses the theme's names."""
    game = play_one(load_ruleset("mucker-short"), ["landlord", "speculator", "tenant", "landlord"], 2, log=True)
    text = game.log_text()
    assert "Coincidence" in text and "Chance" not in text.replace("deck=Coincidence", "")


def test_free_parking_pot_collects_fines_taxes_and_card_payments() -> None:
    """FREE PARKING (pot version): 'all of the fines, bribes, and other incidental payments
    during the course of play go into a pot ... the mucker who lands on Free Parking collects all
    the loot in that pot.' Deed purchases still go to the Bank."""
    g, r = fresh("mucker")
    run(r.land(0, 4, 4, 1), ["flat"])  # income tax $200
    run(r.land(0, 38, 4, 1))  # luxury tax $75
    stack(r, "community_chest", "doctors_fee")
    run(r.draw(0, "community_chest", 4))  # $50
    r.to_jail(0, "test")
    dice(r, (1, 2))
    run(r.jail_turn(0), always(jail_exit="pay"))  # the $50 'bribe' (fine), then moves to 13
    assert g.ledger.balance("Free Parking pot") == 200 + 75 + 50 + 50
    bank_before = g.ledger.balance("Bank")
    run(r.land(1, 39, 4, 1), ["buy"])
    assert g.ledger.balance("Bank") == bank_before + 400
    run(r.land(2, 20, 4, 1))
    assert g.cash(2) == 1500 + 375 and g.ledger.balance("Free Parking pot") == 0


def test_free_parking_rule_chosen_before_play() -> None:
    """'This rule must be decided by the muckers before play begins': a ruleset param."""
    g, r = fresh("mucker", free_parking_pot=False)
    run(r.land(0, 4, 4, 1), ["flat"])
    assert g.ledger.balance("Free Parking pot") == 0
    run(r.land(2, 20, 4, 1))
    assert g.cash(2) == 1500


def test_jail_card_offered_as_bribe_accepted_goes_to_banker() -> None:
    """COINCIDENCE: 'he may use it to bribe the BANKER' — accepted, the card is the Banker's."""
    g, r = fresh("mucker")
    stack(r, "chance", "get_out_of_jail_free")
    run(r.draw(1, "chance", 4))
    _, asked = run(r.manage.step(1), ["bribe", "accept", "done"])
    assert asked[1].kind == "bribe_reply" and asked[1].seat == g.p["banker_seat"] == 0
    assert g.players[1].cards == [] and len(g.players[0].cards) == 1


def test_jail_card_bribe_refused_briber_takes_ten_from_banker() -> None:
    """'(If the BANKER refuses the bribe, the mucker who offered it gets to swipe $10 from the
    BANKER's personal funds.)' The briber keeps the card."""
    g, r = fresh("mucker")
    stack(r, "chance", "get_out_of_jail_free")
    run(r.draw(1, "chance", 4))
    run(r.manage.step(1), ["bribe", "refuse", "done"])
    assert g.cash(1) == 1510 and g.cash(0) == 1490 and len(g.players[1].cards) == 1


def test_no_bribe_in_monopoly() -> None:
    """Bribing the Banker is Mucker-only."""
    _g, r = fresh()
    stack(r, "chance", "get_out_of_jail_free")
    run(r.draw(1, "chance", 4))
    _, asked = run(r.manage.step(1), ["done"])
    assert "bribe" not in asked[0].options


# -- the Mucker short game's five changes ----------------------------------------------------
def test_mucker_short_1_three_deeds_dealt_free() -> None:
    """Mucker SHORT GAME 1: 'deals three forged Title Deed cards to each mucker. These are
    free— no payment to the Bank is required.'"""
    g, _r = fresh("mucker-short")
    assert all(len(pl.deeds) == 3 and g.cash(pl.seat) == 1500 for pl in g.players)


def test_mucker_short_2_three_speakeasies_for_a_casino() -> None:
    """Mucker SHORT GAME 2: 'You need only three speakeasies (instead of four) on each lot ...
    before you may buy a casino.'"""
    _, r = fresh("mucker-short")
    three_houses_on_the_dark_blues(r)
    assert r.building.buildable(0) == ["hotel:37", "hotel:39"]


def test_mucker_short_3_jail_exit_next_turn_try_doubles_then_pay_same_turn() -> None:
    """Mucker SHORT GAME 3: 'you must exit on your next turn ... Unlike the standard rules, you
    may try to roll doubles and, failing to do so, pay the $50 on the same turn.'"""
    g, r = fresh("mucker-short")
    r.to_jail(0, "test")
    dice(r, (1, 2))
    run(r.jail_turn(0), always(jail_exit="throw", buy_deed="auction"))
    assert not g.players[0].jail and g.players[0].pos == 13
    assert g.ledger.balance("Free Parking pot") == 50


def test_mucker_short_4_flat_income_tax() -> None:
    """Mucker SHORT GAME 4: 'The penalty for landing on Income Tax is a flat $200.'"""
    g, r = fresh("mucker-short")
    _, asked = run(r.land(0, 4, 4, 1))
    assert asked == [] and g.cash(0) == 1300


def test_mucker_short_5_game_ends_at_first_bankruptcy_then_valuation() -> None:
    """Mucker SHORT GAME 5: 'The game ends when one mucker goes bankrupt. The remaining muckers
    value their property'."""
    g, r = fresh("mucker-short")
    for i in list(g.players[0].deeds):
        r.state.mortgaged[i] = True
    set_cash(g, 0, 0)
    run(r.debts.charge(0, 1, 100, flows.RENT, "rent", "test"), always())
    assert r.ended.startswith("short game")
    res = g.results()
    assert res[0].total == 0 and res[1].total == count.valuation(r.state, 1).total
    game = play_one(load_ruleset("mucker-short"), ["landlord", "speculator", "tenant", "random"], 4)
    assert game.rules.state.bankruptcies == 1 and game.over


def test_mucker_short_5_the_bankruptcy_that_ends_it_is_the_regular_one() -> None:
    """Mucker SHORT GAME 5 says only 'The game ends when one mucker goes bankrupt' (no "including
    buildings" as in Monopoly's short game), so BANKRUPTCY holds: 'if you own speakeasies or
    casinos, you must return these to the Bank in exchange for money to the extent of one-half
    the amount paid for them; this cash is given to the creditor.'"""
    g, r = fresh("mucker-short")
    for pl in g.players:
        for i in list(pl.deeds):
            r.state.give_deed(-1, i)
    own(r, 0, 1, 3)
    for i in (1, 3):
        r.state.houses[i] = 1
        r.state.n_built[0] += 1
        r.state.gbuilt[r.state.gid[i]] += 1
    r.state.stock(-2, 0)
    set_cash(g, 0, 0)
    before = g.cash(1)
    _, asked = run(r.debts.charge(0, 1, 5000, flows.RENT, "rent", "test"), always(raise_cash="sell_all:"))
    assert asked[0].kind == "raise_cash" and g.players[0].out and r.ended.startswith("short game")
    st = r.state
    assert st.owner[1] == st.owner[3] == 1 and st.houses[1] == st.houses[3] == 0 and st.houses_left == 32
    assert g.cash(1) == before + 50 + 60  # half the speakeasies, the pawns; the game has ended


def test_mucker_regular_jail_still_three_throws() -> None:
    """Outside the short game, Mucker Jail is Monopoly's: three tries at doubles."""
    g, r = fresh("mucker")
    r.to_jail(0, "test")
    dice(r, (1, 2))
    run(r.jail_turn(0), always(jail_exit="throw"))
    assert g.players[0].jail


def test_mucker_decisions_and_options_shown_with_theme_names() -> None:
    """The UI's sentences name spaces as the theme does ('Grand', not 'Boardwalk')."""
    from landlord.engine.decisions import Decision

    _g, r = fresh("mucker")
    d = Decision(0, "buy_deed", ("buy", "auction"), 39, 400)
    assert "Grand" in r.explain(d) and "Boardwalk" not in r.explain(d)
    assert r.option_text(Decision(0, "manage", ("done", "mortgage:39")), "mortgage:39") == "Mortgage Grand"
    assert r.option_text(Decision(0, "manage", ("done", "trade:1")), "trade:1") == "Propose a trade to Player 2"
