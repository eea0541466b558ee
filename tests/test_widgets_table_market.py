"""The 1906 card market at the table (rule 1: players offer to buy and sell cards between
themselves): a "Trade cards" toggle per person. Off (the default), the seat makes no offer
without being asked; on, the question comes as a form (a card to buy and a price, a card to
sell, or no offer) instead of some thirty buttons. Either way the record holds the answers the
rules ask for, as if clicked, and a save replays identically."""

from __future__ import annotations

import json

from landlord.widgets.market import MARKET

import landlord.players.savefile
from landlord import load_ruleset
from landlord.engine.options import parse_option
from landlord.engine.replay import child
from landlord.rules.families import FamilyGame
from landlord.widgets import GameTable

SEATS = [("You", None), ("Ben", "landlord"), ("Cleo", "landlord")]


def table_1906(seed: int = 1) -> GameTable:
    return GameTable("magie-1906", SEATS, seed=seed)


def click_first(table: GameTable) -> None:
    d = table.game.pending
    assert d is not None
    buttons = table.option_buttons()
    (buttons[d.options[0]].click() if buttons else table.choices.option_picker[1].click())


def until_market(table: GameTable, limit: int = 400) -> None:
    """Answer the person's other questions with their first option until the market is asked."""
    for _ in range(limit):
        d = table.game.pending
        assert d is not None, "the game ended before the market was asked"
        if d.kind == MARKET:
            return
        click_first(table)
    raise AssertionError("the market was never asked")


def person_answers(table: GameTable, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    """(kind, answer) of every decision of seat 0 of these kinds, found by playing the recorded
    answers again on a fresh engine game with the same seed (every seat answered from the record)."""
    g0 = table.game
    g = FamilyGame(load_ruleset(g0.ruleset.id), [None] * len(g0.names), g0.seed, g0.names)
    out = []
    for a in g0.actions:
        d = g.pending
        assert d is not None
        if d.seat == 0 and d.kind in kinds:
            out.append((d.kind, a))
        g.act(a)
    assert g.log_text() == g0.log_text()
    return out


def test_trade_cards_is_off_by_default_and_the_seat_makes_no_offer_without_being_asked() -> None:
    table = table_1906()
    assert set(table.trade_toggles()) == {0} and table.trade_toggles()[0].value is False
    for _ in range(40):
        d = table.game.pending
        assert d is not None and d.kind != MARKET, "asked the card market question with Trade cards off"
        click_first(table)
    asked = person_answers(table, (MARKET,))
    assert len(asked) >= 5 and all(a == "pass" for _, a in asked)


def test_with_trade_cards_on_the_market_is_a_form_of_the_legal_offers() -> None:
    table = table_1906()
    table.trade_toggles()[0].value = True
    until_market(table)
    g, d = table.game, table.game.pending
    assert d is not None and d.seat == 0 and table.option_buttons() == {}  # no thirty buttons
    form = table.market_picker
    buys = [o for o in d.options if parse_option(o).kind == "buy_card"]
    sells = [o for o in d.options if parse_option(o).kind == "offer_card"]
    assert [v for _, v in form["buy"].options] == buys and [v for _, v in form["sell"].options] == sells
    for label, o in form["buy"].options:
        idx = int(parse_option(o).arg)
        holder = g.names[g.rules.space_state(idx)["owner"]]
        assert label == f"{g.board.spaces[idx].name} ({holder}'s)"
    assert [lab for lab, _ in form["sell"].options] == [g.board.spaces[int(parse_option(o).arg)].name for o in sells]
    offer = child(g, buys[0]).pending
    assert offer is not None and offer.kind == "offer_price"
    assert [v for _, v in form["price"].options] == [o for o in offer.options if o != "cancel"]
    labels = [lab for w in ("buy", "sell", "price") for lab, _ in form[w].options]
    assert not any(":" in lab or "_" in lab for lab in labels)  # plain words, no option ids
    assert table.choices.remember.layout.display == "none"  # "don't ask again" is the toggle's job here


def test_an_offer_to_buy_records_the_rules_two_answers_and_the_save_replays() -> None:
    table = table_1906()
    table.trade_toggles()[0].value = True
    until_market(table)
    form = table.market_picker
    card, price = form["buy"].options[-1][1], form["price"].options[0][1]
    form["buy"].value, form["price"].value = card, price
    before = len(table.game.actions)
    form["buy_button"].click()
    assert table.game.actions[before:before + 2] == [card, price]
    for _ in range(30):
        if table.game.pending is None:
            break
        if table.game.pending.kind == MARKET:
            table.market_picker["sell_button"].click()
        else:
            click_first(table)
    answers = person_answers(table, (MARKET, "offer_price"))
    assert ("market", card) in answers and ("offer_price", price) in answers
    assert any(parse_option(a).kind == "offer_card" for k, a in answers if k == MARKET)
    saved = json.loads(json.dumps(table.session.to_dict()))
    loaded = landlord.players.savefile.load_game(saved)
    assert loaded.log_text() == table.game.log_text() and loaded.entries == table.game.entries


def test_no_offer_this_turn_and_turning_trade_cards_off_again() -> None:
    table = table_1906(seed=4)
    table.trade_toggles()[0].value = True
    until_market(table)
    before = len(table.game.actions)
    table.market_picker["pass"].click()
    assert table.game.actions[before] == "pass"
    table.trade_toggles()[0].value = False
    for _ in range(40):
        if table.game.pending is None:
            break
        assert table.game.pending.kind != MARKET
        click_first(table)
    assert table.choices.trading == set()


def test_a_stale_offer_changes_nothing_and_other_games_have_no_toggle() -> None:
    table = table_1906()
    table.trade_toggles()[0].value = True
    until_market(table)
    form = table.market_picker
    card, price, asked = form["buy"].value, form["price"].value, len(table.game.entries)
    form["pass"].click()
    entries = list(table.game.entries)
    assert not table.offer_to_buy(card, price, asked)
    assert table.game.entries == entries and "Not allowed" in table.message.value
    assert GameTable("magie-1904", SEATS, seed=1).trade_toggles() == {}
