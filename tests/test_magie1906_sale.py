"""Magie 1906: the sale of a card from the pack (rules 1, 7, 8 and 9) — bids in rounds until
nobody raises, at any height the bidders' cash allows — and how the bots bid there. One test per
clause or DECISION, each quoting it.

Rule 1: "no card can be bought from the pack for less than the original sale price, although
these cards may be bid up as high as the players please." Rule 7: the lander "may purchase it at
the original sale price, provided no other player bids more for it. If the player who has
stopped upon it is willing to pay the highest price bid, he has the first option."

Board facts used: The Pike #6 ($25, rent $4), Broadway #31 ($100, rent $18), Royal Rusher
R.R. #5, Shooting Star #15, Gee Whiz #25, P.D.Q. #35 ($50); ``bid_step`` $5.
"""

from __future__ import annotations

import random

from conftest import drive, play_out, set_cash
from magie1906_helpers import give, table

from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.engine.options import parse_option
from landlord.engine.strategies import SeatView
from landlord.players import magie1906 as magie1906_bots
from landlord.players.characters import make_strategy

ROYAL, PIKE, SHOOTING, GEE, BROADWAY, PDQ = 5, 6, 15, 25, 31, 35


def cash_all(g: Game, amount: int) -> None:
    for s in range(len(g.players)):
        set_cash(g, s, amount)


def bids_of(d: Decision) -> list[int]:
    return [int(parse_option(o).arg) for o in d.options if o != "pass"]


def test_rule_1_pack_cards_may_be_bid_up_as_high_as_the_players_please() -> None:
    """Rule 1: "although these cards may be bid up as high as the players please": a bidder may
    raise far beyond a few steps, up to his whole cash, in one bid."""
    g = table()
    cash_all(g, 1000)
    asked, _ = drive(g.rules.market.auction(0, PIKE), "bid:1000", "decline")  # type: ignore[attr-defined]
    first = asked[0]
    assert first.kind == "bid" and first.amount == 25
    assert max(bids_of(first)) == 1000 and 525 in bids_of(first)
    assert [d.seat for d in asked] == [1, 0]  # nobody can top all of $1000; the lander declines
    assert g.rules.owner[PIKE] == 1 and g.cash(1) == 0  # type: ignore[attr-defined]


def test_rule_1_no_bid_beyond_the_bidders_cash_and_his_whole_cash_is_always_offered() -> None:
    """Rule 1 ("as high as the players please") within what a player can pay: the highest bid
    offered is exactly his cash; a player who cannot top the last bid is not asked."""
    g = table()
    cash_all(g, 300)
    set_cash(g, 2, 137)
    set_cash(g, 3, 30)
    asked, _ = drive(g.rules.market.auction(0, PIKE), "bid:35", "bid:137", "pass", "decline")  # type: ignore[attr-defined]
    assert [d.seat for d in asked] == [1, 2, 1, 0]  # seat 3 ($30) cannot top $35 or $137
    assert max(bids_of(asked[0])) == 300 and max(bids_of(asked[1])) == 137
    assert asked[-1].kind == "buy" and asked[-1].amount == 137
    assert g.rules.owner[PIKE] == 2 and g.cash(2) == 0  # type: ignore[attr-defined]


def test_rule_7_bids_go_round_until_nobody_raises_then_the_lander_has_the_first_option() -> None:
    """Rule 7: "provided no other player bids more for it. If the player who has stopped upon it
    is willing to pay the highest price bid, he has the first option." DECISION: the others bid
    in rounds from the lander's left until all but the highest bidder have passed since the last
    bid; a player who passed may bid again after another's raise; the lander does not bid."""
    g = table()
    cash_all(g, 400)
    answers = ("pass", "bid:30", "bid:35", "bid:40", "pass", "pass", "buy")
    asked, buyer = drive(g.rules.market.auction(0, PIKE), *answers)  # type: ignore[attr-defined]
    assert [(d.seat, d.kind) for d in asked] == [
        (1, "bid"), (2, "bid"), (3, "bid"), (1, "bid"), (2, "bid"), (3, "bid"), (0, "buy")]
    assert [d.amount for d in asked] == [25, 25, 30, 35, 40, 40, 40]
    assert buyer == 0 and g.cash(0) == 400 - 40


def test_rule_7_nobody_bids_the_lander_may_buy_at_the_original_sale_price() -> None:
    """Rule 7: the lander "may purchase it at the original sale price, provided no other player
    bids more for it": every other player asked once, then the lander at the printed price."""
    g = table()
    asked, buyer = drive(g.rules.market.auction(0, BROADWAY), "pass", "pass", "pass", "buy")  # type: ignore[attr-defined]
    assert [d.seat for d in asked] == [1, 2, 3, 0] and asked[-1].amount == 100
    assert buyer == 0 and g.cash(0) == 300


def test_decision_the_raises_offered_are_a_ladder_of_bid_steps_up_to_all_the_bidders_cash() -> None:
    """DECISION (how "as high as the players please" is offered): raises of 1, 2, 5, 10, 20,
    50, ... times ``bid_step`` as far as the cash goes, and always the whole cash."""
    r = table().rules
    assert r.market.raises(25, 300) == ("bid:30", "bid:35", "bid:50", "bid:75", "bid:125", "bid:275", "bid:300")  # type: ignore[attr-defined]
    assert r.market.raises(100, 350) == ("bid:105", "bid:110", "bid:125", "bid:150", "bid:200", "bid:350")  # type: ignore[attr-defined]
    assert r.market.raises(100, 104) == ("bid:104",)  # type: ignore[attr-defined]
    assert r.market.raises(100, 100) == ()  # type: ignore[attr-defined]


def test_decision_the_bidding_ends_bounded_by_the_bidders_cash() -> None:
    """DECISION: it ends — every bid tops the last by ``bid_step`` at least and no bid exceeds the
    bidder's cash. Players who always raise by the least, or at random, end the sale within
    (cash - price) / bid_step raises."""
    for seed in range(30):
        g = table()
        cash_all(g, 400)
        rng = random.Random(seed)

        def pick(d: Decision, rng: random.Random = rng, least: bool = seed % 2 == 0) -> str:
            if d.kind != "bid":
                return d.options[0]
            return d.options[1] if least else rng.choice(d.options[1:])

        asked, _ = play_out(g.rules.market.auction(0, ROYAL), pick)  # type: ignore[attr-defined]
        raises = [d for d in asked if d.kind == "bid"]
        assert len(raises) <= (400 - 50) // 5 + 1
        assert max(d.amount for d in asked) <= 400


def test_bots_bid_the_smallest_raise_up_to_their_value_keeping_their_reserve() -> None:
    """At a sale from the pack the landlord bids the smallest raise while it is within its value
    of the card and its cash less $50; the speculator keeps $50; the tenant passes."""
    g = table()
    cash_all(g, 1000)
    r = g.rules
    worth = magie1906_bots.value(r.prospects, BROADWAY, 1, 4)  # type: ignore[attr-defined]
    view = SeatView(g, 1)
    d = Decision(1, "bid", ("pass", *r.market.raises(100, 1000)), BROADWAY, 100)  # type: ignore[attr-defined]
    assert make_strategy("landlord").choose(view, d) == "bid:105"
    assert make_strategy("speculator").choose(view, d) == "bid:105"
    assert make_strategy("tenant").choose(view, d) == "pass"
    high = worth - 3
    over = Decision(1, "bid", ("pass", *r.market.raises(high, 1000)), BROADWAY, high)  # type: ignore[attr-defined]
    assert make_strategy("landlord").choose(view, over) == "pass"
    set_cash(g, 1, 150)  # $150 less the $50 reserve: no bid above $100
    assert make_strategy("landlord").choose(view, d) == "pass"


def test_bots_as_the_lander_buy_at_the_printed_price_and_above_it_only_up_to_their_value() -> None:
    """Rule 7's first option: at the printed price the landlord buys as before when it keeps
    its reserve (the speculator always); bid up above its value of the card, it lets it go."""
    g = table()
    cash_all(g, 1000)
    view = SeatView(g, 0)
    worth = magie1906_bots.value(g.rules.prospects, BROADWAY, 0, 4)  # type: ignore[attr-defined]
    for bot in ("landlord", "speculator"):
        assert make_strategy(bot).choose(view, Decision(0, "buy", ("buy", "decline"), BROADWAY, 100)) == "buy"
        assert make_strategy(bot).choose(view, Decision(0, "buy", ("buy", "decline"), BROADWAY, worth)) == "buy"
        assert make_strategy(bot).choose(view, Decision(0, "buy", ("buy", "decline"), BROADWAY, worth + 1)) == "decline"


def test_bot_auctions_end_with_the_card_at_about_the_second_highest_limit() -> None:
    """Two landlord bots bidding the smallest raise: the railroad goes to the one that values it
    most (the holder of two others: his fare would be $20), at the other's limit give or take a
    raise; the tenant as the lander lets it go."""
    g = table()
    cash_all(g, 600)
    give(g, 3, SHOOTING, GEE)
    bots = [make_strategy(b) for b in ("tenant", "landlord", "tenant", "landlord")]
    t = g.rules.prospects  # type: ignore[attr-defined]
    limit1 = min(magie1906_bots.value(t, PDQ, 1, 4), 600 - 50)
    assert magie1906_bots.value(t, PDQ, 3, 4) > limit1 + 5

    def pick(d: Decision) -> str:
        return bots[d.seat].choose(SeatView(g, d.seat), d)

    asked, buyer = play_out(g.rules.market.auction(0, PDQ), pick)  # type: ignore[attr-defined]
    price = 600 - g.cash(3)
    assert buyer == 3 and limit1 - 5 < price <= limit1 + 5
    assert asked[-1].kind == "buy" and asked[-1].seat == 0
